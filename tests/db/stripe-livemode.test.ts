/**
 * Stripe's test mode never pays real money (#25, finding 5). With a live key configured, the webhook
 * route refuses a correctly signed `checkout.session.completed` whose `livemode` is false: 400,
 * nothing credited, no event recorded (so a live event for the same payment still applies). A
 * test key refuses live events the same way.
 */
import Stripe from "stripe";
import { expect, it, vi } from "vitest";
import { action as stripeWebhook } from "~/routes/api.webhooks.stripe";
import { createUser } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import type { PaymentProvider } from "~/wallet/payments.server";
import { stripeProvider } from "~/wallet/stripe-provider.server";
import { useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { startTopUpAt } from "../support/payments";

// The app's configuration, read on first use by the route: a live key.
process.env.STRIPE_SECRET_KEY = "sk_live_offline";
process.env.STRIPE_WEBHOOK_SECRET = "whsec_live_offline_secret";
process.env.SESSION_SECRET ??= "stripe-livemode-test-secret-0123456789";

const client = new Stripe("sk_live_offline");

function signed(body: Record<string, unknown>, secret = "whsec_live_offline_secret") {
  const payload = JSON.stringify(body);
  return new Request("https://cashwise.example/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": client.webhooks.generateTestHeaderString({ payload, secret }) },
  });
}

const completed = (paymentId: string, livemode: boolean, id = `evt_${crypto.randomUUID()}`) => ({
  id,
  object: "event",
  livemode,
  type: "checkout.session.completed",
  data: {
    object: {
      object: "checkout.session",
      id: "cs_live_1",
      payment_status: "paid",
      amount_total: 50_000,
      currency: "usd",
      payment_intent: `pi_${crypto.randomUUID().replace(/-/g, "")}`,
      metadata: { paymentId },
    },
  },
});

describeEachDatabase("Stripe events of the other mode", (t) => {
  useAppDatabase(t);

  async function pendingTopUp() {
    const user = (await createUser(t.db, { email: `livemode-${crypto.randomUUID()}@example.com`, name: "Live" })).id;
    const provider: PaymentProvider = {
      ...stripeProvider({ secretKey: "sk_live_offline", webhookSecret: "whsec_x", appUrl: new URL("https://cashwise.example") }, client),
      createCheckout: async () => ({ sessionId: "cs_live_1", url: "https://checkout.stripe.com/c/pay/cs_live_1" }),
    };
    const { payment } = await startTopUpAt(t.db, provider, user, 50_000);
    return { user, payment };
  }

  const deliver = (body: Record<string, unknown>) => stripeWebhook({ request: signed(body), params: {}, context: {} });

  it("a live key refuses a signed test event: 400, logged, nothing credited; the live event then applies", async () => {
    const { user, payment } = await pendingTopUp();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const test = completed(payment.id, false);
    const refused = await deliver(test);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "livemode_mismatch" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(String(test.id)));
    warn.mockRestore();
    expect((await getBalances(t.db, user)).availableCents).toBe(0);
    expect(await t.db.selectFrom("webhookEvents").select("id").where("eventId", "=", String(test.id)).execute()).toHaveLength(0);
    expect((await t.db.selectFrom("payments").select("status").where("id", "=", payment.id).executeTakeFirstOrThrow()).status).toBe(
      "pending",
    );

    const live = await deliver(completed(payment.id, true));
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ received: true, outcome: "applied" });
    expect((await getBalances(t.db, user)).availableCents).toBe(50_000);
  });

  it("a test key refuses live events the same way", async () => {
    const testProvider = stripeProvider(
      { secretKey: "sk_test_offline", webhookSecret: "whsec_live_offline_secret", appUrl: new URL("https://cashwise.example") },
      client,
    );
    expect(await testProvider.verifyWebhook(signed(completed("p", true, "evt_live")))).toEqual({
      verified: true,
      event: null,
      refused: "livemode_mismatch",
      eventId: "evt_live",
    });
    expect(await testProvider.verifyWebhook(signed(completed("p", false)))).toMatchObject({
      verified: true,
      event: { type: "payment.succeeded", paymentId: "p" },
    });
  });
});

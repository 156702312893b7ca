/**
 * The Stripe adapter's webhook, with events signed offline (stripe.webhooks.generateTestHeaderString):
 * only a verified, paid Checkout Session credits the top-up, once. (Creating a Checkout Session
 * needs Stripe's servers, which this environment cannot reach, so it is not exercised here.)
 */
import Stripe from "stripe";
import { expect, it } from "vitest";
import { createUser } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { applyPaymentEvent, startTopUp, type PaymentProvider } from "~/wallet/payments.server";
import { stripeProvider } from "~/wallet/stripe-provider.server";
import { describeEachDatabase } from "../support/databases";

const client = new Stripe("sk_test_offline");
const webhookSecret = "whsec_test_offline_secret";
const stripe = stripeProvider({ secretKey: "sk_test_offline", webhookSecret, appUrl: new URL("https://cashwise.example") }, client);

function stripeEvent(type: string, session: Record<string, unknown>, id = `evt_${crypto.randomUUID()}`) {
  return JSON.stringify({ id, object: "event", type, data: { object: { object: "checkout.session", ...session } } });
}

function signed(payload: string, secret = webhookSecret) {
  const header = client.webhooks.generateTestHeaderString({ payload, secret });
  return new Request("https://cashwise.example/api/webhooks/stripe", { method: "POST", body: payload, headers: { "stripe-signature": header } });
}

describeEachDatabase("stripe webhooks", (t) => {
  it("verifies signatures on the raw body and credits a paid session once", async () => {
    const user = (await createUser(t.db, { email: "stripe@example.com", name: "Stripe" })).id;
    const fakeProvider: PaymentProvider = { ...stripe, createCheckout: async () => ({ sessionId: "cs_test_1", url: "https://checkout.stripe.com/c/pay/cs_test_1" }) };
    const { payment, redirectTo } = await startTopUp(t.db, fakeProvider, {
      userId: user,
      amountCents: 5_000,
      idempotencyKey: crypto.randomUUID(),
      locale: "en",
      returnUrl: (id) => `/en/dashboard/add-money/${id}`,
      cancelUrl: "/en/dashboard",
    });
    expect(redirectTo).toBe("https://checkout.stripe.com/c/pay/cs_test_1");

    const payload = stripeEvent("checkout.session.completed", { id: "cs_test_1", payment_status: "paid", amount_total: 5_000, metadata: { paymentId: payment.id } });
    expect(await stripe.verifyWebhook(signed(payload, "whsec_wrong"))).toEqual({ verified: false });
    const tampered = signed(payload);
    const body = payload.replace('"amount_total":5000', '"amount_total":500000');
    expect(await stripe.verifyWebhook(new Request(tampered.url, { method: "POST", body, headers: tampered.headers }))).toEqual({ verified: false });

    const verdict = await stripe.verifyWebhook(signed(payload));
    if (!verdict.verified || !verdict.event) throw new Error("expected a verified event");
    expect(verdict.event).toMatchObject({ type: "payment.succeeded", paymentId: payment.id, amountCents: 5_000 });
    for (let i = 0; i < 5; i++) await unitOfWork(t.db, (tx) => applyPaymentEvent(tx, "stripe", verdict.event!, { deposit: "Wallet top-up", refund: "Refunded", dispute: "Disputed" }));
    expect((await getBalances(t.db, user)).availableCents).toBe(5_000);
  });

  it("ignores events that are not about top-ups, and waits for asynchronous payments", async () => {
    expect(await stripe.verifyWebhook(signed(stripeEvent("customer.created", {})))).toEqual({ verified: true, event: null });
    const unpaid = stripeEvent("checkout.session.completed", { payment_status: "unpaid", amount_total: 100, metadata: { paymentId: "p" } });
    expect(await stripe.verifyWebhook(signed(unpaid))).toEqual({ verified: true, event: null });
    const failed = stripeEvent("checkout.session.async_payment_failed", { payment_status: "unpaid", amount_total: 100, metadata: { paymentId: "p" } });
    const verdict = await stripe.verifyWebhook(signed(failed));
    expect(verdict).toMatchObject({ verified: true, event: { type: "payment.failed", paymentId: "p" } });
  });
});

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
import { applyPaymentEvent, getPayment, type PaymentProvider } from "~/wallet/payments.server";
import { setSetting } from "~/settings/settings.server";
import { requestWithdrawal } from "~/wallet/ledger.server";
import { verifyLedger } from "~/wallet/verify.server";
import { stripeProvider } from "~/wallet/stripe-provider.server";
import { describeEachDatabase } from "../support/databases";
import { startTopUpAt } from "../support/payments";

const client = new Stripe("sk_test_offline");
const webhookSecret = "whsec_test_offline_secret";
const stripe = stripeProvider({ secretKey: "sk_test_offline", webhookSecret, appUrl: new URL("https://cashwise.example") }, client);
/** The Stripe provider with its checkout answered offline: the session `sessionId` at Stripe's checkout page. */
const checkoutAt = (sessionId: string): PaymentProvider => ({
  ...stripe,
  createCheckout: async () => ({ sessionId, url: `https://checkout.stripe.com/c/pay/${sessionId}` }),
});

function stripeEvent(type: string, session: Record<string, unknown>, id = `evt_${crypto.randomUUID()}`) {
  return JSON.stringify({ id, object: "event", livemode: false, type, data: { object: { object: "checkout.session", ...session } } });
}

function signed(payload: string, secret = webhookSecret) {
  const header = client.webhooks.generateTestHeaderString({ payload, secret });
  return new Request("https://cashwise.example/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": header },
  });
}

describeEachDatabase("stripe webhooks", (t) => {
  it("verifies signatures on the raw body and credits a paid session once", async () => {
    const user = (await createUser(t.db, { email: "stripe@example.com", name: "Stripe" })).id;
    const { payment, redirectTo } = await startTopUpAt(t.db, checkoutAt("cs_test_1"), user, 5_000);
    expect(redirectTo).toBe("https://checkout.stripe.com/c/pay/cs_test_1");

    const payload = stripeEvent("checkout.session.completed", {
      id: "cs_test_1",
      payment_status: "paid",
      amount_total: 5_000,
      metadata: { paymentId: payment.id },
    });
    expect(await stripe.verifyWebhook(signed(payload, "whsec_wrong"))).toEqual({ verified: false });
    const tampered = signed(payload);
    const body = payload.replace('"amount_total":5000', '"amount_total":500000');
    expect(await stripe.verifyWebhook(new Request(tampered.url, { method: "POST", body, headers: tampered.headers }))).toEqual({
      verified: false,
    });

    const verdict = await stripe.verifyWebhook(signed(payload));
    if (!verdict.verified || !verdict.event) throw new Error("expected a verified event");
    expect(verdict.event).toMatchObject({ type: "payment.succeeded", paymentId: payment.id, amountCents: 5_000 });
    for (let i = 0; i < 5; i++)
      await unitOfWork(t.db, (tx) =>
        applyPaymentEvent(tx, "stripe", verdict.event!, { deposit: "Wallet top-up", refund: "Refunded", dispute: "Disputed" }),
      );
    expect((await getBalances(t.db, user)).availableCents).toBe(5_000);
  });

  it("ignores events that are not about top-ups, and waits for asynchronous payments", async () => {
    expect(await stripe.verifyWebhook(signed(stripeEvent("customer.created", {})))).toEqual({ verified: true, event: null });
    const unpaid = stripeEvent("checkout.session.completed", { payment_status: "unpaid", amount_total: 100, metadata: { paymentId: "p" } });
    expect(await stripe.verifyWebhook(signed(unpaid))).toEqual({ verified: true, event: null });
    const failed = stripeEvent("checkout.session.async_payment_failed", {
      payment_status: "unpaid",
      amount_total: 100,
      metadata: { paymentId: "p" },
    });
    const verdict = await stripe.verifyWebhook(signed(failed));
    expect(verdict).toMatchObject({ verified: true, event: { type: "payment.failed", paymentId: "p" } });
  });

  const texts = { deposit: "Wallet top-up", refund: "Top-up refunded", dispute: "Top-up disputed" };
  const deliver = async (type: string, object: Record<string, unknown>, id = `evt_${crypto.randomUUID()}`) => {
    const verdict = await stripe.verifyWebhook(signed(JSON.stringify({ id, object: "event", livemode: false, type, data: { object } })));
    if (!verdict.verified || !verdict.event) throw new Error(`expected a verified top-up event for ${type}`);
    const event = verdict.event;
    return unitOfWork(t.db, (tx) => applyPaymentEvent(tx, "stripe", event, texts));
  };
  async function paidTopUp(amountCents: number) {
    const user = (await createUser(t.db, { email: `refund-${crypto.randomUUID()}@example.com`, name: "Refund" })).id;
    const { payment } = await startTopUpAt(t.db, checkoutAt("cs_x"), user, amountCents);
    const intent = `pi_${crypto.randomUUID().replace(/-/g, "")}`;
    const session = {
      object: "checkout.session",
      id: "cs_x",
      payment_status: "paid",
      amount_total: amountCents,
      currency: "usd",
      payment_intent: intent,
      metadata: { paymentId: payment.id },
    };
    expect(await deliver("checkout.session.completed", session)).toBe("applied");
    return { user, payment, intent };
  }

  it("checks the event's currency and amount against the payment", async () => {
    const user = (await createUser(t.db, { email: "currency@example.com", name: "Currency" })).id;
    const { payment } = await startTopUpAt(t.db, checkoutAt("cs_c"), user, 2_000);
    const session = { object: "checkout.session", payment_status: "paid", amount_total: 2_000, metadata: { paymentId: payment.id } };
    expect(await deliver("checkout.session.completed", { ...session, currency: "eur" })).toBe("currency_mismatch");
    expect(await deliver("checkout.session.completed", { ...session, currency: "usd", amount_total: 200_000 })).toBe("amount_mismatch");
    expect((await getBalances(t.db, user)).availableCents).toBe(0);
    expect(await deliver("checkout.session.completed", { ...session, currency: "usd" })).toBe("applied");
    expect((await getBalances(t.db, user)).availableCents).toBe(2_000);
  });

  it("a refund takes the top-up back (partial refunds add up; redelivery changes nothing); what was spent is owed", async () => {
    const { user, payment, intent } = await paidTopUp(10_000);
    // The user withdrew part of it meanwhile (card top-ups are on hold: lift the hold for this test).
    await unitOfWork(t.db, (tx) => setSetting(tx, "cardDepositHoldDays", 0, user));
    await unitOfWork(t.db, (tx) =>
      requestWithdrawal(tx, {
        userId: user,
        amountCents: 6_000,
        method: "paypal",
        destination: "me@example.com",
        description: "Withdrawal",
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    await unitOfWork(t.db, (tx) => setSetting(tx, "cardDepositHoldDays", 7, user));
    const charge = { object: "charge", id: "ch_1", payment_intent: intent, currency: "usd", metadata: {} };
    const first = `evt_${crypto.randomUUID()}`;
    expect(await deliver("charge.refunded", { ...charge, amount_refunded: 3_000 }, first)).toBe("applied");
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 1_000, owedCents: 0 });
    expect(await deliver("charge.refunded", { ...charge, amount_refunded: 3_000 }, first)).toBe("duplicate");
    // A second partial refund: Stripe reports the cumulative amount refunded.
    expect(await deliver("charge.refunded", { ...charge, amount_refunded: 10_000 })).toBe("applied");
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 0, owedCents: 6_000 });
    expect((await getPayment(t.db, payment.id))?.reversedCents).toBe(10_000);
    // The same cumulative amount under a new event id takes nothing more.
    expect(await deliver("charge.refunded", { ...charge, amount_refunded: 10_000 })).toBe("applied");
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 0, owedCents: 6_000 });
    const notices = await t.db.selectFrom("notifications").select("titleKey").where("userId", "=", user).execute();
    expect(notices.filter((n) => n.titleKey === "events.depositReversed.title")).toHaveLength(2);
    expect((await verifyLedger(t.db)).problems).toEqual([]);
  });

  it("a lost dispute reverses the top-up; a won one changes nothing; another currency is refused", async () => {
    const { user, intent } = await paidTopUp(4_000);
    const dispute = { object: "dispute", id: "dp_1", payment_intent: intent, charge: "ch_2", amount: 4_000, currency: "usd", metadata: {} };
    const won = await stripe.verifyWebhook(
      signed(
        JSON.stringify({
          id: `evt_${crypto.randomUUID()}`,
          object: "event",
          livemode: false,
          type: "charge.dispute.closed",
          data: { object: { ...dispute, status: "won" } },
        }),
      ),
    );
    expect(won).toEqual({ verified: true, event: null });
    expect(await deliver("charge.dispute.closed", { ...dispute, status: "lost", currency: "eur" })).toBe("currency_mismatch");
    expect((await getBalances(t.db, user)).availableCents).toBe(4_000);
    expect(await deliver("charge.dispute.closed", { ...dispute, status: "lost" })).toBe("applied");
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 0, owedCents: 0 });
    expect((await verifyLedger(t.db)).problems).toEqual([]);
  });
});

/**
 * The 30-day money-back guarantee is once per member, and once per card (#25, finding 8). The loop
 * that paid four full refunds out of four (subscribe from the wallet, refund, subscribe again,
 * refund again) now refunds the first only: the second is refused with the date of the first, the
 * plan stays and the balance is what was paid. A second member paying with a card whose guarantee
 * was used is refused before the provider is asked for anything.
 */
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "money-back-once-test-secret-0123456789";

import { createSession } from "~/auth/session.server";
import { refundAtProvider, startPlanCheckout } from "~/plans/checkout.server";
import { PlanError, cancelAndRefund, getSubscription, subscribeWithWallet } from "~/plans/subscriptions.server";
import { action as plansAction } from "~/routes/($locale)._app.plans/route";
import { getBalances } from "~/wallet/balances.server";
import { applyPaymentEvent, type PaymentProvider } from "~/wallet/payments.server";
import { stripeProvider } from "~/wallet/stripe-provider.server";
import { useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, inTx, newUser } from "../support/ledger";
import { planId } from "../support/plans";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";

describeEachDatabase("the money-back guarantee, once", (t) => {
  useAppDatabase(t);
  const subscribe = (userId: string, plan: string) =>
    inTx(t.db, (tx) => subscribeWithWallet(tx, { userId, planId: plan, idempotencyKey: randomUUID() }));
  /** The plans page's first payment for `plan` through `provider`, as the page starts it. */
  const checkout = (provider: PaymentProvider, userId: string, plan: string) =>
    startPlanCheckout(t.db, provider, {
      userId,
      planId: plan,
      key: `plan:${userId}:${randomUUID()}`,
      kind: "initial",
      locale: "en",
      returnUrl: (id) => `/en/plans?payment=${id}`,
      cancelUrl: "/en/plans",
    });

  it("subscribe, refund, subscribe, refund: the second refund is refused with the first's date", async () => {
    const user = await newUser(t.db, "looper");
    const starter = await planId(t.db, "starter");
    await deposit(t.db, user, 10_000);
    await subscribe(user, starter);
    expect((await inTx(t.db, (tx) => cancelAndRefund(tx, { userId: user }))).refundedCents).toBe(2_900);
    expect((await getBalances(t.db, user)).availableCents).toBe(10_000);
    const first = await t.db.selectFrom("moneyBackGuarantees").selectAll().where("userId", "=", user).executeTakeFirstOrThrow();

    await subscribe(user, starter);
    expect((await getBalances(t.db, user)).availableCents).toBe(7_100);
    // Not offered any more; the page says when it was used.
    expect(await getSubscription(t.db, user)).toMatchObject({ status: "active", refundableUntil: null, guaranteeUsedAt: first.usedAt });
    const refused = await inTx(t.db, (tx) => cancelAndRefund(tx, { userId: user })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlanError);
    expect(refused).toMatchObject({ code: "guarantee_used", usedAt: first.usedAt });
    expect((await getBalances(t.db, user)).availableCents).toBe(7_100);
    expect(await getSubscription(t.db, user)).toMatchObject({ status: "active" });

    // The page's action: 409 and the translated message with the date.
    const session = await createSession(t.db, { id: user, role: "user" }, { remember: false });
    const reply = await answer(() =>
      plansAction({
        request: new Request(`${APP}/en/plans`, {
          method: "POST",
          headers: { Origin: APP, Cookie: session.setCookie.split(";")[0]! },
          body: new URLSearchParams({ intent: "refund" }),
        }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ error: "plans:errors.guaranteeUsed", usedAt: first.usedAt });
    expect((await getBalances(t.db, user)).availableCents).toBe(7_100);
    expect(await t.db.selectFrom("moneyBackGuarantees").select("id").where("userId", "=", user).execute()).toHaveLength(1);
    await expectBooksBalance(t.db);
  });

  it("once per card: another member paying with a card whose guarantee was used is refused before the provider refunds", async () => {
    const growth = await planId(t.db, "growth");
    const refunds: string[] = [];
    const card: PaymentProvider = {
      name: "cardco",
      createCheckout: async (payment) => ({ sessionId: `cs_${payment.id}`, url: `https://pay.example/${payment.id}` }),
      verifyWebhook: async () => ({ verified: false }),
      refund: async (payment) => {
        refunds.push(payment.id);
      },
      cardFingerprint: async () => "fp_same_card",
    };
    async function paidByCard(name: string) {
      const user = await newUser(t.db, name);
      const { payment } = await checkout(card, user, growth);
      const texts = { deposit: "Top-up", refund: "Refunded", dispute: "Disputed" };
      const event = { eventId: `evt_${randomUUID()}`, type: "payment.succeeded" as const, paymentId: payment.id, amountCents: 7_900 };
      expect(await inTx(t.db, (tx) => applyPaymentEvent(tx, "cardco", { ...event, providerChargeId: `pi_${name}` }, texts))).toBe(
        "applied",
      );
      return { user, paymentId: payment.id };
    }
    const a = await paidByCard("card-first");
    await refundAtProvider(t.db, card, a.user);
    await inTx(t.db, (tx) => cancelAndRefund(tx, { userId: a.user }));
    expect(refunds).toEqual([a.paymentId]);

    const b = await paidByCard("card-second");
    const refused = await refundAtProvider(t.db, card, b.user).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "guarantee_used_card" });
    expect(refunds).toEqual([a.paymentId]);
    // The fingerprint is kept: the booking side refuses too, and the plan is not offered a refund.
    expect(
      (await t.db.selectFrom("payments").select("cardFingerprint").where("id", "=", b.paymentId).executeTakeFirstOrThrow()).cardFingerprint,
    ).toBe("fp_same_card");
    await expect(inTx(t.db, (tx) => cancelAndRefund(tx, { userId: b.user }))).rejects.toMatchObject({ code: "guarantee_used_card" });
    expect(await getSubscription(t.db, b.user)).toMatchObject({ status: "active", refundableUntil: null });
    await expectBooksBalance(t.db);
  });

  it("a refund made at Stripe keeps the card's fingerprint and counts as the member's guarantee", async () => {
    const client = new Stripe("sk_test_offline");
    const secret = "whsec_money_back_offline";
    const stripe = stripeProvider({ secretKey: "sk_test_offline", webhookSecret: secret, appUrl: new URL(APP) }, client);
    const provider: PaymentProvider = {
      ...stripe,
      createCheckout: async () => ({ sessionId: "cs_mb", url: "https://checkout.stripe.com/c/pay/cs_mb" }),
    };
    const user = await newUser(t.db, "stripe-refund");
    const { payment } = await checkout(provider, user, await planId(t.db, "growth"));
    const texts = { deposit: "Top-up", refund: "Refunded", dispute: "Disputed" };
    const deliver = async (type: string, object: Record<string, unknown>) => {
      const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: "event", livemode: false, type, data: { object } });
      const request = new Request(`${APP}/api/webhooks/stripe`, {
        method: "POST",
        body: payload,
        headers: { "stripe-signature": client.webhooks.generateTestHeaderString({ payload, secret }) },
      });
      const verdict = await stripe.verifyWebhook(request);
      if (!verdict.verified || !verdict.event) throw new Error(`expected a verified event for ${type}`);
      const event = verdict.event;
      return inTx(t.db, (tx) => applyPaymentEvent(tx, "stripe", event, texts));
    };
    const intent = `pi_${randomUUID().replace(/-/g, "")}`;
    const session = { object: "checkout.session", payment_status: "paid", amount_total: 7_900, currency: "usd", payment_intent: intent };
    expect(await deliver("checkout.session.completed", { ...session, metadata: { paymentId: payment.id } })).toBe("applied");
    expect(await getSubscription(t.db, user)).toMatchObject({ status: "active" });
    const charge = {
      object: "charge",
      amount_refunded: 7_900,
      currency: "usd",
      payment_intent: intent,
      metadata: { paymentId: payment.id },
      payment_method_details: { type: "card", card: { fingerprint: "fp_refunded_card" } },
    };
    expect(await deliver("charge.refunded", charge)).toBe("applied");
    const row = await t.db.selectFrom("payments").select("cardFingerprint").where("id", "=", payment.id).executeTakeFirstOrThrow();
    expect(row.cardFingerprint).toBe("fp_refunded_card");
    expect(await t.db.selectFrom("moneyBackGuarantees").select("userId").where("userId", "=", user).execute()).toHaveLength(1);
    expect(await getSubscription(t.db, user)).toBeNull();
  });
});

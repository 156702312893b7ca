/**
 * Plans and subscriptions on the ledger: paying from the wallet once under replays and concurrency,
 * insufficient balance, the trial once per account, the 30-day money-back refund (and its refusal
 * after), cancel at period end, renewal (too little balance ends it with an e-mail; run twice it
 * charges once), a provider payment through its webhook event and its refund; the books balance.
 */
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { Db } from "~/db/db.server";
import { startPlanCheckout } from "~/plans/checkout.server";
import {
  PlanError,
  cancelAndRefund,
  getSubscription,
  getTrial,
  hasAdToolsAccess,
  renewDueSubscriptions,
  setCancelAtPeriodEnd,
  startTrial,
  subscribeWithWallet,
} from "~/plans/subscriptions.server";
import { getBalances } from "~/wallet/balances.server";
import { InsufficientFundsError, LedgerError, payFromWallet, refundPurchase } from "~/wallet/ledger.server";
import { applyPaymentEvent } from "~/wallet/payments.server";
import { sandboxProvider } from "~/wallet/sandbox-provider.server";
import { describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, inTx, newUser } from "../support/ledger";
import { planId } from "../support/plans";
import { rowCount } from "../support/row-counts";
import { DAY_MS } from "../support/time";

const provider = sandboxProvider({ payments: { provider: "sandbox", webhookSecret: "w".repeat(40) } } as never);

const outboxCount = (db: Db) => rowCount(db, "outbox");

/** Moves a subscription's dates back, as if `days` had passed. */
async function age(db: Db, userId: string, days: number) {
  const sub = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("userId", "=", userId)
    .where("status", "in", ["active", "past_due"])
    .executeTakeFirstOrThrow();
  const shift = (iso: string) => new Date(new Date(iso).getTime() - days * DAY_MS).toISOString();
  await db
    .updateTable("subscriptions")
    .set({
      firstPaidAt: shift(sub.firstPaidAt),
      currentPeriodStart: shift(sub.currentPeriodStart),
      currentPeriodEnd: shift(sub.currentPeriodEnd),
    })
    .where("id", "=", sub.id)
    .execute();
}

/** Ends the user's trial (a day ago): paying during it would add its remaining days to the first period. */
async function endTrial(db: Db, userId: string) {
  const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
  await db
    .updateTable("trials")
    .set({ startedAt: ago(15), endsAt: ago(1) })
    .where("userId", "=", userId)
    .execute();
}

describeEachDatabase("subscriptions", (t) => {
  const subscribe = (userId: string, plan: string, key: string = randomUUID()) =>
    inTx(t.db, (tx) => subscribeWithWallet(tx, { userId, planId: plan, idempotencyKey: key }));
  /** A member with `cents` in the wallet whose trial is over, subscribed to the starter plan from the wallet. */
  async function starterSubscriber(name: string, cents: number): Promise<string> {
    const user = await newUser(t.db, name);
    const starter = await planId(t.db, "starter");
    await deposit(t.db, user, cents);
    await endTrial(t.db, user);
    await subscribe(user, starter);
    return user;
  }

  it("the trial starts with the account, once, and opens the ad tools for 14 days", async () => {
    const user = await newUser(t.db, "trial");
    const trial = await getTrial(t.db, user);
    expect(trial).toMatchObject({ active: true, daysLeft: 14 });
    // A second start (a replayed sign-up, a later call) does not give a new trial.
    await startTrial(t.db, user, new Date(Date.now() + 100 * DAY_MS).toISOString());
    expect((await getTrial(t.db, user))?.endsAt).toBe(trial!.endsAt);
    expect(await hasAdToolsAccess(t.db, user)).toBe(true);
    expect(await hasAdToolsAccess(t.db, user, Date.now() + 15 * DAY_MS)).toBe(false);
    expect(await t.db.selectFrom("trials").select("userId").where("userId", "=", user).execute()).toHaveLength(1);
  });

  it("the trial reminder is e-mailed once, 3 days before the end", async () => {
    const user = await newUser(t.db, "reminder");
    const before = await outboxCount(t.db);
    const at = Date.now() + 12 * DAY_MS;
    expect((await renewDueSubscriptions(t.db, { nowMs: at })).remindersSent).toBeGreaterThanOrEqual(1);
    expect((await renewDueSubscriptions(t.db, { nowMs: at })).remindersSent).toBe(0);
    expect(await outboxCount(t.db)).toBeGreaterThan(before);
    expect(
      (await t.db.selectFrom("trials").select("reminderSentAt").where("userId", "=", user).executeTakeFirstOrThrow()).reminderSentAt,
    ).not.toBeNull();
  });

  it("paying from the wallet charges once under replays and parallel submissions of one form", async () => {
    const user = await newUser(t.db, "payer");
    const growth = await planId(t.db, "growth");
    await deposit(t.db, user, 10_000);
    const key = randomUUID();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => subscribe(user, growth, key)));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const fulfilled = results.map((r) => (r as PromiseFulfilledResult<{ replayed: boolean; subscriptionId: string | null }>).value);
    expect(fulfilled.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(fulfilled.map((r) => r.subscriptionId)).size).toBe(1);
    expect((await getBalances(t.db, user)).availableCents).toBe(10_000 - 7_900);
    const payments = await t.db.selectFrom("subscriptionPayments").selectAll().where("userId", "=", user).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ source: "wallet", status: "paid", refundState: "none", kind: "initial" });
    const purchase = await t.db
      .selectFrom("transactions")
      .selectAll()
      .where("id", "=", payments[0]!.transactionId!)
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ type: "purchase", direction: "debit", status: "completed" });
    const sub = await getSubscription(t.db, user);
    expect(sub).toMatchObject({ status: "active", cancelAtPeriodEnd: false, plan: { code: "growth" } });
    expect(sub?.refundableUntil).not.toBeNull();
    // Another form (a new key) cannot start a second subscription.
    await expect(subscribe(user, growth)).rejects.toBeInstanceOf(PlanError);
    expect((await getBalances(t.db, user)).availableCents).toBe(2_100);
    await expectBooksBalance(t.db);
  });

  it("a balance that does not cover the price is refused and changes nothing", async () => {
    const user = await newUser(t.db, "poor");
    const agency = await planId(t.db, "agency");
    await deposit(t.db, user, 5_000);
    await expect(subscribe(user, agency)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await getBalances(t.db, user)).availableCents).toBe(5_000);
    expect(await getSubscription(t.db, user)).toBeNull();
    expect(await t.db.selectFrom("subscriptionPayments").select("id").where("userId", "=", user).execute()).toEqual([]);
  });

  it("cancel and refund within 30 days reverses the wallet payment, once; after 30 days it is refused", async () => {
    const user = await newUser(t.db, "refund");
    const starter = await planId(t.db, "starter");
    await deposit(t.db, user, 5_000);
    await subscribe(user, starter);
    await age(t.db, user, 29);
    const { refundedCents } = await inTx(t.db, (tx) => cancelAndRefund(tx, { userId: user }));
    expect(refundedCents).toBe(2_900);
    expect((await getBalances(t.db, user)).availableCents).toBe(5_000);
    expect(await getSubscription(t.db, user)).toBeNull();
    await expect(inTx(t.db, (tx) => cancelAndRefund(tx, { userId: user }))).rejects.toMatchObject({ code: "no_subscription" });
    const row = await t.db.selectFrom("subscriptionPayments").selectAll().where("userId", "=", user).executeTakeFirstOrThrow();
    expect(row.refundState).toBe("refunded");
    const refund = await t.db.selectFrom("transactions").selectAll().where("id", "=", row.refundTransactionId!).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ type: "purchase", direction: "credit", amountCents: 2_900 });

    const late = await newUser(t.db, "late");
    await deposit(t.db, late, 5_000);
    await subscribe(late, starter);
    await age(t.db, late, 31);
    await expect(inTx(t.db, (tx) => cancelAndRefund(tx, { userId: late }))).rejects.toMatchObject({ code: "not_refundable" });
    expect((await getBalances(t.db, late)).availableCents).toBe(2_100);
    await expectBooksBalance(t.db);
  });

  it("cancel at period end keeps the plan until its end, then the job ends it without charging", async () => {
    const user = await starterSubscriber("cancel", 10_000);
    const sub = await inTx(t.db, (tx) => setCancelAtPeriodEnd(tx, { userId: user, cancel: true }));
    expect(sub).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(await hasAdToolsAccess(t.db, user)).toBe(true);
    await age(t.db, user, 31);
    await renewDueSubscriptions(t.db);
    expect(await getSubscription(t.db, user)).toBeNull();
    expect((await getBalances(t.db, user)).availableCents).toBe(10_000 - 2_900);
    expect(
      await t.db.selectFrom("subscriptions").select(["status", "endReason"]).where("userId", "=", user).executeTakeFirstOrThrow(),
    ).toEqual({ status: "ended", endReason: "cancelled" });
  });

  it("renewal from the wallet: the job run twice charges once", async () => {
    const user = await starterSubscriber("renew", 10_000);
    const before = await getSubscription(t.db, user);
    await age(t.db, user, 30);
    await Promise.all([renewDueSubscriptions(t.db), renewDueSubscriptions(t.db)]);
    await renewDueSubscriptions(t.db);
    expect((await getBalances(t.db, user)).availableCents).toBe(10_000 - 2 * 2_900);
    const after = await getSubscription(t.db, user);
    expect(after?.status).toBe("active");
    expect(new Date(after!.currentPeriodEnd).getTime() - new Date(before!.currentPeriodEnd).getTime()).toBeLessThan(DAY_MS);
    const payments = await t.db
      .selectFrom("subscriptionPayments")
      .select(["kind", "source"])
      .where("userId", "=", user)
      .orderBy("createdAt")
      .execute();
    expect(payments).toEqual([
      { kind: "initial", source: "wallet" },
      { kind: "renewal", source: "wallet" },
    ]);
    await expectBooksBalance(t.db);
  });

  it("renewal with too little balance ends the subscription and e-mails", async () => {
    const user = await starterSubscriber("broke", 3_000);
    await age(t.db, user, 30);
    // (Outbox rows have no order of their own on PostgreSQL: this member's mail is told by its address.)
    const endedMail = async () =>
      (await t.db.selectFrom("outbox").select("payload").execute())
        .map((row) => JSON.parse(row.payload) as { to: string; subject: string })
        .filter((mail) => mail.to.startsWith("broke-") && /insufficient balance/i.test(mail.subject));
    expect(await endedMail()).toHaveLength(0);
    await renewDueSubscriptions(t.db);
    await renewDueSubscriptions(t.db);
    expect((await getBalances(t.db, user)).availableCents).toBe(100);
    expect(await getSubscription(t.db, user)).toBeNull();
    expect(
      (await t.db.selectFrom("subscriptions").select("endReason").where("userId", "=", user).executeTakeFirstOrThrow()).endReason,
    ).toBe("insufficient_funds");
    expect(await endedMail()).toHaveLength(1);
    await expectBooksBalance(t.db);
  });

  it("a provider payment activates the plan by its verified event (once), and its refund goes back through the provider", async () => {
    const user = await newUser(t.db, "card");
    const growth = await planId(t.db, "growth");
    const key = `plan:${user}:${randomUUID()}`;
    const start = () =>
      startPlanCheckout(t.db, provider, {
        userId: user,
        planId: growth,
        key,
        kind: "initial",
        locale: "en",
        returnUrl: (id) => `/en/plans?payment=${id}`,
        cancelUrl: "/en/plans",
      });
    const { payment, redirectTo } = await start();
    expect(redirectTo).toBe(`/en/sandbox/checkout/${payment.id}`);
    expect((await start()).replayed).toBe(true);
    const texts = { deposit: "Top-up", refund: "Refunded", dispute: "Disputed" };
    const event = { eventId: `evt_${randomUUID()}`, type: "payment.succeeded" as const, paymentId: payment.id, amountCents: 7_900 };
    await Promise.all([1, 2, 3].map(() => inTx(t.db, (tx) => applyPaymentEvent(tx, "sandbox", event, texts))));
    await inTx(t.db, (tx) => applyPaymentEvent(tx, "sandbox", { ...event, eventId: `evt_${randomUUID()}` }, texts));
    expect(await getSubscription(t.db, user)).toMatchObject({ status: "active", source: "provider" });
    expect((await getBalances(t.db, user)).availableCents).toBe(0);
    expect(
      await t.db.selectFrom("transactions").select("id").where("userId", "=", user).where("type", "=", "purchase").execute(),
    ).toHaveLength(1);
    await inTx(t.db, (tx) => cancelAndRefund(tx, { userId: user }));
    expect((await getBalances(t.db, user)).availableCents).toBe(0);
    // The provider's echo of the refund books nothing more.
    await inTx(t.db, (tx) =>
      applyPaymentEvent(
        tx,
        "sandbox",
        {
          eventId: `evt_${randomUUID()}`,
          type: "payment.reversed",
          reason: "refund",
          paymentId: payment.id,
          amountCents: 7_900,
          cumulative: true,
          currency: "usd",
        },
        texts,
      ),
    );
    expect(
      await t.db.selectFrom("transactions").select("direction").where("userId", "=", user).where("type", "=", "purchase").execute(),
    ).toHaveLength(2);
    const row = await t.db.selectFrom("subscriptionPayments").selectAll().where("userId", "=", user).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: "provider", status: "paid", refundState: "refunded" });
    await expectBooksBalance(t.db);
  });

  it("refundPurchase reverses a wallet purchase once (a replay moves nothing) and refuses what is not a purchase", async () => {
    const user = await newUser(t.db, "ledger-refund");
    await deposit(t.db, user, 4_000);
    const paid = await inTx(t.db, (tx) =>
      payFromWallet(tx, { userId: user, amountCents: 1_500, description: "Plan", idempotencyKey: randomUUID() }),
    );
    const first = await inTx(t.db, (tx) => refundPurchase(tx, { transactionId: paid.transaction.id, description: "Refund" }));
    const again = await inTx(t.db, (tx) => refundPurchase(tx, { transactionId: paid.transaction.id, description: "Refund" }));
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ replayed: true, transaction: { id: first.transaction.id } });
    expect((await getBalances(t.db, user)).availableCents).toBe(4_000);
    await expect(inTx(t.db, (tx) => refundPurchase(tx, { transactionId: first.transaction.id, description: "x" }))).rejects.toBeInstanceOf(
      LedgerError,
    );
    await expect(inTx(t.db, (tx) => refundPurchase(tx, { transactionId: randomUUID(), description: "x" }))).rejects.toBeInstanceOf(
      LedgerError,
    );
    await expectBooksBalance(t.db);
  });
});

/**
 * Subscriptions: owns `trials`, `subscriptions` and `subscription_payments`.
 *
 * - The free trial of the ad tools (TRIAL_DAYS) starts when an account is created, once per account
 *   (the user id is the trial's key); a reminder goes out TRIAL_REMINDER_DAYS before it ends.
 * - Paying for a plan during the trial adds the trial's remaining days to the first paid period
 *   (`firstPeriodEnd`): the period runs from the trial's end for the plan's days.
 * - A plan is paid from the wallet (a `purchase` on the ledger) or through the payment provider
 *   (a `payments` row whose purpose is `plan`, applied by its verified webhook event). Each payment
 *   is one `subscription_payments` row: amount, source, ledger transaction and refund state (the
 *   partner programme's commissions are computed from these rows). A payment earns loyalty points
 *   and its refund takes them back (app/loyalty/points.server.ts), in the same unit of work.
 * - The money-back guarantee: within REFUND_WINDOW_DAYS of the first payment, "Cancel and refund"
 *   returns every payment of the subscription to where it came from and ends it. It is once per
 *   member (`money_back_guarantees`, UNIQUE user_id: subscribe, refund, subscribe again and the
 *   second refund is refused with the date of the first) and, for card payments, once per card
 *   (the payment's card fingerprint, when the provider told us: another account paying with a
 *   card whose guarantee was used is refused too).
 * - Cancel at period end; renewal by the job runner (`renewDueSubscriptions`): from the wallet, or a
 *   new provider checkout link by e-mail; insufficient funds end the subscription, with an e-mail.
 *
 * Every state change takes the caller's `tx` (one unit of work): the ledger postings, the rows
 * here, the notification (and its e-mail in the outbox) and the audit row commit together.
 */
import { randomUUID } from "node:crypto";
import { audit } from "~/audit/audit.server";
import { now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import type { PlanAudience, SubscriptionStatus } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { notify } from "~/notifications/notifications.server";
import { onSubscriptionPaid, onSubscriptionRefunded } from "~/partner/commissions.server";
import { onPlanPaid, onPlanRefunded } from "~/loyalty/points.server";
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  payFromWallet,
  recordProviderPurchase,
  refundPurchase,
} from "~/wallet/ledger.server";
import { NamedError } from "~/utils/named-error";

export { TRIAL_DAYS } from "./trial.server";
export const TRIAL_REMINDER_DAYS = 3;
export const REFUND_WINDOW_DAYS = 30;
/** How long a provider renewal's checkout link keeps the subscription open after its period ended. */
export const PROVIDER_RENEWAL_GRACE_DAYS = 3;
const DAY_MS = 86_400_000;

const addDays = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * DAY_MS).toISOString();

export class PlanError extends NamedError {
  constructor(
    public readonly code:
      "not_found" | "already_subscribed" | "no_subscription" | "not_refundable" | "free_plan" | "guarantee_used" | "guarantee_used_card",
    /** For a guarantee already used: when it was. */
    public readonly usedAt: string | null = null,
  ) {
    super(code);
  }
}

/** English texts for the ledger and the records (screens translate through display.ts). */
function ledgerTexts() {
  const t = fixedT(DEFAULT_LOCALE, "plans");
  return {
    payment: (plan: string) => t("ledger.payment", { plan }),
    refund: (plan: string) => t("ledger.refund", { plan }),
  };
}

// ——— Trial ———

export { startTrial } from "./trial.server";

export interface TrialView {
  startedAt: string;
  endsAt: string;
  active: boolean;
  daysLeft: number;
}

export async function getTrial(db: DbOrTx, userId: string, nowMs = Date.now()): Promise<TrialView | null> {
  const row = await db.selectFrom("trials").select(["startedAt", "endsAt"]).where("userId", "=", userId).executeTakeFirst();
  if (!row) return null;
  const left = new Date(row.endsAt).getTime() - nowMs;
  return { ...row, active: left > 0, daysLeft: left > 0 ? Math.ceil(left / DAY_MS) : 0 };
}

// ——— Reading ———

export interface SubscriptionView {
  id: string;
  status: SubscriptionStatus;
  plan: { id: string; code: string; name: string; priceCents: number; durationDays: number };
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  firstPaidAt: string;
  source: "wallet" | "provider" | null;
  /** Until when "Cancel and refund" is offered; null when nothing is refundable. */
  refundableUntil: string | null;
  /** When the member used the money-back guarantee (once per member), or null. */
  guaranteeUsedAt: string | null;
  /** A provider renewal waiting for payment: where to pay it. */
  pendingPaymentId: string | null;
}

async function liveSubscriptionRow(db: DbOrTx, userId: string) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("userId", "=", userId)
    .where("status", "in", ["active", "past_due"])
    .executeTakeFirst();
}

/** The user's live subscription (active, or a provider renewal awaiting payment), or null. */
export async function getSubscription(db: DbOrTx, userId: string, nowMs = Date.now()): Promise<SubscriptionView | null> {
  const sub = await liveSubscriptionRow(db, userId);
  if (!sub) return null;
  const plan = await db
    .selectFrom("plans")
    .select(["id", "code", "name", "priceCents", "durationDays"])
    .where("id", "=", sub.planId)
    .executeTakeFirstOrThrow();
  const payments = await db
    .selectFrom("subscriptionPayments")
    .select(["id", "source", "status", "refundState", "paymentId", "createdAt"])
    .where("subscriptionId", "=", sub.id)
    .orderBy("createdAt")
    .execute();
  const paid = payments.filter((payment) => payment.status === "paid");
  const refundableUntil = addDays(sub.firstPaidAt, REFUND_WINDOW_DAYS);
  const used = await guaranteeUse(db, userId);
  const usedByCard = used ? undefined : await cardGuaranteeUse(db, sub.id);
  const refundable =
    !used && !usedByCard && paid.some((payment) => payment.refundState === "none") && new Date(refundableUntil).getTime() > nowMs;
  const pending = payments.find((payment) => payment.status === "pending" && payment.paymentId);
  return {
    id: sub.id,
    status: sub.status,
    plan: { ...plan, priceCents: Number(plan.priceCents) },
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd === 1,
    firstPaidAt: sub.firstPaidAt,
    source: paid.at(-1)?.source ?? null,
    refundableUntil: refundable ? refundableUntil : null,
    guaranteeUsedAt: used?.usedAt ?? null,
    pendingPaymentId: pending?.paymentId ?? null,
  };
}

/**
 * Whether the user may use the ad-optimisation tools now: during the free trial, or with a live
 * subscription (a provider renewal awaiting payment keeps it for the grace days).
 */
export async function hasAdToolsAccess(db: DbOrTx, userId: string, nowMs = Date.now()): Promise<boolean> {
  const trial = await getTrial(db, userId, nowMs);
  if (trial?.active) return true;
  const sub = await liveSubscriptionRow(db, userId);
  if (!sub) return false;
  const end = new Date(sub.currentPeriodEnd).getTime();
  if (sub.status === "active") return true;
  return end + PROVIDER_RENEWAL_GRACE_DAYS * DAY_MS > nowMs;
}

async function findPlan(db: DbOrTx, planId: string, audience?: PlanAudience) {
  let query = db.selectFrom("plans").selectAll().where("id", "=", planId).where("active", "=", 1);
  if (audience) query = query.where("audience", "=", audience);
  const plan = await query.executeTakeFirst();
  if (!plan) throw new PlanError("not_found");
  return { ...plan, priceCents: Number(plan.priceCents) };
}

export type PlanRow = Awaited<ReturnType<typeof findPlan>>;

// ——— Subscribing ———

async function paymentByKey(tx: DbOrTx, key: string) {
  return tx.selectFrom("subscriptionPayments").selectAll().where("idempotencyKey", "=", key).executeTakeFirst();
}

/**
 * The end of a first paid period starting at `at`: the plan's days, after what is left of the
 * trial (a trial still running at `at` is not lost: its remaining days are added).
 */
export function firstPeriodEnd(at: string, durationDays: number, trialEndsAt: string | null): string {
  const start = trialEndsAt && new Date(trialEndsAt).getTime() > new Date(at).getTime() ? trialEndsAt : at;
  return addDays(start, durationDays);
}

/** What paying for `plan` now gives: the trial days added and the first period's end. */
export async function firstPeriodFor(
  db: DbOrTx,
  userId: string,
  plan: { priceCents: number; durationDays: number },
  at = now(),
): Promise<{ trialDaysAdded: number; periodEnd: string }> {
  const trial = plan.priceCents > 0 ? await getTrial(db, userId, new Date(at).getTime()) : null;
  // (A trial that starts after `at`, as in a backfilled history, has no days to give yet.)
  const running = trial?.active && new Date(trial.startedAt).getTime() <= new Date(at).getTime();
  const trialEndsAt = running ? trial!.endsAt : null;
  return { trialDaysAdded: running ? trial!.daysLeft : 0, periodEnd: firstPeriodEnd(at, plan.durationDays, trialEndsAt) };
}

/** Creates the subscription (its first period) for a paid first payment. */
async function createSubscription(tx: Tx, input: { userId: string; plan: PlanRow; at: string }) {
  const id = randomUUID();
  const { periodEnd } = await firstPeriodFor(tx, input.userId, input.plan, input.at);
  await tx
    .insertInto("subscriptions")
    .values({
      id,
      userId: input.userId,
      planId: input.plan.id,
      status: "active",
      currentPeriodStart: input.at,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: 0,
      firstPaidAt: input.at,
      endedAt: null,
      endReason: null,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .execute();
  return { id, periodStart: input.at, periodEnd };
}

export interface SubscribeResult {
  subscriptionId: string | null;
  replayed: boolean;
}

/**
 * Subscribes the user to a plan, paid from their available balance, once per idempotency key:
 * a replay (a double click, parallel submissions of the same form) answers the first result.
 * Throws `InsufficientFundsError` when the balance does not cover the price (nothing changes),
 * `PlanError("already_subscribed")` when another subscription is live.
 */
export async function subscribeWithWallet(
  tx: Tx,
  input: { userId: string; planId: string; idempotencyKey: string; audience?: PlanAudience; at?: string },
): Promise<SubscribeResult> {
  const key = `plan:${input.userId}:${input.idempotencyKey}`;
  const replay = async (): Promise<SubscribeResult | null> => {
    const row = await paymentByKey(tx, key);
    if (!row) return null;
    if (row.planId !== input.planId || row.source !== "wallet") throw new IdempotencyConflictError(key);
    return { subscriptionId: row.subscriptionId, replayed: true };
  };
  const first = await replay();
  if (first) return first;
  const plan = await findPlan(tx, input.planId, input.audience);
  if (await liveSubscriptionRow(tx, input.userId)) {
    // A parallel submission of this very form may have committed since the first look.
    const again = await replay();
    if (again) return again;
    throw new PlanError("already_subscribed");
  }
  const at = input.at ?? now();
  if (plan.priceCents === 0) {
    const created = await createSubscription(tx, { userId: input.userId, plan, at });
    await notify(tx, input.userId, "planActivated", { plan: plan.name, amountCents: 0, date: created.periodEnd.slice(0, 10) });
    await audit(tx, {
      actorId: input.userId,
      action: "plan.subscribe",
      subject: `subscription:${created.id}`,
      details: { plan: plan.code, source: "free" },
    });
    return { subscriptionId: created.id, replayed: false };
  }
  const texts = ledgerTexts();
  const paid = await payFromWallet(tx, {
    userId: input.userId,
    amountCents: plan.priceCents,
    description: texts.payment(plan.name),
    merchant: "Cashwise",
    idempotencyKey: key,
  });
  if (paid.replayed) {
    // The same key's first submission committed while this one waited on it.
    const row = await tx.selectFrom("subscriptionPayments").selectAll().where("transactionId", "=", paid.transaction.id).executeTakeFirst();
    if (!row) throw Object.assign(new Error("the plan payment changed concurrently"), { code: "40001" });
    return { subscriptionId: row.subscriptionId, replayed: true };
  }
  const created = await createSubscription(tx, { userId: input.userId, plan, at });
  const subscriptionPaymentId = randomUUID();
  await tx
    .insertInto("subscriptionPayments")
    .values({
      id: subscriptionPaymentId,
      userId: input.userId,
      planId: plan.id,
      subscriptionId: created.id,
      kind: "initial",
      source: "wallet",
      amountCents: plan.priceCents,
      status: "paid",
      paymentId: null,
      transactionId: paid.transaction.id,
      refundTransactionId: null,
      refundedAt: null,
      periodStart: created.periodStart,
      periodEnd: created.periodEnd,
      idempotencyKey: key,
      paidAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  await onSubscriptionPaid(tx, subscriptionPaymentId);
  await onPlanPaid(tx, subscriptionPaymentId);
  await notify(tx, input.userId, "planActivated", { plan: plan.name, amountCents: plan.priceCents, date: created.periodEnd.slice(0, 10) });
  await audit(tx, {
    actorId: input.userId,
    action: "plan.subscribe",
    subject: `subscription:${created.id}`,
    details: { plan: plan.code, source: "wallet", amountCents: plan.priceCents, transactionId: paid.transaction.id },
  });
  return { subscriptionId: created.id, replayed: false };
}

/**
 * Records a pending provider payment for a plan (the `payments` row is the caller's): the first
 * payment of a new subscription, or a renewal of `subscriptionId`. Once per key.
 */
export async function recordPendingProviderPayment(
  tx: Tx,
  input: {
    userId: string;
    planId: string;
    paymentId: string;
    key: string;
    kind: "initial" | "renewal";
    subscriptionId?: string;
    amountCents: number;
  },
): Promise<void> {
  const at = now();
  await tx
    .insertInto("subscriptionPayments")
    .values({
      id: randomUUID(),
      userId: input.userId,
      planId: input.planId,
      subscriptionId: input.subscriptionId ?? null,
      kind: input.kind,
      source: "provider",
      amountCents: input.amountCents,
      status: "pending",
      paymentId: input.paymentId,
      transactionId: null,
      refundTransactionId: null,
      refundedAt: null,
      periodStart: null,
      periodEnd: null,
      idempotencyKey: input.key,
      paidAt: null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
}

export async function findPlanPaymentByKey(db: DbOrTx, key: string) {
  return paymentByKey(db, key);
}

/**
 * A verified provider event says a plan payment succeeded: books it (a `purchase` through the
 * provider) and starts or extends the subscription, once per payment.
 */
export async function applyPlanPayment(tx: Tx, input: { paymentId: string; provider: string; at?: string }): Promise<void> {
  const row = await tx.selectFrom("subscriptionPayments").selectAll().where("paymentId", "=", input.paymentId).executeTakeFirst();
  if (!row || row.status === "paid") return;
  const at = input.at ?? now();
  const plan = await tx.selectFrom("plans").selectAll().where("id", "=", row.planId).executeTakeFirstOrThrow();
  const planRow = { ...plan, priceCents: Number(plan.priceCents) };
  const amountCents = Number(row.amountCents);
  const purchase = await recordProviderPurchase(tx, {
    userId: row.userId,
    amountCents,
    description: ledgerTexts().payment(plan.name),
    provider: input.provider,
    paymentId: input.paymentId,
  });
  // A renewal extends its subscription from where the paid period ended; a first payment (or a
  // renewal paid after its subscription ended) starts one, unless another one is live: then it
  // extends that one.
  let target = row.subscriptionId
    ? await tx
        .selectFrom("subscriptions")
        .selectAll()
        .where("id", "=", row.subscriptionId)
        .where("status", "in", ["active", "past_due"])
        .executeTakeFirst()
    : undefined;
  target ??= await liveSubscriptionRow(tx, row.userId);
  let subscriptionId: string;
  let periodStart: string;
  let periodEnd: string;
  if (target) {
    periodStart = target.currentPeriodEnd > at ? target.currentPeriodEnd : at;
    periodEnd = addDays(periodStart, plan.durationDays);
    await tx
      .updateTable("subscriptions")
      .set({ status: "active", currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, updatedAt: at })
      .where("id", "=", target.id)
      .execute();
    subscriptionId = target.id;
  } else {
    const created = await createSubscription(tx, { userId: row.userId, plan: planRow, at });
    ({ id: subscriptionId, periodStart, periodEnd } = created);
  }
  await tx
    .updateTable("subscriptionPayments")
    .set({ status: "paid", subscriptionId, transactionId: purchase.transaction.id, periodStart, periodEnd, paidAt: at, updatedAt: at })
    .where("id", "=", row.id)
    .execute();
  await onSubscriptionPaid(tx, row.id);
  await onPlanPaid(tx, row.id);
  await notify(tx, row.userId, target ? "planRenewed" : "planActivated", { plan: plan.name, amountCents, date: periodEnd.slice(0, 10) });
  await audit(tx, {
    actorId: null,
    action: target ? "plan.renew" : "plan.subscribe",
    subject: `subscription:${subscriptionId}`,
    details: { plan: plan.code, source: "provider", amountCents, paymentId: input.paymentId },
  });
}

/** A provider event says the plan payment failed: it is marked (nothing was booked). */
export async function failPlanPayment(tx: Tx, paymentId: string): Promise<void> {
  await tx
    .updateTable("subscriptionPayments")
    .set({ status: "failed", updatedAt: now() })
    .where("paymentId", "=", paymentId)
    .where("status", "=", "pending")
    .execute();
}

// ——— Cancelling and refunding ———

/** The member's use of the money-back guarantee, if any. */
export async function guaranteeUse(db: DbOrTx, userId: string): Promise<{ usedAt: string } | undefined> {
  return db.selectFrom("moneyBackGuarantees").select("usedAt").where("userId", "=", userId).executeTakeFirst();
}

/**
 * Whether a card paid with for this subscription (or the given fingerprints) already had its
 * guarantee used, by whichever member: the earliest such use.
 */
export async function cardGuaranteeUse(
  db: DbOrTx,
  subscriptionId: string | null,
  fingerprints: string[] = [],
): Promise<{ usedAt: string } | undefined> {
  const cards = new Set(fingerprints);
  if (subscriptionId) {
    const own = await db
      .selectFrom("subscriptionPayments")
      .innerJoin("payments", "payments.id", "subscriptionPayments.paymentId")
      .select("payments.cardFingerprint")
      .where("subscriptionPayments.subscriptionId", "=", subscriptionId)
      .where("payments.cardFingerprint", "is not", null)
      .execute();
    for (const row of own) cards.add(row.cardFingerprint!);
  }
  if (!cards.size) return undefined;
  return db
    .selectFrom("moneyBackGuarantees")
    .innerJoin("subscriptionPayments", "subscriptionPayments.subscriptionId", "moneyBackGuarantees.subscriptionId")
    .innerJoin("payments", "payments.id", "subscriptionPayments.paymentId")
    .select("moneyBackGuarantees.usedAt")
    .where("payments.cardFingerprint", "in", [...cards])
    .orderBy("moneyBackGuarantees.usedAt")
    .executeTakeFirst();
}

/** Refuses when the member (or a card of this subscription) already used the guarantee. */
export async function assertGuaranteeUnused(db: DbOrTx, userId: string, subscriptionId: string | null, fingerprints: string[] = []) {
  const used = await guaranteeUse(db, userId);
  if (used) throw new PlanError("guarantee_used", used.usedAt);
  const card = await cardGuaranteeUse(db, subscriptionId, fingerprints);
  if (card) throw new PlanError("guarantee_used_card", card.usedAt);
}

/** Records the member's one use of the guarantee (false: already recorded, e.g. by a concurrent refund). */
async function recordGuaranteeUse(tx: Tx, userId: string, subscriptionId: string, at: string): Promise<boolean> {
  const inserted = await tx
    .insertInto("moneyBackGuarantees")
    .values({ id: randomUUID(), userId, subscriptionId, usedAt: at })
    .onConflict((oc) => oc.column("userId").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Cancel at period end (or take that back): the plan stays until the period's last day. */
export async function setCancelAtPeriodEnd(tx: Tx, input: { userId: string; cancel: boolean }): Promise<SubscriptionView> {
  const sub = await liveSubscriptionRow(tx, input.userId);
  if (!sub) throw new PlanError("no_subscription");
  const flag = input.cancel ? 1 : 0;
  if (sub.cancelAtPeriodEnd !== flag) {
    await tx.updateTable("subscriptions").set({ cancelAtPeriodEnd: flag, updatedAt: now() }).where("id", "=", sub.id).execute();
    const plan = await tx.selectFrom("plans").select("name").where("id", "=", sub.planId).executeTakeFirstOrThrow();
    if (input.cancel) await notify(tx, input.userId, "planCancelled", { plan: plan.name, date: sub.currentPeriodEnd.slice(0, 10) });
    await audit(tx, { actorId: input.userId, action: input.cancel ? "plan.cancel" : "plan.resume", subject: `subscription:${sub.id}` });
  }
  return (await getSubscription(tx, input.userId))!;
}

type PaymentRow = NonNullable<Awaited<ReturnType<typeof paymentByKey>>>;

/** Refunds one paid plan payment to where it came from, once (its refund state is the claim). */
async function refundPaymentRow(tx: Tx, row: PaymentRow, planName: string): Promise<number> {
  if (row.status !== "paid" || !row.transactionId) return 0;
  const at = now();
  const claimed = await tx
    .updateTable("subscriptionPayments")
    .set({ refundState: "refunded", refundedAt: at, updatedAt: at })
    .where("id", "=", row.id)
    .where("refundState", "=", "none")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return 0;
  const refund = await refundPurchase(tx, { transactionId: row.transactionId, description: ledgerTexts().refund(planName) });
  await tx.updateTable("subscriptionPayments").set({ refundTransactionId: refund.transaction.id }).where("id", "=", row.id).execute();
  await onSubscriptionRefunded(tx, row.id);
  await onPlanRefunded(tx, row.id);
  if (row.paymentId) {
    await tx
      .updateTable("payments")
      .set({ reversedCents: Number(row.amountCents), updatedAt: at })
      .where("id", "=", row.paymentId)
      .execute();
  }
  return Number(row.amountCents);
}

/** The paid, not yet refunded payments of the user's live subscription, when still within the window. */
export async function refundablePayments(db: DbOrTx, userId: string, nowMs = Date.now()) {
  const sub = await liveSubscriptionRow(db, userId);
  if (!sub || new Date(addDays(sub.firstPaidAt, REFUND_WINDOW_DAYS)).getTime() <= nowMs) return [];
  return db
    .selectFrom("subscriptionPayments")
    .selectAll()
    .where("subscriptionId", "=", sub.id)
    .where("status", "=", "paid")
    .where("refundState", "=", "none")
    .execute();
}

/**
 * The money-back guarantee: within REFUND_WINDOW_DAYS of the subscription's first payment, every
 * payment of it goes back where it came from (wallet payments to the wallet; provider payments
 * through the provider: the caller asked the provider first) and the subscription ends now.
 */
export async function cancelAndRefund(tx: Tx, input: { userId: string; nowMs?: number }): Promise<{ refundedCents: number }> {
  const nowMs = input.nowMs ?? Date.now();
  const sub = await liveSubscriptionRow(tx, input.userId);
  if (!sub) throw new PlanError("no_subscription");
  if (new Date(addDays(sub.firstPaidAt, REFUND_WINDOW_DAYS)).getTime() <= nowMs) throw new PlanError("not_refundable");
  await assertGuaranteeUnused(tx, input.userId, sub.id);
  const at = now();
  // The claim on the member's one guarantee: a concurrent second refund finds it taken and rolls back.
  if (!(await recordGuaranteeUse(tx, input.userId, sub.id, at))) throw new PlanError("guarantee_used", at);
  const plan = await tx.selectFrom("plans").select(["name", "code"]).where("id", "=", sub.planId).executeTakeFirstOrThrow();
  const rows = await tx.selectFrom("subscriptionPayments").selectAll().where("subscriptionId", "=", sub.id).execute();
  let refundedCents = 0;
  for (const row of rows) refundedCents += await refundPaymentRow(tx, row, plan.name);
  await tx
    .updateTable("subscriptions")
    .set({ status: "refunded", endedAt: at, endReason: "refunded", updatedAt: at })
    .where("id", "=", sub.id)
    .execute();
  // A provider renewal still waiting for payment is no longer wanted.
  await tx
    .updateTable("subscriptionPayments")
    .set({ status: "failed", updatedAt: at })
    .where("subscriptionId", "=", sub.id)
    .where("status", "=", "pending")
    .execute();
  await notify(tx, input.userId, "planRefunded", { plan: plan.name, amountCents: refundedCents });
  await audit(tx, {
    actorId: input.userId,
    action: "plan.refund",
    subject: `subscription:${sub.id}`,
    details: { plan: plan.code, refundedCents, guarantee: "used" },
  });
  return { refundedCents };
}

/**
 * The provider reports a refund of a plan payment (e.g. made in the provider's dashboard, or the
 * echo of our own refund): booked once; a live subscription left with nothing paid ends.
 */
export async function applyProviderPlanRefund(tx: Tx, paymentId: string): Promise<void> {
  const row = await tx.selectFrom("subscriptionPayments").selectAll().where("paymentId", "=", paymentId).executeTakeFirst();
  if (!row) return;
  const plan = await tx.selectFrom("plans").select("name").where("id", "=", row.planId).executeTakeFirstOrThrow();
  const amount = await refundPaymentRow(tx, row, plan.name);
  if (!amount || !row.subscriptionId) return;
  const stillPaid = await tx
    .selectFrom("subscriptionPayments")
    .select("id")
    .where("subscriptionId", "=", row.subscriptionId)
    .where("status", "=", "paid")
    .where("refundState", "=", "none")
    .executeTakeFirst();
  if (!stillPaid) {
    const at = now();
    const ended = await tx
      .updateTable("subscriptions")
      .set({ status: "refunded", endedAt: at, endReason: "refunded", updatedAt: at })
      .where("id", "=", row.subscriptionId)
      .where("status", "in", ["active", "past_due"])
      .executeTakeFirst();
    // Refunded in full at the provider (our own refund whose booking failed, or the provider's
    // dashboard): that is the member's money-back refund too.
    if (Number(ended.numUpdatedRows) === 1) await recordGuaranteeUse(tx, row.userId, row.subscriptionId, at);
  }
  await notify(tx, row.userId, "planRefunded", { plan: plan.name, amountCents: amount });
}

// ——— The renewal job ———

export interface RenewalDeps {
  /** Starts a provider checkout for a renewal and answers the absolute link to pay it (outside any transaction). */
  startRenewalCheckout?: (input: {
    userId: string;
    planId: string;
    subscriptionId: string;
    amountCents: number;
    key: string;
    locale: string;
  }) => Promise<string>;
  nowMs?: number;
}

export interface RenewalReport {
  renewed: number;
  ended: number;
  checkoutsSent: number;
  remindersSent: number;
}

async function endSubscription(
  tx: Tx,
  sub: { id: string; userId: string; planId: string; currentPeriodEnd: string; status: string },
  reason: "cancelled" | "insufficient_funds" | "unpaid",
) {
  const at = now();
  const ended = await tx
    .updateTable("subscriptions")
    .set({ status: "ended", endedAt: at, endReason: reason, updatedAt: at })
    .where("id", "=", sub.id)
    .where("status", "=", sub.status as SubscriptionStatus)
    .where("currentPeriodEnd", "=", sub.currentPeriodEnd)
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) !== 1) return false;
  const plan = await tx.selectFrom("plans").select("name").where("id", "=", sub.planId).executeTakeFirstOrThrow();
  const event = reason === "cancelled" ? "planEnded" : reason === "insufficient_funds" ? "planEndedFunds" : "planEndedUnpaid";
  await notify(tx, sub.userId, event, { plan: plan.name });
  await audit(tx, { actorId: null, action: "plan.end", subject: `subscription:${sub.id}`, details: { reason } });
  return true;
}

/**
 * Renews what is due, once per period (the period's end is in every key, and the period only moves
 * with its payment): cancelled subscriptions end; wallet subscriptions are charged (too little
 * balance ends them, with an e-mail); provider subscriptions get a new checkout link by e-mail and
 * stay open for the grace days. Also sends the trial reminders. Safe to run concurrently.
 */
export async function renewDueSubscriptions(db: Db, deps: RenewalDeps = {}): Promise<RenewalReport> {
  const nowMs = deps.nowMs ?? Date.now();
  const nowIso = new Date(nowMs).toISOString();
  const report: RenewalReport = { renewed: 0, ended: 0, checkoutsSent: 0, remindersSent: 0 };
  const due = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("status", "=", "active")
    .where("currentPeriodEnd", "<=", nowIso)
    .limit(500)
    .execute();
  for (const sub of due) {
    if (sub.cancelAtPeriodEnd === 1) {
      if (await unitOfWork(db, (tx) => endSubscription(tx, sub, "cancelled"))) report.ended++;
      continue;
    }
    const last = await db
      .selectFrom("subscriptionPayments")
      .select(["source", "planId"])
      .where("subscriptionId", "=", sub.id)
      .where("status", "=", "paid")
      .orderBy("createdAt", "desc")
      .executeTakeFirst();
    const plan = await db.selectFrom("plans").selectAll().where("id", "=", sub.planId).executeTakeFirstOrThrow();
    const amountCents = Number(plan.priceCents);
    const key = `renewal:${sub.id}:${sub.currentPeriodEnd}`;
    if (amountCents === 0) {
      await db
        .updateTable("subscriptions")
        .set({
          currentPeriodStart: sub.currentPeriodEnd,
          currentPeriodEnd: addDays(sub.currentPeriodEnd, plan.durationDays),
          updatedAt: nowIso,
        })
        .where("id", "=", sub.id)
        .where("currentPeriodEnd", "=", sub.currentPeriodEnd)
        .execute();
      continue;
    }
    if (last?.source === "provider" && deps.startRenewalCheckout) {
      if (await findPlanPaymentByKey(db, key)) continue;
      const user = await db.selectFrom("users").select("locale").where("id", "=", sub.userId).executeTakeFirstOrThrow();
      const url = await deps.startRenewalCheckout({
        userId: sub.userId,
        planId: plan.id,
        subscriptionId: sub.id,
        amountCents,
        key,
        locale: user.locale,
      });
      const sent = await unitOfWork(db, async (tx) => {
        const moved = await tx
          .updateTable("subscriptions")
          .set({ status: "past_due", updatedAt: nowIso })
          .where("id", "=", sub.id)
          .where("status", "=", "active")
          .where("currentPeriodEnd", "=", sub.currentPeriodEnd)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await notify(tx, sub.userId, "planRenewalCheckout", { plan: plan.name, amountCents, url });
        return true;
      });
      if (sent) report.checkoutsSent++;
      continue;
    }
    try {
      const renewed = await unitOfWork(db, async (tx) => {
        const paid = await payFromWallet(tx, {
          userId: sub.userId,
          amountCents,
          description: ledgerTexts().payment(plan.name),
          merchant: "Cashwise",
          idempotencyKey: key,
        });
        if (paid.replayed) return false;
        const periodEnd = addDays(sub.currentPeriodEnd, plan.durationDays);
        const moved = await tx
          .updateTable("subscriptions")
          .set({ currentPeriodStart: sub.currentPeriodEnd, currentPeriodEnd: periodEnd, updatedAt: nowIso })
          .where("id", "=", sub.id)
          .where("status", "=", "active")
          .where("currentPeriodEnd", "=", sub.currentPeriodEnd)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1)
          throw Object.assign(new Error("the subscription changed during its renewal"), { code: "40001" });
        const subscriptionPaymentId = randomUUID();
        await tx
          .insertInto("subscriptionPayments")
          .values({
            id: subscriptionPaymentId,
            userId: sub.userId,
            planId: plan.id,
            subscriptionId: sub.id,
            kind: "renewal",
            source: "wallet",
            amountCents,
            status: "paid",
            paymentId: null,
            transactionId: paid.transaction.id,
            refundTransactionId: null,
            refundedAt: null,
            periodStart: sub.currentPeriodEnd,
            periodEnd,
            idempotencyKey: key,
            paidAt: nowIso,
            createdAt: nowIso,
            updatedAt: nowIso,
          })
          .execute();
        await onSubscriptionPaid(tx, subscriptionPaymentId);
        await onPlanPaid(tx, subscriptionPaymentId);
        await notify(tx, sub.userId, "planRenewed", { plan: plan.name, amountCents, date: periodEnd.slice(0, 10) });
        await audit(tx, {
          actorId: null,
          action: "plan.renew",
          subject: `subscription:${sub.id}`,
          details: { source: "wallet", amountCents },
        });
        return true;
      });
      if (renewed) report.renewed++;
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      if (await unitOfWork(db, (tx) => endSubscription(tx, sub, "insufficient_funds"))) report.ended++;
    }
  }
  // Provider renewals nobody paid within the grace days end.
  const graceCutoff = new Date(nowMs - PROVIDER_RENEWAL_GRACE_DAYS * DAY_MS).toISOString();
  const lapsed = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("status", "=", "past_due")
    .where("currentPeriodEnd", "<=", graceCutoff)
    .limit(500)
    .execute();
  for (const sub of lapsed) {
    if (await unitOfWork(db, (tx) => endSubscription(tx, sub, "unpaid"))) report.ended++;
  }
  report.remindersSent = await sendTrialReminders(db, nowMs);
  return report;
}

/** E-mails each trial that ends within TRIAL_REMINDER_DAYS (once), unless a plan is already live. */
export async function sendTrialReminders(db: Db, nowMs = Date.now()): Promise<number> {
  const nowIso = new Date(nowMs).toISOString();
  const soon = new Date(nowMs + TRIAL_REMINDER_DAYS * DAY_MS).toISOString();
  const trials = await db
    .selectFrom("trials")
    .select(["userId", "endsAt"])
    .where("reminderSentAt", "is", null)
    .where("endsAt", ">", nowIso)
    .where("endsAt", "<=", soon)
    .limit(500)
    .execute();
  let sent = 0;
  for (const trial of trials) {
    const done = await unitOfWork(db, async (tx) => {
      const claimed = await tx
        .updateTable("trials")
        .set({ reminderSentAt: nowIso })
        .where("userId", "=", trial.userId)
        .where("reminderSentAt", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      if (await liveSubscriptionRow(tx, trial.userId)) return false;
      const days = Math.max(1, Math.ceil((new Date(trial.endsAt).getTime() - nowMs) / DAY_MS));
      await notify(tx, trial.userId, "trialEnding", { days, date: trial.endsAt.slice(0, 10) });
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

export type PlanSummary =
  { kind: "trial"; daysLeft: number } | { kind: "plan"; plan: string; date: string; ending: boolean; pastDue: boolean } | { kind: "none" };

/** What the dashboard and profile say about the subscription: the plan and its renewal date, or the trial. */
export async function planSummary(db: DbOrTx, userId: string, nowMs = Date.now()): Promise<PlanSummary> {
  const sub = await getSubscription(db, userId, nowMs);
  if (sub)
    return {
      kind: "plan",
      plan: sub.plan.name,
      date: sub.currentPeriodEnd,
      ending: sub.cancelAtPeriodEnd,
      pastDue: sub.status === "past_due",
    };
  const trial = await getTrial(db, userId, nowMs);
  if (trial?.active) return { kind: "trial", daysLeft: trial.daysLeft };
  return { kind: "none" };
}

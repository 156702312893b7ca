/**
 * The partner programme: owns `partner_commissions`. A partner (a user whose role is `partner`)
 * earns an admin-set share (setting `partnerCommissionBps`, 20 % by default) of every subscription
 * payment of a business they referred (the `referrals` row of its sign-up), for the first 12
 * months from that business's first payment.
 *
 * - Earned: `onSubscriptionPaid`, called in the unit of work that records the payment (wallet or
 *   provider). One commission per payment (`subscription_payment_id` is unique): replays add none.
 * - Held for the refund window (30 days): nothing is on the ledger yet. The hold is a promise, not
 *   money: putting it on the partner's pending-cashback account would mix it into the "Pending
 *   cashback" figure, and the ledger has no other pending account for users; the table shows it.
 * - Released by the `partner.release-due` job: held → available and an `affiliate` credit from the
 *   platform's bonuses (ledger key `commission:<id>`), once however often the job runs.
 * - Refunded (`onSubscriptionRefunded`): while held it is cancelled (nothing moved); once
 *   available it is reversed (`reverseAffiliateBonus`: taken back from the available balance, any
 *   shortfall owed and repaid from the partner's next credits).
 * Every status change is a conditional update on the row, so a release and a refund racing each
 * other resolve to one outcome.
 */
import { randomUUID } from "node:crypto";
import { now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import type { PartnerCommissionStatus } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { getSetting } from "~/settings/settings.server";
import { creditAffiliateBonus, reverseAffiliateBonus } from "~/wallet/ledger.server";

export const COMMISSION_HOLD_DAYS = 30;
export const COMMISSION_MONTHS = 12;
const DAY_MS = 86_400_000;

function addDays(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * DAY_MS).toISOString();
}

function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString();
}

function ledgerTexts() {
  const t = fixedT(DEFAULT_LOCALE, "partner");
  return {
    commission: (business: string) => t("ledger.commission", { business }),
    reversal: (business: string) => t("ledger.reversal", { business }),
  };
}

/** The partner who referred this business, if the referrer is a partner (and the referral stands). */
async function partnerOf(tx: DbOrTx, businessId: string): Promise<string | null> {
  const row = await tx
    .selectFrom("referrals")
    .innerJoin("users", "users.id", "referrals.referrerId")
    .select("referrals.referrerId")
    .where("referrals.referredUserId", "=", businessId)
    .where("referrals.status", "!=", "rejected")
    .where("users.role", "=", "partner")
    .executeTakeFirst();
  return row?.referrerId ?? null;
}

/**
 * A subscription payment was recorded as paid: the referring partner's commission on it, held
 * until `paidAt + 30 days`. Does nothing for a business no partner referred, after its first 12
 * months, or at a 0 % share; once per payment.
 */
export async function onSubscriptionPaid(tx: Tx, subscriptionPaymentId: string): Promise<void> {
  const payment = await tx.selectFrom("subscriptionPayments").selectAll().where("id", "=", subscriptionPaymentId).executeTakeFirst();
  if (!payment || payment.status !== "paid" || payment.refundState !== "none") return;
  const partnerId = await partnerOf(tx, payment.userId);
  if (!partnerId || partnerId === payment.userId) return;
  const paidAt = payment.paidAt ?? payment.updatedAt;
  const first = await tx
    .selectFrom("subscriptionPayments")
    .select((eb) => eb.fn.min("paidAt").as("firstPaidAt"))
    .where("userId", "=", payment.userId)
    .where("status", "=", "paid")
    .executeTakeFirst();
  const firstPaidAt = first?.firstPaidAt ?? paidAt;
  if (paidAt >= addMonths(firstPaidAt, COMMISSION_MONTHS)) return;
  const rateBps = await getSetting(tx, "partnerCommissionBps");
  const paymentAmountCents = Number(payment.amountCents);
  const amountCents = Math.floor((paymentAmountCents * rateBps) / 10_000);
  if (amountCents <= 0) return;
  const at = now();
  await tx
    .insertInto("partnerCommissions")
    .values({
      id: randomUUID(),
      partnerId,
      businessId: payment.userId,
      subscriptionPaymentId,
      paymentAmountCents,
      rateBps,
      amountCents,
      status: "held",
      paidAt,
      releaseAt: addDays(paidAt, COMMISSION_HOLD_DAYS),
      transactionId: null,
      reversalTransactionId: null,
      releasedAt: null,
      cancelledAt: null,
      createdAt: at,
      updatedAt: at,
    })
    .onConflict((oc) => oc.column("subscriptionPaymentId").doNothing())
    .execute();
}

async function businessName(tx: DbOrTx, businessId: string): Promise<string> {
  const row = await tx.selectFrom("users").select("name").where("id", "=", businessId).executeTakeFirst();
  return row?.name ?? "";
}

/** Releases one held commission whose window ended: available, credited once. False when it was not held. */
export async function releaseCommission(tx: Tx, commissionId: string, at = now()): Promise<boolean> {
  const moved = await tx
    .updateTable("partnerCommissions")
    .set({ status: "available", releasedAt: at, updatedAt: at })
    .where("id", "=", commissionId)
    .where("status", "=", "held")
    .where("releaseAt", "<=", at)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  const row = await tx.selectFrom("partnerCommissions").selectAll().where("id", "=", commissionId).executeTakeFirstOrThrow();
  const credit = await creditAffiliateBonus(tx, {
    userId: row.partnerId,
    amountCents: Number(row.amountCents),
    description: ledgerTexts().commission(await businessName(tx, row.businessId)),
    idempotencyKey: `commission:${row.id}`,
    metadata: { commissionId: row.id, subscriptionPaymentId: row.subscriptionPaymentId },
  });
  await tx.updateTable("partnerCommissions").set({ transactionId: credit.transaction.id }).where("id", "=", row.id).execute();
  return true;
}

/** The job: every held commission whose release date passed becomes available, each in its own unit of work. */
export async function releaseDueCommissions(db: Db, nowMs = Date.now()): Promise<{ released: number }> {
  const at = new Date(nowMs).toISOString();
  const due = await db
    .selectFrom("partnerCommissions")
    .select("id")
    .where("status", "=", "held")
    .where("releaseAt", "<=", at)
    .orderBy("releaseAt")
    .limit(500)
    .execute();
  let released = 0;
  for (const { id } of due) {
    if (await unitOfWork(db, (tx) => releaseCommission(tx, id, at))) released++;
  }
  return { released };
}

/**
 * A subscription payment was refunded: its commission is cancelled while held, or reversed (taken
 * back from the partner) once available. Once: a second call finds it settled.
 */
export async function onSubscriptionRefunded(tx: Tx, subscriptionPaymentId: string): Promise<void> {
  const at = now();
  // Moves the payment's commission from one status to another; whether it was in the first.
  const settle = async (from: "held" | "available", to: "cancelled" | "reversed") => {
    const moved = await tx
      .updateTable("partnerCommissions")
      .set({ status: to, cancelledAt: at, updatedAt: at })
      .where("subscriptionPaymentId", "=", subscriptionPaymentId)
      .where("status", "=", from)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  };
  if (await settle("held", "cancelled")) return;
  if (!(await settle("available", "reversed"))) return;
  const row = await tx
    .selectFrom("partnerCommissions")
    .selectAll()
    .where("subscriptionPaymentId", "=", subscriptionPaymentId)
    .executeTakeFirstOrThrow();
  if (!row.transactionId) throw new Error(`commission ${row.id} is available without its ledger credit`);
  const reversal = await reverseAffiliateBonus(tx, {
    transactionId: row.transactionId,
    description: ledgerTexts().reversal(await businessName(tx, row.businessId)),
  });
  await tx.updateTable("partnerCommissions").set({ reversalTransactionId: reversal.transaction.id }).where("id", "=", row.id).execute();
}

// ——— The partner's page ———

export interface PartnerBusiness {
  id: string;
  name: string;
  signedUpAt: string;
  paidCents: number;
  commissionCents: number;
}

export interface PartnerPayment {
  commissionId: string;
  businessName: string;
  planName: string;
  paidAt: string;
  paymentAmountCents: number;
  rateBps: number;
  amountCents: number;
  status: PartnerCommissionStatus;
  releaseAt: string;
}

export interface PartnerOverview {
  rateBps: number;
  heldCents: number;
  availableCents: number;
  clawedBackCents: number;
  businesses: PartnerBusiness[];
  payments: PartnerPayment[];
  /** The last 12 months (UTC), oldest first: commission earned (held or available) per month. */
  months: { month: string; cents: number }[];
}

export async function getPartnerOverview(db: DbOrTx, partnerId: string, nowMs = Date.now()): Promise<PartnerOverview> {
  const [rateBps, referred, rows] = await Promise.all([
    getSetting(db, "partnerCommissionBps"),
    db
      .selectFrom("referrals")
      .innerJoin("users", "users.id", "referrals.referredUserId")
      .select(["users.id", "users.name", "referrals.createdAt"])
      .where("referrals.referrerId", "=", partnerId)
      .where("referrals.status", "!=", "rejected")
      .orderBy("referrals.createdAt", "desc")
      .execute(),
    db
      .selectFrom("partnerCommissions as c")
      .innerJoin("users as b", "b.id", "c.businessId")
      .innerJoin("subscriptionPayments as p", "p.id", "c.subscriptionPaymentId")
      .innerJoin("plans", "plans.id", "p.planId")
      .select([
        "c.id",
        "c.businessId",
        "b.name as businessName",
        "plans.name as planName",
        "c.paidAt",
        "c.paymentAmountCents",
        "c.rateBps",
        "c.amountCents",
        "c.status",
        "c.releaseAt",
      ])
      .where("c.partnerId", "=", partnerId)
      .orderBy("c.paidAt", "desc")
      .execute(),
  ]);
  const payments: PartnerPayment[] = rows.map((row) => ({
    commissionId: row.id,
    businessName: row.businessName,
    planName: row.planName,
    paidAt: row.paidAt,
    paymentAmountCents: Number(row.paymentAmountCents),
    rateBps: Number(row.rateBps),
    amountCents: Number(row.amountCents),
    status: row.status,
    releaseAt: row.releaseAt,
  }));
  const earned = (status: PartnerCommissionStatus) => status === "held" || status === "available";
  const sum = (pick: (p: PartnerPayment) => boolean) => payments.filter(pick).reduce((total, p) => total + p.amountCents, 0);
  const businesses = referred.map((business) => {
    const own = rows.filter((row) => row.businessId === business.id);
    return {
      id: business.id,
      name: business.name,
      signedUpAt: business.createdAt,
      paidCents: own.filter((row) => earned(row.status)).reduce((total, row) => total + Number(row.paymentAmountCents), 0),
      commissionCents: own.filter((row) => earned(row.status)).reduce((total, row) => total + Number(row.amountCents), 0),
    };
  });
  const today = new Date(nowMs);
  const months = Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11 + index, 1));
    const month = date.toISOString().slice(0, 7);
    return {
      month,
      cents: payments.filter((p) => earned(p.status) && p.paidAt.slice(0, 7) === month).reduce((total, p) => total + p.amountCents, 0),
    };
  });
  return {
    rateBps,
    heldCents: sum((p) => p.status === "held"),
    availableCents: sum((p) => p.status === "available"),
    clawedBackCents: sum((p) => p.status === "reversed" || p.status === "cancelled"),
    businesses,
    payments,
    months,
  };
}

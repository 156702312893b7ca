/**
 * Loyalty points: owns `loyalty_accounts` and `loyalty_entries`, the points ledger, kept with the
 * same discipline as the money ledger.
 *
 * - Append-only: every change is an entry with its cause (a conversion, a referral, a plan payment,
 *   a redemption, an expiry, an admin) and an idempotency key (unique; the database refuses UPDATE
 *   and DELETE, migration 0052). A member's row caches the balance and the points owed (sums of
 *   their entries: `npm run ledger:verify` recomputes them) and the level.
 * - Earning is written in the unit of work of its cause: confirmed cashback (10 points per $1.00,
 *   `onCashbackConfirmed`), a paid referral (500 to the referrer), a plan payment (1 per $1.00).
 *   Points follow their cause: a return, a refund or a reversed referral takes its points back
 *   (`reverseCause`); what is no longer there (already redeemed) is recorded as owed, never a
 *   negative balance, and repaid from the next points earned.
 * - The level is the points earned in the last 12 months (rolling; a reversal counts at its
 *   earning's date; redemptions and expiry never lower it). It is raised on every earning and
 *   recomputed, up or down, by the daily job (`runLoyaltyDaily`), which tells the member. Each
 *   level has its success fee (10%, 9%, 8%, 7% of the commission), applied when a conversion is
 *   credited (`successFeeBpsFor`).
 * - Redemption (`redeemPoints`) spends whole steps (1,000 points = $5.00) into the available balance
 *   through the money ledger (from the platform's `loyalty` account), once per form key; the row
 *   lock and a conditional update mean two redemptions never spend the same points.
 * - Expiry: points expire 24 months after they were earned, oldest first (every debit spends the
 *   oldest points: `expiringBy` in rules.ts); the daily job expires what is due and warns, with a
 *   notification and an e-mail, at least 30 days before (one warning covers what expires in the
 *   next two warning periods, so a member hears at most once a month).
 *
 * Every number is an admin setting (`loyalty*`, app/settings/settings.server.ts).
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { audit } from "~/audit/audit.server";
import { dialectOf, now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import { paginate, type Page } from "~/db/paginate.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { LoyaltyCause, LoyaltyEntryKind, LoyaltyLevel } from "~/db/schema";
import { notify } from "~/notifications/notifications.server";
import { parseSetting, storedSettings, type SettingKey } from "~/settings/settings.server";
import { creditLoyaltyRedemption, IdempotencyConflictError, lockUserMoney } from "~/wallet/ledger.server";
import {
  addMonths,
  expiringBy,
  firstExpiry,
  levelFor,
  levelRank,
  nextLevel,
  pointsForCents,
  redeemablePoints,
  redemptionCents,
  type LoyaltyRules,
  type PointLot,
} from "./rules";
import { NamedError } from "~/utils/named-error";

export { IdempotencyConflictError };

const DAY_MS = 86_400_000;

/** The daily job's name (app/job-registry.server.ts). */
export const LOYALTY_DAILY_JOB = "loyalty.daily";

export class LoyaltyError extends NamedError {
  constructor(
    public readonly code: "invalid_points" | "insufficient_points" | "reason_required" | "not_found",
    message: string,
  ) {
    super(message);
  }
}

// ——— Rules ———

/** The scheme's numbers as the admin set them (one query). */
export async function loyaltyRules(db: DbOrTx): Promise<LoyaltyRules> {
  const stored = await storedSettings(db);
  const get = (key: SettingKey) => parseSetting(key, stored.get(key));
  return {
    cashbackPointsPerDollar: get("loyaltyCashbackPointsPerDollar"),
    referralPoints: get("loyaltyReferralPoints"),
    planPointsPerDollar: get("loyaltyPlanPointsPerDollar"),
    thresholds: { bronze: 0, silver: get("loyaltySilverPoints"), gold: get("loyaltyGoldPoints"), platinum: get("loyaltyPlatinumPoints") },
    feeBps: {
      bronze: get("loyaltyFeeBronzeBps"),
      silver: get("loyaltyFeeSilverBps"),
      gold: get("loyaltyFeeGoldBps"),
      platinum: get("loyaltyFeePlatinumBps"),
    },
    redeemStepPoints: get("loyaltyRedeemStepPoints"),
    redeemStepCents: get("loyaltyRedeemStepCents"),
    expiryMonths: get("loyaltyExpiryMonths"),
    expiryWarningDays: get("loyaltyExpiryWarningDays"),
    levelWindowMonths: get("loyaltyLevelWindowMonths"),
  };
}

// ——— The points ledger ———

interface AccountRow {
  balancePoints: number;
  owedPoints: number;
  level: LoyaltyLevel;
  warnedExpiryAt: string | null;
}

/** The member's points row, opened when missing and locked for the rest of the transaction (PostgreSQL; SQLite is serial). */
async function lockAccount(tx: Tx, userId: string): Promise<AccountRow> {
  const timestamp = now();
  await tx
    .insertInto("loyaltyAccounts")
    .values({ userId, createdAt: timestamp, updatedAt: timestamp })
    .onConflict((oc) => oc.column("userId").doNothing())
    .execute();
  let query = tx
    .selectFrom("loyaltyAccounts")
    .select(["balancePoints", "owedPoints", "level", "warnedExpiryAt"])
    .where("userId", "=", userId);
  if (dialectOf(tx) === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return { ...row, balancePoints: Number(row.balancePoints), owedPoints: Number(row.owedPoints) };
}

export interface LoyaltyEntry {
  id: string;
  kind: LoyaltyEntryKind;
  cause: LoyaltyCause;
  causeId: string | null;
  points: number;
  owedPoints: number;
  levelPoints: number;
  cents: number | null;
  transactionId: string | null;
  reason: string | null;
  expiresAt: string | null;
  createdAt: string;
}

const ENTRY_COLUMNS = [
  "id",
  "kind",
  "cause",
  "causeId",
  "points",
  "owedPoints",
  "levelPoints",
  "cents",
  "transactionId",
  "reason",
  "expiresAt",
  "createdAt",
] as const;

function toEntry(row: Record<(typeof ENTRY_COLUMNS)[number], unknown>): LoyaltyEntry {
  return {
    id: String(row.id),
    kind: row.kind as LoyaltyEntryKind,
    cause: row.cause as LoyaltyCause,
    causeId: (row.causeId as string | null) ?? null,
    points: Number(row.points),
    owedPoints: Number(row.owedPoints),
    levelPoints: Number(row.levelPoints),
    cents: row.cents === null || row.cents === undefined ? null : Number(row.cents),
    transactionId: (row.transactionId as string | null) ?? null,
    reason: (row.reason as string | null) ?? null,
    expiresAt: (row.expiresAt as string | null) ?? null,
    createdAt: String(row.createdAt),
  };
}

async function entryByKey(tx: DbOrTx, key: string): Promise<LoyaltyEntry | null> {
  const row = await tx.selectFrom("loyaltyEntries").select(ENTRY_COLUMNS).where("idempotencyKey", "=", key).executeTakeFirst();
  return row ? toEntry(row) : null;
}

interface NewEntry {
  userId: string;
  kind: LoyaltyEntryKind;
  cause: LoyaltyCause;
  causeId?: string | null;
  /**
   * The change asked for: positive adds (repaying what is owed first), negative takes back. A
   * take-back larger than the balance records the rest as owed when `owing` (reversals); otherwise
   * it is refused (`insufficient_points`).
   */
  points: number;
  owing?: boolean;
  levelPoints?: number;
  levelAt?: string;
  cents?: number | null;
  transactionId?: string | null;
  reason?: string | null;
  actorId?: string | null;
  key: string;
  at?: string;
  rules: LoyaltyRules;
}

/**
 * Writes one entry, once per key (the replay answers the first entry), and applies it to the
 * member's cached balance and points owed in the same transaction. The account row is locked
 * first, so entries of one member are written one at a time.
 */
async function post(
  tx: Tx,
  input: NewEntry,
  account?: AccountRow,
): Promise<{ entry: LoyaltyEntry; replayed: boolean; account: AccountRow }> {
  const locked = account ?? (await lockAccount(tx, input.userId));
  const existing = await entryByKey(tx, input.key);
  if (existing) return { entry: existing, replayed: true, account: locked };
  const at = input.at ?? now();
  let points = input.points;
  let owed = 0;
  if (points > 0 && locked.owedPoints > 0) {
    const repaid = Math.min(locked.owedPoints, points);
    points -= repaid;
    owed = -repaid;
  } else if (points < 0 && -points > locked.balancePoints) {
    if (!input.owing) throw new LoyaltyError("insufficient_points", `${-points} points asked, ${locked.balancePoints} held`);
    owed = -points - locked.balancePoints;
    points = -locked.balancePoints;
  }
  const entry: LoyaltyEntry = {
    id: randomUUID(),
    kind: input.kind,
    cause: input.cause,
    causeId: input.causeId ?? null,
    points,
    owedPoints: owed,
    levelPoints: input.levelPoints ?? 0,
    cents: input.cents ?? null,
    transactionId: input.transactionId ?? null,
    reason: input.reason ?? null,
    expiresAt: points > 0 ? addMonths(at, input.rules.expiryMonths) : null,
    createdAt: at,
  };
  await tx
    .insertInto("loyaltyEntries")
    .values({ ...entry, userId: input.userId, levelAt: input.levelAt ?? at, actorId: input.actorId ?? null, idempotencyKey: input.key })
    .execute();
  if (points !== 0 || owed !== 0) {
    const updated = await tx
      .updateTable("loyaltyAccounts")
      .set({
        balancePoints: sql<number>`balance_points + ${points}`,
        owedPoints: sql<number>`owed_points + ${owed}`,
        updatedAt: now(),
      })
      .where("userId", "=", input.userId)
      .where(sql<boolean>`balance_points + ${points} >= 0`)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new LoyaltyError("insufficient_points", "the balance changed");
  }
  return {
    entry,
    replayed: false,
    account: { ...locked, balancePoints: locked.balancePoints + points, owedPoints: locked.owedPoints + owed },
  };
}

/** Options of an earning written with its cause: `at` backdates it (the demo seed), `quiet` tells nobody. */
export interface EarnOptions {
  at?: string;
  quiet?: boolean;
}

/** Adds a cause's points (`rules`: the caller's, which computed them) and raises the level if it is reached. */
async function earn(
  tx: Tx,
  rules: LoyaltyRules,
  input: { userId: string; cause: LoyaltyCause; causeId: string; points: number; cents: number | null; key: string },
  options: EarnOptions,
): Promise<LoyaltyEntry | null> {
  if (input.points <= 0) return null;
  const at = options.at ?? now();
  const { entry, replayed, account } = await post(tx, {
    ...input,
    kind: "earn",
    levelPoints: input.points,
    levelAt: at,
    key: input.key,
    at,
    rules,
  });
  if (!replayed) await raiseLevel(tx, input.userId, account, rules, options.quiet ?? false);
  return entry;
}

/**
 * Takes back what a cause earned, down to `keepPoints` (0: all of it), once per key: from the
 * balance, the rest recorded as owed. The level loses the points at their earning's date (it only
 * goes down at the daily job).
 */
async function reverseCause(
  tx: Tx,
  input: { userId: string; cause: LoyaltyCause; causeId: string; keepPoints: number; key: string },
): Promise<LoyaltyEntry | null> {
  const earned = await tx
    .selectFrom("loyaltyEntries")
    .select((eb) => [eb.fn.sum<number | string | null>("levelPoints").as("net"), eb.fn.min<string | null>("levelAt").as("earnedAt")])
    .where("userId", "=", input.userId)
    .where("cause", "=", input.cause)
    .where("causeId", "=", input.causeId)
    .executeTakeFirst();
  const net = Number(earned?.net ?? 0);
  const taken = net - Math.max(0, input.keepPoints);
  if (taken <= 0 || !earned?.earnedAt) return null;
  const rules = await loyaltyRules(tx);
  const { entry } = await post(tx, {
    userId: input.userId,
    kind: "reverse",
    cause: input.cause,
    causeId: input.causeId,
    points: -taken,
    owing: true,
    levelPoints: -taken,
    levelAt: earned.earnedAt,
    key: input.key,
    rules,
  });
  return entry;
}

// ——— Causes: cashback, referrals, plans ———

/** Confirmed cashback earns its points (10 per $1.00 by default), once per conversion. */
export async function onCashbackConfirmed(
  tx: Tx,
  input: { userId: string; conversionId: string; cashbackCents: number },
  options: EarnOptions = {},
): Promise<LoyaltyEntry | null> {
  const rules = await loyaltyRules(tx);
  return earn(
    tx,
    rules,
    {
      userId: input.userId,
      cause: "cashback",
      causeId: input.conversionId,
      points: pointsForCents(input.cashbackCents, rules.cashbackPointsPerDollar),
      cents: input.cashbackCents,
      key: `cashback:${input.conversionId}`,
    },
    options,
  );
}

/**
 * Returned cashback takes its points back: what is kept earns in proportion to what was earned on
 * it (a full return takes all). Once per kept amount, like the money's return.
 */
export async function onCashbackReturned(
  tx: Tx,
  input: { userId: string; conversionId: string; keptCents: number },
): Promise<LoyaltyEntry | null> {
  const original = await entryByKey(tx, `cashback:${input.conversionId}`);
  if (!original || !original.cents) return null;
  const keepPoints = Math.floor((original.levelPoints * Math.max(0, input.keptCents)) / original.cents);
  return reverseCause(tx, {
    userId: input.userId,
    cause: "cashback",
    causeId: input.conversionId,
    keepPoints,
    key: `cashback-return:${input.conversionId}:${input.keptCents}`,
  });
}

/** A paid referral earns the referrer their points, once per referral. */
export async function onReferralPaid(
  tx: Tx,
  input: { referrerId: string; referralId: string },
  options: EarnOptions = {},
): Promise<LoyaltyEntry | null> {
  const rules = await loyaltyRules(tx);
  return earn(
    tx,
    rules,
    {
      userId: input.referrerId,
      cause: "referral",
      causeId: input.referralId,
      points: rules.referralPoints,
      cents: null,
      key: `referral:${input.referralId}`,
    },
    options,
  );
}

/** A reversed referral bonus takes the referrer's points back. */
export async function onReferralReversed(tx: Tx, input: { referrerId: string; referralId: string }): Promise<LoyaltyEntry | null> {
  return reverseCause(tx, {
    userId: input.referrerId,
    cause: "referral",
    causeId: input.referralId,
    keepPoints: 0,
    key: `referral-reversal:${input.referralId}`,
  });
}

/** A plan payment earns points (1 per $1.00 by default), once per payment. */
export async function onPlanPaid(tx: Tx, subscriptionPaymentId: string, options: EarnOptions = {}): Promise<LoyaltyEntry | null> {
  const payment = await tx
    .selectFrom("subscriptionPayments")
    .select(["userId", "amountCents", "status", "paidAt"])
    .where("id", "=", subscriptionPaymentId)
    .executeTakeFirst();
  if (!payment || payment.status !== "paid") return null;
  const rules = await loyaltyRules(tx);
  const cents = Number(payment.amountCents);
  return earn(
    tx,
    rules,
    {
      userId: payment.userId,
      cause: "plan",
      causeId: subscriptionPaymentId,
      points: pointsForCents(cents, rules.planPointsPerDollar),
      cents,
      key: `plan:${subscriptionPaymentId}`,
    },
    { at: options.at ?? payment.paidAt ?? undefined, quiet: options.quiet },
  );
}

/** A refunded plan payment takes its points back. */
export async function onPlanRefunded(tx: Tx, subscriptionPaymentId: string): Promise<LoyaltyEntry | null> {
  const payment = await tx.selectFrom("subscriptionPayments").select("userId").where("id", "=", subscriptionPaymentId).executeTakeFirst();
  if (!payment) return null;
  return reverseCause(tx, {
    userId: payment.userId,
    cause: "plan",
    causeId: subscriptionPaymentId,
    keepPoints: 0,
    key: `plan-refund:${subscriptionPaymentId}`,
  });
}

// ——— Levels ———

/** Points earned in the level window ending at `atMs` (reversals at their earning's date; redemptions and expiry don't count). */
export async function levelPointsOf(db: DbOrTx, userId: string, rules: LoyaltyRules, atMs = Date.now()): Promise<number> {
  const from = addMonths(new Date(atMs).toISOString(), -rules.levelWindowMonths);
  const row = await db
    .selectFrom("loyaltyEntries")
    .select((eb) => eb.fn.sum<number | string | null>("levelPoints").as("points"))
    .where("userId", "=", userId)
    .where("levelAt", ">", from)
    .where("levelAt", "<=", new Date(atMs).toISOString())
    .executeTakeFirst();
  return Math.max(0, Number(row?.points ?? 0));
}

async function setLevel(tx: Tx, userId: string, level: LoyaltyLevel, atMs: number): Promise<void> {
  await tx
    .updateTable("loyaltyAccounts")
    .set({ level, levelChangedAt: new Date(atMs).toISOString(), updatedAt: now() })
    .where("userId", "=", userId)
    .execute();
}

/** After an earning (a backdated one too): a level the points of the window up to now reach is granted at once (never lowered here). */
async function raiseLevel(tx: Tx, userId: string, account: AccountRow, rules: LoyaltyRules, quiet: boolean) {
  const atMs = Date.now();
  const reached = levelFor(await levelPointsOf(tx, userId, rules, atMs), rules);
  if (levelRank(reached) <= levelRank(account.level)) return;
  await setLevel(tx, userId, reached, atMs);
  account.level = reached;
  if (!quiet) await notify(tx, userId, "loyaltyLevelUp", { context: reached, feePercent: rules.feeBps[reached] / 100 });
}

/** The level the member holds now (Bronze without points). */
export async function levelOf(db: DbOrTx, userId: string): Promise<LoyaltyLevel> {
  const row = await db.selectFrom("loyaltyAccounts").select("level").where("userId", "=", userId).executeTakeFirst();
  return row?.level ?? "bronze";
}

/**
 * The success fee a store page shows: a signed-in member's level and its fee ("your rate"), or
 * for a visitor (`userId` null) no level and Bronze's fee; `baseFeeBps` is Bronze's, the fee
 * without any level.
 */
export async function memberFee(
  db: DbOrTx,
  userId: string | null,
): Promise<{ level: LoyaltyLevel | null; feeBps: number; baseFeeBps: number }> {
  const [level, rules] = await Promise.all([userId ? levelOf(db, userId) : null, loyaltyRules(db)]);
  return { level, feeBps: rules.feeBps[level ?? "bronze"], baseFeeBps: rules.feeBps.bronze };
}

/** The success fee on the member's next conversion, by their level (basis points of the commission). */
export async function successFeeBpsFor(db: DbOrTx, userId: string): Promise<number> {
  const [level, rules] = await Promise.all([levelOf(db, userId), loyaltyRules(db)]);
  return rules.feeBps[level];
}

// ——— Redemption ———

export interface Redemption {
  points: number;
  cents: number;
  transactionId: string;
  replayed: boolean;
}

/**
 * Redeems whole steps of points into the available balance, once per key (the form's): the
 * points entry and the money movement share the key, and the account row is locked, so a double
 * submit replays and two different redemptions never spend the same points. Never lowers the level.
 */
export async function redeemPoints(
  tx: Tx,
  input: { userId: string; points: number; idempotencyKey: string; quiet?: boolean },
): Promise<Redemption> {
  const rules = await loyaltyRules(tx);
  const cents = redemptionCents(input.points, rules);
  if (cents === null)
    throw new LoyaltyError("invalid_points", `${input.points} is not a whole number of ${rules.redeemStepPoints}-point steps`);
  const key = `redeem:${input.userId}:${input.idempotencyKey}`;
  // The member's money first, then their points: the order of every earning (its money moves, then
  // its points follow), so a redemption and an earning never wait for each other in a circle.
  await lockUserMoney(tx, input.userId);
  const account = await lockAccount(tx, input.userId);
  const existing = await entryByKey(tx, key);
  if (existing) {
    if (existing.points !== -input.points) throw new IdempotencyConflictError(key);
    return { points: input.points, cents: existing.cents ?? 0, transactionId: existing.transactionId ?? "", replayed: true };
  }
  if (account.balancePoints < input.points)
    throw new LoyaltyError("insufficient_points", `${input.points} points asked, ${account.balancePoints} held`);
  const money = await creditLoyaltyRedemption(tx, {
    userId: input.userId,
    amountCents: cents,
    points: input.points,
    description: "Loyalty points redeemed",
    idempotencyKey: input.idempotencyKey,
  });
  await post(
    tx,
    {
      userId: input.userId,
      kind: "redeem",
      cause: "redemption",
      causeId: money.transaction.id,
      points: -input.points,
      cents,
      transactionId: money.transaction.id,
      key,
      rules,
    },
    account,
  );
  if (!input.quiet) await notify(tx, input.userId, "loyaltyRedeemed", { points: input.points, amountCents: cents });
  return { points: input.points, cents, transactionId: money.transaction.id, replayed: false };
}

// ——— Admin adjustments ———

/**
 * An admin's manual adjustment (reason required, audited): a credit adds points (repaying what is
 * owed first) and counts for the level; a debit never takes more than the balance. Once per key.
 */
export async function adjustPoints(
  tx: Tx,
  input: { userId: string; points: number; reason: string; adminId: string; idempotencyKey: string; clientAddress?: string | null },
): Promise<{ entry: LoyaltyEntry; replayed: boolean }> {
  const reason = input.reason.trim();
  if (!reason) throw new LoyaltyError("reason_required", "a reason is required");
  if (!Number.isSafeInteger(input.points) || input.points === 0)
    throw new LoyaltyError("invalid_points", "points must be a whole number other than 0");
  const user = await tx.selectFrom("users").select("id").where("id", "=", input.userId).executeTakeFirst();
  if (!user) throw new LoyaltyError("not_found", "no such member");
  const rules = await loyaltyRules(tx);
  const before = await lockAccount(tx, input.userId);
  const result = await post(
    tx,
    {
      userId: input.userId,
      kind: "adjust",
      cause: "admin",
      points: input.points,
      levelPoints: input.points,
      reason,
      actorId: input.adminId,
      key: `adjust:${input.userId}:${input.idempotencyKey}`,
      rules,
    },
    before,
  );
  if (result.replayed) return result;
  await audit(tx, {
    actorId: input.adminId,
    action: "loyalty.adjusted",
    subject: `user:${input.userId}`,
    before: { balancePoints: before.balancePoints },
    after: { balancePoints: result.account.balancePoints },
    details: { points: input.points, reason, owedPoints: result.account.owedPoints },
    clientAddress: input.clientAddress ?? null,
  });
  await notify(tx, input.userId, "loyaltyAdjusted", { points: input.points, reason });
  if (input.points > 0) await raiseLevel(tx, input.userId, result.account, rules, false);
  return result;
}

// ——— Expiry and the daily job ———

async function lotsOf(db: DbOrTx, userId: string): Promise<{ lots: PointLot[]; spent: number }> {
  const [lots, spent] = await Promise.all([
    db
      .selectFrom("loyaltyEntries")
      .select(["points", "expiresAt"])
      .where("userId", "=", userId)
      .where("points", ">", 0)
      .orderBy("expiresAt")
      .execute(),
    db
      .selectFrom("loyaltyEntries")
      .select((eb) => eb.fn.sum<number | string | null>("points").as("spent"))
      .where("userId", "=", userId)
      .where("points", "<", 0)
      .executeTakeFirst(),
  ]);
  return {
    lots: lots.map((lot) => ({ points: Number(lot.points), expiresAt: lot.expiresAt ?? "9999-12-31T00:00:00.000Z" })),
    spent: -Number(spent?.spent ?? 0),
  };
}

export interface DailyReport {
  members: number;
  expiredPoints: number;
  warned: number;
  levelsUp: number;
  levelsDown: number;
}

/**
 * One member's day: expires what is due (oldest first), warns about what expires soon, and
 * recomputes the level (down as well as up), telling the member. Its own unit of work; run twice
 * on a day, the second changes nothing (the expiry's key is the member and the day).
 */
export async function runLoyaltyDay(tx: Tx, userId: string, atMs: number): Promise<Omit<DailyReport, "members">> {
  const rules = await loyaltyRules(tx);
  const account = await lockAccount(tx, userId);
  const nowIso = new Date(atMs).toISOString();
  const report = { expiredPoints: 0, warned: 0, levelsUp: 0, levelsDown: 0 };
  const { lots, spent } = await lotsOf(tx, userId);
  const due = expiringBy(lots, spent, nowIso);
  if (due > 0) {
    const { replayed } = await post(
      tx,
      { userId, kind: "expire", cause: "expiry", points: -due, key: `expire:${userId}:${nowIso.slice(0, 10)}`, at: nowIso, rules },
      account,
    );
    if (!replayed) {
      report.expiredPoints = due;
      account.balancePoints -= due;
      await notify(tx, userId, "loyaltyPointsExpired", { points: due, months: rules.expiryMonths });
    }
  }
  const spentNow = spent + report.expiredPoints;
  const windowEnd = new Date(atMs + rules.expiryWarningDays * DAY_MS).toISOString();
  const warnedUntil = account.warnedExpiryAt ?? nowIso;
  if (windowEnd > warnedUntil && expiringBy(lots, spentNow, windowEnd) > expiringBy(lots, spentNow, warnedUntil)) {
    const coverEnd = new Date(atMs + 2 * rules.expiryWarningDays * DAY_MS).toISOString();
    const points = expiringBy(lots, spentNow, coverEnd);
    const first = firstExpiry(lots, spentNow);
    await tx.updateTable("loyaltyAccounts").set({ warnedExpiryAt: coverEnd, updatedAt: now() }).where("userId", "=", userId).execute();
    await notify(tx, userId, "loyaltyPointsExpiring", { points, expiryDay: (first ?? windowEnd).slice(0, 10) });
    report.warned = 1;
  }
  const level = levelFor(await levelPointsOf(tx, userId, rules, atMs), rules);
  if (level !== account.level) {
    const up = levelRank(level) > levelRank(account.level);
    await setLevel(tx, userId, level, atMs);
    await notify(tx, userId, up ? "loyaltyLevelUp" : "loyaltyLevelDown", {
      context: level,
      feePercent: rules.feeBps[level] / 100,
      months: rules.levelWindowMonths,
    });
    if (up) report.levelsUp = 1;
    else report.levelsDown = 1;
  }
  return report;
}

/** The daily loyalty job: every member with points, each in their own unit of work. */
export async function runLoyaltyDaily(db: Db, options: { now?: Date } = {}): Promise<DailyReport> {
  const atMs = (options.now ?? new Date()).getTime();
  const members = await db.selectFrom("loyaltyAccounts").select("userId").orderBy("userId").execute();
  const report: DailyReport = { members: members.length, expiredPoints: 0, warned: 0, levelsUp: 0, levelsDown: 0 };
  for (const { userId } of members) {
    const day = await unitOfWork(db, (tx) => runLoyaltyDay(tx, userId, atMs));
    report.expiredPoints += day.expiredPoints;
    report.warned += day.warned;
    report.levelsUp += day.levelsUp;
    report.levelsDown += day.levelsDown;
  }
  return report;
}

// ——— Reading ———

export interface LoyaltySummary {
  balancePoints: number;
  owedPoints: number;
  level: LoyaltyLevel;
  /** Points earned in the level window. */
  levelPoints: number;
  next: { level: LoyaltyLevel; fromPoints: number; missingPoints: number } | null;
  feeBps: number;
  expiringSoon: { points: number; firstDay: string } | null;
  redeemablePoints: number;
  rules: LoyaltyRules;
}

/** What the loyalty page, the dashboard card and the admin's member page show. */
export async function loyaltySummary(db: DbOrTx, userId: string, atMs = Date.now()): Promise<LoyaltySummary> {
  const rules = await loyaltyRules(db);
  const nowIso = new Date(atMs).toISOString();
  const from = addMonths(nowIso, -rules.levelWindowMonths);
  const windowEnd = new Date(atMs + rules.expiryWarningDays * DAY_MS).toISOString();
  // One pass over the member's entries: the level's points, what was spent, and what falls due soon.
  const [account, sums] = await Promise.all([
    db.selectFrom("loyaltyAccounts").select(["balancePoints", "owedPoints", "level"]).where("userId", "=", userId).executeTakeFirst(),
    db
      .selectFrom("loyaltyEntries")
      .select([
        sql<number | string | null>`sum(case when level_at > ${from} and level_at <= ${nowIso} then level_points else 0 end)`.as(
          "levelPoints",
        ),
        sql<number | string | null>`sum(case when points < 0 then -points else 0 end)`.as("spent"),
        sql<number | string | null>`sum(case when points > 0 and expires_at <= ${windowEnd} then points else 0 end)`.as("dueSoon"),
      ])
      .where("userId", "=", userId)
      .executeTakeFirst(),
  ]);
  const level = account?.level ?? "bronze";
  const balance = Number(account?.balancePoints ?? 0);
  const points = Math.max(0, Number(sums?.levelPoints ?? 0));
  const spent = Number(sums?.spent ?? 0);
  const soon = Math.max(0, Number(sums?.dueSoon ?? 0) - spent);
  const following = nextLevel(level);
  let expiringSoon: LoyaltySummary["expiringSoon"] = null;
  if (soon > 0) {
    // Which day the oldest of them goes: only the lots due in the window can hold it.
    const lots = await db
      .selectFrom("loyaltyEntries")
      .select(["points", "expiresAt"])
      .where("userId", "=", userId)
      .where("points", ">", 0)
      .where("expiresAt", "<=", windowEnd)
      .orderBy("expiresAt")
      .execute();
    const first = firstExpiry(
      lots.map((lot) => ({ points: Number(lot.points), expiresAt: lot.expiresAt ?? windowEnd })),
      spent,
    );
    expiringSoon = { points: soon, firstDay: (first ?? windowEnd).slice(0, 10) };
  }
  return {
    balancePoints: balance,
    owedPoints: Number(account?.owedPoints ?? 0),
    level,
    levelPoints: points,
    next: following
      ? { level: following, fromPoints: rules.thresholds[following], missingPoints: Math.max(0, rules.thresholds[following] - points) }
      : null,
    feeBps: rules.feeBps[level],
    expiringSoon,
    redeemablePoints: redeemablePoints(balance, rules),
    rules,
  };
}

/** The dashboard card's part of the summary (no rules: the card shows none). */
export async function loyaltyCard(db: DbOrTx, userId: string, atMs = Date.now()) {
  const { balancePoints, level, next, expiringSoon, redeemablePoints } = await loyaltySummary(db, userId, atMs);
  return { balancePoints, level, next, expiringSoon, redeemablePoints };
}

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_FILTERS = ["all", "earned", "spent"] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

/** The member's entries, newest first: all, earned (earnings and additions) or spent (redemptions, expiry, reversals). */
export async function loyaltyHistory(
  db: DbOrTx,
  userId: string,
  options: { filter?: HistoryFilter; page?: number } = {},
): Promise<Page<LoyaltyEntry>> {
  let base = db.selectFrom("loyaltyEntries").where("userId", "=", userId);
  if (options.filter === "earned") base = base.where((eb) => eb.or([eb("points", ">", 0), eb("owedPoints", "<", 0)]));
  if (options.filter === "spent") base = base.where((eb) => eb.or([eb("points", "<", 0), eb("owedPoints", ">", 0)]));
  const page = await paginate(base, (query) => query.select(ENTRY_COLUMNS).orderBy("createdAt", "desc").orderBy("id"), {
    page: options.page,
    pageSize: HISTORY_PAGE_SIZE,
  });
  return { ...page, items: page.items.map(toEntry) };
}

export interface LoyaltyTotals {
  /** Points members hold (what redeeming all of it would cost, in cents). */
  outstandingPoints: number;
  outstandingCents: number;
  /** Points members owe (reversals after a redemption). */
  owedPoints: number;
  members: Record<LoyaltyLevel, number>;
}

/** The back office's figures: the points owed to members, and how many members hold each level. */
export async function loyaltyTotals(db: DbOrTx): Promise<LoyaltyTotals> {
  const [sums, levels, rules] = await Promise.all([
    db
      .selectFrom("loyaltyAccounts")
      .select((eb) => [
        eb.fn.sum<number | string | null>("balancePoints").as("balance"),
        eb.fn.sum<number | string | null>("owedPoints").as("owed"),
      ])
      .executeTakeFirst(),
    db
      .selectFrom("loyaltyAccounts")
      .select((eb) => ["level", eb.fn.countAll<number | string>().as("n")])
      .groupBy("level")
      .execute(),
    loyaltyRules(db),
  ]);
  const outstanding = Number(sums?.balance ?? 0);
  const members: Record<LoyaltyLevel, number> = { bronze: 0, silver: 0, gold: 0, platinum: 0 };
  for (const row of levels) members[row.level] = Number(row.n);
  return {
    outstandingPoints: outstanding,
    outstandingCents: Math.floor(outstanding / rules.redeemStepPoints) * rules.redeemStepCents,
    owedPoints: Number(sums?.owed ?? 0),
    members,
  };
}

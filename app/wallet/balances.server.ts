/**
 * The wallet's read model: owns every balance and aggregate a screen shows, each with one name
 * and one meaning. Balances come from the ledger's accounts (cached sums of their postings):
 *
 * - available: what the user can spend; withdrawable is available minus card top-ups on hold;
 * - pending cashback: reported by a store, not yet confirmed (the dashboard's "Pending" card);
 * - withdrawals in progress: held for payouts that are pending or processing;
 * - owed: what a reversed top-up left unpaid, repaid from the next credits.
 *
 * Aggregates: total cashback (confirmed), earned this month (confirmed cashback and bonuses; never
 * one's own top-ups), growth (this month so far against the same days of last month), top stores,
 * and the monthly statement built from the available account's postings with a running balance.
 * Nothing here writes.
 */
import type { DbOrTx } from "~/db/db.server";
import { heldDepositsCents, receivableAccount, toTransaction, userAccount, type LedgerTransaction } from "./ledger.server";
import type { TransactionType } from "~/db/schema";

export interface Balances {
  availableCents: number;
  pendingCashbackCents: number;
  withdrawalsInProgressCents: number;
  owedCents: number;
  /** Card top-ups still on hold (counted in available, not withdrawable yet). */
  onHoldCents: number;
  withdrawableCents: number;
}

export async function getBalances(db: DbOrTx, userId: string): Promise<Balances> {
  const ids = [userAccount(userId, "available"), userAccount(userId, "pending_cashback"), userAccount(userId, "withdrawals"), receivableAccount(userId)];
  const [rows, held] = await Promise.all([
    db.selectFrom("ledgerAccounts").select(["id", "balanceCents"]).where("id", "in", ids).execute(),
    heldDepositsCents(db, userId),
  ]);
  const of = (id: string) => Number(rows.find((row) => row.id === id)?.balanceCents ?? 0);
  const availableCents = of(ids[0]!);
  const onHoldCents = Math.min(held, availableCents);
  return {
    availableCents,
    pendingCashbackCents: of(ids[1]!),
    withdrawalsInProgressCents: of(ids[2]!),
    owedCents: Math.max(0, -of(ids[3]!)),
    onHoldCents,
    withdrawableCents: availableCents - onHoldCents,
  };
}

/** A balance recomputed from its postings (what the cached balance must always equal). */
export async function balanceFromPostings(db: DbOrTx, accountId: string): Promise<number> {
  const row = await db
    .selectFrom("postings")
    .select((eb) => eb.fn.sum<number | string | null>("amountCents").as("total"))
    .where("accountId", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

export async function getTransaction(db: DbOrTx, userId: string, transactionId: string): Promise<LedgerTransaction | undefined> {
  const row = await db.selectFrom("transactions").selectAll().where("id", "=", transactionId).where("userId", "=", userId).executeTakeFirst();
  return row ? toTransaction(row) : undefined;
}

/** What counts as earned: confirmed cashback and bonuses. Top-ups are the user's own money. */
export const EARNING_TYPES: readonly TransactionType[] = ["cashback", "referral", "affiliate"];

export interface EarningsSummary {
  /** Confirmed cashback and bonuses, all time (the profile's "Total Earned"). */
  totalEarnedCents: number;
  purchases: number;
  cashbackOrders: number;
  referrals: number;
}

export async function earningsSummary(db: DbOrTx, userId: string): Promise<EarningsSummary> {
  const row = await db
    .selectFrom("transactions")
    .where("userId", "=", userId)
    .where("status", "=", "completed")
    .select((eb) => [
      eb.fn.sum<number | string | null>(eb.case().when("type", "in", [...EARNING_TYPES]).then(eb.ref("amountCents")).else(0).end()).as("earned"),
      eb.fn.sum<number | string | null>(eb.case().when("type", "=", "purchase").then(1).else(0).end()).as("purchases"),
      eb.fn.sum<number | string | null>(eb.case().when("type", "=", "cashback").then(1).else(0).end()).as("cashbackOrders"),
      eb.fn.sum<number | string | null>(eb.case().when("type", "=", "referral").then(1).else(0).end()).as("referrals"),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalEarnedCents: Number(row.earned ?? 0),
    purchases: Number(row.purchases ?? 0),
    cashbackOrders: Number(row.cashbackOrders ?? 0),
    referrals: Number(row.referrals ?? 0),
  };
}

export interface DashboardFigures {
  /** Confirmed cashback, all time. */
  totalCashbackCents: number;
  /** Confirmed cashback and bonuses since the first of this month. */
  earnedThisMonthCents: number;
  /** Cashback reported by stores and not confirmed yet (the pending cashback account). */
  pendingCashbackCents: number;
  /** Earned this month so far against the same days of last month, in percent (null without any then). */
  growthPercent: number | null;
  topStores: Array<{ merchant: string; orders: number; slug: string | null; logo: string | null; cashbackRateBps: number | null }>;
}

export async function dashboardFigures(db: DbOrTx, userId: string, nowMs = Date.now()): Promise<DashboardFigures> {
  const now = new Date(nowMs);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  // The same point in last month (clamped to its last day): a fair comparison on the 5th.
  const lastMonthDays = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).getUTCDate();
  const samePointLastMonth = new Date(
    Date.UTC(lastMonthStart.getUTCFullYear(), lastMonthStart.getUTCMonth(), Math.min(now.getUTCDate(), lastMonthDays), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds()),
  ).toISOString();
  const [months, byStore, pending] = await Promise.all([
    db
      .selectFrom("transactions")
      .where("userId", "=", userId)
      .where("createdAt", ">=", lastMonthStart.toISOString())
      .where("status", "=", "completed")
      .where("direction", "=", "credit")
      .where("type", "in", [...EARNING_TYPES])
      .select((eb) => [
        eb.fn.sum<number | string | null>(eb.case().when("createdAt", ">=", monthStart).then(eb.ref("amountCents")).else(0).end()).as("thisMonth"),
        eb.fn
          .sum<number | string | null>(eb.case().when(eb.and([eb("createdAt", "<", monthStart), eb("createdAt", "<", samePointLastMonth)])).then(eb.ref("amountCents")).else(0).end())
          .as("lastMonth"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("transactions")
      .select(["merchant", (eb) => eb.fn.countAll<number | string>().as("orders"), (eb) => eb.fn.sum<number | string>("amountCents").as("total")])
      .where("userId", "=", userId)
      .where("type", "=", "cashback")
      .where("status", "=", "completed")
      .groupBy("merchant")
      .execute(),
    db.selectFrom("ledgerAccounts").select("balanceCents").where("id", "=", userAccount(userId, "pending_cashback")).executeTakeFirst(),
  ]);
  const thisMonth = Number(months.thisMonth ?? 0);
  const lastMonth = Number(months.lastMonth ?? 0);
  const ranked = byStore
    .filter((store) => store.merchant)
    .map((store) => ({ merchant: store.merchant!, orders: Number(store.orders) }))
    .sort((a, b) => b.orders - a.orders || a.merchant.localeCompare(b.merchant))
    .slice(0, 4);
  const stores = ranked.length
    ? await db.selectFrom("stores").select(["name", "slug", "logo", "cashbackRateBps"]).where("name", "in", ranked.map((store) => store.merchant)).execute()
    : [];
  return {
    totalCashbackCents: byStore.reduce((sum, store) => sum + Number(store.total), 0),
    earnedThisMonthCents: thisMonth,
    pendingCashbackCents: Number(pending?.balanceCents ?? 0),
    growthPercent: lastMonth > 0 ? Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10 : null,
    topStores: ranked.map((store) => {
      const known = stores.find((candidate) => candidate.name === store.merchant);
      return { ...store, slug: known?.slug ?? null, logo: known?.logo ?? null, cashbackRateBps: known?.cashbackRateBps ?? null };
    }),
  };
}

export interface StatementLine {
  entryId: string;
  transaction: LedgerTransaction;
  effectiveAt: string;
  memo: string;
  /** Signed: what this entry did to the available balance. */
  amountCents: number;
  /** The available balance after this line. */
  balanceCents: number;
}

export interface Statement {
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
}

/**
 * The monthly statement of the available balance: every posting to it with an effective date in
 * [start, end), oldest first, each with the running balance. Opening + lines = closing.
 */
export async function availableStatement(db: DbOrTx, userId: string, bounds: { start: string; end: string }): Promise<Statement> {
  const account = userAccount(userId, "available");
  const [opening, rows] = await Promise.all([
    db
      .selectFrom("postings")
      .innerJoin("ledgerEntries", "ledgerEntries.id", "postings.entryId")
      .select((eb) => eb.fn.sum<number | string | null>("postings.amountCents").as("total"))
      .where("postings.accountId", "=", account)
      .where("ledgerEntries.effectiveAt", "<", bounds.start)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("postings")
      .innerJoin("ledgerEntries", "ledgerEntries.id", "postings.entryId")
      .innerJoin("transactions", "transactions.id", "ledgerEntries.transactionId")
      .selectAll("transactions")
      .select(["postings.entryId", "postings.amountCents as postingCents", "ledgerEntries.effectiveAt", "ledgerEntries.memo", "ledgerEntries.createdAt as entryCreatedAt"])
      .where("postings.accountId", "=", account)
      .where("ledgerEntries.effectiveAt", ">=", bounds.start)
      .where("ledgerEntries.effectiveAt", "<", bounds.end)
      .orderBy("ledgerEntries.effectiveAt")
      .orderBy("ledgerEntries.createdAt")
      .orderBy("postings.entryId")
      .execute(),
  ]);
  const openingCents = Number(opening.total ?? 0);
  let running = openingCents;
  const lines = rows.map((row) => {
    const amountCents = Number(row.postingCents);
    running += amountCents;
    return { entryId: row.entryId, transaction: toTransaction(row), effectiveAt: row.effectiveAt ?? row.entryCreatedAt, memo: row.memo, amountCents, balanceCents: running };
  });
  return { openingCents, lines, closingCents: running };
}

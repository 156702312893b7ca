/**
 * The wallet's read model: owns every balance and aggregate a screen shows, each with one name
 * and one meaning. A user's balances come from their ledger accounts (cached sums of their
 * postings); the platform's own accounts keep no cached balance and are summed from their postings
 * (`accountBalances`, for the admin's views):
 *
 * - available: what the user can spend; withdrawable is available minus card top-ups on hold;
 * - pending cashback: reported by a store, not yet confirmed (the dashboard's "Pending" card);
 * - withdrawals in progress: held for payouts that are pending or processing;
 * - owed: what a reversed top-up left unpaid, repaid from the next credits.
 *
 * Aggregates: lifetime cashback (confirmed), cashback this month (confirmed cashback only; never
 * one's own top-ups or bonuses), growth (this month's cashback so far against the same days of last
 * month), earned (confirmed cashback and bonuses, the profile's figure), top stores,
 * and the monthly statement built from the available account's postings with a running balance.
 * Nothing here writes.
 */
import { memberRateOf } from "./fee";
import { sql } from "kysely";
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
  const ids = [
    userAccount(userId, "available"),
    userAccount(userId, "pending_cashback"),
    userAccount(userId, "withdrawals"),
    receivableAccount(userId),
  ];
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

/**
 * Every ledger account with its balance: a user's accounts and receivables from their cached
 * balance, the platform's own accounts (which keep none, see `derivesBalance`) summed from their
 * postings through the index on (account_id, amount_cents). Meant as a subquery:
 * `db.selectFrom(accountBalances(db).as("b"))…`.
 */
export function accountBalances(db: DbOrTx) {
  return db.selectFrom("ledgerAccounts as a").select([
    "a.id",
    "a.userId",
    "a.kind",
    sql<number | string>`case when a.user_id is null and a.kind <> 'receivables'
        then coalesce((select sum(p.amount_cents) from postings p where p.account_id = a.id), 0)
        else a.balance_cents end`.as("balanceCents"),
  ]);
}

/** A balance recomputed from its postings (what a cached balance must always equal; a platform account's balance). */
export async function balanceFromPostings(db: DbOrTx, accountId: string): Promise<number> {
  const row = await db
    .selectFrom("postings")
    .select((eb) => eb.fn.sum<number | string | null>("amountCents").as("total"))
    .where("accountId", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

export async function getTransaction(db: DbOrTx, userId: string, transactionId: string): Promise<LedgerTransaction | undefined> {
  const row = await db
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", transactionId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row ? toTransaction(row) : undefined;
}

/** What counts as earned: confirmed cashback and bonuses. Top-ups are the user's own money. */
export const EARNING_TYPES: readonly TransactionType[] = ["cashback", "referral", "affiliate"];

export interface EarningsSummary {
  /** Confirmed cashback and bonuses, all time (the profile's "Total Earned"). */
  totalEarnedCents: number;
  /** Purchases at partner stores that Cashwise tracked: cashback reported, pending or confirmed. */
  purchases: number;
  cashbackOrders: number;
  referrals: number;
}

export async function earningsSummary(db: DbOrTx, userId: string): Promise<EarningsSummary> {
  const row = await db
    .selectFrom("transactions")
    .where("userId", "=", userId)
    .where("status", "in", ["completed", "pending"])
    .select((eb) => {
      const done = eb("status", "=", "completed");
      return [
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.and([done, eb("type", "in", [...EARNING_TYPES])]))
              .then(eb.ref("amountCents"))
              .else(0)
              .end(),
          )
          .as("earned"),
        eb.fn.sum<number | string | null>(eb.case().when("type", "=", "cashback").then(1).else(0).end()).as("purchases"),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.and([done, eb("type", "=", "cashback")]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("cashbackOrders"),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.and([done, eb("type", "=", "referral")]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("referrals"),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    totalEarnedCents: Number(row.earned ?? 0),
    purchases: Number(row.purchases ?? 0),
    cashbackOrders: Number(row.cashbackOrders ?? 0),
    referrals: Number(row.referrals ?? 0),
  };
}

export interface DashboardFigures {
  /** Confirmed cashback, all time ("Lifetime cashback"). */
  lifetimeCashbackCents: number;
  /** Confirmed cashback since the first of this month (UTC); never top-ups or bonuses. */
  cashbackThisMonthCents: number;
  /** Confirmed cashback in last month up to the same day and time ("the same days of last month"). */
  cashbackSameDaysLastMonthCents: number;
  /** Cashback reported by stores and not confirmed yet (the pending cashback account). */
  pendingCashbackCents: number;
  /** This month's cashback so far against the same days of last month, in percent (null without any then). */
  growthPercent: number | null;
  /** The compared period of last month, for the chip's label (ISO dates, inclusive). */
  comparedWith: { from: string; to: string };
  /** `cashbackRateBps`: the member's base rate at the store (90% of the network's). */
  topStores: Array<{ merchant: string; orders: number; slug: string | null; logo: string | null; cashbackRateBps: number | null }>;
}

export async function dashboardFigures(db: DbOrTx, userId: string, nowMs = Date.now()): Promise<DashboardFigures> {
  const now = new Date(nowMs);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  // The same point in last month (clamped to its last day): a fair comparison on the 5th.
  const lastMonthDays = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).getUTCDate();
  const samePoint = new Date(
    Date.UTC(
      lastMonthStart.getUTCFullYear(),
      lastMonthStart.getUTCMonth(),
      Math.min(now.getUTCDate(), lastMonthDays),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
    ),
  );
  const samePointLastMonth = samePoint.toISOString();
  const [months, byStore, pending] = await Promise.all([
    db
      .selectFrom("transactions")
      .where("userId", "=", userId)
      .where("createdAt", ">=", lastMonthStart.toISOString())
      .where("status", "=", "completed")
      .where("type", "=", "cashback")
      .select((eb) => [
        eb.fn
          .sum<number | string | null>(eb.case().when("createdAt", ">=", monthStart).then(eb.ref("amountCents")).else(0).end())
          .as("thisMonth"),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.and([eb("createdAt", "<", monthStart), eb("createdAt", "<", samePointLastMonth)]))
              .then(eb.ref("amountCents"))
              .else(0)
              .end(),
          )
          .as("lastMonth"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("transactions")
      .select([
        "merchant",
        (eb) => eb.fn.countAll<number | string>().as("orders"),
        (eb) => eb.fn.sum<number | string>("amountCents").as("total"),
      ])
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
    ? await db
        .selectFrom("stores")
        .select(["name", "slug", "logo", "cashbackRateBps"])
        .where(
          "name",
          "in",
          ranked.map((store) => store.merchant),
        )
        .execute()
    : [];
  return {
    lifetimeCashbackCents: byStore.reduce((sum, store) => sum + Number(store.total), 0),
    cashbackThisMonthCents: thisMonth,
    cashbackSameDaysLastMonthCents: lastMonth,
    pendingCashbackCents: Number(pending?.balanceCents ?? 0),
    growthPercent: lastMonth > 0 ? Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10 : null,
    comparedWith: { from: lastMonthStart.toISOString().slice(0, 10), to: samePointLastMonth.slice(0, 10) },
    topStores: ranked.map((store) => {
      const known = stores.find((candidate) => candidate.name === store.merchant);
      return {
        ...store,
        slug: known?.slug ?? null,
        logo: known?.logo ?? null,
        cashbackRateBps: known ? memberRateOf(known.cashbackRateBps) : null,
      };
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
      .select([
        "postings.entryId",
        "postings.amountCents as postingCents",
        "ledgerEntries.effectiveAt",
        "ledgerEntries.memo",
        "ledgerEntries.createdAt as entryCreatedAt",
      ])
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
    return {
      entryId: row.entryId,
      transaction: toTransaction(row),
      effectiveAt: row.effectiveAt ?? row.entryCreatedAt,
      memo: row.memo,
      amountCents,
      balanceCents: running,
    };
  });
  return { openingCents, lines, closingCents: running };
}

export interface BalancePoint {
  /** The day (UTC, YYYY-MM-DD); the balance is its closing available balance. */
  day: string;
  balanceCents: number;
}

/**
 * The available balance at the end of each of the last `days` days (today included), from the
 * account's postings by effective date: the balance card's history chart. One statement: the
 * account's cached balance beside its postings effective since the first day (a range of the index
 * on account and effective date); the balance before them is the cached one less them, so a
 * member's older postings are never read.
 */
export async function balanceHistory(db: DbOrTx, userId: string, days: number, nowMs = Date.now()): Promise<BalancePoint[]> {
  const account = userAccount(userId, "available");
  const today = new Date(nowMs);
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1)));
  const start = first.toISOString();
  const rows = await db
    .selectFrom("ledgerAccounts")
    .leftJoin("postings", (join) => join.onRef("postings.accountId", "=", "ledgerAccounts.id").on("postings.effectiveAt", ">=", start))
    .select(["ledgerAccounts.balanceCents", "postings.amountCents", "postings.effectiveAt"])
    .where("ledgerAccounts.id", "=", account)
    .execute();
  const byDay = new Map<string, number>();
  let recent = 0;
  for (const row of rows) {
    if (row.amountCents == null || row.effectiveAt == null) continue;
    const day = String(row.effectiveAt).slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + Number(row.amountCents));
    recent += Number(row.amountCents);
  }
  let running = Number(rows[0]?.balanceCents ?? 0) - recent;
  const points: BalancePoint[] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    running += byDay.get(day) ?? 0;
    points.push({ day, balanceCents: running });
  }
  return points;
}

export interface CashbackMonth {
  /** YYYY-MM (UTC). */
  month: string;
  confirmedCents: number;
  pendingCents: number;
}

/** Cashback per month over the last `months` months (this one included): confirmed and still pending. */
export async function cashbackByMonth(db: DbOrTx, userId: string, months: number, nowMs = Date.now()): Promise<CashbackMonth[]> {
  const now = new Date(nowMs);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const rows = await db
    .selectFrom("transactions")
    .select(["createdAt", "status", "amountCents"])
    .where("userId", "=", userId)
    .where("type", "=", "cashback")
    .where("status", "in", ["completed", "pending"])
    .where("createdAt", ">=", first.toISOString())
    .execute();
  const result: CashbackMonth[] = [];
  for (let i = 0; i < months; i++) {
    const month = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1)).toISOString().slice(0, 7);
    result.push({ month, confirmedCents: 0, pendingCents: 0 });
  }
  for (const row of rows) {
    const bucket = result.find((candidate) => candidate.month === String(row.createdAt).slice(0, 7));
    if (!bucket) continue;
    if (row.status === "completed") bucket.confirmedCents += Number(row.amountCents);
    else bucket.pendingCents += Number(row.amountCents);
  }
  return result;
}

/**
 * The back office's figures: owns reading the business's state for `/admin/dashboard`. Accounts
 * (total, verified, new per day over 30 days), what the platform owes its users (the sum of the
 * users' ledger balances, and what users owe back), withdrawals pending and processing, the cashback
 * pipeline per week (members' share by conversion status), and the money the platform moved:
 * deposits credited, its cashback margin, referral bonuses and partner commissions paid. Every sum
 * comes from the ledger (accounts and transactions); nothing here writes.
 */
import { sql } from "kysely";
import type { DbOrTx } from "~/db/db.server";
import { balanceFromPostings } from "~/wallet/balances.server";
import { platformAccount } from "~/wallet/ledger.server";

const DAY_MS = 86_400_000;

export interface DayCount {
  /** YYYY-MM-DD (UTC). */
  date: string;
  count: number;
}

export interface CashbackWeek {
  /** The Monday (UTC) that starts the week, YYYY-MM-DD. */
  week: string;
  pendingCents: number;
  confirmedCents: number;
  declinedCents: number;
}

export interface AdminOverview {
  users: { total: number; verified: number; partners: number; suspended: number; newLast30Days: number; perDay: DayCount[] };
  /** The sum of every user account's balance (available, pending cashback, withdrawals in flight). */
  owedToUsersCents: number;
  owedByUsersCents: number;
  withdrawals: { pending: { count: number; cents: number }; processing: { count: number; cents: number } };
  cashbackWeeks: CashbackWeek[];
  deposits: { last30DaysCents: number; allTimeCents: number };
  /** The platform's share of network commissions: the `cashback_margin` account's balance. */
  marginCents: number;
  bonusesPaidCents: number;
  commissionsPaidCents: number;
}

const num = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The Monday of the (UTC) week holding `ms`. */
function weekStart(ms: number): string {
  const date = new Date(ms);
  const offset = (date.getUTCDay() + 6) % 7;
  return isoDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - offset));
}

async function userFigures(db: DbOrTx, nowMs: number): Promise<AdminOverview["users"]> {
  const since = isoDay(nowMs - 29 * DAY_MS);
  const totals = await db
    .selectFrom("users")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.count<number | string>("emailVerifiedAt").as("verified"),
      eb.fn.count<number | string>("suspendedAt").as("suspended"),
      eb.fn.sum<number | string | null>(eb.case().when("role", "=", "partner").then(1).else(0).end()).as("partners"),
    ])
    .executeTakeFirstOrThrow();
  const days = await db
    .selectFrom("users")
    .select([sql<string>`substr(created_at, 1, 10)`.as("day"), (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("createdAt", ">=", `${since}T00:00:00.000Z`)
    .groupBy(sql`substr(created_at, 1, 10)`)
    .execute();
  const byDay = new Map(days.map((row) => [row.day, num(row.count)]));
  const perDay = Array.from({ length: 30 }, (_, i) => {
    const date = isoDay(nowMs - (29 - i) * DAY_MS);
    return { date, count: byDay.get(date) ?? 0 };
  });
  return {
    total: num(totals.total),
    verified: num(totals.verified),
    partners: num(totals.partners),
    suspended: num(totals.suspended),
    newLast30Days: perDay.reduce((sum, day) => sum + day.count, 0),
    perDay,
  };
}

async function cashbackWeeks(db: DbOrTx, nowMs: number, weeks: number): Promise<CashbackWeek[]> {
  const first = weekStart(nowMs - (weeks - 1) * 7 * DAY_MS);
  const rows = await db
    .selectFrom("conversions")
    .select([sql<string>`substr(occurred_at, 1, 10)`.as("day"), "status", (eb) => eb.fn.sum<number | string>("cashbackCents").as("cents")])
    .where("occurredAt", ">=", `${first}T00:00:00.000Z`)
    .where("status", "in", ["pending", "confirmed", "declined", "reversed"])
    .groupBy([sql`substr(occurred_at, 1, 10)`, "status"])
    .execute();
  const result: CashbackWeek[] = Array.from({ length: weeks }, (_, i) => ({
    week: weekStart(Date.parse(`${first}T00:00:00.000Z`) + i * 7 * DAY_MS),
    pendingCents: 0,
    confirmedCents: 0,
    declinedCents: 0,
  }));
  const index = new Map(result.map((week, i) => [week.week, i]));
  for (const row of rows) {
    const week = result[index.get(weekStart(Date.parse(`${row.day}T00:00:00.000Z`))) ?? -1];
    if (!week) continue;
    const cents = num(row.cents);
    if (row.status === "pending") week.pendingCents += cents;
    else if (row.status === "confirmed") week.confirmedCents += cents;
    else week.declinedCents += cents;
  }
  return result;
}

async function sumCompleted(db: DbOrTx, type: "referral" | "affiliate"): Promise<number> {
  const row = await db
    .selectFrom("transactions")
    .select((eb) => eb.fn.sum<number | string | null>("amountCents").as("cents"))
    .where("type", "=", type)
    .where("status", "=", "completed")
    .where("direction", "=", "credit")
    .executeTakeFirstOrThrow();
  return num(row.cents);
}

export async function adminOverview(db: DbOrTx, nowMs = Date.now()): Promise<AdminOverview> {
  const [users, ledger, margin, withdrawals, weeks, deposits, bonusesPaidCents, commissionsPaidCents] = await Promise.all([
    userFigures(db, nowMs),
    db
      .selectFrom("ledgerAccounts")
      .select((eb) => [
        eb.fn.sum<number | string | null>(eb.case().when("userId", "is not", null).then(eb.ref("balanceCents")).else(0).end()).as("owed"),
        eb.fn
          .sum<number | string | null>(eb.case().when("kind", "=", "receivables").then(eb.ref("balanceCents")).else(0).end())
          .as("receivable"),
      ])
      .executeTakeFirstOrThrow(),
    // The platform's accounts keep no cached balance: the margin is the sum of its postings.
    balanceFromPostings(db, platformAccount("cashback_margin")),
    db
      .selectFrom("withdrawals")
      .select([
        "state",
        (eb) => eb.fn.countAll<number | string>().as("count"),
        (eb) => eb.fn.sum<number | string>("amountCents").as("cents"),
      ])
      .where("state", "in", ["pending", "processing"])
      .groupBy("state")
      .execute(),
    cashbackWeeks(db, nowMs, 12),
    db
      .selectFrom("transactions")
      .select((eb) => [
        eb.fn.sum<number | string | null>("amountCents").as("all"),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when("createdAt", ">=", new Date(nowMs - 30 * DAY_MS).toISOString())
              .then(eb.ref("amountCents"))
              .else(0)
              .end(),
          )
          .as("recent"),
      ])
      .where("type", "=", "deposit")
      .where("direction", "=", "credit")
      .where("status", "=", "completed")
      .executeTakeFirstOrThrow(),
    sumCompleted(db, "referral"),
    sumCompleted(db, "affiliate"),
  ]);
  const state = (name: "pending" | "processing") => {
    const row = withdrawals.find((w) => w.state === name);
    return { count: num(row?.count), cents: num(row?.cents) };
  };
  return {
    users,
    owedToUsersCents: num(ledger.owed),
    // Receivable accounts are negative while a user owes the platform.
    owedByUsersCents: -num(ledger.receivable),
    withdrawals: { pending: state("pending"), processing: state("processing") },
    cashbackWeeks: weeks,
    deposits: { last30DaysCents: num(deposits.recent), allTimeCents: num(deposits.all) },
    marginCents: margin,
    bonusesPaidCents,
    commissionsPaidCents,
  };
}

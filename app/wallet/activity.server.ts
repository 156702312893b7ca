/**
 * Wallet activity: reads a user's transactions for the screens (the filtered and paginated
 * transactions list with its summary, the CSV export, the dashboard's history panel). Balances and
 * aggregates live in the read model (`balances.server.ts`); nothing here writes.
 */
import { sql, type SelectQueryBuilder } from "kysely";
import type { Db, DbOrTx } from "~/db/db.server";
import { likePattern } from "~/db/like";
import { TRANSACTION_TYPES, type Database, type TransactionStatus, type TransactionType, type WithdrawalState } from "~/db/schema";
import { toTransaction, type LedgerTransaction } from "./ledger.server";
import { countOf } from "~/db/paginate.server";
import { pageWindow } from "~/db/paginate.server";

export const TRANSACTIONS_PAGE_SIZE = 20;

/** A transaction as the lists show it: a withdrawal also says where it is on the payout desk. */
export type ActivityItem = LedgerTransaction & { withdrawalState: WithdrawalState | null };

async function withStates(db: DbOrTx, items: LedgerTransaction[]): Promise<ActivityItem[]> {
  const ids = items.filter((item) => item.type === "withdrawal").map((item) => item.id);
  const states = ids.length
    ? await db.selectFrom("withdrawals").select(["transactionId", "state"]).where("transactionId", "in", ids).execute()
    : [];
  return items.map((item) => ({ ...item, withdrawalState: states.find((row) => row.transactionId === item.id)?.state ?? null }));
}
import { DATE_RANGES, type DateRange } from "./filters";

export { DATE_RANGES, type DateRange };

export interface TransactionFilters {
  query?: string;
  type?: TransactionType;
  status?: TransactionStatus;
  range?: DateRange;
  /** Custom range, inclusive, as YYYY-MM-DD (UTC days). */
  from?: string;
  to?: string;
}

/** The [start, end) ISO bounds of a date range, in UTC days. */
export function rangeBounds(filters: TransactionFilters, nowMs = Date.now()): { start?: string; end?: string } {
  const today = new Date(nowMs);
  const dayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const iso = (ms: number) => new Date(ms).toISOString();
  switch (filters.range) {
    case "today":
      return { start: iso(dayStart) };
    case "week":
      return { start: iso(dayStart - 6 * 86_400_000) };
    case "month":
      return { start: iso(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)) };
    case "custom": {
      const valid = (value?: string) =>
        value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
      const from = valid(filters.from);
      const to = valid(filters.to);
      return {
        start: from ? `${from}T00:00:00.000Z` : undefined,
        end: to ? iso(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000) : undefined,
      };
    }
    default:
      return {};
  }
}

function filtered(db: Db, userId: string, filters: TransactionFilters, nowMs?: number) {
  let query: SelectQueryBuilder<Database, "transactions", object> = db.selectFrom("transactions").where("userId", "=", userId);
  if (filters.type) query = query.where("type", "=", filters.type);
  if (filters.status) query = query.where("status", "=", filters.status);
  const { start, end } = rangeBounds(filters, nowMs);
  if (start) query = query.where("createdAt", ">=", start);
  if (end) query = query.where("createdAt", "<", end);
  if (filters.query?.trim()) {
    const pattern = likePattern(filters.query);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(description)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(merchant, ''))`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(order_id, ''))`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/**
 * The cards above the list, over exactly the rows the filters select (every page): money in and
 * money out, completed and pending apart, each a positive sum of its rows' amounts. Failed rows
 * count in none of them.
 */
export interface TransactionSummary {
  inCents: number;
  outCents: number;
  pendingInCents: number;
  pendingOutCents: number;
}

export async function listTransactions(
  db: Db,
  userId: string,
  filters: TransactionFilters,
  options: { page?: number; pageSize?: number; nowMs?: number } = {},
): Promise<{ items: ActivityItem[]; page: number; pageCount: number; total: number; summary: TransactionSummary }> {
  const pageSize = options.pageSize ?? TRANSACTIONS_PAGE_SIZE;
  const base = filtered(db, userId, filters, options.nowMs);
  const totals = await base
    .select((eb) => {
      const sumOf = (status: TransactionStatus, direction: "credit" | "debit") =>
        eb.fn.sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb("status", "=", status), eb("direction", "=", direction)]))
            .then(eb.ref("amountCents"))
            .else(0)
            .end(),
        );
      return [
        eb.fn.countAll<number | string>().as("count"),
        sumOf("completed", "credit").as("moneyIn"),
        sumOf("completed", "debit").as("moneyOut"),
        sumOf("pending", "credit").as("pendingIn"),
        sumOf("pending", "debit").as("pendingOut"),
      ];
    })
    .executeTakeFirstOrThrow();
  const total = countOf(totals.count);
  const { page, pageCount, offset } = pageWindow(total, options.page, pageSize);
  const rows = await base.selectAll().orderBy("createdAt", "desc").orderBy("id").limit(pageSize).offset(offset).execute();
  return {
    items: await withStates(db, rows.map(toTransaction)),
    page,
    pageCount,
    total,
    summary: {
      inCents: Number(totals.moneyIn ?? 0),
      outCents: Number(totals.moneyOut ?? 0),
      pendingInCents: Number(totals.pendingIn ?? 0),
      pendingOutCents: Number(totals.pendingOut ?? 0),
    },
  };
}

/** Every transaction matching the filters, newest first, for the CSV export. */
export async function exportTransactions(
  db: Db,
  userId: string,
  filters: TransactionFilters,
  nowMs?: number,
): Promise<LedgerTransaction[]> {
  const rows = await filtered(db, userId, filters, nowMs).selectAll().orderBy("createdAt", "desc").orderBy("id").limit(100_000).execute();
  return rows.map(toTransaction);
}

/** The newest transactions (optionally of one type), without totals: the dashboard's history panel. */
export async function recentTransactions(db: Db, userId: string, type: TransactionType | undefined, limit = 5): Promise<ActivityItem[]> {
  let query = db.selectFrom("transactions").selectAll().where("userId", "=", userId);
  if (type) query = query.where("type", "=", type);
  const rows = await query.orderBy("createdAt", "desc").orderBy("id").limit(limit).execute();
  return withStates(db, rows.map(toTransaction));
}

/** The transactions page's filters from its query string (unknown values are ignored). */
export function filtersFromSearch(search: URLSearchParams): TransactionFilters {
  const type = search.get("type");
  const status = search.get("status");
  const range = search.get("range");
  const types: readonly string[] = TRANSACTION_TYPES;
  const statuses: readonly string[] = ["completed", "pending", "failed"];
  return {
    query: (search.get("q") ?? "").slice(0, 100) || undefined,
    type: type && types.includes(type) ? (type as TransactionType) : undefined,
    status: status && statuses.includes(status) ? (status as TransactionStatus) : undefined,
    range: range && (DATE_RANGES as readonly string[]).includes(range) ? (range as DateRange) : "all",
    from: search.get("from") ?? undefined,
    to: search.get("to") ?? undefined,
  };
}

/** A statement month (YYYY-MM) and its [start, end) bounds; anything else is the current month. */
export function statementMonth(value: string | null, nowMs = Date.now()): { month: string; start: string; end: string } {
  const now = new Date(nowMs);
  const fallback = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const month = value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : fallback;
  const [year, m] = month.split("-").map(Number) as [number, number];
  return { month, start: new Date(Date.UTC(year, m - 1, 1)).toISOString(), end: new Date(Date.UTC(year, m, 1)).toISOString() };
}

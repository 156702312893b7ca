/**
 * Cashback activity: owns the member's read of their own cashback for `/cashback` — their
 * "Shop now" clicks (bots' clicks are recorded but never shown) newest first, each with its store
 * and the sale(s) a network reported for it (one row per conversion; a click with none is one
 * "tracked" row that says whether a missing-cashback claim can be made now or when it opens), the
 * filters of the page's query string (status, store, period), and its summary figures. Every query
 * is bound to the member: another member's clicks, conversions or claims never appear. Nothing here
 * writes; claims themselves live in `claims.server.ts`.
 */
import type { Db } from "~/db/db.server";
import type { ConversionStatus } from "~/db/schema";
import { ACTIVITY_RANGES, ACTIVITY_STATUSES, type ActivityRange, type ActivityStatusFilter } from "./activity-filters";
import { claimOpensAt, claimWindow, CLAIM_WITHIN_DAYS } from "./claims.server";
import { countOf } from "~/db/paginate.server";
import { pageWindow } from "~/db/paginate.server";

export const ACTIVITY_PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

export { ACTIVITY_RANGES, ACTIVITY_STATUSES, type ActivityRange, type ActivityStatusFilter };
/** What a row shows: "tracked", or its conversion's status. */
export type ActivityStatus = "tracked" | Exclude<ConversionStatus, "unmatched">;

export interface ActivityFilters {
  status?: ActivityStatusFilter;
  /** A store's slug. */
  store?: string;
  range: ActivityRange;
}

/** The page's filters from its query string; anything unknown is ignored (no filter). */
export function activityFiltersFromSearch(search: URLSearchParams): ActivityFilters {
  const status = search.get("status");
  const store = search.get("store");
  const range = search.get("range");
  return {
    status: status && (ACTIVITY_STATUSES as readonly string[]).includes(status) ? (status as ActivityStatusFilter) : undefined,
    store: store && /^[a-z0-9][a-z0-9-]{0,79}$/.test(store) ? store : undefined,
    range: range && (ACTIVITY_RANGES as readonly string[]).includes(range) ? (range as ActivityRange) : "all",
  };
}

/** The first instant of a period, or undefined for all time. */
export function rangeStart(range: ActivityRange, nowMs = Date.now()): string | undefined {
  return range === "all" ? undefined : new Date(nowMs - Number(range) * DAY_MS).toISOString();
}

export interface ActivityRow {
  /** The click's id, and the conversion's when there is one (unique per row). */
  key: string;
  clickId: string;
  clickedAt: string;
  store: { name: string; slug: string; logo: string | null };
  status: ActivityStatus;
  conversion: {
    id: string;
    saleAmountCents: number;
    /** What the member gets (or got, or would have got): cashback less what a return took back. */
    cashbackCents: number;
    occurredAt: string;
    /** The expected confirmation date, while pending. */
    confirmsAt: string | null;
  } | null;
  /** For a click with no reported sale: where a missing-cashback claim stands. */
  claim: { window: "tooEarly" | "open" | "tooLate"; opensAt: string; closesAt: string; submitted: number } | null;
}

export interface ActivitySummary {
  /** Cashback the stores have reported and not confirmed yet (all of it, whatever the filters). */
  pendingCents: number;
  /** Lifetime: all cashback ever confirmed, less returns. */
  confirmedCents: number;
  /** The member's clicks in the chosen period (and store, when one is chosen). */
  clicks: number;
}

export interface CashbackActivity {
  items: ActivityRow[];
  page: number;
  pageCount: number;
  total: number;
  summary: ActivitySummary;
  /** The stores the member has clicked through to, for the store filter. */
  stores: Array<{ name: string; slug: string }>;
}

function clicksOf(db: Db, userId: string, filters: ActivityFilters, nowMs: number) {
  let query = db
    .selectFrom("clicks")
    .innerJoin("stores", "stores.id", "clicks.storeId")
    .where("clicks.userId", "=", userId)
    .where("clicks.isBot", "=", 0);
  if (filters.store) query = query.where("stores.slug", "=", filters.store);
  const start = rangeStart(filters.range, nowMs);
  if (start) query = query.where("clicks.createdAt", ">=", start);
  return query;
}

function rows(db: Db, userId: string, filters: ActivityFilters, nowMs: number) {
  // Only the member's own conversions of the member's own clicks (unmatched sales have no member).
  let query = clicksOf(db, userId, filters, nowMs).leftJoin("conversions", (join) =>
    join.onRef("conversions.clickId", "=", "clicks.id").on("conversions.userId", "=", userId).on("conversions.status", "!=", "unmatched"),
  );
  if (filters.status === "tracked") query = query.where("conversions.id", "is", null);
  else if (filters.status) query = query.where("conversions.status", "=", filters.status);
  return query;
}

const money = (value: number | string | null | undefined) => Number(value ?? 0);

export async function cashbackActivity(
  db: Db,
  userId: string,
  filters: ActivityFilters,
  options: { page?: number; pageSize?: number; nowMs?: number } = {},
): Promise<CashbackActivity> {
  const nowMs = options.nowMs ?? Date.now();
  const pageSize = options.pageSize ?? ACTIVITY_PAGE_SIZE;
  const [counted, clicks, totals, stores] = await Promise.all([
    rows(db, userId, filters, nowMs)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
    clicksOf(db, userId, filters, nowMs)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("conversions")
      .where("userId", "=", userId)
      .select((eb) => [
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when("status", "=", "pending")
              .then(eb("cashbackCents", "-", eb.ref("reversedCents")))
              .else(0)
              .end(),
          )
          .as("pending"),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when("status", "=", "confirmed")
              .then(eb("cashbackCents", "-", eb.ref("reversedCents")))
              .else(0)
              .end(),
          )
          .as("confirmed"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("clicks")
      .innerJoin("stores", "stores.id", "clicks.storeId")
      .where("clicks.userId", "=", userId)
      .where("clicks.isBot", "=", 0)
      .select(["stores.name", "stores.slug"])
      .distinct()
      .orderBy("stores.name")
      .execute(),
  ]);
  const total = countOf(counted.n);
  const { page, pageCount, offset } = pageWindow(total, options.page, pageSize);
  const found = await rows(db, userId, filters, nowMs)
    .select([
      "clicks.id as clickId",
      "clicks.createdAt as clickedAt",
      "stores.name as storeName",
      "stores.slug as storeSlug",
      "stores.logo as storeLogo",
      "conversions.id as conversionId",
      "conversions.status",
      "conversions.saleAmountCents",
      "conversions.cashbackCents",
      "conversions.reversedCents",
      "conversions.occurredAt",
      "conversions.confirmsAt",
    ])
    .orderBy("clicks.createdAt", "desc")
    .orderBy("clicks.id")
    .orderBy("conversions.occurredAt", "desc")
    .orderBy("conversions.id")
    .limit(pageSize)
    .offset(offset)
    .execute();

  // How many claims the member already sent for each click shown without a sale.
  const trackedIds = [...new Set(found.filter((row) => !row.conversionId).map((row) => row.clickId))];
  const claimed = trackedIds.length
    ? await db
        .selectFrom("cashbackClaims")
        .where("userId", "=", userId)
        .where("clickId", "in", trackedIds)
        .select((eb) => ["clickId", eb.fn.countAll<number | string>().as("n")])
        .groupBy("clickId")
        .execute()
    : [];

  const items: ActivityRow[] = found.map((row) => {
    const store = { name: row.storeName, slug: row.storeSlug, logo: row.storeLogo };
    if (!row.conversionId) {
      return {
        key: row.clickId,
        clickId: row.clickId,
        clickedAt: row.clickedAt,
        store,
        status: "tracked",
        conversion: null,
        claim: {
          window: claimWindow(row.clickedAt, nowMs),
          opensAt: claimOpensAt(row.clickedAt),
          closesAt: new Date(Date.parse(row.clickedAt) + CLAIM_WITHIN_DAYS * DAY_MS).toISOString(),
          submitted: Number(claimed.find((c) => c.clickId === row.clickId)?.n ?? 0),
        },
      };
    }
    const status = row.status as ActivityStatus;
    return {
      key: `${row.clickId}:${row.conversionId}`,
      clickId: row.clickId,
      clickedAt: row.clickedAt,
      store,
      status,
      conversion: {
        id: row.conversionId,
        saleAmountCents: money(row.saleAmountCents),
        cashbackCents: money(row.cashbackCents) - money(row.reversedCents),
        occurredAt: row.occurredAt ?? row.clickedAt,
        confirmsAt: status === "pending" ? (row.confirmsAt ?? null) : null,
      },
      claim: null,
    };
  });

  return {
    items,
    page,
    pageCount,
    total,
    summary: { pendingCents: money(totals.pending), confirmedCents: money(totals.confirmed), clicks: Number(clicks.n) },
    stores,
  };
}

/**
 * The conversions desk's reading side: owns how admins list conversions (filters by status,
 * network and store, paginated, newest first) with each one's member, store and raw events. The
 * changes an admin makes (matching, imports, claims) live in their own modules.
 */
import type { DbOrTx } from "~/db/db.server";
import { CONVERSION_STATUSES, type ConversionStatus } from "~/db/schema";
import { CONVERSION_NETWORKS } from "./networks";
import { paginate } from "~/db/paginate.server";

export const CONVERSIONS_PAGE_SIZE = 25;

export interface ConversionFilters {
  status: ConversionStatus | null;
  network: string | null;
  store: string | null;
}

/** Filters from the query string; anything unknown is ignored. */
export function conversionFiltersFrom(search: URLSearchParams): ConversionFilters {
  const status = search.get("status");
  const network = search.get("network");
  const store = search.get("store")?.trim().toLowerCase() ?? "";
  return {
    status: (CONVERSION_STATUSES as readonly string[]).includes(status ?? "") ? (status as ConversionStatus) : null,
    network: (CONVERSION_NETWORKS as readonly string[]).includes(network ?? "") ? network : null,
    store: /^[a-z0-9-]{1,80}$/.test(store) ? store : null,
  };
}

export async function listConversions(db: DbOrTx, filters: ConversionFilters, page: number) {
  let query = db
    .selectFrom("conversions")
    .leftJoin("stores", "stores.id", "conversions.storeId")
    .leftJoin("users", "users.id", "conversions.userId");
  if (filters.status) query = query.where("conversions.status", "=", filters.status);
  if (filters.network) query = query.where("conversions.network", "=", filters.network);
  if (filters.store) query = query.where("stores.slug", "=", filters.store);
  return paginate(
    query,
    (base) =>
      base
        .select([
          "conversions.id",
          "conversions.network",
          "conversions.networkTransactionId",
          "conversions.clickId",
          "conversions.status",
          "conversions.reportedStatus",
          "conversions.saleAmountCents",
          "conversions.commissionCents",
          "conversions.cashbackCents",
          "conversions.reversedCents",
          "conversions.occurredAt",
          "conversions.confirmsAt",
          "conversions.updatedAt",
          "stores.name as storeName",
          "stores.slug as storeSlug",
          "users.email as userEmail",
        ])
        .orderBy("conversions.createdAt", "desc")
        .orderBy("conversions.id"),
    { page, pageSize: CONVERSIONS_PAGE_SIZE },
  );
}

/** The raw events of the listed conversions, by conversion id (oldest first). */
export async function eventsFor(db: DbOrTx, conversions: Array<{ id: string; network: string; networkTransactionId: string }>) {
  if (conversions.length === 0) return {};
  const rows = await db
    .selectFrom("conversionEvents")
    .select(["id", "network", "networkTransactionId", "source", "body", "outcome", "partId", "receivedAt"])
    .where((eb) =>
      eb.or(conversions.map((c) => eb.and([eb("network", "=", c.network), eb("networkTransactionId", "=", c.networkTransactionId)]))),
    )
    .orderBy("receivedAt")
    .limit(conversions.length * 20)
    .execute();
  const byKey = new Map(conversions.map((c) => [`${c.network}\u0000${c.networkTransactionId}`, c.id]));
  const result: Record<
    string,
    Array<{ id: string; source: string; outcome: string; partId: string | null; receivedAt: string; body: string }>
  > = {};
  for (const row of rows) {
    const id = byKey.get(`${row.network}\u0000${row.networkTransactionId}`);
    if (!id) continue;
    (result[id] ??= []).push({
      id: row.id,
      source: row.source,
      outcome: row.outcome,
      partId: row.partId,
      receivedAt: row.receivedAt,
      body: row.body.slice(0, 2_000),
    });
  }
  return result;
}

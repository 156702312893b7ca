/**
 * The stored rows of ad imports (`ad_rows`), read back for the audit (audit/audit.server.ts) and
 * the tips (tip-data.server.ts): the typed columns, the figures as numbers and the row's extras
 * parsed (an unreadable extras value reads as none). Each caller picks the extras it uses.
 */
import type { DbOrTx } from "~/db/db.server";
import { STORED_COLUMNS } from "./import/summary";
import type { AdPlatform, MatchType, NormalizedRow } from "./import/types";

/** Import ids per query (an `in` list of bounded length on both databases). */
const ID_CHUNK = 200;

/** An import as the readers choose among them (the `ad_imports` columns they read). */
export interface ImportInfo {
  id: string;
  platform: string;
  kind: string;
  granularity: "day" | "period";
  periodStart: string | null;
  periodEnd: string | null;
  importedAt: string | null;
}

/** A stored row's own columns, as the parser gave them. */
export type StoredRowFields = Pick<
  NormalizedRow,
  "line" | "day" | "campaign" | "adGroup" | "keyword" | "matchType" | "negative" | "searchTerm" | "status"
>;

export interface StoredAdRow<Extras> extends StoredRowFields {
  importId: string;
  platform: AdPlatform;
  kind: string;
  metrics: { impressions: number; clicks: number; costCents: number; conversions: number; conversionValueCents: number };
  extras: Partial<Extras>;
}

/** The rows of these imports, of the days from `from` to `to` (inclusive) when given, in no order. */
export async function readStoredRows<Extras>(
  db: DbOrTx,
  importIds: readonly string[],
  days: { from?: string | null; to?: string | null } = {},
): Promise<Array<StoredAdRow<Extras>>> {
  const rows: Array<StoredAdRow<Extras>> = [];
  for (let i = 0; i < importIds.length; i += ID_CHUNK) {
    let query = db
      .selectFrom("adRows")
      .select(["importId", "platform", "kind", ...STORED_COLUMNS])
      .where("importId", "in", importIds.slice(i, i + ID_CHUNK));
    if (days.from) query = query.where("day", ">=", days.from);
    if (days.to) query = query.where("day", "<=", days.to);
    for (const row of await query.execute()) {
      let extras: Partial<Extras> = {};
      try {
        extras = JSON.parse(row.extras) as Partial<Extras>;
      } catch {
        extras = {};
      }
      rows.push({
        importId: row.importId,
        platform: row.platform as AdPlatform,
        kind: row.kind,
        line: row.line,
        day: row.day,
        campaign: row.campaign,
        adGroup: row.adGroup,
        keyword: row.keyword,
        matchType: row.matchType as MatchType | null,
        negative: Number(row.negative) === 1,
        searchTerm: row.searchTerm,
        status: row.status,
        metrics: {
          impressions: Number(row.impressions ?? 0),
          clicks: Number(row.clicks ?? 0),
          costCents: Number(row.costCents ?? 0),
          conversions: Number(row.conversions ?? 0),
          conversionValueCents: Number(row.conversionValueCents ?? 0),
        },
        extras,
      });
    }
  }
  return rows;
}

/** A sort key putting rows oldest first (by day, then file line): the last row of an entity carries its current status and settings. */
export const storedRowOrder = (day: string | null, line: number) => `${day ?? ""}|${String(line).padStart(9, "0")}`;

/**
 * The tips' input, one import period at a time: owns choosing, per platform and report kind, the
 * single period a tip's figures come from, and loading its rows (tips.server.ts computes the tips).
 *
 * The rule (issue #26): imports of different periods are never mixed in one calculation.
 * - Per platform and kind (campaign, keyword, search term) one period is used, the latest: the one
 *   ending last, of dated imports. Day-by-day imports form one series (an import replaces the days
 *   it covers, so they never overlap): its latest `window` days (30 for campaigns and keywords, 90
 *   for search terms, the audit's windows). Otherwise the period export that ends last (of two,
 *   the later import), whole. When both end the same day the day series wins. An "All time"
 *   export is used only when the kind has nothing dated.
 * - A per-day rate divides by that period's days: the distinct days present in the day series,
 *   the inclusive day count of a period export, and none at all for "All time" (`days` null):
 *   such a file gives shares and ratios (lost impression share, cost per conversion, conversion
 *   rate), never a daily or monthly amount.
 * - Figures of different kinds are combined only as ratios (a search term's cost against the
 *   cost per conversion of the same search terms report), never as one kind's cost over another
 *   kind's days.
 * The latest Google Ads Editor keywords and campaigns exports (settings, not periods) say which
 * keywords are active and which campaigns are paused or removed.
 */
import type { DbOrTx } from "~/db/db.server";
import type { AdPlatform, BoundedValue } from "./import/types";
import { readStoredRows, storedRowOrder, type ImportInfo, type StoredRowFields } from "./stored-rows.server";
import { addDays } from "~/utils/dates";

export type { ImportInfo };

/** Days of rows a day series contributes, per kind (the audit's windows: fact sheet §5). */
export const TIP_WINDOWS: Record<TipKindOfRows, number> = { campaign: 30, keyword: 30, "search-term": 90 };
export type TipKindOfRows = "campaign" | "keyword" | "search-term";
const ROW_KINDS: TipKindOfRows[] = ["campaign", "keyword", "search-term"];

export interface PeriodChoice {
  importIds: string[];
  granularity: "day" | "period";
  /** Rows of days from `from` on (a day series' window); null: every row of the imports. */
  from: string | null;
  /** The period's bounds for a period export; null for "All time" (a day series' come from its rows). */
  start: string | null;
  end: string | null;
}

const DAY_MS = 86_400_000;
const spanDays = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
const latestFirst = (a: ImportInfo, b: ImportInfo) => (b.importedAt ?? "").localeCompare(a.importedAt ?? "") || b.id.localeCompare(a.id);

/** The one period of a platform's imports of one kind that tips use (see the module header). */
export function choosePeriod(imports: readonly ImportInfo[], window: number): PeriodChoice | null {
  const dated = imports.filter((i) => i.periodEnd !== null);
  if (!dated.length) {
    const latest = [...imports].sort(latestFirst)[0];
    return latest ? { importIds: [latest.id], granularity: latest.granularity, from: null, start: null, end: null } : null;
  }
  const days = dated.filter((i) => i.granularity === "day");
  const dayEnd =
    days
      .map((i) => i.periodEnd!)
      .sort()
      .at(-1) ?? null;
  const period = dated
    .filter((i) => i.granularity === "period")
    .sort((a, b) => b.periodEnd!.localeCompare(a.periodEnd!) || latestFirst(a, b))[0];
  if (dayEnd && (!period || dayEnd >= period.periodEnd!)) {
    const from = addDays(dayEnd, -(window - 1));
    return {
      importIds: days.filter((i) => i.periodEnd! >= from).map((i) => i.id),
      granularity: "day",
      from,
      start: null,
      end: null,
    };
  }
  return {
    importIds: [period!.id],
    granularity: "period",
    from: null,
    start: period!.periodStart ?? period!.periodEnd!,
    end: period!.periodEnd!,
  };
}

/** The period a tip's figures cover. */
export interface TipPeriod {
  /** YYYY-MM-DD; both null for an "All time" export. */
  start: string | null;
  end: string | null;
  /** What per-day rates divide by; null for "All time" (no per-day rate at all). */
  days: number | null;
}

export interface TipRow extends Omit<StoredRowFields, "line"> {
  impressions: number;
  clicks: number;
  costCents: number;
  conversions: number;
  conversionValueCents: number;
  servingStatus: string | null;
  statusReasons: string[];
  budgetCents: number | null;
  budgetType: string | null;
  impressionShare: BoundedValue | null;
  lostIsBudget: BoundedValue | null;
  addedExcluded: string | null;
  device: string | null;
  campaignStatus: string | null;
  adGroupStatus: string | null;
}

/** One platform's rows of one kind, all of one period. */
export interface TipSource {
  platform: AdPlatform;
  kind: TipKindOfRows;
  period: TipPeriod;
  rows: TipRow[];
}

export interface TipData {
  sources: TipSource[];
  /** The latest Google Ads Editor exports' rows (null when none was imported). */
  editorKeywords: TipRow[] | null;
  editorCampaigns: TipRow[] | null;
}

type Extras = {
  servingStatus?: string | null;
  statusReasons?: string[] | null;
  budgetCents?: number | null;
  budgetType?: string | null;
  impressionShare?: BoundedValue | null;
  lostIsBudget?: BoundedValue | null;
  addedExcluded?: string | null;
  device?: string | null;
  campaignStatus?: string | null;
  adGroupStatus?: string | null;
};

async function loadRows(db: DbOrTx, importIds: readonly string[], from: string | null): Promise<TipRow[]> {
  const stored = await readStoredRows<Extras>(db, importIds, { from });
  const rows = stored.map(({ extras: x, metrics, ...row }) => ({
    order: storedRowOrder(row.day, row.line),
    day: row.day,
    campaign: row.campaign,
    adGroup: row.adGroup,
    keyword: row.keyword,
    matchType: row.matchType,
    negative: row.negative,
    searchTerm: row.searchTerm,
    status: row.status,
    ...metrics,
    servingStatus: x.servingStatus ?? null,
    statusReasons: x.statusReasons ?? [],
    budgetCents: x.budgetCents ?? null,
    budgetType: x.budgetType ?? null,
    impressionShare: x.impressionShare ?? null,
    lostIsBudget: x.lostIsBudget ?? null,
    addedExcluded: x.addedExcluded ?? null,
    device: x.device ?? null,
    campaignStatus: x.campaignStatus ?? null,
    adGroupStatus: x.adGroupStatus ?? null,
  }));
  // Oldest first: the last row of an entity carries its current status and settings.
  return rows.sort((a, b) => a.order.localeCompare(b.order)).map(({ order: _order, ...row }) => row);
}

/** The client account's rows for tips: per platform and kind, the rows of one period. */
export async function loadTipData(db: DbOrTx, clientAccountId: string): Promise<TipData> {
  const imports = (await db
    .selectFrom("adImports")
    .select(["id", "platform", "kind", "granularity", "periodStart", "periodEnd", "importedAt"])
    .where("clientAccountId", "=", clientAccountId)
    .where("status", "=", "imported")
    .execute()) as ImportInfo[];
  const sources: TipSource[] = [];
  const platforms = [...new Set(imports.map((i) => i.platform))].sort();
  for (const platform of platforms) {
    for (const kind of ROW_KINDS) {
      const choice = choosePeriod(
        imports.filter((i) => i.platform === platform && i.kind === kind),
        TIP_WINDOWS[kind],
      );
      if (!choice) continue;
      let rows = await loadRows(db, choice.importIds, choice.from);
      // Device rows are segments of the same traffic: the unsegmented rows count when there are both.
      const plain = rows.filter((row) => !row.device);
      if (plain.length) rows = plain;
      if (!rows.length) continue;
      let period: TipPeriod;
      if (choice.granularity === "day" && choice.from) {
        const days = [...new Set(rows.map((row) => row.day).filter((day): day is string => day !== null))].sort();
        period = { start: days[0] ?? null, end: days.at(-1) ?? null, days: days.length || null };
      } else if (choice.start && choice.end) {
        period = { start: choice.start, end: choice.end, days: spanDays(choice.start, choice.end) };
      } else {
        period = { start: null, end: null, days: null };
      }
      sources.push({ platform: platform as AdPlatform, kind, period, rows });
    }
  }
  const latestOf = async (kind: string) => {
    const latest = imports.filter((i) => i.kind === kind).sort(latestFirst)[0];
    return latest ? loadRows(db, [latest.id], null) : null;
  };
  return { sources, editorKeywords: await latestOf("editor-keywords"), editorCampaigns: await latestOf("editor-campaigns") };
}

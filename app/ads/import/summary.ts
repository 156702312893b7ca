/**
 * An ad import's preview and packed rows, pure (no database, no Node): `summarize` turns a parsed
 * export into the preview kept on the import (kind, period, totals, warnings, a sample), and
 * `packRows` turns its rows into the arrays that are stored, in `STORED_COLUMNS` order. Used by
 * the parse worker (app/ads/import/parse-worker.ts) and by `storeImport`.
 */
import type { Selectable } from "kysely";
import type { AdRowsTable } from "~/db/schema";
import { reconcile, type Reconciliation } from "./reconcile";
import type {
  AdPlatform,
  AdReportKind,
  AdsImport,
  BreakdownDimension,
  DerivedMetrics,
  FileTotals,
  ImportWarning,
  Metrics,
  NormalizedRow,
} from "./types";

/** Rows shown in the preview. */
const SAMPLE_ROWS = 20;
/** Warnings kept in the preview (the count says how many there were). */
const KEPT_WARNINGS = 200;
/** Entity summary rows kept in the preview (a Meta breakdown export has one per campaign, ad set or ad). */
const KEPT_ENTITY_TOTALS = 50;
/** A row of the preview's sample: the stored row's columns the preview shows. */
export type SampleRow = Pick<
  Selectable<AdRowsTable>,
  "line" | "day" | "campaign" | "adGroup" | "keyword" | "matchType" | "searchTerm" | "impressions" | "clicks" | "costCents" | "conversions"
> & {
  /** A Meta breakdown row's values (`{ age: "25-34" }`); absent in older previews. */
  breakdown?: Partial<Record<BreakdownDimension, string>> | null;
};

export interface ImportSummary {
  platform: AdPlatform;
  kind: AdReportKind;
  language: string;
  granularity: "day" | "period";
  currency: string | null;
  /** YYYY-MM-DD bounds; null for "All time" or an export without dates. */
  period: { start: string; end: string } | null;
  allTime: boolean;
  title: string | null;
  /** A Meta breakdown export's dimensions (`["age", "gender"]`); null without one, absent in older previews. */
  breakdown?: BreakdownDimension[] | null;
  rows: number;
  days: number | null;
  campaigns: number;
  totals: Metrics & { derived: DerivedMetrics };
  /** The file's totals rows (at most `KEPT_ENTITY_TOTALS` entity summaries). */
  fileTotals: FileTotals[];
  /** Whether the rows add up to the file's own totals; absent in older previews (`reconcileSummary`). */
  reconciliation?: Reconciliation;
  warnings: ImportWarning[];
  warningCount: number;
  sample: SampleRow[];
}

function periodOf(parsed: AdsImport): { period: ImportSummary["period"]; allTime: boolean } {
  if (parsed.period === "all-time") return { period: null, allTime: true };
  if (parsed.period) return { period: parsed.period, allTime: false };
  const days = parsed.rows.map((row) => row.day).filter((day): day is string => day !== null);
  if (!days.length) return { period: null, allTime: false };
  days.sort();
  return { period: { start: days[0]!, end: days.at(-1)! }, allTime: false };
}

export function summarize(parsed: AdsImport): ImportSummary {
  const { period, allTime } = periodOf(parsed);
  const days = parsed.granularity === "day" ? new Set(parsed.rows.map((row) => row.day)).size : null;
  return {
    platform: parsed.platform,
    kind: parsed.kind,
    language: parsed.language,
    granularity: parsed.granularity,
    currency: parsed.currency,
    period,
    allTime,
    title: parsed.title,
    breakdown: parsed.breakdown,
    rows: parsed.rows.length,
    days,
    campaigns: new Set(parsed.rows.map((row) => row.campaign).filter(Boolean)).size,
    totals: parsed.computedTotals,
    fileTotals: keptTotals(parsed.fileTotals),
    reconciliation: reconcile(parsed),
    warnings: parsed.warnings.slice(0, KEPT_WARNINGS),
    warningCount: parsed.warnings.length,
    sample: parsed.rows.slice(0, SAMPLE_ROWS).map((row) => ({
      line: row.line,
      day: row.day,
      campaign: row.campaign,
      adGroup: row.adGroup,
      keyword: row.keyword,
      matchType: row.matchType,
      searchTerm: row.searchTerm,
      impressions: row.metrics.impressions,
      clicks: row.metrics.clicks,
      costCents: row.metrics.costCents,
      conversions: row.metrics.conversions,
      breakdown: row.extras.breakdown,
    })),
  };
}

function keptTotals(totals: readonly FileTotals[]): FileTotals[] {
  let entities = 0;
  return totals.filter((t) => t.scope !== "entity" || ++entities <= KEPT_ENTITY_TOTALS);
}

/**
 * A preview's reconciliation: the one it keeps, or for a preview kept before there was one, worked
 * out from its totals (those files had no entity summaries, so the totals are all it needs).
 */
export function reconcileSummary(summary: ImportSummary): Reconciliation {
  if (summary.reconciliation) return summary.reconciliation;
  return reconcile({
    platform: summary.platform,
    breakdown: summary.breakdown ?? null,
    rows: [],
    computedTotals: summary.totals,
    fileTotals: summary.fileTotals,
    rowCount: summary.rows,
  });
}

/**
 * A pending import's rows as they will be stored (one JSON array per row, in `STORED_COLUMNS`
 * order): storing then needs no second parse of the file (on a 100,000-row report that is half
 * the import's time).
 */
export const STORED_COLUMNS = [
  "line",
  "day",
  "campaign",
  "adGroup",
  "keyword",
  "matchType",
  "negative",
  "searchTerm",
  "status",
  "impressions",
  "clicks",
  "costCents",
  "conversions",
  "conversionValueCents",
  "extras",
] as const;
export type StoredRow = [
  number,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  number,
  string | null,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string,
];

export function packRows(rows: readonly NormalizedRow[]): string {
  const packed: StoredRow[] = rows.map((row) => [
    row.line,
    row.day,
    row.campaign,
    row.adGroup,
    row.keyword,
    row.matchType,
    row.negative ? 1 : 0,
    row.searchTerm,
    row.status,
    row.metrics.impressions,
    row.metrics.clicks,
    row.metrics.costCents,
    row.metrics.conversions,
    row.metrics.conversionValueCents,
    extrasOf(row),
  ]);
  return JSON.stringify({ columns: STORED_COLUMNS, rows: packed });
}

export function unpackRows(data: string): StoredRow[] {
  const parsed = JSON.parse(data) as { columns?: unknown; rows?: unknown };
  if (JSON.stringify(parsed.columns) !== JSON.stringify(STORED_COLUMNS) || !Array.isArray(parsed.rows))
    throw new Error("a pending import in an unknown layout");
  return parsed.rows as StoredRow[];
}

/**
 * The fields of `source` that are not null (nor, with `dropEmptyLists`, an empty list). A `for…in`:
 * no entry array for each of the fifty-odd fields of 100,000 rows.
 */
function filled(source: object, dropEmptyLists: boolean): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key in source) {
    const value = (source as Record<string, unknown>)[key];
    if (value !== null && !(dropEmptyLists && Array.isArray(value) && value.length === 0)) kept[key] = value;
  }
  return kept;
}

function extrasOf(row: NormalizedRow): string {
  const extras = filled(row.extras, false);
  if (row.ad) extras.ad = filled(row.ad, true);
  return JSON.stringify(extras);
}

/**
 * Totals reconciliation: owns comparing what an export's rows add up to with the file's own totals
 * rows (Google's `Total: …` rows, Microsoft's, Meta's summary rows), per metric and within
 * rounding, and saying the outcome in one result: the rows match, or they differ by so much per
 * metric for a known reason, or the file has no totals to compare with. `normalize.ts` turns the
 * same comparisons into its `ads.import.totalsMismatch` warnings (line by line); `summarize` keeps
 * the result in the preview. Pure TypeScript.
 *
 * Reasons a file's rows may not reach its totals: rows the platform does not list one by one
 * (Google's `Total: Other search terms`, privacy-hidden terms: fact sheet §1.1), entities the export
 * does not list (removed campaigns in Google's `Total: Account`; Meta's deleted ad sets and ads,
 * Meta help "Understand why reporting metrics may not add up", 1098122253564910), and a Meta
 * breakdown whose buckets do not hold all of the total (same article: totals against breakdowns).
 * Meta's reach is de-duplicated (the same article), so it is never compared, only noted.
 */
import { round } from "./numbers";
import type { AdPlatform, FileTotals, Metrics, NormalizedRow, TotalsScope } from "./types";

export const METRIC_KEYS = ["impressions", "clicks", "costCents", "conversions", "conversionValueCents"] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

export type ReconcileReason = "hidden-rows" | "unlisted-entities" | "breakdown-unattributed" | "unexplained";

export interface MetricDifference {
  metric: MetricKey;
  /** What the rows add up to (the rows the totals row covers). */
  rows: number;
  /** The file's own total. */
  file: number;
  /** file − rows. */
  difference: number;
}

interface Against {
  /** The totals row compared with (its line, its label as written, its scope). */
  line: number;
  label: string;
  scope: TotalsScope;
}

export type Reconciliation =
  | (Against & {
      status: "match";
      /** How many totals rows were compared (Meta breakdowns: the file's and every entity's summary). */
      checked: number;
      /** Some totals differ from the rows by rounding only (amounts to the cent per row). */
      rounding: boolean;
      /** Meta's summary reach is below the rows' sum: it counts each person once. */
      reachDeduplicated: boolean;
    })
  | (Against & {
      status: "differs";
      checked: number;
      reason: ReconcileReason;
      differences: MetricDifference[];
      reachDeduplicated: boolean;
    })
  | { status: "no-totals" };

/** How far a sum of `rows` rows may be from the file's total: amounts are rounded to the cent per row, conversions to 2 decimals. */
export function tolerance(metric: MetricKey, rows: number): number {
  if (metric === "conversions") return 0.005 * rows + 1e-6;
  if (metric === "costCents" || metric === "conversionValueCents") return Math.ceil(rows / 2);
  return 0;
}

export function sumMetrics(rows: readonly { metrics: Metrics }[]): Metrics {
  const total: Metrics = { impressions: null, clicks: null, costCents: null, conversions: null, conversionValueCents: null };
  for (const key of METRIC_KEYS) {
    let sum: number | null = null;
    for (const row of rows) {
      const value = row.metrics[key];
      if (value != null) sum = (sum ?? 0) + value;
    }
    total[key] = key === "conversions" && sum != null ? round(sum, 6) : sum;
  }
  return total;
}

/** One totals row against the rows it covers, metric by metric. */
export interface TotalsComparison extends Against {
  /** Rows summed (for the tolerance). */
  rowCount: number;
  metrics: Array<{
    metric: MetricKey;
    file: number;
    /** The rows' sum. */
    rows: number;
    /** Hidden rows' totals the file's total includes (Google's account total); 0 elsewhere. */
    hidden: number;
    /** file − (rows + hidden). */
    difference: number;
    /** Beyond rounding. */
    differs: boolean;
  }>;
}

const entityKey = (e: { campaign: string | null; adGroup: string | null; ad: string | null; day: string | null }) =>
  JSON.stringify([e.campaign, e.adGroup, e.ad, e.day]);

/**
 * Each comparable totals row (`account`, `rows`, `entity`) against the rows it covers: all rows for
 * the account and the listed rows (the account's total also includes the hidden totals), an
 * entity's rows for an entity summary (matched on campaign, ad set, ad and, when the summary has
 * one, day; a summary that leaves a level empty covers every row under the levels it names).
 */
export function compareTotals(
  rows: readonly NormalizedRow[],
  computed: Metrics,
  fileTotals: readonly FileTotals[],
  rowCount = rows.length,
): TotalsComparison[] {
  const hidden = fileTotals.filter((t) => t.scope === "hidden");
  const entities = fileTotals.filter((t) => t.scope === "entity" && t.entity);
  const byEntity = new Map<string, NormalizedRow[]>();
  if (entities.length) {
    const withDay = entities.some((t) => t.entity!.day !== null);
    for (const row of rows) {
      const key = entityKey({ campaign: row.campaign, adGroup: row.adGroup, ad: row.ad?.name ?? null, day: withDay ? row.day : null });
      const list = byEntity.get(key);
      if (list) list.push(row);
      else byEntity.set(key, [row]);
    }
  }
  const comparisons: TotalsComparison[] = [];
  for (const totals of fileTotals) {
    if (totals.scope !== "account" && totals.scope !== "rows" && totals.scope !== "entity") continue;
    let sums = computed;
    let count = rowCount;
    if (totals.scope === "entity") {
      const entity = totals.entity;
      // A summary of a higher level than the rows (a campaign's in an ad set export): the rows under it.
      const own = !entity
        ? []
        : (byEntity.get(entityKey(entity)) ??
          rows.filter(
            (row) =>
              (entity.campaign === null || row.campaign === entity.campaign) &&
              (entity.adGroup === null || row.adGroup === entity.adGroup) &&
              (entity.ad === null || row.ad?.name === entity.ad) &&
              (entity.day === null || row.day === entity.day),
          ));
      sums = sumMetrics(own);
      count = own.length;
    }
    const included = totals.scope === "account" ? hidden : [];
    const metrics: TotalsComparison["metrics"] = [];
    for (const metric of METRIC_KEYS) {
      const file = totals.metrics[metric];
      const visible = sums[metric];
      if (file == null || visible == null) continue;
      const hiddenSum = included.reduce((total, t) => total + (t.metrics[metric] ?? 0), 0);
      const raw = file - visible - hiddenSum;
      const difference = metric === "conversions" ? round(raw, 6) : raw;
      metrics.push({
        metric,
        file,
        rows: visible,
        hidden: hiddenSum,
        difference,
        differs: Math.abs(difference) > tolerance(metric, count),
      });
    }
    comparisons.push({ line: totals.line, label: totals.label, scope: totals.scope, rowCount: count, metrics });
  }
  return comparisons;
}

export interface ReconcileInput {
  platform: AdPlatform;
  breakdown: readonly string[] | null;
  rows: readonly NormalizedRow[];
  computedTotals: Metrics;
  fileTotals: readonly FileTotals[];
  /** The rows' count when `rows` is not given (a kept preview). */
  rowCount?: number;
}

const SCOPE_ORDER: TotalsScope[] = ["rows", "account", "entity"];

/** Whether the rows add up to the file's own totals (see the header), in one result. */
export function reconcile(parsed: ReconcileInput): Reconciliation {
  const comparisons = compareTotals(parsed.rows, parsed.computedTotals, parsed.fileTotals, parsed.rowCount ?? parsed.rows.length).filter(
    (c) => c.metrics.length > 0,
  );
  if (!comparisons.length) return { status: "no-totals" };
  const summaryReach = parsed.fileTotals.find((t) => t.scope === "account")?.reach;
  let rowsReach: number | null = null;
  for (const row of parsed.rows) if (row.extras.reach != null) rowsReach = (rowsReach ?? 0) + row.extras.reach;
  const reachDeduplicated = parsed.platform === "meta" && summaryReach != null && rowsReach != null && summaryReach < rowsReach;
  const byOrder = comparisons.slice().sort((a, b) => SCOPE_ORDER.indexOf(a.scope) - SCOPE_ORDER.indexOf(b.scope) || a.line - b.line);
  const failing = byOrder.find((c) => c.metrics.some((m) => m.differs));
  if (!failing) {
    const hidden = hiddenDifference(parsed.fileTotals, parsed.computedTotals);
    if (hidden) return { status: "differs", ...hidden, checked: comparisons.length, reason: "hidden-rows", reachDeduplicated };
    const main = byOrder.find((c) => c.scope === "account") ?? byOrder[0]!;
    return {
      status: "match",
      line: main.line,
      label: main.label,
      scope: main.scope,
      checked: comparisons.length,
      rounding: comparisons.some((c) => c.metrics.some((m) => m.difference !== 0)),
      reachDeduplicated,
    };
  }
  // The stored rows against the file's total (hidden rows are not stored).
  const differences: MetricDifference[] = failing.metrics
    .filter((m) => m.differs || Math.abs(m.file - m.rows) > tolerance(m.metric, failing.rowCount))
    .map((m) => {
      const difference = m.file - m.rows;
      return { metric: m.metric, rows: m.rows, file: m.file, difference: m.metric === "conversions" ? round(difference, 6) : difference };
    });
  return {
    status: "differs",
    line: failing.line,
    label: failing.label,
    scope: failing.scope,
    checked: comparisons.length,
    reason: reasonFor(failing, comparisons, parsed),
    differences,
    reachDeduplicated,
  };
}

function reasonFor(failing: TotalsComparison, all: TotalsComparison[], parsed: ReconcileInput): ReconcileReason {
  if (parsed.platform === "meta") return parsed.breakdown?.length ? "breakdown-unattributed" : "unlisted-entities";
  if (failing.scope === "account") {
    // The listed rows match their own total: the account's counts entities the export does not list.
    const listed = all.find((c) => c.scope === "rows");
    if (listed && !listed.metrics.some((m) => m.differs)) return "unlisted-entities";
  }
  return "unexplained";
}

/**
 * The stored rows against an account total that the hidden rows complete (`compareTotals` counts
 * the hidden totals into the account's, so it finds no difference there): the difference is the
 * hidden rows'. Null without hidden totals.
 */
function hiddenDifference(fileTotals: readonly FileTotals[], computed: Metrics): (Against & { differences: MetricDifference[] }) | null {
  const hidden = fileTotals.filter((t) => t.scope === "hidden");
  const account = fileTotals.find((t) => t.scope === "account");
  if (!hidden.length || !account) return null;
  const differences: MetricDifference[] = [];
  for (const metric of METRIC_KEYS) {
    const file = account.metrics[metric];
    const rows = computed[metric];
    const hiddenSum = hidden.reduce((total, t) => total + (t.metrics[metric] ?? 0), 0);
    if (file == null || rows == null || hiddenSum === 0) continue;
    differences.push({ metric, rows, file, difference: metric === "conversions" ? round(file - rows, 6) : file - rows });
  }
  return differences.length ? { line: account.line, label: account.label, scope: "account", differences } : null;
}

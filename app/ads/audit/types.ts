/**
 * The campaign auditor's results: owns the shapes an audit snapshot is kept in and the tips job
 * reads. Figures are numbers in the units the rest of the suite uses (money in integer cents of
 * the client account's currency, ratios as fractions), so pages format them. Pure types.
 */

export type Grade = "A" | "B" | "C";

/** One failing (or warning) item of a check, with the figures that made it fail. */
export interface AuditItem {
  campaign?: string | null;
  adGroup?: string | null;
  keyword?: string | null;
  matchType?: string | null;
  searchTerm?: string | null;
  /** An ad's first headline or name. */
  ad?: string | null;
  severity: "fail" | "warn";
  /**
   * Named figures: `costCents`, `clicks`, `conversions`, `lostIsBudget` (fraction), `budgetCents`…
   * A share the platform gives only as a bound (`< 10%`, `> 90%`) has its bound beside it under
   * `<name>Bound` (`below`/`above`; absent when exact): pages show it with `formatBounded`.
   */
  figures: Record<string, number | string | null>;
}

export interface CheckResult {
  /** A stable slug, e.g. `budget-limited`, `wasted-search-terms`, `zero-conversion-keywords`. */
  ruleId: string;
  category: "tracking" | "budgets" | "bidding" | "keywords" | "search-terms" | "ads" | "settings" | "meta" | "microsoft";
  /** `not-applicable` when the imports hold no data the rule needs (it is then not graded). */
  status: "graded" | "not-applicable";
  /** How many items were checked and how many failed (warnings do not count as failing). */
  audited: number;
  failing: number;
  /** A if under 5% of the items fail, B under 10%, C otherwise; null when not applicable. */
  grade: Grade | null;
  /** The failing and warning items, worst first (at most 100 kept). */
  items: AuditItem[];
  /** The thresholds the check ran with (defaults merged with the client account's own). */
  thresholds: Record<string, number>;
  /** What `audited` and `failing` count (`campaigns`, `keywords`, `search-terms`…). */
  unit?: AuditUnit;
  /** The rule's importance in the overall score (1–5). */
  weight?: number;
  /** How many items are warnings (listed, not failing). */
  warnings?: number;
  /** Check-wide figures (e.g. `wastedShare`, `ratio`), named like the items' figures. */
  summary?: Record<string, number | string | null>;
}

export type AuditUnit = "platforms" | "campaigns" | "ad-groups" | "keywords" | "search-terms" | "ads" | "ad-sets" | "reports" | "account";

export interface AuditSnapshot {
  id: string;
  clientAccountId: string;
  createdAt: string;
  /** The imports the audit ran on (a snapshot of them: later imports do not change it). */
  importIds: string[];
  period: { start: string; end: string } | null;
  /** 0–100: the share of graded checks' items that pass, weighted by rule importance. */
  score: number;
  grade: Grade;
  checks: CheckResult[];
}

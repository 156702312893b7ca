/**
 * Ad-export import: owns the types the parser returns (`AdsImport`, `NormalizedRow`, `ImportWarning`)
 * and its typed error (`AdsImportError`). Warnings and errors are codes with parameters, never
 * sentences: pages translate them. Pure TypeScript, no Node APIs.
 */
import { NamedError } from "~/utils/named-error";

export type AdPlatform = "google" | "meta" | "microsoft";

/**
 * The level of the rows. Google UI, Meta and Microsoft reports use the first five (Meta's ad set is
 * `ad-group`); Google Ads Editor exports are the four `editor-*` kinds (settings, no metrics).
 */
export type AdReportKind =
  | "campaign"
  | "ad-group"
  | "keyword"
  | "search-term"
  | "ad"
  | "editor-keywords"
  | "editor-campaigns"
  | "editor-ad-groups"
  // Google Ads Editor shared negative keyword lists on their own (`Shared set name`, no `Ad Group`
  // column): a kind of its own so that importing one does not replace the keywords export.
  | "editor-negative-lists"
  // Google Keyword Planner ("Keyword Stats …"): platform-estimated volumes, competition and bids, no metrics.
  | "keyword-planner"
  // Google Ads Auction insights: competitors' impression share and rates, no metrics.
  | "auction-insights";

export type ExportLanguage = "en" | "nl" | "de" | "fr" | "es";

/**
 * A Meta breakdown's dimension (Ads Manager ▸ Breakdown): by delivery (age, gender, country, region,
 * DMA, platform, placement, device platform, impression device) or by time of day (the ad account's
 * or the viewer's time zone). Age × gender is two dimensions.
 */
export type BreakdownDimension =
  | "age"
  | "gender"
  | "country"
  | "region"
  | "dma"
  | "platform"
  | "placement"
  | "device-platform"
  | "impression-device"
  | "time-of-day-account"
  | "time-of-day-viewer";

export type MatchType = "exact" | "phrase" | "broad" | "broad-modified";

/** A value the platform only gives as a bound (`< 10%`, `> 90%`) or exactly. Ratios are fractions (0.1 = 10%). */
export interface BoundedValue {
  value: number;
  bound: "exact" | "below" | "above";
}

export type QualityRating = "above" | "average" | "below";
export type AdStrength = "excellent" | "good" | "average" | "poor" | "pending";

export type Period = { start: string; end: string } | "all-time";

export interface Metrics {
  impressions: number | null;
  clicks: number | null;
  /** Integer cents in the file's currency. */
  costCents: number | null;
  /** A number: conversions can be fractional (data-driven attribution). */
  conversions: number | null;
  conversionValueCents: number | null;
}

/** Recomputed from the metrics (never copied from the file); null when a denominator is 0 or missing. */
export interface DerivedMetrics {
  /** Clicks / impressions, a fraction. */
  ctr: number | null;
  avgCpcCents: number | null;
  /** Cost per conversion. */
  cpaCents: number | null;
  /** Conversions / clicks, a fraction. */
  conversionRate: number | null;
  /** Conversion value / cost. */
  roas: number | null;
}

/** The kind's extra columns; null when the file has no such column or the cell is empty/`--`. */
export interface RowExtras {
  campaignType: string | null;
  servingStatus: string | null;
  device: string | null;
  budgetCents: number | null;
  budgetType: string | null;
  bidStrategyType: string | null;
  maxCpcCents: number | null;
  impressionShare: BoundedValue | null;
  lostIsBudget: BoundedValue | null;
  lostIsRank: BoundedValue | null;
  qualityScore: number | null;
  expectedCtr: QualityRating | null;
  adRelevance: QualityRating | null;
  landingPageExperience: QualityRating | null;
  /** Meta. */
  results: number | null;
  resultIndicator: string | null;
  reach: number | null;
  frequency: number | null;
  /** Meta "Clicks (all)" (link clicks are `metrics.clicks`). */
  clicksAll: number | null;
  /**
   * Google `Interactions` as written. Where the file has no `Clicks` column, a search or text ad's
   * (and a Search or Shopping campaign's) interactions are its clicks and are also `metrics.clicks`;
   * a video's views, a call ad's calls or a mixed campaign's interactions stay only here.
   */
  interactions: number | null;
  /** Google `Status reasons`, split on `;`, trimmed, lower-case (`most ads disapproved`, `search volume limited`). */
  statusReasons: string[] | null;
  /** A search term's `Added/Excluded` (`added`, `excluded`, `none`: lower-case as written). */
  addedExcluded: string | null;
  /** Editor `Networks`, split on `;` (`Google search`, `Search Partners`, `Display Network`); `[]` is an empty list. */
  networks: string[] | null;
  /** Microsoft's `Network` segment as written (`Bing and Yahoo! search`, `Syndicated search partners`, `Audience`). */
  network: string | null;
  /** Editor `Targeting method` (`Location of presence or Area of interest`, `Location of presence`). */
  targetingMethod: string | null;
  /** Editor `Broad match keywords` (`On`/`Off`). */
  broadMatchKeywords: string | null;
  /** `Target CPA` (Editor campaign or ad group, or a report column), integer cents. */
  targetCpaCents: number | null;
  /** `Target ROAS` as a ratio (`400%` → 4). */
  targetRoas: number | null;
  /** Editor `Approval Status` (`Approved`, `Disapproved`, …). */
  approvalStatus: string | null;
  /** Editor `Campaign Status` and `Ad Group Status` beside a keyword's own status. */
  campaignStatus: string | null;
  adGroupStatus: string | null;
  /**
   * Editor `Shared set name`: the shared negative keyword list of a negative (a row with a keyword)
   * or the list applied to the row's campaign (a row without one). Null elsewhere.
   */
  sharedSet: string | null;
  /** Ad report `Ad strength improvements`, split on `;` (`Add 2 more sitelinks in your ad`). */
  adStrengthImprovements: string[] | null;
  /**
   * How many `Headline N` / `Description N` columns the ad report has (a download can leave some out,
   * so an ad filling all of them may have more); null on other kinds.
   */
  headlineColumns: number | null;
  descriptionColumns: number | null;
  /** How many headlines / descriptions are pinned (`Headline N position` set); null without position columns. */
  pinnedHeadlines: number | null;
  pinnedDescriptions: number | null;
  /** Meta ad relevance diagnostics (`Below average - Bottom 35% of ads` → below; `-` → null). */
  qualityRanking: QualityRating | null;
  engagementRateRanking: QualityRating | null;
  conversionRateRanking: QualityRating | null;
  /**
   * Keyword Planner (estimates, never measured traffic): `Avg. monthly searches` exactly, or for a
   * bucket (`1K – 10K`) half its upper bound (the 50 / 500 / 5000 / 50000 mapping of the fact
   * sheet) with the bucket's bounds in `volumeLow`/`volumeHigh`; `volumeEstimated` is always true.
   */
  searchVolume: number | null;
  volumeLow: number | null;
  volumeHigh: number | null;
  volumeEstimated: boolean | null;
  competition: "low" | "medium" | "high" | null;
  /** `Competition (indexed value)`, 0–100. */
  competitionIndex: number | null;
  /** Top of page bid, low (20th percentile) and high (80th percentile) range, integer cents. */
  bidLowCents: number | null;
  bidHighCents: number | null;
  /** The Planner's trend: `Three month change` and `YoY change` as fractions (`-18%` → -0.18). */
  threeMonthChange: number | null;
  yoyChange: number | null;
  /**
   * Auction insights: the competitor's `Display URL domain` as written (`You` for the own row, with
   * `isYou`), and its rates as bounded fractions (`< 10%` → { value: 0.1, bound: "below" }); the
   * impression share is `impressionShare`. Null on other kinds and where a cell is `--`.
   */
  domain: string | null;
  isYou: boolean | null;
  overlapRate: BoundedValue | null;
  positionAboveRate: BoundedValue | null;
  topOfPageRate: BoundedValue | null;
  absTopOfPageRate: BoundedValue | null;
  outrankingShare: BoundedValue | null;
  /** A Meta breakdown row's values by dimension (`{ age: "25-34", gender: "female" }`); null without a breakdown. */
  breakdown: Partial<Record<BreakdownDimension, string>> | null;
}

export interface AdFields {
  /** Meta ad name; null for Google ads (which have no name). */
  name: string | null;
  type: string | null;
  headlines: string[];
  descriptions: string[];
  finalUrl: string | null;
  path1: string | null;
  path2: string | null;
  strength: AdStrength | null;
}

export interface NormalizedRow {
  /** 1-based line of the record in the file. */
  line: number;
  /** YYYY-MM-DD when the file has one row per day, else null (period totals are never spread over days). */
  day: string | null;
  campaign: string | null;
  adGroup: string | null;
  /** Without its match-type punctuation (`[a b]` → `a b`). */
  keyword: string | null;
  matchType: MatchType | null;
  /** Editor `Negative …` criterion types. */
  negative: boolean;
  searchTerm: string | null;
  ad: AdFields | null;
  /** Entity status as written (`Enabled`, `Paused`, Meta `active`…). */
  status: string | null;
  metrics: Metrics;
  derived: DerivedMetrics;
  extras: RowExtras;
}

/**
 * What a totals row adds up: the whole file (`account`: Google's `Total: Account`, Meta's summary
 * row), the listed rows (`rows`: `Total: Campaigns`), rows the platform does not list (`hidden`:
 * `Total: Other search terms`), a part of the file the rows do not say (`segment`: `Total: Search`),
 * or one entity's rows (`entity`: a Meta breakdown's summary row of one campaign, ad set or ad).
 */
export type TotalsScope = "account" | "rows" | "hidden" | "segment" | "entity";

export interface FileTotals {
  line: number;
  /**
   * The label cell as written (`Total: Account`, `Totaal: account`); Meta's summary rows have no
   * label: empty for the file's, the entity's names joined with ` › ` for an entity's.
   */
  label: string;
  scope: TotalsScope;
  metrics: Metrics;
  /** An `entity` summary's campaign, ad set (ad group), ad and day: the rows it adds up. */
  entity?: { campaign: string | null; adGroup: string | null; ad: string | null; day: string | null };
  /** Meta's reach on the summary row (de-duplicated: not the sum of the rows' reach). */
  reach?: number | null;
}

export interface ImportWarning {
  code:
    | "ads.import.totalsMismatch"
    | "ads.import.hiddenRows"
    | "ads.import.derivedMismatch"
    | "ads.import.badValue"
    | "ads.import.noCurrency"
    | "ads.import.noPeriod";
  line?: number;
  column?: string;
  [param: string]: string | number | boolean | null | undefined;
}

export interface AdsImport {
  platform: AdPlatform;
  kind: AdReportKind;
  /** Which language the column names are in (decides ambiguous numbers like `1,234`). */
  language: ExportLanguage;
  /** `day` when every row is one day, else `period`. */
  granularity: "day" | "period";
  /** ISO 4217, upper-case. */
  currency: string | null;
  period: Period | null;
  /** The report's title line (Google) or `Report Name` (Microsoft). */
  title: string | null;
  /** A Meta breakdown export's dimensions in column order (`["age", "gender"]`); null without one. */
  breakdown: BreakdownDimension[] | null;
  rows: NormalizedRow[];
  fileTotals: FileTotals[];
  computedTotals: Metrics & { derived: DerivedMetrics };
  warnings: ImportWarning[];
}

export type AdsImportErrorCode =
  | "ads.import.tooLarge"
  | "ads.import.empty"
  | "ads.import.notText"
  | "ads.import.badCsv"
  | "ads.import.unknownFormat"
  | "ads.import.missingColumn"
  | "ads.import.badNumber"
  | "ads.import.badDate"
  | "ads.import.mixedCurrencies"
  | "ads.import.tooManyRows"
  | "ads.import.dailyBudget"
  | "ads.import.tooManyUploads"
  | "ads.import.interrupted"
  // A download that is not row-level performance data (an asset report, an Overview card, a change history).
  | "ads.import.notPerformance";

/** The downloads refused as `ads.import.notPerformance`, and the report to download instead. */
export type RefusedReport = "asset" | "overviewCard" | "changeHistory";
export type ReportInstead = "campaigns";

export interface AdsImportErrorParams {
  line?: number;
  column?: string;
  expected?: string;
  got?: string;
  /** The row limit that was passed (`tooManyRows`, `dailyBudget`). */
  max?: number;
  /** `notPerformance`: what the file is, and the report to download instead. */
  report?: RefusedReport;
  instead?: ReportInstead;
}

/** A file that is not a supported export, or is broken: the code with where and what was expected. */
export class AdsImportError extends NamedError {
  readonly code: AdsImportErrorCode;
  readonly params: AdsImportErrorParams;

  constructor(code: AdsImportErrorCode, params: AdsImportErrorParams = {}) {
    super(`${code} ${JSON.stringify(params)}`);
    this.code = code;
    this.params = params;
  }
}

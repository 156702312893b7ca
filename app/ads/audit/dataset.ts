/**
 * The campaign auditor's input: owns the typed dataset the rules (rules.ts) run over. The server
 * (audit.server.ts) fills it from a client account's stored rows (30 days of campaigns, ad groups,
 * keywords and ads, 90 days of search terms, the latest Google Ads Editor snapshot, what the
 * exports' totals rows say about conversions, Meta placements and Microsoft networks); tests build
 * it in code. Entities are already summed over their window; money is integer cents of the client
 * account's currency, shares are fractions. Pure types and helpers, no Node APIs.
 */
import type { AdPlatform, AdStrength, BoundedValue, MatchType, QualityRating } from "../import/types";
import type { ListLink, SnapshotKeyword } from "../negative-match";

export interface Totals {
  impressions: number;
  clicks: number;
  costCents: number;
  conversions: number;
  conversionValueCents: number;
}

export interface DailyTotals extends Totals {
  /** YYYY-MM-DD. */
  day: string;
}

export interface CampaignFacts extends Totals {
  platform: AdPlatform;
  campaign: string;
  /** `Campaign status` (Enabled/Paused/Removed) or Meta's delivery, as written. */
  status: string | null;
  /** Google's `Status` (`Eligible (Limited)`). */
  servingStatus: string | null;
  statusReasons: string[];
  campaignType: string | null;
  bidStrategyType: string | null;
  budgetCents: number | null;
  targetCpaCents: number | null;
  targetRoas: number | null;
  /** Impression shares over the window (weighted by eligible impressions when the data has days). */
  impressionShare: BoundedValue | null;
  lostIsBudget: BoundedValue | null;
  lostIsRank: BoundedValue | null;
  /** Days the figures cover (days with rows, or the export's period); null for an "All time" export. */
  days: number | null;
  /** Day by day, oldest first, when the data has days; empty for period exports. */
  daily: DailyTotals[];
}

export interface KeywordFacts extends Totals {
  platform: AdPlatform;
  campaign: string;
  adGroup: string | null;
  /** Without match-type punctuation. */
  keyword: string;
  matchType: MatchType | null;
  status: string | null;
  maxCpcCents: number | null;
  qualityScore: number | null;
  expectedCtr: QualityRating | null;
  adRelevance: QualityRating | null;
  landingPageExperience: QualityRating | null;
}

export interface SearchTermFacts extends Totals {
  platform: AdPlatform;
  campaign: string;
  adGroup: string | null;
  searchTerm: string;
  /** The keyword that matched, and how the term matched it. */
  keyword: string | null;
  matchType: MatchType | null;
  /** `added`, `excluded`, `none` (as written, lower-case). */
  addedExcluded: string | null;
  campaignType: string | null;
}

export interface AdFacts extends Totals {
  platform: AdPlatform;
  campaign: string;
  adGroup: string | null;
  /** The first headline (Google, Microsoft) or the ad's name (Meta). */
  label: string | null;
  type: string | null;
  status: string | null;
  servingStatus: string | null;
  statusReasons: string[];
  strength: AdStrength | null;
  headlines: number;
  descriptions: number;
  pinnedHeadlines: number | null;
  pinnedDescriptions: number | null;
  /** How many headline / description columns the ad report has (absent or null: unknown, taken as all). */
  headlineColumns?: number | null;
  descriptionColumns?: number | null;
  /** `Ad strength improvements`; null when the export has no such column or the cell is empty. */
  improvements: string[] | null;
  qualityRanking: QualityRating | null;
  engagementRateRanking: QualityRating | null;
  conversionRateRanking: QualityRating | null;
}

/** A campaign's totals on one device (`Computers`, `Mobile phones`…), from device-segmented reports. */
export interface DeviceFacts extends Totals {
  platform: AdPlatform;
  campaign: string;
  device: string;
}

/** One day of a Meta ad set (or campaign): its totals, results and reach that day. */
export interface MetaDay extends Totals {
  day: string;
  results: number;
  /** Null when the export has no reach. */
  reach: number | null;
}

/**
 * A Meta ad set over the window (from ad set rows, or its ads' rows summed); from a campaign-level
 * export, a campaign (`adSet` null).
 */
export interface MetaAdSetFacts extends Totals {
  campaign: string;
  adSet: string | null;
  status: string | null;
  /** Optimization events (`Results`) and what they count (`actions:offsite_conversion.fb_pixel_purchase`). */
  results: number;
  resultIndicator: string | null;
  /** Days the figures cover. */
  days: number;
  /**
   * Impressions per person over a week, a lower bound: from the last 7 days of day rows (reach of
   * separate days summed), or a longer export's frequency × 7 / its days. Null without reach.
   */
  weeklyFrequency: number | null;
  reach: number | null;
  /** Impressions per person over a period export of at least 28 days (reach is not additive across days); null otherwise. */
  monthlyFrequency: number | null;
  /** Whether the export has a `Results` column (without one, "no results" says nothing). */
  resultsMeasured: boolean;
  /** Day by day, oldest first, when the data has days; empty for period exports. */
  daily: MetaDay[];
}

/** A Meta campaign's (or ad set's) spend on one placement, from exports broken down by placement (`row.extras.breakdown`). */
export interface MetaPlacementFacts extends Totals {
  campaign: string;
  adSet: string | null;
  /** The breakdown's value as written (`Facebook Feed`, `audience_network`, `an_classic`…). */
  placement: string;
  results: number;
}

/** A Microsoft campaign's totals on one network (`Bing and Yahoo! search`, `Syndicated search partners`, `Audience`…). */
export interface NetworkFacts extends Totals {
  platform: AdPlatform;
  campaign: string;
  network: string;
}

/**
 * What the period's data says about conversions on one platform: the rows of every report kind and
 * the exports' own totals rows (`Total: Account`…), which can hold conversions the rows do not show
 * (removed campaigns, hidden search terms).
 */
export interface ConversionEvidence {
  platform: AdPlatform;
  /** Spend, impressions and clicks of the platform's highest-level report in the window. */
  costCents: number;
  impressions: number;
  clicks: number;
  /** Whether any of the period's exports has a conversions column; without one there is nothing to judge. */
  measured: boolean;
  /** The most conversions any one report kind's rows show (kinds overlap: never summed). */
  rowConversions: number;
  /** The most conversions any totals row of the period's exports shows. */
  totalsConversions: number;
  /** Where conversions were seen first: a report kind (`keyword`) or a totals label (`Total: Account`); null when nowhere. */
  foundIn: string | null;
}

/** A campaign's settings from the latest Google Ads Editor campaigns export. */
export interface EditorCampaign {
  campaign: string;
  campaignType: string | null;
  /** `Google search`, `Search Partners`, `Display Network`; null when the export has no such column. */
  networks: string[] | null;
  targetingMethod: string | null;
  bidStrategyType: string | null;
  targetCpaCents: number | null;
  targetRoas: number | null;
  budgetCents: number | null;
  status: string | null;
}

/** A keyword or negative from the latest Google Ads Editor keywords export. */
export interface EditorKeyword {
  campaign: string;
  /** Null for a campaign-level negative. */
  adGroup: string | null;
  keyword: string;
  matchType: MatchType | null;
  negative: boolean;
  status: string | null;
  campaignStatus: string | null;
  adGroupStatus: string | null;
  approvalStatus: string | null;
  qualityScore: number | null;
}

/** A search terms report's privacy-hidden `Other search terms` against its visible terms. */
export interface HiddenSearchTerms {
  importId: string | null;
  /** `YYYY-MM-DD..YYYY-MM-DD`, or null for an "All time" export. */
  period: string | null;
  visibleCostCents: number;
  hiddenCostCents: number;
  hiddenClicks: number;
}

export interface AuditDataset {
  /** The client account's industry (for `benchmarkFor`). */
  industry: string;
  campaigns: CampaignFacts[];
  keywords: KeywordFacts[];
  searchTerms: SearchTermFacts[];
  ads: AdFacts[];
  devices: DeviceFacts[];
  metaAdSets: MetaAdSetFacts[];
  metaPlacements: MetaPlacementFacts[];
  networks: NetworkFacts[];
  /** Per platform, what the period's rows and totals rows say about conversions (empty: judge `accountTotals`). */
  conversionEvidence: ConversionEvidence[];
  /** Per platform: the totals of its highest-level report in the window (campaign, else ad group, keyword…). */
  accountTotals: Array<Totals & { platform: AdPlatform }>;
  /** Null when no Editor campaigns / keywords export was imported. */
  editorCampaigns: EditorCampaign[] | null;
  editorKeywords: EditorKeyword[] | null;
  /** The latest Editor keywords, negatives and shared negative lists (negative-conflicts.server.ts); null without an export. */
  negativeSnapshot: { rows: SnapshotKeyword[]; links: ListLink[] } | null;
  hiddenSearchTerms: HiddenSearchTerms[];
}

export const zeroTotals = (): Totals => ({ impressions: 0, clicks: 0, costCents: 0, conversions: 0, conversionValueCents: 0 });

export function addTotals(into: Totals, from: Partial<Record<keyof Totals, number | null>>): Totals {
  into.impressions += from.impressions ?? 0;
  into.clicks += from.clicks ?? 0;
  into.costCents += from.costCents ?? 0;
  into.conversions = Math.round((into.conversions + (from.conversions ?? 0)) * 1e6) / 1e6;
  into.conversionValueCents += from.conversionValueCents ?? 0;
  return into;
}

/** An empty dataset (tests add what a rule needs). */
export function emptyDataset(industry = "all"): AuditDataset {
  return {
    industry,
    campaigns: [],
    keywords: [],
    searchTerms: [],
    ads: [],
    devices: [],
    metaAdSets: [],
    metaPlacements: [],
    networks: [],
    conversionEvidence: [],
    accountTotals: [],
    editorCampaigns: null,
    editorKeywords: null,
    negativeSnapshot: null,
    hiddenSearchTerms: [],
  };
}

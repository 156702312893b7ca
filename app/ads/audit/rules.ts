/**
 * The campaign auditor's rules: owns the catalogue of checks (from section 5 of
 * ../shared/research/ad-formats.md, rules R1–R38, and Meta's and Microsoft's own checks), their
 * default thresholds, grading and the overall score. Each rule is a function over the typed dataset (dataset.ts) returning how many
 * items it audited and the failing and warning items with their figures; a rule without the data
 * it needs is `not-applicable` and not graded. A check is graded A when under 5% of its audited
 * items fail, B under 10%, C otherwise (both bounds configurable as the `grading` thresholds);
 * the overall score is the share of passing items, weighted by each rule's importance.
 *
 * Figures are named numbers (or short texts) in the suite's units: money in integer cents
 * (`…Cents`), shares and rates as fractions, counts as integers. Titles, "why it matters" and
 * "how to fix" are translation keys in the `ads-audit` namespace (`rules.<id>.title|why|fix`).
 * Pure TypeScript, no Node APIs.
 */
import { formatAmountInput, parseLocaleDecimal } from "~/utils/money";
import { numberFormat } from "~/utils/intl";
import { benchmarkFor } from "../benchmarks";
import { findConflicts, negativeSyntax } from "../negative-match";
import type { BoundedValue, MatchType } from "../import/types";
import {
  addTotals,
  zeroTotals,
  type AuditDataset,
  type CampaignFacts,
  type KeywordFacts,
  type MetaDay,
  type SearchTermFacts,
  type Totals,
} from "./dataset";
import type { AuditItem, AuditSnapshot, AuditUnit, CheckResult, Grade } from "./types";

// ---------------------------------------------------------------------------------------------
// Thresholds

/** How a threshold is entered and shown: shares in percent, money in the account's currency. */
export type ThresholdUnit = "share" | "money" | "count" | "ratio" | "score" | "days";

export interface ThresholdDefinition {
  default: number;
  /** Sane bounds, in stored units (fractions, cents). */
  min: number;
  max: number;
  unit: ThresholdUnit;
}

const share = (value: number): ThresholdDefinition => ({ default: value, min: 0, max: 1, unit: "share" });
const money = (cents: number): ThresholdDefinition => ({ default: cents, min: 0, max: 100_000_000, unit: "money" });
const count = (value: number, min = 0, max = 10_000): ThresholdDefinition => ({ default: value, min, max, unit: "count" });
const ratio = (value: number, min = 0, max = 100): ThresholdDefinition => ({ default: value, min, max, unit: "ratio" });

// What a Google check and its Microsoft twin (`ms-…`) share.
const minImpressions = () => count(100, 0, 1_000_000);
const budgetLimitedLimits = (): Pick<RuleDefinition, "thresholds" | "order"> => ({
  thresholds: { warnLost: share(0.2), failLost: share(0.3) },
  order: [["warnLost", "failLost"]],
});
const qualityScoreLimits = (): Pick<RuleDefinition, "thresholds" | "order"> => ({
  thresholds: { failBelow: { default: 5, min: 1, max: 10, unit: "score" }, warnBelow: { default: 7, min: 1, max: 10, unit: "score" } },
  order: [["failBelow", "warnBelow"]],
});

/** Overrides per rule id (and `grading`): threshold name → value, as kept on the client account. */
export type ThresholdOverrides = Record<string, Record<string, number>>;

// ---------------------------------------------------------------------------------------------
// Rules

export type RuleCategory = CheckResult["category"];

export const CATEGORIES: RuleCategory[] = [
  "tracking",
  "budgets",
  "bidding",
  "keywords",
  "search-terms",
  "ads",
  "settings",
  "meta",
  "microsoft",
];

/** What a rule reads: a report kind, an Editor export or a segment. */
export type DataNeed =
  | "campaigns"
  | "daily-campaigns"
  | "keywords"
  | "search-terms"
  | "ads"
  | "devices"
  | "editor-campaigns"
  | "editor-keywords"
  | "meta-ad-sets"
  | "meta-ads"
  | "meta-daily"
  | "meta-placements"
  | "microsoft-campaigns"
  | "microsoft-keywords"
  | "microsoft-networks";

export const DATA_NEEDS: DataNeed[] = [
  "campaigns",
  "daily-campaigns",
  "keywords",
  "search-terms",
  "ads",
  "devices",
  "editor-campaigns",
  "editor-keywords",
  "meta-ad-sets",
  "meta-ads",
  "meta-daily",
  "meta-placements",
  "microsoft-campaigns",
  "microsoft-keywords",
  "microsoft-networks",
];

export interface RuleOutcome {
  audited: number;
  /** When the items are finer than what is counted (wasted search terms: terms listed, campaigns counted). */
  failing?: number;
  items: AuditItem[];
  summary?: Record<string, number | string | null>;
}

export interface RuleDefinition {
  /** A stable slug (kept in snapshots and read by the tips job). */
  id: string;
  category: RuleCategory;
  /** Importance in the overall score, 1 (minor) to 5 (critical). */
  weight: number;
  /** The fact sheet's rule number(s). */
  source: string;
  unit: AuditUnit;
  /** The exports the rule reads (shown when it is not applicable). */
  needs: DataNeed[];
  thresholds: Record<string, ThresholdDefinition>;
  /** Pairs [lower, upper] that must keep lower ≤ upper. */
  order?: Array<[string, string]>;
  /** Translation keys (namespace `ads-audit`). */
  titleKey: string;
  whyKey: string;
  fixKey: string;
  /** Null when the dataset holds nothing the rule needs. */
  evaluate(data: AuditDataset, thresholds: Record<string, number>): RuleOutcome | null;
}

type RuleSpec = Omit<RuleDefinition, "titleKey" | "whyKey" | "fixKey">;

function rule(spec: RuleSpec): RuleDefinition {
  return { ...spec, titleKey: `rules.${spec.id}.title`, whyKey: `rules.${spec.id}.why`, fixKey: `rules.${spec.id}.fix` };
}

// --- vocabulary (exports in en, nl, de, fr, es; the non-English words are the usual UI wording, unverified)

export const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/** Enabled, eligible, active or unknown; not paused, removed or ended. */
export function isLive(status: string | null | undefined): boolean {
  if (status == null) return true;
  return !/paused|removed|ended|onderbroken|verwijderd|beeindigd|pausiert|entfernt|beendet|suspendu|supprime|en pause|termine|pausa|eliminad|finalizad|inactive|^off$|archived|deleted/.test(
    fold(status),
  );
}

/** A search campaign type; null when the type is unknown. */
export function isSearchType(type: string | null | undefined): boolean | null {
  if (type == null) return null;
  return /search|zoek|such|recherche|busqueda/.test(fold(type));
}

/** A brand campaign, by its name (`Brand`, `Marke`, `Merk`, `Marque`, `Marca`). */
export function isBrandName(name: string): boolean {
  return /\b(brand|branded|marke|merk|marque|marca)\b/.test(fold(name));
}

export type BidClass = "smart" | "manual" | "other";

/** Smart bidding (conversion-based), manual (incl. enhanced CPC) or other (maximize clicks, impression share). */
export function bidClass(strategy: string | null | undefined): BidClass | null {
  if (!strategy) return null;
  const s = fold(strategy);
  if (/enhanced|ecpc|verbeterde|auto-optimiert|optimise|mejorad|manual|handmatig|manuell|manuel/.test(s)) return "manual";
  if (/conversion|conversie|cpa|roas/.test(s)) return "smart";
  return "other";
}

/** Which target a smart bidding strategy pursues (target CPA or target ROAS), if any. */
export function biddingTarget(
  strategy: string | null | undefined,
  targetCpaCents?: number | null,
  targetRoas?: number | null,
): "tcpa" | "troas" | null {
  const s = strategy ? fold(strategy) : "";
  if (/target cpa|tcpa|doel-cpa|ziel-cpa|cpa cible|cpa objetivo/.test(s)) return "tcpa";
  if (/target roas|troas|doel-roas|ziel-roas|roas cible|roas objetivo/.test(s)) return "troas";
  if (bidClass(strategy) === "smart") {
    if (targetCpaCents != null && targetCpaCents > 0) return "tcpa";
    if (targetRoas != null && targetRoas > 0) return "troas";
  }
  return null;
}

const isBroad = (matchType: MatchType | null) => matchType === "broad" || matchType === "broad-modified";
const isSearchPlatform = (platform: string) => platform === "google" || platform === "microsoft";

/** Words of job seekers and information seekers (fact sheet §7 pre-seeded negatives, and their translations). */
export const JOB_AND_INFO_WORDS = [
  "job",
  "jobs",
  "career",
  "careers",
  "hiring",
  "salary",
  "salaries",
  "internship",
  "internships",
  "vacancy",
  "vacancies",
  "free",
  "diy",
  "how to",
  "what is",
  "vacature",
  "vacatures",
  "baan",
  "banen",
  "salaris",
  "gratis",
  "stellenangebot",
  "stellenangebote",
  "karriere",
  "gehalt",
  "praktikum",
  "kostenlos",
  "ausbildung",
  "emploi",
  "emplois",
  "carriere",
  "recrutement",
  "salaire",
  "gratuit",
  "gratuite",
  "empleo",
  "empleos",
  "trabajo",
  "trabajos",
  "salario",
  "sueldo",
  "como",
];

export function jobOrInfoWord(term: string): string | null {
  const words = ` ${fold(term).replace(/[^\p{L}\p{N}]+/gu, " ")} `;
  return JOB_AND_INFO_WORDS.find((word) => words.includes(` ${word} `)) ?? null;
}

const isDesktop = (device: string) => /computer|desktop|ordinateur|ordenador/.test(fold(device));
const isMobile = (device: string) => /mobile|mobiel|mobil|movil|smartphone/.test(fold(device));

// --- comparisons with bounded shares (`< 10%` is only known to be under 10%)

/** True when the share is certainly above `limit`. */
export function certainlyAbove(value: BoundedValue, limit: number): boolean {
  if (value.bound === "below") return false;
  if (value.bound === "above") return value.value >= limit;
  return value.value > limit;
}

/** True when the share is certainly below `limit`. */
export function certainlyBelow(value: BoundedValue, limit: number): boolean {
  if (value.bound === "above") return false;
  if (value.bound === "below") return value.value <= limit;
  return value.value < limit;
}

/**
 * A bounded share as figures: its value under `name`, and beside it `<name>Bound` (`below`, `above`)
 * when the platform gave only a bound (`< 10%` stays "< 10%" on every page, never "10%").
 */
export function boundedFigures(name: string, value: BoundedValue | null | undefined): AuditItem["figures"] {
  if (!value) return { [name]: null };
  return value.bound === "exact" ? { [name]: value.value } : { [name]: value.value, [`${name}Bound`]: value.bound };
}

/** The bound kept beside a share figure (`impressionShare` → `impressionShareBound`), as a BoundedValue; null when absent. */
export function boundedFigure(figures: AuditItem["figures"], name: string): BoundedValue | null {
  const value = figures[name];
  if (typeof value !== "number") return null;
  const bound = figures[`${name}Bound`];
  return { value, bound: bound === "below" || bound === "above" ? bound : "exact" };
}

/** Whether a figure is the bound of another (`…Bound`): shown with that figure, not on its own. */
export const isBoundFigure = (name: string) => name.endsWith("Bound");

const totalsFigures = (t: Totals) => ({ costCents: t.costCents, clicks: t.clicks, conversions: t.conversions, impressions: t.impressions });
const ctrOf = (t: Totals) => (t.impressions > 0 ? t.clicks / t.impressions : null);
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** A campaign's settings: the Editor snapshot (the account's current settings) over the report's. */
interface CampaignSettings {
  bidStrategyType: string | null;
  targetCpaCents: number | null;
  targetRoas: number | null;
  campaignType: string | null;
  status: string | null;
}

function campaignSettings(data: AuditDataset): Map<string, CampaignSettings> {
  const map = new Map<string, CampaignSettings>();
  // The reports' campaigns first, then the Editor's over them.
  for (const c of [...data.campaigns.filter((c) => c.platform !== "meta"), ...(data.editorCampaigns ?? [])]) {
    const key = fold(c.campaign);
    const known = map.get(key);
    map.set(key, {
      bidStrategyType: c.bidStrategyType ?? known?.bidStrategyType ?? null,
      targetCpaCents: c.targetCpaCents ?? known?.targetCpaCents ?? null,
      targetRoas: c.targetRoas ?? known?.targetRoas ?? null,
      campaignType: c.campaignType ?? known?.campaignType ?? null,
      status: c.status ?? known?.status ?? null,
    });
  }
  return map;
}

/** Positive, live keywords: the Editor snapshot when there is one, else the keyword reports. */
function liveKeywords(
  data: AuditDataset,
): Array<{ campaign: string; adGroup: string | null; keyword: string; matchType: MatchType | null; report: KeywordFacts | null }> {
  if (data.editorKeywords && data.editorKeywords.some((k) => !k.negative)) {
    const reports = new Map(
      data.keywords.map((k) => [`${fold(k.campaign)}|${fold(k.adGroup ?? "")}|${fold(k.keyword)}|${k.matchType}`, k]),
    );
    return data.editorKeywords
      .filter((k) => !k.negative && isLive(k.status) && isLive(k.campaignStatus) && isLive(k.adGroupStatus))
      .map((k) => ({
        ...k,
        report: reports.get(`${fold(k.campaign)}|${fold(k.adGroup ?? "")}|${fold(k.keyword)}|${k.matchType}`) ?? null,
      }));
  }
  return data.keywords.filter((k) => isLive(k.status) && isSearchPlatform(k.platform)).map((k) => ({ ...k, report: k }));
}

const liveSearchCampaigns = (data: AuditDataset) =>
  data.campaigns.filter((c) => c.platform !== "meta" && isLive(c.status) && isSearchType(c.campaignType) !== false);

const isRsa = (ad: { platform: string; type: string | null; headlines: number }) =>
  isSearchPlatform(ad.platform) && (ad.type ? /responsive|responsiv|responsieve|adaptable|reactiva/.test(fold(ad.type)) : ad.headlines > 0);

const liveRsas = (data: AuditDataset) => data.ads.filter((ad) => isRsa(ad) && isLive(ad.status));

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

const campaignItem = (c: CampaignFacts, severity: AuditItem["severity"], figures: AuditItem["figures"]): AuditItem => ({
  campaign: c.campaign,
  severity,
  figures,
});

type KeywordPlace = Pick<KeywordFacts, "campaign" | "adGroup" | "keyword" | "matchType">;

/** A keyword's item: where it is, and its figures. */
const keywordItem = (k: KeywordPlace, severity: AuditItem["severity"], figures: AuditItem["figures"]): AuditItem => ({
  campaign: k.campaign,
  adGroup: k.adGroup,
  keyword: k.keyword,
  matchType: k.matchType,
  severity,
  figures,
});

/** A search term's item: where it was matched, and its figures. */
const searchTermItem = (
  s: Pick<SearchTermFacts, "campaign" | "adGroup" | "searchTerm" | "keyword" | "matchType">,
  severity: AuditItem["severity"],
  figures: AuditItem["figures"],
): AuditItem => ({
  campaign: s.campaign,
  adGroup: s.adGroup,
  searchTerm: s.searchTerm,
  keyword: s.keyword,
  matchType: s.matchType,
  severity,
  figures,
});

const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** A Meta ad set's days split in an earlier and a later half (the middle day of an odd count left out). */
function halvesOf(daily: readonly MetaDay[]) {
  const half = Math.floor(daily.length / 2);
  const sum = (days: readonly MetaDay[]) => ({
    ...days.reduce((total, d) => addTotals(total, d), zeroTotals()),
    results: days.reduce((total, d) => total + d.results, 0),
    reach: days.reduce((total, d) => total + (d.reach ?? 0), 0),
    from: days[0]?.day ?? "",
    to: days.at(-1)?.day ?? "",
  });
  return { first: sum(daily.slice(0, half)), second: sum(daily.slice(daily.length - half)) };
}

/** Meta's Audience Network (`Audience Network`, API `audience_network`, positions `an_classic`…). */
export const isAudienceNetwork = (placement: string) => /audience.?network|^an_/.test(fold(placement));

/** Microsoft's `Network` values (documentation: AOL search, Audience, Bing and Yahoo! search, Content, Syndicated search partners). */
export const isPartnerNetwork = (network: string) => /syndicat|partner/.test(fold(network));
export const isOwnedNetwork = (network: string) => /bing|yahoo|aol|microsoft sites|owned/.test(fold(network)) && !isPartnerNetwork(network);

// ---------------------------------------------------------------------------------------------
// The catalogue

/** Live campaigns losing impression share to their budget (`budget-limited`, `ms-budget-limited`). */
function budgetLimited(campaigns: readonly CampaignFacts[], t: Record<string, number>): RuleOutcome | null {
  const audited = campaigns.filter((c) => c.lostIsBudget && isLive(c.status));
  if (!audited.length) return null;
  const items: AuditItem[] = [];
  for (const c of audited) {
    const lost = c.lostIsBudget!;
    const severity = certainlyAbove(lost, t.failLost!) ? "fail" : certainlyAbove(lost, t.warnLost!) ? "warn" : null;
    if (!severity) continue;
    items.push(
      campaignItem(c, severity, {
        ...totalsFigures(c),
        conversionValueCents: c.conversionValueCents,
        ...boundedFigures("lostIsBudget", lost),
        ...boundedFigures("impressionShare", c.impressionShare),
        budgetCents: c.budgetCents,
        days: c.days,
      }),
    );
  }
  return { audited: audited.length, items };
}

/** Live campaigns losing impression share to their ad rank (`rank-limited`, `ms-rank-limited`). */
function rankLimited(
  campaigns: readonly CampaignFacts[],
  t: Record<string, number>,
  strategyOf: (c: CampaignFacts) => string | null,
): RuleOutcome | null {
  const audited = campaigns.filter((c) => c.lostIsRank && isLive(c.status));
  if (!audited.length) return null;
  return {
    audited: audited.length,
    items: audited
      .filter((c) => certainlyAbove(c.lostIsRank!, t.maxLostRank!))
      .map((c) =>
        campaignItem(c, "fail", {
          ...totalsFigures(c),
          ...boundedFigures("lostIsRank", c.lostIsRank),
          ...boundedFigures("impressionShare", c.impressionShare),
          bidStrategy: strategyOf(c),
        }),
      ),
  };
}

const zeroConversionThresholds = () => ({ maxCostCents: money(10_000), cpaMultiple: ratio(3, 0.5, 100) });

/**
 * Rows that spent over the limit without a conversion (`zero-conversion-keywords`,
 * `zero-conversion-search-terms`): the campaign's target CPA times `cpaMultiple`, else `maxCostCents`.
 */
function zeroConversion<T extends Totals & { campaign: string }>(
  data: AuditDataset,
  audited: readonly T[],
  t: Record<string, number>,
  item: (row: T, severity: AuditItem["severity"], figures: AuditItem["figures"]) => AuditItem,
): RuleOutcome | null {
  if (!audited.length) return null;
  const settings = campaignSettings(data);
  const items: AuditItem[] = [];
  for (const row of audited) {
    const target = settings.get(fold(row.campaign))?.targetCpaCents;
    const limit = target ? Math.round(target * t.cpaMultiple!) : t.maxCostCents!;
    if (row.conversions === 0 && row.costCents > limit) items.push(item(row, "fail", { ...totalsFigures(row), limitCents: limit }));
  }
  return { audited: audited.length, items };
}

/** A keyword whose Quality Score is under the thresholds (`quality-score`, `ms-quality-score`), or null. */
function qualityScoreItem(
  k: KeywordPlace & { qualityScore: number | null },
  totals: Totals | null,
  t: Record<string, number>,
): AuditItem | null {
  const qs = k.qualityScore!;
  const severity = qs < t.failBelow! ? "fail" : qs < t.warnBelow! ? "warn" : null;
  if (!severity) return null;
  return keywordItem(k, severity, { qualityScore: qs, ...(totals ? totalsFigures(totals) : {}) });
}

export const RULES: RuleDefinition[] = [
  // --- tracking
  rule({
    id: "conversion-tracking",
    category: "tracking",
    weight: 5,
    source: "R1",
    unit: "platforms",
    needs: ["campaigns"],
    thresholds: { minCostCents: money(0) },
    evaluate(data, t) {
      // Evidence from every report kind's rows and the exports' own totals rows; a dataset built
      // without it (tests) judges the highest-level report's totals.
      const evidence = data.conversionEvidence.length
        ? data.conversionEvidence
        : data.accountTotals.map((a) => ({ ...a, measured: true, rowConversions: a.conversions, totalsConversions: 0, foundIn: null }));
      // A platform whose exports have no conversions column has nothing to judge: not a failure.
      const spending = evidence.filter((e) => isSearchPlatform(e.platform) && e.measured && e.costCents > t.minCostCents!);
      if (!spending.length) return null;
      return {
        audited: spending.length,
        items: spending
          .filter((e) => !(e.rowConversions > 0) && !(e.totalsConversions > 0))
          .map((e) => ({
            severity: "fail",
            figures: { platform: e.platform, costCents: e.costCents, clicks: e.clicks, impressions: e.impressions, conversions: 0 },
          })),
      };
    },
  }),
  rule({
    id: "conversions-silent",
    category: "tracking",
    weight: 4,
    source: "R2",
    unit: "campaigns",
    needs: ["daily-campaigns"],
    thresholds: { days: count(7, 1, 60) },
    evaluate(data, t) {
      const withDays = data.campaigns.filter((c) => c.daily.length > 0);
      if (!withDays.length) return null;
      const end = withDays
        .map((c) => c.daily.at(-1)!.day)
        .sort()
        .at(-1)!;
      const from = daysBefore(end, t.days! - 1);
      const audited = withDays.filter((c) => c.daily.some((d) => d.day < from && d.conversions > 0));
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const c of audited) {
        const recent = c.daily.filter((d) => d.day >= from);
        const cost = recent.reduce((sum, d) => sum + d.costCents, 0);
        const conversions = recent.reduce((sum, d) => sum + d.conversions, 0);
        if (cost > 0 && conversions === 0) {
          const last = c.daily.filter((d) => d.conversions > 0).at(-1)!.day;
          items.push(
            campaignItem(c, "fail", {
              costCents: cost,
              clicks: recent.reduce((sum, d) => sum + d.clicks, 0),
              conversions: 0,
              lastConversionDay: last,
              days: t.days!,
            }),
          );
        }
      }
      return { audited: audited.length, items };
    },
  }),

  // --- budgets and impression share
  rule({
    id: "budget-limited",
    category: "budgets",
    weight: 4,
    source: "R3",
    unit: "campaigns",
    needs: ["campaigns"],
    ...budgetLimitedLimits(),
    evaluate(data, t) {
      // Microsoft's campaigns have their own check (ms-budget-limited).
      return budgetLimited(
        data.campaigns.filter((c) => c.platform !== "microsoft"),
        t,
      );
    },
  }),
  rule({
    id: "rank-limited",
    category: "budgets",
    weight: 3,
    source: "R4",
    unit: "campaigns",
    needs: ["campaigns"],
    thresholds: { maxLostRank: share(0.3) },
    evaluate(data, t) {
      const settings = campaignSettings(data);
      const strategyOf = (c: CampaignFacts) => settings.get(fold(c.campaign))?.bidStrategyType ?? c.bidStrategyType;
      return rankLimited(
        data.campaigns.filter((c) => c.platform !== "microsoft" && bidClass(strategyOf(c)) === "manual"),
        t,
        strategyOf,
      );
    },
  }),
  rule({
    id: "brand-impression-share",
    category: "budgets",
    weight: 3,
    source: "R5",
    unit: "campaigns",
    needs: ["campaigns"],
    thresholds: { minShare: share(0.8) },
    evaluate(data, t) {
      const audited = liveSearchCampaigns(data).filter((c) => c.impressionShare && isBrandName(c.campaign));
      if (!audited.length) return null;
      return {
        audited: audited.length,
        items: audited
          .filter((c) => certainlyBelow(c.impressionShare!, t.minShare!))
          .map((c) =>
            campaignItem(c, "fail", {
              ...totalsFigures(c),
              ...boundedFigures("impressionShare", c.impressionShare),
              ...boundedFigures("lostIsBudget", c.lostIsBudget),
              ...boundedFigures("lostIsRank", c.lostIsRank),
            }),
          ),
      };
    },
  }),
  rule({
    id: "non-brand-impression-share",
    category: "budgets",
    weight: 2,
    source: "R6",
    unit: "campaigns",
    needs: ["campaigns"],
    thresholds: { minShare: share(0.3), targetShare: share(0.6) },
    order: [["minShare", "targetShare"]],
    evaluate(data, t) {
      const audited = liveSearchCampaigns(data).filter((c) => c.impressionShare && !isBrandName(c.campaign));
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const c of audited) {
        const is = c.impressionShare!;
        const severity = certainlyBelow(is, t.minShare!) ? "fail" : certainlyBelow(is, t.targetShare!) ? "warn" : null;
        if (severity)
          items.push(
            campaignItem(c, severity, {
              ...totalsFigures(c),
              ...boundedFigures("impressionShare", is),
              ...boundedFigures("lostIsBudget", c.lostIsBudget),
              ...boundedFigures("lostIsRank", c.lostIsRank),
            }),
          );
      }
      return { audited: audited.length, items };
    },
  }),

  // --- keywords
  rule({
    id: "low-quality-score",
    category: "keywords",
    weight: 3,
    source: "R7",
    unit: "keywords",
    needs: ["keywords", "editor-keywords"],
    ...qualityScoreLimits(),
    evaluate(data, t) {
      // Microsoft's keywords have their own check (ms-quality-score).
      const reported = data.keywords.filter((k) => k.platform !== "microsoft" && k.qualityScore != null && isLive(k.status));
      const candidates = reported.length
        ? reported.map((k) => ({ ...k, totals: k as Totals | null }))
        : (data.editorKeywords ?? [])
            .filter((k) => !k.negative && k.qualityScore != null && isLive(k.status) && isLive(k.campaignStatus) && isLive(k.adGroupStatus))
            .map((k) => ({ ...k, totals: null }));
      if (!candidates.length) return null;
      const items: AuditItem[] = [];
      for (const k of candidates) {
        const item = qualityScoreItem(k, k.totals, t);
        if (item) items.push(item);
      }
      return { audited: candidates.length, items };
    },
  }),
  ...(
    [
      ["qs-expected-ctr", "expectedCtr"],
      ["qs-ad-relevance", "adRelevance"],
      ["qs-landing-page", "landingPageExperience"],
    ] as const
  ).map(([id, component]) =>
    rule({
      id,
      category: "keywords",
      weight: 2,
      source: "R8",
      unit: "keywords",
      needs: ["keywords"],
      thresholds: { minImpressions: minImpressions() },
      evaluate(data, t) {
        const audited = data.keywords.filter(
          (k) => k.platform !== "microsoft" && k[component] != null && k.impressions >= t.minImpressions! && isLive(k.status),
        );
        if (!audited.length) return null;
        return {
          audited: audited.length,
          items: audited
            .filter((k) => k[component] === "below")
            .map((k) => keywordItem(k, "fail", { qualityScore: k.qualityScore, [component]: k[component], ...totalsFigures(k) })),
        };
      },
    }),
  ),
  rule({
    id: "keywords-per-ad-group",
    category: "keywords",
    weight: 1,
    source: "R16",
    unit: "ad-groups",
    needs: ["keywords", "editor-keywords"],
    thresholds: { maxKeywords: count(20, 1, 10_000) },
    evaluate(data, t) {
      const groups = groupBy(
        liveKeywords(data).filter((k) => k.adGroup),
        (k) => `${k.campaign}\u0000${k.adGroup}`,
      );
      if (!groups.size) return null;
      const items: AuditItem[] = [];
      for (const list of groups.values()) {
        if (list.length <= t.maxKeywords!) continue;
        const costCents = list.reduce((sum, k) => sum + (k.report?.costCents ?? 0), 0);
        items.push({
          campaign: list[0]!.campaign,
          adGroup: list[0]!.adGroup,
          severity: "fail",
          figures: { keywords: list.length, costCents },
        });
      }
      return { audited: groups.size, items };
    },
  }),
  rule({
    id: "keyword-ctr",
    category: "keywords",
    weight: 2,
    source: "R21",
    unit: "keywords",
    needs: ["keywords"],
    thresholds: { minCtr: share(0.01), minImpressions: minImpressions() },
    evaluate(data, t) {
      const audited = data.keywords.filter(
        (k) => isSearchPlatform(k.platform) && isLive(k.status) && k.impressions > 0 && k.impressions >= t.minImpressions!,
      );
      if (!audited.length) return null;
      return {
        audited: audited.length,
        items: audited
          .filter((k) => ctrOf(k)! < t.minCtr!)
          .map((k) => keywordItem(k, "fail", { ctr: round4(ctrOf(k)!), ...totalsFigures(k) })),
      };
    },
  }),
  rule({
    id: "zero-conversion-keywords",
    category: "keywords",
    weight: 4,
    source: "R20",
    unit: "keywords",
    needs: ["keywords"],
    thresholds: zeroConversionThresholds(),
    evaluate(data, t) {
      return zeroConversion(
        data,
        data.keywords.filter((k) => k.costCents > 0 && isLive(k.status)),
        t,
        keywordItem,
      );
    },
  }),
  rule({
    id: "duplicate-keywords",
    category: "keywords",
    weight: 2,
    source: "R29",
    unit: "keywords",
    needs: ["keywords", "editor-keywords"],
    thresholds: {},
    evaluate(data) {
      const keywords = liveKeywords(data);
      if (!keywords.length) return null;
      const byText = groupBy(keywords, (k) => `${fold(k.keyword)}|${k.matchType ?? ""}`);
      const items: AuditItem[] = [];
      for (const list of byText.values()) {
        const places = [...new Set(list.map((k) => `${k.campaign} › ${k.adGroup ?? "—"}`))];
        if (places.length < 2) continue;
        items.push({
          keyword: list[0]!.keyword,
          matchType: list[0]!.matchType,
          severity: "fail",
          figures: {
            adGroups: places.length,
            places: places.slice(0, 5).join("; "),
            costCents: list.reduce((sum, k) => sum + (k.report?.costCents ?? 0), 0),
          },
        });
      }
      return { audited: byText.size, items };
    },
  }),
  rule({
    id: "broad-without-smart-bidding",
    category: "bidding",
    weight: 3,
    source: "R23",
    unit: "keywords",
    needs: ["keywords", "campaigns", "editor-campaigns"],
    thresholds: {},
    evaluate(data) {
      const settings = campaignSettings(data);
      const audited = liveKeywords(data)
        .filter((k) => isBroad(k.matchType))
        .map((k) => ({ ...k, strategy: settings.get(fold(k.campaign))?.bidStrategyType ?? null }))
        .filter((k) => bidClass(k.strategy) !== null);
      if (!audited.length) return null;
      return {
        audited: audited.length,
        items: audited
          .filter((k) => bidClass(k.strategy) !== "smart")
          .map((k) => keywordItem(k, "fail", { bidStrategy: k.strategy, ...(k.report ? totalsFigures(k.report) : {}) })),
      };
    },
  }),
  rule({
    id: "broad-share-manual",
    category: "bidding",
    weight: 2,
    source: "R24",
    unit: "campaigns",
    needs: ["keywords", "campaigns", "editor-campaigns"],
    thresholds: { maxShare: share(0.2) },
    evaluate(data, t) {
      const settings = campaignSettings(data);
      const byCampaign = groupBy(
        data.keywords.filter(
          (k) => k.costCents > 0 && isSearchPlatform(k.platform) && bidClass(settings.get(fold(k.campaign))?.bidStrategyType) === "manual",
        ),
        (k) => k.campaign,
      );
      if (!byCampaign.size) return null;
      const items: AuditItem[] = [];
      for (const [campaign, list] of byCampaign) {
        const cost = list.reduce((sum, k) => sum + k.costCents, 0);
        const broad = list.filter((k) => isBroad(k.matchType)).reduce((sum, k) => sum + k.costCents, 0);
        if (broad / cost > t.maxShare!) {
          items.push({
            campaign,
            severity: "fail",
            figures: {
              broadShare: round4(broad / cost),
              broadCostCents: broad,
              costCents: cost,
              bidStrategy: settings.get(fold(campaign))?.bidStrategyType ?? null,
            },
          });
        }
      }
      return { audited: byCampaign.size, items };
    },
  }),
  rule({
    id: "campaign-without-negatives",
    category: "keywords",
    weight: 3,
    source: "R17",
    unit: "campaigns",
    needs: ["editor-keywords"],
    thresholds: {},
    evaluate(data) {
      if (!data.editorKeywords) return null;
      const positive = groupBy(
        data.editorKeywords.filter((k) => !k.negative && isLive(k.status) && isLive(k.campaignStatus)),
        (k) => fold(k.campaign),
      );
      if (!positive.size) return null;
      const withNegatives = new Set(data.editorKeywords.filter((k) => k.negative).map((k) => fold(k.campaign)));
      const metrics = new Map(data.campaigns.filter((c) => c.platform !== "meta").map((c) => [fold(c.campaign), c]));
      const items: AuditItem[] = [];
      for (const [key, list] of positive) {
        if (withNegatives.has(key)) continue;
        const c = metrics.get(key);
        items.push({ campaign: list[0]!.campaign, severity: "fail", figures: { keywords: list.length, ...(c ? totalsFigures(c) : {}) } });
      }
      return { audited: positive.size, items };
    },
  }),

  // Negative-keyword conflicts (issue #28): negatives that block an active keyword of their own
  // campaign, by Google's matching for negatives (negative-match.ts, support.google.com/google-ads/answer/2453972).
  rule({
    id: "negative-keyword-conflicts",
    category: "keywords",
    weight: 4,
    source: "#28",
    unit: "account",
    needs: ["editor-keywords"],
    thresholds: {},
    // Passes with no conflict, fails with any (the count is the summary's `conflicts`): one blocked
    // keyword is already an ad that cannot show for its own keyword.
    evaluate(data) {
      const snapshot = data.negativeSnapshot;
      if (!snapshot) return null;
      const active = snapshot.rows.filter((k) => !k.negative && k.active && k.campaign && !k.list);
      if (!active.length) return null;
      const conflicts = findConflicts(snapshot.rows, snapshot.links);
      const items: AuditItem[] = conflicts.map((c) => ({
        campaign: c.keyword.campaign,
        adGroup: c.keyword.adGroup,
        keyword: c.keyword.text,
        matchType: c.keyword.matchType,
        severity: "fail",
        // The negative as Google writes it: `[exact]`, `"phrase"`, broad bare; its shared list when it has one.
        figures: { negative: negativeSyntax(c.negative), negativeList: c.negative.list },
      }));
      const blocked = new Set(conflicts.map((c) => `${c.keyword.line}`)).size;
      return {
        audited: 1,
        items,
        failing: conflicts.length ? 1 : 0,
        summary: { conflicts: conflicts.length, blockedKeywords: blocked, activeKeywords: active.length },
      };
    },
  }),

  // --- search terms
  rule({
    id: "wasted-search-terms",
    category: "search-terms",
    weight: 4,
    source: "R18",
    unit: "campaigns",
    needs: ["search-terms"],
    thresholds: { warnShare: share(0.1), failShare: share(0.2) },
    order: [["warnShare", "failShare"]],
    evaluate(data, t) {
      const byCampaign = groupBy(
        data.searchTerms.filter((s) => s.costCents > 0),
        (s) => s.campaign,
      );
      if (!byCampaign.size) return null;
      const items: AuditItem[] = [];
      let failing = 0;
      let total = 0;
      let wasted = 0;
      for (const terms of byCampaign.values()) {
        const cost = terms.reduce((sum, s) => sum + s.costCents, 0);
        const zero = terms.filter((s) => s.conversions === 0);
        const waste = zero.reduce((sum, s) => sum + s.costCents, 0);
        total += cost;
        wasted += waste;
        const campaignShare = waste / cost;
        const severity = campaignShare > t.failShare! ? "fail" : campaignShare > t.warnShare! ? "warn" : null;
        if (!severity) continue;
        if (severity === "fail") failing++;
        for (const s of zero) {
          if (s.addedExcluded && /exclu|uitgesloten|ausgeschlossen/.test(s.addedExcluded)) continue;
          items.push(
            searchTermItem(s, severity, { ...totalsFigures(s), campaignWastedShare: round4(campaignShare), campaignCostCents: cost }),
          );
        }
      }
      return {
        audited: byCampaign.size,
        failing,
        items,
        summary: { wastedShare: total ? round4(wasted / total) : 0, wastedCostCents: wasted, totalCostCents: total },
      };
    },
  }),
  rule({
    id: "job-seeker-terms",
    category: "search-terms",
    weight: 3,
    source: "R19",
    unit: "search-terms",
    needs: ["search-terms"],
    thresholds: { minCostCents: money(0) },
    evaluate(data, t) {
      const audited = data.searchTerms.filter(
        (s) => s.costCents > 0 && !(s.addedExcluded && /exclu|uitgesloten|ausgeschlossen/.test(s.addedExcluded)),
      );
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const s of audited) {
        const word = jobOrInfoWord(s.searchTerm);
        if (!word || s.costCents <= t.minCostCents!) continue;
        items.push(searchTermItem(s, "fail", { ...totalsFigures(s), word }));
      }
      return { audited: audited.length, items };
    },
  }),
  rule({
    id: "zero-conversion-search-terms",
    category: "search-terms",
    weight: 3,
    source: "R20",
    unit: "search-terms",
    needs: ["search-terms"],
    thresholds: zeroConversionThresholds(),
    evaluate(data, t) {
      return zeroConversion(
        data,
        data.searchTerms.filter((s) => s.costCents > 0),
        t,
        searchTermItem,
      );
    },
  }),
  rule({
    id: "hidden-search-terms",
    category: "search-terms",
    weight: 1,
    source: "R34",
    unit: "reports",
    needs: ["search-terms"],
    thresholds: { warnShare: share(0.3) },
    evaluate(data, t) {
      const audited = data.hiddenSearchTerms.filter((h) => h.visibleCostCents + h.hiddenCostCents > 0);
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const h of audited) {
        const hiddenShare = h.hiddenCostCents / (h.visibleCostCents + h.hiddenCostCents);
        // Reported, never failed: nothing in the account can show these terms.
        if (hiddenShare > t.warnShare!) {
          items.push({
            severity: "warn",
            figures: {
              hiddenShare: round4(hiddenShare),
              hiddenCostCents: h.hiddenCostCents,
              visibleCostCents: h.visibleCostCents,
              clicks: h.hiddenClicks,
              period: h.period,
            },
          });
        }
      }
      return { audited: audited.length, items };
    },
  }),

  // --- ads
  rule({
    id: "ads-per-ad-group",
    category: "ads",
    weight: 2,
    source: "R9",
    unit: "ad-groups",
    needs: ["ads"],
    thresholds: { minGoodAds: count(2, 1, 3) },
    evaluate(data, t) {
      const groups = groupBy(liveRsas(data), (ad) => `${ad.campaign}\u0000${ad.adGroup ?? ""}`);
      if (!groups.size) return null;
      const items: AuditItem[] = [];
      for (const ads of groups.values()) {
        const good = ads.filter((ad) => ad.strength === "good" || ad.strength === "excellent").length;
        if (good < t.minGoodAds!)
          items.push({
            campaign: ads[0]!.campaign,
            adGroup: ads[0]!.adGroup,
            severity: "fail",
            figures: { goodAds: good, enabledAds: ads.length },
          });
      }
      return { audited: groups.size, items };
    },
  }),
  rule({
    id: "too-many-rsas",
    category: "ads",
    weight: 1,
    source: "R10",
    unit: "ad-groups",
    needs: ["ads"],
    thresholds: { maxAds: count(3, 1, 50) },
    evaluate(data, t) {
      const groups = groupBy(liveRsas(data), (ad) => `${ad.campaign}\u0000${ad.adGroup ?? ""}`);
      if (!groups.size) return null;
      const items: AuditItem[] = [];
      for (const ads of groups.values()) {
        if (ads.length > t.maxAds!)
          items.push({ campaign: ads[0]!.campaign, adGroup: ads[0]!.adGroup, severity: "fail", figures: { enabledAds: ads.length } });
      }
      return { audited: groups.size, items };
    },
  }),
  rule({
    id: "ad-strength",
    category: "ads",
    weight: 3,
    source: "R11",
    unit: "ads",
    needs: ["ads"],
    thresholds: {},
    evaluate(data) {
      const audited = liveRsas(data).filter((ad) => ad.strength && ad.strength !== "pending");
      if (!audited.length) return null;
      return {
        audited: audited.length,
        items: audited
          .filter((ad) => ad.strength === "poor" || ad.strength === "average")
          .map((ad) => ({
            campaign: ad.campaign,
            adGroup: ad.adGroup,
            ad: ad.label,
            severity: ad.strength === "poor" ? ("fail" as const) : ("warn" as const),
            figures: { strength: ad.strength, ...totalsFigures(ad) },
          })),
      };
    },
  }),
  rule({
    id: "rsa-assets",
    category: "ads",
    weight: 2,
    source: "R12",
    unit: "ads",
    needs: ["ads"],
    // Google allows 15 headlines and 4 descriptions and asks for at least 5 distinct headlines;
    // an ad Google itself rates Good or Excellent has enough (its Ad strength judges the assets).
    thresholds: {
      failHeadlines: count(5, 3, 15),
      warnHeadlines: count(10, 3, 15),
      failDescriptions: count(2, 2, 4),
      warnDescriptions: count(4, 2, 4),
    },
    order: [
      ["failHeadlines", "warnHeadlines"],
      ["failDescriptions", "warnDescriptions"],
    ],
    evaluate(data, t) {
      const audited = liveRsas(data).filter((ad) => ad.headlines > 0);
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const ad of audited) {
        if (ad.strength === "good" || ad.strength === "excellent") continue;
        // A download with fewer than 15 headline (4 description) columns only gives a lower bound
        // for an ad that fills all of them: it is not judged on those.
        const headlinesKnown = !(ad.headlineColumns != null && ad.headlineColumns < 15 && ad.headlines >= ad.headlineColumns);
        const descriptionsKnown = !(ad.descriptionColumns != null && ad.descriptionColumns < 4 && ad.descriptions >= ad.descriptionColumns);
        const fewer = (headlines: number, descriptions: number) =>
          (headlinesKnown && ad.headlines < headlines) || (descriptionsKnown && ad.descriptions < descriptions);
        const severity = fewer(t.failHeadlines!, t.failDescriptions!)
          ? "fail"
          : fewer(t.warnHeadlines!, t.warnDescriptions!)
            ? "warn"
            : null;
        if (!severity) continue;
        items.push({
          campaign: ad.campaign,
          adGroup: ad.adGroup,
          ad: ad.label,
          severity,
          figures: { headlines: ad.headlines, descriptions: ad.descriptions, strength: ad.strength, ...totalsFigures(ad) },
        });
      }
      return { audited: audited.length, items };
    },
  }),
  rule({
    id: "pinned-assets",
    category: "ads",
    weight: 1,
    source: "R12",
    unit: "ads",
    needs: ["ads"],
    thresholds: { maxPinnedHeadlines: count(2, 0, 15), maxPinnedDescriptions: count(1, 0, 4) },
    evaluate(data, t) {
      const audited = liveRsas(data).filter((ad) => ad.pinnedHeadlines != null);
      if (!audited.length) return null;
      return {
        audited: audited.length,
        items: audited
          .filter((ad) => ad.pinnedHeadlines! > t.maxPinnedHeadlines! || (ad.pinnedDescriptions ?? 0) > t.maxPinnedDescriptions!)
          .map((ad) => ({
            campaign: ad.campaign,
            adGroup: ad.adGroup,
            ad: ad.label,
            severity: "fail" as const,
            figures: { pinnedHeadlines: ad.pinnedHeadlines, pinnedDescriptions: ad.pinnedDescriptions, headlines: ad.headlines },
          })),
      };
    },
  }),
  rule({
    id: "ad-strength-improvements",
    category: "ads",
    weight: 1,
    source: "R13",
    unit: "ads",
    needs: ["ads"],
    thresholds: { failSuggestions: count(3, 1, 20) },
    evaluate(data, t) {
      const rsas = liveRsas(data);
      // Only exports with the column say anything (an empty cell is "no suggestion").
      if (!rsas.some((ad) => ad.improvements !== null)) return null;
      const items: AuditItem[] = [];
      for (const ad of rsas) {
        const suggestions = ad.improvements ?? [];
        if (!suggestions.length) continue;
        items.push({
          campaign: ad.campaign,
          adGroup: ad.adGroup,
          ad: ad.label,
          severity: suggestions.length >= t.failSuggestions! ? "fail" : "warn",
          figures: { suggestions: suggestions.length, advice: suggestions.slice(0, 4).join("; "), strength: ad.strength },
        });
      }
      return { audited: rsas.length, items };
    },
  }),
  rule({
    id: "disapproved-ads",
    category: "ads",
    weight: 4,
    source: "R32",
    unit: "ads",
    needs: ["ads"],
    thresholds: {},
    evaluate(data) {
      const audited = data.ads.filter(
        (ad) => isSearchPlatform(ad.platform) && isLive(ad.status) && (ad.statusReasons.length > 0 || ad.servingStatus != null),
      );
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const ad of audited) {
        const text = fold([...ad.statusReasons, ad.servingStatus ?? ""].join("; "));
        const disapproved = /disapproved|afgekeurd|abgelehnt|refuse|rechazad|desaprobad/.test(text);
        const limited =
          /limited by policy|beperkt door beleid|durch richtlinien eingeschrankt|limite par le reglement|limitad[oa] por (la )?politica|approved \(limited\)/.test(
            text,
          );
        if (!disapproved && !limited) continue;
        items.push({
          campaign: ad.campaign,
          adGroup: ad.adGroup,
          ad: ad.label,
          severity: disapproved ? "fail" : "warn",
          figures: {
            issue: disapproved ? "disapproved" : "limitedByPolicy",
            reasons: ad.statusReasons.join("; ") || ad.servingStatus,
            ...totalsFigures(ad),
          },
        });
      }
      return { audited: audited.length, items };
    },
  }),

  // --- bidding
  rule({
    id: "smart-bidding-data",
    category: "bidding",
    weight: 3,
    source: "R25",
    unit: "campaigns",
    needs: ["campaigns", "editor-campaigns"],
    thresholds: { minConversionsTcpa: count(30, 1, 1000), minConversionsTroas: count(50, 1, 1000) },
    evaluate(data, t) {
      const settings = campaignSettings(data);
      const audited = data.campaigns
        .filter((c) => c.platform !== "meta" && isLive(settings.get(fold(c.campaign))?.status ?? c.status))
        .map((c) => {
          const s = settings.get(fold(c.campaign));
          return {
            c,
            target: biddingTarget(
              s?.bidStrategyType ?? c.bidStrategyType,
              s?.targetCpaCents ?? c.targetCpaCents,
              s?.targetRoas ?? c.targetRoas,
            ),
            strategy: s?.bidStrategyType ?? c.bidStrategyType,
          };
        })
        .filter((x) => x.target !== null);
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const { c, target, strategy } of audited) {
        // Conversions per 30 days (the fact sheet's minimums are monthly).
        const per30 = c.days && c.days > 0 ? (c.conversions * 30) / c.days : c.conversions;
        const minimum = target === "tcpa" ? t.minConversionsTcpa! : t.minConversionsTroas!;
        if (per30 < minimum)
          items.push(
            campaignItem(c, "fail", {
              ...totalsFigures(c),
              conversionsPer30Days: Math.round(per30 * 10) / 10,
              minConversions: minimum,
              bidStrategy: strategy,
              days: c.days,
            }),
          );
      }
      return { audited: audited.length, items };
    },
  }),
  rule({
    id: "lin-rodnitzky",
    category: "bidding",
    weight: 2,
    source: "R30",
    unit: "account",
    needs: ["keywords"],
    thresholds: { low: ratio(1.5, 1, 10), high: ratio(2, 1, 10) },
    order: [["low", "high"]],
    evaluate(data, t) {
      const keywords = data.keywords.filter((k) => isSearchPlatform(k.platform) && k.costCents > 0);
      const conversions = keywords.reduce((sum, k) => sum + k.conversions, 0);
      if (!keywords.length || conversions <= 0) return null;
      const cost = keywords.reduce((sum, k) => sum + k.costCents, 0);
      const converting = keywords.filter((k) => k.conversions > 0);
      const convertingCost = converting.reduce((sum, k) => sum + k.costCents, 0);
      const value = Math.round((cost / convertingCost) * 100) / 100;
      const figures = {
        ratio: value,
        accountCpaCents: Math.round(cost / conversions),
        convertingCpaCents: Math.round(convertingCost / conversions),
        costCents: cost,
        conversions,
      };
      const items: AuditItem[] = [];
      if (value > t.high!) items.push({ severity: "fail", figures: { ...figures, issue: "wasteful" } });
      else if (value < t.low!) items.push({ severity: "warn", figures: { ...figures, issue: "timid" } });
      return { audited: 1, items, summary: { ratio: value } };
    },
  }),
  rule({
    id: "device-cpa",
    category: "bidding",
    weight: 1,
    source: "R35, R31",
    unit: "campaigns",
    needs: ["devices"],
    thresholds: { maxRatio: ratio(1.4, 1, 10), minConversions: count(5, 1, 1000) },
    evaluate(data, t) {
      const byCampaign = groupBy(data.devices, (d) => `${d.platform}\u0000${d.campaign}`);
      const items: AuditItem[] = [];
      let audited = 0;
      for (const devices of byCampaign.values()) {
        const sum = (list: typeof devices) =>
          list.reduce((acc, d) => ({ cost: acc.cost + d.costCents, conv: acc.conv + d.conversions }), { cost: 0, conv: 0 });
        const desktop = sum(devices.filter((d) => isDesktop(d.device)));
        const mobile = sum(devices.filter((d) => isMobile(d.device)));
        // Too few conversions say nothing about a CPA (R31).
        if (desktop.conv < t.minConversions! || mobile.conv < t.minConversions!) continue;
        audited++;
        const desktopCpa = desktop.cost / desktop.conv;
        const mobileCpa = mobile.cost / mobile.conv;
        const value = mobileCpa / desktopCpa;
        if (value >= t.maxRatio!) {
          items.push({
            campaign: devices[0]!.campaign,
            severity: "fail",
            figures: {
              ratio: Math.round(value * 100) / 100,
              mobileCpaCents: Math.round(mobileCpa),
              desktopCpaCents: Math.round(desktopCpa),
              costCents: mobile.cost,
              conversions: mobile.conv,
            },
          });
        }
      }
      return audited ? { audited, items } : null;
    },
  }),

  // --- settings (Google Ads Editor)
  rule({
    id: "display-network-in-search",
    category: "settings",
    weight: 3,
    source: "R26",
    unit: "campaigns",
    needs: ["editor-campaigns"],
    thresholds: {},
    evaluate(data) {
      const audited = (data.editorCampaigns ?? []).filter(
        (e) => e.networks !== null && isSearchType(e.campaignType) === true && isLive(e.status),
      );
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const e of audited) {
        const networks = e.networks!.map(fold);
        const display = networks.some((n) => /display/.test(n));
        const partners = networks.some((n) => /partner/.test(n));
        if (display || partners)
          items.push({
            campaign: e.campaign,
            severity: display ? "fail" : "warn",
            figures: { issue: display ? "displayNetwork" : "searchPartners", networks: e.networks!.join("; ") },
          });
      }
      return { audited: audited.length, items };
    },
  }),
  rule({
    id: "location-targeting-method",
    category: "settings",
    weight: 2,
    source: "R27",
    unit: "campaigns",
    needs: ["editor-campaigns"],
    thresholds: {},
    evaluate(data) {
      const audited = (data.editorCampaigns ?? []).filter((e) => e.targetingMethod && isLive(e.status));
      if (!audited.length) return null;
      return {
        audited: audited.length,
        items: audited
          .filter((e) => /interest|interesse|interet|interes/.test(fold(e.targetingMethod!)))
          .map((e) => ({ campaign: e.campaign, severity: "fail" as const, figures: { targetingMethod: e.targetingMethod } })),
      };
    },
  }),
  rule({
    id: "campaign-ctr-benchmark",
    category: "ads",
    weight: 2,
    source: "R22",
    unit: "campaigns",
    needs: ["campaigns"],
    // Shares of the benchmark CTR (50% = half of it); above 100% allowed for a stricter bar.
    thresholds: {
      failRatio: { default: 0.5, min: 0, max: 5, unit: "share" },
      warnRatio: { default: 1, min: 0, max: 5, unit: "share" },
      minImpressions: count(1000, 0, 10_000_000),
    },
    order: [["failRatio", "warnRatio"]],
    evaluate(data, t) {
      const benchmark = benchmarkFor(data.industry);
      const audited = data.campaigns.filter(
        (c) =>
          isSearchPlatform(c.platform) &&
          isSearchType(c.campaignType) === true &&
          isLive(c.status) &&
          c.impressions > 0 &&
          c.impressions >= t.minImpressions!,
      );
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const c of audited) {
        const ctr = ctrOf(c)!;
        const severity = ctr < t.failRatio! * benchmark.ctr ? "fail" : ctr < t.warnRatio! * benchmark.ctr ? "warn" : null;
        if (severity)
          items.push(
            campaignItem(c, severity, { ctr: round4(ctr), benchmarkCtr: benchmark.ctr, edition: benchmark.edition, ...totalsFigures(c) }),
          );
      }
      return {
        audited: audited.length,
        items,
        summary: { benchmarkCtr: benchmark.ctr, edition: benchmark.edition, industry: data.industry },
      };
    },
  }),

  // --- Meta
  rule({
    id: "meta-frequency",
    category: "meta",
    weight: 2,
    source: "R36",
    unit: "ad-sets",
    needs: ["meta-ad-sets"],
    // Over 3 impressions per person in 7 days fails (R36); over 5 in a month-long export warns.
    thresholds: { maxFrequency: ratio(3, 1, 50), maxMonthlyFrequency: ratio(5, 1, 100) },
    evaluate(data, t) {
      const audited = data.metaAdSets.filter((a) => (a.weeklyFrequency != null || a.monthlyFrequency != null) && isLive(a.status));
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const a of audited) {
        const weekly = a.weeklyFrequency != null && a.weeklyFrequency > t.maxFrequency!;
        const monthly = a.monthlyFrequency != null && a.monthlyFrequency > t.maxMonthlyFrequency!;
        if (!weekly && !monthly) continue;
        items.push({
          campaign: a.campaign,
          adGroup: a.adSet,
          severity: weekly ? "fail" : "warn",
          figures: {
            frequency: a.weeklyFrequency == null ? null : Math.round(a.weeklyFrequency * 100) / 100,
            monthlyFrequency: a.monthlyFrequency == null ? null : Math.round(a.monthlyFrequency * 100) / 100,
            reach: a.reach,
            days: a.days,
            ...totalsFigures(a),
          },
        });
      }
      return { audited: audited.length, items };
    },
  }),
  rule({
    id: "meta-learning-limited",
    category: "meta",
    weight: 2,
    source: "R37",
    unit: "ad-sets",
    needs: ["meta-ad-sets"],
    thresholds: { minWeeklyEvents: count(50, 1, 10_000) },
    evaluate(data, t) {
      const audited = data.metaAdSets.filter((a) => isLive(a.status) && a.costCents > 0 && a.resultIndicator != null);
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const a of audited) {
        const weekly = (a.results * 7) / Math.max(a.days, 7);
        const flagged = a.status != null && /learning.?limited/.test(fold(a.status));
        if (weekly < t.minWeeklyEvents! || flagged) {
          items.push({
            campaign: a.campaign,
            adGroup: a.adSet,
            severity: "fail",
            figures: {
              weeklyEvents: Math.round(weekly * 10) / 10,
              results: a.results,
              days: a.days,
              costCents: a.costCents,
              impressions: a.impressions,
            },
          });
        }
      }
      return { audited: audited.length, items };
    },
  }),
  rule({
    id: "meta-relevance",
    category: "meta",
    weight: 2,
    source: "R38",
    unit: "ads",
    needs: ["meta-ads"],
    thresholds: {},
    evaluate(data) {
      const audited = data.ads.filter(
        (ad) => ad.platform === "meta" && isLive(ad.status) && (ad.qualityRanking || ad.engagementRateRanking || ad.conversionRateRanking),
      );
      if (!audited.length) return null;
      return {
        audited: audited.length,
        items: audited
          .filter((ad) => ad.qualityRanking === "below" || ad.engagementRateRanking === "below" || ad.conversionRateRanking === "below")
          .map((ad) => ({
            campaign: ad.campaign,
            adGroup: ad.adGroup,
            ad: ad.label,
            severity: "fail" as const,
            figures: {
              qualityRanking: ad.qualityRanking,
              engagementRateRanking: ad.engagementRateRanking,
              conversionRateRanking: ad.conversionRateRanking,
              ...totalsFigures(ad),
            },
          })),
      };
    },
  }),
  rule({
    id: "meta-cost-per-result-trend",
    category: "meta",
    weight: 3,
    // Cost per result = Amount spent ÷ Results (fact sheet §2, S42); the 25% / 50% bounds are the suite's defaults.
    source: "§2 S42",
    unit: "ad-sets",
    needs: ["meta-daily"],
    // The later half of the days against the earlier half; shares of the earlier cost per result.
    thresholds: {
      warnRise: { default: 0.25, min: 0, max: 10, unit: "share" },
      failRise: { default: 0.5, min: 0, max: 10, unit: "share" },
      minDays: count(14, 4, 90),
      minResults: count(5, 1, 10_000),
    },
    order: [["warnRise", "failRise"]],
    evaluate(data, t) {
      const audited = data.metaAdSets
        .filter((a) => isLive(a.status) && a.resultsMeasured && a.daily.length >= t.minDays!)
        .map((a) => ({ a, halves: halvesOf(a.daily) }))
        .filter(({ halves }) => halves.first.results >= t.minResults! && halves.first.costCents > 0);
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const { a, halves } of audited) {
        const before = halves.first.costCents / halves.first.results;
        const after = halves.second.results > 0 ? halves.second.costCents / halves.second.results : null;
        // Spending on without a result in the later half is the worst trend there is.
        const rise = after === null ? (halves.second.costCents > 0 ? Number.POSITIVE_INFINITY : 0) : after / before - 1;
        const severity = rise > t.failRise! ? "fail" : rise > t.warnRise! ? "warn" : null;
        if (!severity) continue;
        items.push({
          campaign: a.campaign,
          adGroup: a.adSet,
          severity,
          figures: {
            firstCostPerResultCents: Math.round(before),
            secondCostPerResultCents: after === null ? null : Math.round(after),
            costPerResultChange: Number.isFinite(rise) ? round4(rise) : null,
            firstPeriod: `${halves.first.from}..${halves.first.to}`,
            secondPeriod: `${halves.second.from}..${halves.second.to}`,
            results: a.results,
            costCents: a.costCents,
          },
        });
      }
      return { audited: audited.length, items };
    },
  }),
  rule({
    id: "meta-creative-fatigue",
    category: "meta",
    weight: 2,
    // Frequency fatigue (R36, S46): CTR falling as frequency rises; the 20% drop is the suite's default.
    source: "R36",
    unit: "ad-sets",
    needs: ["meta-daily"],
    // Link CTR falling by a fifth or more from the earlier half of the days to the later while the
    // same people see the ads more often (daily frequency rising).
    thresholds: { ctrDrop: share(0.2), minDays: count(14, 4, 90), minImpressions: count(1000, 0, 10_000_000) },
    evaluate(data, t) {
      const audited = data.metaAdSets
        .filter((a) => isLive(a.status) && a.daily.length >= t.minDays! && a.daily.every((d) => d.reach != null))
        .map((a) => ({ a, halves: halvesOf(a.daily) }))
        .filter(({ halves }) => halves.first.impressions >= t.minImpressions! && halves.second.impressions >= t.minImpressions!);
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const { a, halves } of audited) {
        const ctrBefore = halves.first.clicks / halves.first.impressions;
        const ctrAfter = halves.second.clicks / halves.second.impressions;
        const frequencyBefore = halves.first.reach > 0 ? halves.first.impressions / halves.first.reach : null;
        const frequencyAfter = halves.second.reach > 0 ? halves.second.impressions / halves.second.reach : null;
        if (ctrBefore <= 0 || frequencyBefore === null || frequencyAfter === null) continue;
        const change = ctrAfter / ctrBefore - 1;
        if (change > -t.ctrDrop! || frequencyAfter <= frequencyBefore) continue;
        items.push({
          campaign: a.campaign,
          adGroup: a.adSet,
          severity: "fail",
          figures: {
            firstCtr: round4(ctrBefore),
            secondCtr: round4(ctrAfter),
            ctrChange: round4(change),
            firstFrequency: Math.round(frequencyBefore * 100) / 100,
            secondFrequency: Math.round(frequencyAfter * 100) / 100,
            firstPeriod: `${halves.first.from}..${halves.first.to}`,
            secondPeriod: `${halves.second.from}..${halves.second.to}`,
            costCents: a.costCents,
          },
        });
      }
      return { audited: audited.length, items };
    },
  }),
  rule({
    id: "meta-delivery",
    category: "meta",
    weight: 3,
    // `Results` blank when an ad set has no result for its goal (fact sheet §2, S42); $50 is the suite's default.
    source: "§2 S42",
    unit: "ad-sets",
    needs: ["meta-ad-sets"],
    thresholds: { minCostCents: money(5000) },
    evaluate(data, t) {
      // Only exports with a Results column say "no results"; an ad set without spend has nothing to show.
      const audited = data.metaAdSets.filter((a) => isLive(a.status) && a.resultsMeasured && a.costCents > 0);
      if (!audited.length) return null;
      return {
        audited: audited.length,
        items: audited
          .filter((a) => a.results <= 0 && a.costCents >= t.minCostCents!)
          .map((a) => ({
            campaign: a.campaign,
            adGroup: a.adSet,
            severity: "fail" as const,
            figures: { costCents: a.costCents, impressions: a.impressions, clicks: a.clicks, results: 0, days: a.days },
          })),
      };
    },
  }),
  rule({
    id: "meta-placement-mix",
    category: "meta",
    weight: 2,
    // Placement breakdowns (fact sheet §2, S42c); the 20% / 80% bounds are the suite's defaults.
    source: "§2 S42c",
    unit: "campaigns",
    needs: ["meta-placements"],
    // Audience Network's share of a campaign's spend, and one placement taking nearly all of it.
    thresholds: { maxAudienceNetworkShare: share(0.2), maxPlacementShare: share(0.8), minCostCents: money(5000) },
    evaluate(data, t) {
      const byCampaign = groupBy(data.metaPlacements, (p) => fold(p.campaign));
      if (!byCampaign.size) return null;
      const items: AuditItem[] = [];
      let audited = 0;
      for (const placements of byCampaign.values()) {
        const cost = placements.reduce((sum, p) => sum + p.costCents, 0);
        if (cost <= 0) continue;
        audited++;
        const results = placements.reduce((sum, p) => sum + p.results, 0);
        const byPlacement = [...groupBy(placements, (p) => fold(p.placement)).values()].map((list) => ({
          placement: list[0]!.placement,
          costCents: list.reduce((sum, p) => sum + p.costCents, 0),
          results: list.reduce((sum, p) => sum + p.results, 0),
        }));
        const audience = byPlacement.filter((p) => isAudienceNetwork(p.placement));
        const audienceCost = audience.reduce((sum, p) => sum + p.costCents, 0);
        const audienceResults = audience.reduce((sum, p) => sum + p.results, 0);
        const campaign = placements[0]!.campaign;
        if (audienceCost / cost > t.maxAudienceNetworkShare!) {
          // Failing when Audience Network's results cost more than the rest's, or it has none.
          const rest = { cost: cost - audienceCost, results: results - audienceResults };
          const worse =
            audienceCost >= t.minCostCents! &&
            (audienceResults === 0 ? rest.results > 0 : rest.results > 0 && audienceCost / audienceResults > rest.cost / rest.results);
          items.push({
            campaign,
            severity: worse ? "fail" : "warn",
            figures: {
              placement: audience.map((p) => p.placement).join("; "),
              placementShare: round4(audienceCost / cost),
              placementCostCents: audienceCost,
              placementResults: audienceResults,
              costCents: cost,
              results,
            },
          });
          continue;
        }
        const top = byPlacement.sort((a, b) => b.costCents - a.costCents)[0]!;
        if (byPlacement.length > 1 && top.costCents / cost > t.maxPlacementShare!) {
          items.push({
            campaign,
            severity: "warn",
            figures: {
              placement: top.placement,
              placementShare: round4(top.costCents / cost),
              placementCostCents: top.costCents,
              placementResults: top.results,
              costCents: cost,
              results,
            },
          });
        }
      }
      return audited ? { audited, items } : null;
    },
  }),

  // --- Microsoft Advertising
  rule({
    id: "ms-budget-limited",
    category: "microsoft",
    weight: 4,
    source: "R3",
    unit: "campaigns",
    needs: ["microsoft-campaigns"],
    ...budgetLimitedLimits(),
    evaluate(data, t) {
      return budgetLimited(
        data.campaigns.filter((c) => c.platform === "microsoft"),
        t,
      );
    },
  }),
  rule({
    id: "ms-rank-limited",
    category: "microsoft",
    weight: 2,
    source: "R4",
    unit: "campaigns",
    needs: ["microsoft-campaigns"],
    thresholds: { maxLostRank: share(0.3) },
    evaluate(data, t) {
      // Not for conversion-based bidding, which gives up auctions on purpose.
      return rankLimited(
        data.campaigns.filter((c) => c.platform === "microsoft" && bidClass(c.bidStrategyType) !== "smart"),
        t,
        (c) => c.bidStrategyType,
      );
    },
  }),
  rule({
    id: "ms-search-partners",
    category: "microsoft",
    weight: 3,
    // R26 (search partners on without review); Microsoft's report column `Network` (reporting
    // service docs: AOL search, Audience, Microsoft sites and select traffic / Bing and Yahoo!
    // search, Content, Syndicated search partners); 30% and 1.5× are the suite's defaults.
    source: "R26",
    unit: "campaigns",
    needs: ["microsoft-networks"],
    // Syndicated search partners against Microsoft's own sites (`Bing and Yahoo! search`, AOL).
    thresholds: { warnShare: share(0.3), maxCpaRatio: ratio(1.5, 1, 10), minCostCents: money(5000) },
    evaluate(data, t) {
      const byCampaign = groupBy(
        data.networks.filter((n) => n.platform === "microsoft"),
        (n) => fold(n.campaign),
      );
      const items: AuditItem[] = [];
      let audited = 0;
      for (const networks of byCampaign.values()) {
        const partners = networks.filter((n) => isPartnerNetwork(n.network));
        const owned = networks.filter((n) => isOwnedNetwork(n.network));
        const partnerTotals = partners.reduce((sum, n) => addTotals(sum, n), zeroTotals());
        const ownedTotals = owned.reduce((sum, n) => addTotals(sum, n), zeroTotals());
        const cost = networks.reduce((sum, n) => sum + n.costCents, 0);
        if (partnerTotals.costCents <= 0 || cost <= 0) continue;
        audited++;
        const partnerShare = partnerTotals.costCents / cost;
        const partnerCpa = partnerTotals.conversions > 0 ? partnerTotals.costCents / partnerTotals.conversions : null;
        const ownedCpa = ownedTotals.conversions > 0 ? ownedTotals.costCents / ownedTotals.conversions : null;
        const judged = ownedCpa !== null && partnerTotals.costCents >= t.minCostCents!;
        const worse = judged && (partnerCpa === null ? partnerTotals.costCents > ownedCpa : partnerCpa >= ownedCpa * t.maxCpaRatio!);
        const severity = worse ? "fail" : partnerShare > t.warnShare! ? "warn" : null;
        if (!severity) continue;
        items.push({
          campaign: networks[0]!.campaign,
          severity,
          figures: {
            network: partners.map((n) => n.network).join("; "),
            partnerShare: round4(partnerShare),
            partnerCostCents: partnerTotals.costCents,
            conversions: partnerTotals.conversions,
            partnerCpaCents: partnerCpa === null ? null : Math.round(partnerCpa),
            ownedCpaCents: ownedCpa === null ? null : Math.round(ownedCpa),
            costCents: cost,
          },
        });
      }
      return audited ? { audited, items } : null;
    },
  }),
  rule({
    id: "ms-match-types",
    category: "microsoft",
    weight: 2,
    source: "R24, R31",
    unit: "campaigns",
    needs: ["microsoft-keywords"],
    // Broad match against exact and phrase in each campaign: its cost per conversion, or its spend
    // without conversions where the others convert (R31: at least a few conversions to compare).
    thresholds: { maxCpaRatio: ratio(1.5, 1, 10), minConversions: count(3, 1, 1000), warnShare: share(0.5) },
    evaluate(data, t) {
      const byCampaign = groupBy(
        data.keywords.filter((k) => k.platform === "microsoft" && k.matchType && k.costCents > 0 && isLive(k.status)),
        (k) => fold(k.campaign),
      );
      if (!byCampaign.size) return null;
      const items: AuditItem[] = [];
      for (const keywords of byCampaign.values()) {
        const broad = keywords.filter((k) => isBroad(k.matchType)).reduce((sum, k) => addTotals(sum, k), zeroTotals());
        const other = keywords.filter((k) => !isBroad(k.matchType)).reduce((sum, k) => addTotals(sum, k), zeroTotals());
        const cost = broad.costCents + other.costCents;
        if (broad.costCents <= 0) continue;
        const otherCpa = other.conversions >= t.minConversions! ? other.costCents / other.conversions : null;
        const broadCpa = broad.conversions > 0 ? broad.costCents / broad.conversions : null;
        let severity: AuditItem["severity"] | null = null;
        if (otherCpa !== null && broadCpa === null && broad.costCents > otherCpa) severity = "fail";
        else if (otherCpa !== null && broadCpa !== null && broad.conversions >= t.minConversions! && broadCpa >= otherCpa * t.maxCpaRatio!)
          severity = "fail";
        else if (broad.costCents / cost > t.warnShare!) severity = "warn";
        if (!severity) continue;
        items.push({
          campaign: keywords[0]!.campaign,
          severity,
          figures: {
            broadShare: round4(broad.costCents / cost),
            broadCostCents: broad.costCents,
            broadCpaCents: broadCpa === null ? null : Math.round(broadCpa),
            otherCpaCents: otherCpa === null ? null : Math.round(otherCpa),
            conversions: broad.conversions,
            costCents: cost,
          },
        });
      }
      return { audited: byCampaign.size, items };
    },
  }),
  rule({
    id: "ms-quality-score",
    category: "microsoft",
    weight: 3,
    source: "R7",
    unit: "keywords",
    needs: ["microsoft-keywords"],
    ...qualityScoreLimits(),
    evaluate(data, t) {
      const audited = data.keywords.filter((k) => k.platform === "microsoft" && k.qualityScore != null && isLive(k.status));
      if (!audited.length) return null;
      const items: AuditItem[] = [];
      for (const k of audited) {
        const item = qualityScoreItem(k, k, t);
        if (item) items.push(item);
      }
      return { audited: audited.length, items };
    },
  }),
  rule({
    id: "ms-quality-components",
    category: "microsoft",
    weight: 2,
    source: "R8",
    unit: "keywords",
    needs: ["microsoft-keywords"],
    thresholds: { minImpressions: minImpressions() },
    evaluate(data, t) {
      const audited = data.keywords.filter(
        (k) =>
          k.platform === "microsoft" &&
          (k.expectedCtr || k.adRelevance || k.landingPageExperience) &&
          k.impressions >= t.minImpressions! &&
          isLive(k.status),
      );
      if (!audited.length) return null;
      return {
        audited: audited.length,
        items: audited
          .filter((k) => k.expectedCtr === "below" || k.adRelevance === "below" || k.landingPageExperience === "below")
          .map((k) =>
            keywordItem(k, "fail", {
              qualityScore: k.qualityScore,
              expectedCtr: k.expectedCtr,
              adRelevance: k.adRelevance,
              landingPageExperience: k.landingPageExperience,
              ...totalsFigures(k),
            }),
          ),
      };
    },
  }),
];

export const RULES_BY_ID: ReadonlyMap<string, RuleDefinition> = new Map(RULES.map((r) => [r.id, r]));

/** The grade bounds (configurable per client account like a rule's thresholds). */
export const GRADING_ID = "grading";
export const GRADING_THRESHOLDS: Record<string, ThresholdDefinition> = { a: share(0.05), b: share(0.1) };

// ---------------------------------------------------------------------------------------------
// Figures: how pages show them

export type FigureFormat = "money" | "share" | "integer" | "number" | "ratio" | "text" | "day" | "period" | "code";

const FIGURE_FORMATS: Record<string, FigureFormat> = {
  lostIsBudget: "share",
  lostIsRank: "share",
  impressionShare: "share",
  ctr: "share",
  benchmarkCtr: "share",
  wastedShare: "share",
  campaignWastedShare: "share",
  hiddenShare: "share",
  broadShare: "share",
  costPerResultChange: "share",
  firstCtr: "share",
  secondCtr: "share",
  ctrChange: "share",
  placementShare: "share",
  partnerShare: "share",
  impressions: "integer",
  clicks: "integer",
  keywords: "integer",
  adGroups: "integer",
  enabledAds: "integer",
  goodAds: "integer",
  headlines: "integer",
  descriptions: "integer",
  pinnedHeadlines: "integer",
  pinnedDescriptions: "integer",
  suggestions: "integer",
  days: "integer",
  qualityScore: "integer",
  minConversions: "integer",
  reach: "integer",
  edition: "text",
  conversions: "number",
  conversionsPer30Days: "number",
  results: "number",
  weeklyEvents: "number",
  placementResults: "number",
  ratio: "ratio",
  frequency: "ratio",
  monthlyFrequency: "ratio",
  firstFrequency: "ratio",
  secondFrequency: "ratio",
  firstPeriod: "period",
  secondPeriod: "period",
  lastConversionDay: "day",
  platform: "code",
  issue: "code",
  strength: "code",
  expectedCtr: "code",
  adRelevance: "code",
  landingPageExperience: "code",
  qualityRanking: "code",
  engagementRateRanking: "code",
  conversionRateRanking: "code",
  industry: "code",
  // Negative-keyword conflicts.
  negative: "text",
  negativeList: "text",
  conflicts: "integer",
  blockedKeywords: "integer",
  activeKeywords: "integer",
};

/** Money for `…Cents`; the table for the rest; text for unknown string figures. */
export function figureFormat(name: string): FigureFormat {
  if (name.endsWith("Cents")) return "money";
  return FIGURE_FORMATS[name] ?? "text";
}

/** Every figure name the rules write (the page and the translation tests read it). */
export const FIGURE_NAMES = [
  ...Object.keys(FIGURE_FORMATS),
  "costCents",
  "conversionValueCents",
  "budgetCents",
  "limitCents",
  "campaignCostCents",
  "broadCostCents",
  "hiddenCostCents",
  "visibleCostCents",
  "wastedCostCents",
  "totalCostCents",
  "accountCpaCents",
  "convertingCpaCents",
  "mobileCpaCents",
  "desktopCpaCents",
  "bidStrategy",
  "word",
  "places",
  "advice",
  "reasons",
  "networks",
  "targetingMethod",
  "period",
  "firstCostPerResultCents",
  "secondCostPerResultCents",
  "placementCostCents",
  "partnerCostCents",
  "partnerCpaCents",
  "ownedCpaCents",
  "broadCpaCents",
  "otherCpaCents",
  "placement",
  "network",
];

/** Codes a `code` figure can hold, translated under `codes.<figure>.<value>`. */
export const FIGURE_CODES: Record<string, string[]> = {
  platform: ["google", "meta", "microsoft"],
  issue: ["disapproved", "limitedByPolicy", "wasteful", "timid", "displayNetwork", "searchPartners"],
  strength: ["excellent", "good", "average", "poor", "pending"],
  rating: ["above", "average", "below"],
};

// ---------------------------------------------------------------------------------------------
// Running, grading, scoring

export interface GradeBounds {
  a: number;
  b: number;
}

/** A if under `a` of the audited items fail, B under `b`, C otherwise. */
export function gradeFor(failing: number, audited: number, bounds: GradeBounds = { a: 0.05, b: 0.1 }): Grade {
  const share = audited > 0 ? failing / audited : 0;
  if (share < bounds.a) return "A";
  if (share < bounds.b) return "B";
  return "C";
}

/** Defaults merged with the client account's overrides (known names, finite numbers only). */
export function thresholdsFor(
  definitions: Record<string, ThresholdDefinition>,
  overrides: Record<string, unknown> | undefined,
): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    const value = overrides?.[name];
    merged[name] =
      typeof value === "number" && Number.isFinite(value) && value >= definition.min && value <= definition.max
        ? value
        : definition.default;
  }
  return merged;
}

export const MAX_ITEMS = 100;

function sortItems(items: AuditItem[]): AuditItem[] {
  const cost = (item: AuditItem) => (typeof item.figures.costCents === "number" ? item.figures.costCents : 0);
  return [...items].sort((a, b) => (a.severity === b.severity ? cost(b) - cost(a) : a.severity === "fail" ? -1 : 1));
}

export function runRule(
  definition: RuleDefinition,
  data: AuditDataset,
  overrides: ThresholdOverrides = {},
  bounds?: GradeBounds,
): CheckResult {
  const thresholds = thresholdsFor(definition.thresholds, overrides[definition.id]);
  const outcome = definition.evaluate(data, thresholds);
  const base = { ruleId: definition.id, category: definition.category, thresholds, unit: definition.unit, weight: definition.weight };
  if (!outcome || outcome.audited === 0) {
    return { ...base, status: "not-applicable", audited: 0, failing: 0, grade: null, items: [], warnings: 0 };
  }
  const failing = outcome.failing ?? outcome.items.filter((item) => item.severity === "fail").length;
  const result: CheckResult = {
    ...base,
    status: "graded",
    audited: outcome.audited,
    failing,
    grade: gradeFor(
      failing,
      outcome.audited,
      bounds ?? (thresholdsFor(GRADING_THRESHOLDS, overrides[GRADING_ID]) as unknown as GradeBounds),
    ),
    items: sortItems(outcome.items).slice(0, MAX_ITEMS),
    warnings: outcome.items.filter((item) => item.severity === "warn").length,
  };
  if (outcome.summary) result.summary = outcome.summary;
  return result;
}

export interface AuditResult {
  checks: CheckResult[];
  /** 0–100: the passing share of graded checks' items, weighted by importance. */
  score: number;
  grade: Grade;
  /** How many checks were graded. */
  graded: number;
}

export function runRules(data: AuditDataset, overrides: ThresholdOverrides = {}, rules: readonly RuleDefinition[] = RULES): AuditResult {
  const bounds = thresholdsFor(GRADING_THRESHOLDS, overrides[GRADING_ID]) as unknown as GradeBounds;
  const checks = rules.map((definition) => runRule(definition, data, overrides, bounds));
  const { score, grade } = overallScore(checks, bounds);
  return { checks, score, grade, graded: checks.filter((c) => c.status === "graded").length };
}

/** The weighted passing share of the graded checks (100 when none is graded), and its grade on the same bounds. */
export function overallScore(checks: readonly CheckResult[], bounds: GradeBounds = { a: 0.05, b: 0.1 }): { score: number; grade: Grade } {
  let weights = 0;
  let passing = 0;
  for (const check of checks) {
    if (check.status !== "graded" || check.audited === 0) continue;
    const weight = check.weight ?? RULES_BY_ID.get(check.ruleId)?.weight ?? 1;
    weights += weight;
    passing += weight * (1 - Math.min(check.failing, check.audited) / check.audited);
  }
  const score = weights === 0 ? 100 : Math.round((passing / weights) * 1000) / 10;
  const failShare = 1 - score / 100;
  const grade: Grade = failShare < bounds.a - 1e-9 ? "A" : failShare < bounds.b - 1e-9 ? "B" : "C";
  return { score, grade };
}

// ---------------------------------------------------------------------------------------------
// Comparison with the previous audit

export interface CheckChange {
  ruleId: string;
  before: Grade | null;
  after: Grade | null;
  /** Failing items now minus then (null when either was not graded). */
  failingChange: number | null;
  /** "better", "worse", "same", "new" (graded now, not then), "gone" (graded then, not now). */
  trend: "better" | "worse" | "same" | "new" | "gone";
}

export interface AuditComparison {
  previousId: string;
  previousCreatedAt: string;
  scoreChange: number;
  gradeBefore: Grade;
  checks: Record<string, CheckChange>;
}

const GRADE_RANK: Record<Grade, number> = { A: 3, B: 2, C: 1 };

export function compareAudits(
  current: Pick<AuditSnapshot, "score" | "checks">,
  previous: Pick<AuditSnapshot, "id" | "createdAt" | "score" | "grade" | "checks"> | null,
): AuditComparison | null {
  if (!previous) return null;
  const before = new Map(previous.checks.map((c) => [c.ruleId, c]));
  const checks: Record<string, CheckChange> = {};
  for (const check of current.checks) {
    const then = before.get(check.ruleId);
    const a = then?.grade ?? null;
    const b = check.grade;
    let trend: CheckChange["trend"];
    if (a === null && b === null) continue;
    if (a === null) trend = "new";
    else if (b === null) trend = "gone";
    else if (GRADE_RANK[b] !== GRADE_RANK[a]) trend = GRADE_RANK[b] > GRADE_RANK[a] ? "better" : "worse";
    else if (then && check.failing !== then.failing) trend = check.failing < then.failing ? "better" : "worse";
    else trend = "same";
    checks[check.ruleId] = {
      ruleId: check.ruleId,
      before: a,
      after: b,
      failingChange: a !== null && b !== null && then ? check.failing - then.failing : null,
      trend,
    };
  }
  return {
    previousId: previous.id,
    previousCreatedAt: previous.createdAt,
    scoreChange: Math.round((current.score - previous.score) * 10) / 10,
    gradeBefore: previous.grade,
    checks,
  };
}

// ---------------------------------------------------------------------------------------------
// Threshold settings: validation and the form's units

export type ThresholdIssue = "unknownRule" | "unknownThreshold" | "notANumber" | "outOfRange" | "order";

export interface ThresholdProblem {
  ruleId: string;
  name: string;
  issue: ThresholdIssue;
}

/** The definitions of a rule id's thresholds (`grading` included); undefined for an unknown id. */
export function thresholdDefinitions(ruleId: string): Record<string, ThresholdDefinition> | undefined {
  if (ruleId === GRADING_ID) return GRADING_THRESHOLDS;
  return RULES_BY_ID.get(ruleId)?.thresholds;
}

const orderOf = (ruleId: string): Array<[string, string]> =>
  ruleId === GRADING_ID ? [["a", "b"]] : (RULES_BY_ID.get(ruleId)?.order ?? []);

/**
 * Checks overrides (rule id → name → value, stored units): known rules and names, finite numbers
 * within the threshold's bounds, ordered pairs kept in order (against the defaults where only one
 * side is overridden). Returns the overrides that differ from the defaults, and every problem.
 */
export function validateThresholds(input: Record<string, Record<string, unknown>>): {
  overrides: ThresholdOverrides;
  problems: ThresholdProblem[];
} {
  const overrides: ThresholdOverrides = {};
  const problems: ThresholdProblem[] = [];
  for (const [ruleId, values] of Object.entries(input)) {
    const definitions = thresholdDefinitions(ruleId);
    if (!definitions) {
      problems.push({ ruleId, name: "", issue: "unknownRule" });
      continue;
    }
    const merged: Record<string, number> = {};
    let valid = true;
    for (const [name, value] of Object.entries(values ?? {})) {
      const definition = definitions[name];
      if (!definition) {
        problems.push({ ruleId, name, issue: "unknownThreshold" });
        valid = false;
      } else if (typeof value !== "number" || !Number.isFinite(value)) {
        problems.push({ ruleId, name, issue: "notANumber" });
        valid = false;
      } else if (
        value < definition.min ||
        value > definition.max ||
        ((definition.unit === "count" || definition.unit === "score") && !Number.isInteger(value))
      ) {
        problems.push({ ruleId, name, issue: "outOfRange" });
        valid = false;
      } else merged[name] = value;
    }
    if (!valid) continue;
    const effective = { ...Object.fromEntries(Object.entries(definitions).map(([name, d]) => [name, d.default])), ...merged };
    for (const [lower, upper] of orderOf(ruleId)) {
      if (effective[lower]! > effective[upper]!) problems.push({ ruleId, name: lower in merged ? lower : upper, issue: "order" });
    }
    const changed = Object.fromEntries(
      Object.entries(merged).filter(([name, value]) => Math.abs(value - definitions[name]!.default) > 1e-12),
    );
    if (Object.keys(changed).length) overrides[ruleId] = changed;
  }
  return { overrides: problems.length ? {} : overrides, problems };
}

/** Decimals a threshold's form field takes: cents for money, six for shares and ratios. */
const inputDecimals = (definition: ThresholdDefinition) => (definition.unit === "money" ? 2 : 6);

/** A stored value as the form shows it in the page's locale: shares in percent, money in currency units. */
export function thresholdToInput(definition: ThresholdDefinition, value: number, locale: string): string {
  if (definition.unit === "money") return formatAmountInput(value, locale);
  const shown = definition.unit === "share" ? Math.round(value * 100 * 1e6) / 1e6 : value;
  return numberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }).format(shown);
}

/**
 * The form's text back in stored units, read by the one locale-aware parser (`20,5` in de, `20.5` in
 * en); NaN when it is not a number or could be misread (`1,250` in en).
 */
export function thresholdFromInput(definition: ThresholdDefinition, raw: string, locale: string): number {
  const decimals = inputDecimals(definition);
  const parsed = parseLocaleDecimal(raw, locale, decimals);
  if (!parsed.ok) return Number.NaN;
  if (definition.unit === "money") return parsed.value;
  const value = parsed.value / 10 ** decimals;
  return definition.unit === "share" ? Math.round((value / 100) * 1e9) / 1e9 : value;
}

/**
 * Audit snapshots: owns `ad_audits` and loading a client account's stored rows into the auditor's
 * dataset. The windows follow the fact sheet (Optmyzr's): the latest 30 days of campaigns, ad
 * groups, keywords and ads, the latest 90 days of search terms, each ending on that report kind's
 * latest day; a day-by-day export contributes the window's days, a period export counts when its
 * period ends within the window (overlapping ones are not added twice: the latest wins); an
 * "All time" export is used only when its kind has nothing dated. Settings and negatives come
 * from the latest Google Ads Editor exports. Per platform it also gathers what the period says
 * about conversions (every report kind's rows and the exports' own totals rows, from their stored
 * summaries), Meta ad sets day by day (or campaigns, from a campaign-level export) and placements,
 * and Microsoft's networks. The rules (rules.ts) run with the client account's
 * thresholds, and the result is kept with the imports it ran on, in one unit of work with its
 * audit-log row, for comparison with the next audit. Only the client account's owner runs or
 * reads its audits.
 */
import { sql } from "kysely";
import { v7 as uuidv7 } from "uuid";
import { audit } from "~/audit/audit.server";
import { now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { getClientAccount, setThresholds, type ClientAccount } from "../accounts.server";
import type { AdFields, AdPlatform, BoundedValue, FileTotals, RowExtras } from "../import/types";
import { loadNegativeSnapshot } from "../negative-conflicts.server";
import { readStoredRows, storedRowOrder, type ImportInfo, type StoredAdRow } from "../stored-rows.server";
import {
  addTotals,
  emptyDataset,
  zeroTotals,
  type AdFacts,
  type AuditDataset,
  type CampaignFacts,
  type DailyTotals,
  type DeviceFacts,
  type ConversionEvidence,
  type HiddenSearchTerms,
  type KeywordFacts,
  type MetaAdSetFacts,
  type MetaPlacementFacts,
  type NetworkFacts,
  type SearchTermFacts,
  type Totals,
} from "./dataset";
import { compareAudits, runRules, validateThresholds, type AuditComparison, type ThresholdProblem } from "./rules";
import type { AuditSnapshot, CheckResult, Grade } from "./types";
import { addDays } from "~/utils/dates";
import { NamedError } from "~/utils/named-error";

/** Days of data per report kind (the fact sheet's audit windows). */
export const WINDOW_DAYS = { metrics: 30, searchTerms: 90 } as const;
const METRIC_KINDS = ["campaign", "ad-group", "keyword", "ad"] as const;
/** Import ids per IN list (well under both databases' parameter limits). */

export class NothingToAuditError extends NamedError {
  constructor() {
    super("the client account holds no imported data the checks can use");
  }
}

export class AuditNotFoundError extends NamedError {
  constructor() {
    super("audit not found");
  }
}

export class ThresholdValidationError extends NamedError {
  constructor(readonly problems: ThresholdProblem[]) {
    super(`invalid thresholds: ${problems.map((p) => `${p.ruleId}.${p.name} ${p.issue}`).join(", ")}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Days

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const spanDays = (start: string, end: string) => dayNumber(end) - dayNumber(start) + 1;

// ---------------------------------------------------------------------------------------------
// Choosing the imports and rows of a window

interface ImportRow extends ImportInfo {
  summary: string;
}

/** One source of rows: an import's rows, all of them or those of days from `start` to `end`. */
interface Source {
  importId: string;
  days: { start: string; end: string } | null;
  /** The days a period export covers (null for "All time"). */
  period: { start: string; end: string } | null;
}

interface Window {
  sources: Source[];
  start: string | null;
  end: string | null;
}

/**
 * The sources of one platform and kind for a window of `length` days ending on its latest day:
 * day-by-day imports (their rows in the window) and period imports ending in the window that do
 * not overlap the days already taken (latest first); "All time" only when nothing is dated.
 */
export function chooseSources(imports: readonly ImportRow[], length: number): Window {
  const dated = imports.filter((i) => i.periodEnd !== null);
  if (!dated.length) {
    const latest = [...imports].sort((a, b) => (b.importedAt ?? "").localeCompare(a.importedAt ?? ""))[0];
    return latest
      ? { sources: [{ importId: latest.id, days: null, period: null }], start: null, end: null }
      : { sources: [], start: null, end: null };
  }
  const end = dated
    .map((i) => i.periodEnd!)
    .sort()
    .at(-1)!;
  const start = addDays(end, -(length - 1));
  const sources: Source[] = [];
  const taken: Array<{ start: string; end: string }> = [];
  const overlaps = (a: { start: string; end: string }) => taken.some((b) => a.start <= b.end && b.start <= a.end);
  const dayImports = dated.filter((i) => i.granularity === "day" && i.periodEnd! >= start);
  if (dayImports.length) {
    const first = dayImports.map((i) => i.periodStart ?? i.periodEnd!).sort()[0]!;
    const last = dayImports
      .map((i) => i.periodEnd!)
      .sort()
      .at(-1)!;
    const range = { start: first > start ? first : start, end: last };
    taken.push(range);
    for (const i of dayImports) sources.push({ importId: i.id, days: { start, end }, period: null });
  }
  const periods = dated
    .filter((i) => i.granularity === "period" && i.periodEnd! >= start && i.periodEnd! <= end)
    // Latest end first; of two ending the same day the longer, then the later import.
    .sort(
      (a, b) =>
        b.periodEnd!.localeCompare(a.periodEnd!) ||
        (a.periodStart ?? "").localeCompare(b.periodStart ?? "") ||
        (b.importedAt ?? "").localeCompare(a.importedAt ?? ""),
    );
  for (const i of periods) {
    const period = { start: i.periodStart ?? i.periodEnd!, end: i.periodEnd! };
    if (overlaps(period)) continue;
    taken.push(period);
    sources.push({ importId: i.id, days: null, period });
  }
  // The days the chosen data covers (a period export may start before the window).
  return { sources, start: taken.map((t) => t.start).sort()[0] ?? start, end };
}

// ---------------------------------------------------------------------------------------------
// Rows

/**
 * A stored row's extras. `network` is Microsoft's `Network` column; `breakdown` is a Meta export's
 * breakdown values (`{ placement: "Facebook Feed" }`), null or absent without one.
 */
type Extras = Partial<RowExtras> & { ad?: Partial<AdFields>; network?: string | null; breakdown?: Record<string, string> | null };

interface LoadedRow extends StoredAdRow<Extras> {
  /** Days a period row covers (null for day rows and "All time"). */
  periodDays: number | null;
  /** Sort key: later rows carry the entity's current status and settings. */
  order: string;
}

async function loadRows(db: DbOrTx, sources: readonly Source[]): Promise<LoadedRow[]> {
  const rows: LoadedRow[] = [];
  const bySpec = new Map<string, Source[]>();
  for (const source of sources) {
    const key = source.days ? `${source.days.start}..${source.days.end}` : "all";
    bySpec.set(key, [...(bySpec.get(key) ?? []), source]);
  }
  for (const group of bySpec.values()) {
    const periods = new Map(group.map((s) => [s.importId, s.period]));
    const days = group[0]!.days;
    const stored = await readStoredRows<Extras>(
      db,
      group.map((s) => s.importId),
      { from: days?.start, to: days?.end },
    );
    for (const row of stored) {
      const period = periods.get(row.importId) ?? null;
      rows.push({
        ...row,
        periodDays: row.day ? null : period ? spanDays(period.start, period.end) : null,
        order: storedRowOrder(row.day ?? period?.end ?? null, row.line),
      });
    }
  }
  return rows.sort((a, b) => a.order.localeCompare(b.order));
}

// ---------------------------------------------------------------------------------------------
// Aggregation

/** Impression shares over several rows, weighted by eligible impressions (impressions ÷ share). */
class ShareSum {
  private sums = { is: 0, isW: 0, budget: 0, budgetW: 0, rank: 0, rankW: 0 };
  private bounds = { is: new Set<string>(), budget: new Set<string>(), rank: new Set<string>() };
  private last: { is: BoundedValue | null; budget: BoundedValue | null; rank: BoundedValue | null } = {
    is: null,
    budget: null,
    rank: null,
  };
  private rows = 0;

  add(
    impressions: number,
    is: BoundedValue | undefined | null,
    budget: BoundedValue | undefined | null,
    rank: BoundedValue | undefined | null,
  ) {
    if (!is && !budget && !rank) return;
    this.rows++;
    const eligible = is && is.value > 0 ? impressions / is.value : impressions;
    const weight = eligible > 0 ? eligible : 1e-9;
    if (is) {
      this.sums.is += weight * is.value;
      this.sums.isW += weight;
      this.bounds.is.add(is.bound);
      this.last.is = is;
    }
    if (budget) {
      this.sums.budget += weight * budget.value;
      this.sums.budgetW += weight;
      this.bounds.budget.add(budget.bound);
      this.last.budget = budget;
    }
    if (rank) {
      this.sums.rank += weight * rank.value;
      this.sums.rankW += weight;
      this.bounds.rank.add(rank.bound);
      this.last.rank = rank;
    }
  }

  private value(key: "is" | "budget" | "rank"): BoundedValue | null {
    const weight = this.sums[`${key}W` as "isW"];
    if (weight === 0) return null;
    if (this.rows === 1) return this.last[key];
    const bound = this.bounds[key].size === 1 ? ([...this.bounds[key]][0] as BoundedValue["bound"]) : "exact";
    return { value: Math.round((this.sums[key] / weight) * 10_000) / 10_000, bound };
  }

  result() {
    return { impressionShare: this.value("is"), lostIsBudget: this.value("budget"), lostIsRank: this.value("rank") };
  }
}

/** Days a set of rows covers: distinct days of day rows plus the periods of period rows. */
class DayCount {
  private days = new Set<string>();
  private periods = new Map<string, number>();
  private unknown = false;
  add(row: LoadedRow) {
    if (row.day) this.days.add(row.day);
    else if (row.periodDays) this.periods.set(row.importId, row.periodDays);
    else this.unknown = true;
  }
  total(): number | null {
    const sum = this.days.size + [...this.periods.values()].reduce((a, b) => a + b, 0);
    return sum === 0 && this.unknown ? null : sum;
  }
}

const fold = (text: string) => text.normalize("NFKC").toLowerCase().trim();

function campaignFacts(rows: readonly LoadedRow[]): CampaignFacts[] {
  const groups = new Map<string, { facts: CampaignFacts; shares: ShareSum; days: DayCount; daily: Map<string, DailyTotals> }>();
  for (const row of rows) {
    if (!row.campaign) continue;
    const key = `${row.platform}|${fold(row.campaign)}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        facts: {
          ...zeroTotals(),
          platform: row.platform,
          campaign: row.campaign,
          status: null,
          servingStatus: null,
          statusReasons: [],
          campaignType: null,
          bidStrategyType: null,
          budgetCents: null,
          targetCpaCents: null,
          targetRoas: null,
          impressionShare: null,
          lostIsBudget: null,
          lostIsRank: null,
          days: null,
          daily: [],
        },
        shares: new ShareSum(),
        days: new DayCount(),
        daily: new Map(),
      };
      groups.set(key, group);
    }
    const f = group.facts;
    addTotals(f, row.metrics);
    const x = row.extras;
    // Rows are oldest first: the latest row's status and settings are the campaign's current ones.
    f.status = row.status ?? f.status;
    f.servingStatus = x.servingStatus ?? f.servingStatus;
    f.statusReasons = x.statusReasons ?? f.statusReasons;
    f.campaignType = x.campaignType ?? f.campaignType;
    f.bidStrategyType = x.bidStrategyType ?? f.bidStrategyType;
    f.budgetCents = x.budgetCents ?? f.budgetCents;
    f.targetCpaCents = x.targetCpaCents ?? f.targetCpaCents;
    f.targetRoas = x.targetRoas ?? f.targetRoas;
    group.shares.add(row.metrics.impressions, x.impressionShare, x.lostIsBudget, x.lostIsRank);
    group.days.add(row);
    if (row.day && !x.device) {
      const day = group.daily.get(row.day) ?? { day: row.day, ...zeroTotals() };
      group.daily.set(row.day, addTotals(day, row.metrics) as DailyTotals);
    }
  }
  return [...groups.values()].map(({ facts, shares, days, daily }) => ({
    ...facts,
    ...shares.result(),
    days: days.total(),
    daily: [...daily.values()].sort((a, b) => a.day.localeCompare(b.day)),
  }));
}

/**
 * Rows summed per key (rows without a key left out): `start` makes a group's facts from its first
 * row, `merge` takes each row's settings over (rows are oldest first: the latest win).
 */
function sumBy<F extends Totals>(
  rows: readonly LoadedRow[],
  keyOf: (row: LoadedRow) => string | null,
  start: (row: LoadedRow) => F,
  merge?: (f: F, row: LoadedRow) => void,
): F[] {
  const groups = new Map<string, F>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    let f = groups.get(key);
    if (!f) {
      f = start(row);
      groups.set(key, f);
    }
    addTotals(f, row.metrics);
    merge?.(f, row);
  }
  return [...groups.values()];
}

function keywordFacts(rows: readonly LoadedRow[]): KeywordFacts[] {
  return sumBy<KeywordFacts>(
    rows,
    (row) =>
      !row.campaign || !row.keyword || row.negative
        ? null
        : `${row.platform}|${fold(row.campaign)}|${fold(row.adGroup ?? "")}|${fold(row.keyword)}|${row.matchType ?? ""}`,
    (row) => ({
      ...zeroTotals(),
      platform: row.platform,
      campaign: row.campaign!,
      adGroup: row.adGroup,
      keyword: row.keyword!,
      matchType: row.matchType,
      status: null,
      maxCpcCents: null,
      qualityScore: null,
      expectedCtr: null,
      adRelevance: null,
      landingPageExperience: null,
    }),
    (f, { status, extras: x }) => {
      f.status = status ?? f.status;
      f.maxCpcCents = x.maxCpcCents ?? f.maxCpcCents;
      f.qualityScore = x.qualityScore ?? f.qualityScore;
      f.expectedCtr = x.expectedCtr ?? f.expectedCtr;
      f.adRelevance = x.adRelevance ?? f.adRelevance;
      f.landingPageExperience = x.landingPageExperience ?? f.landingPageExperience;
    },
  );
}

function searchTermFacts(rows: readonly LoadedRow[]): SearchTermFacts[] {
  return sumBy<SearchTermFacts>(
    rows,
    (row) =>
      !row.campaign || !row.searchTerm
        ? null
        : `${row.platform}|${fold(row.campaign)}|${fold(row.adGroup ?? "")}|${fold(row.searchTerm)}|${fold(row.keyword ?? "")}|${row.matchType ?? ""}`,
    (row) => ({
      ...zeroTotals(),
      platform: row.platform,
      campaign: row.campaign!,
      adGroup: row.adGroup,
      searchTerm: row.searchTerm!,
      keyword: row.keyword,
      matchType: row.matchType,
      addedExcluded: null,
      campaignType: null,
    }),
    (f, { extras: x }) => {
      f.addedExcluded = x.addedExcluded ?? f.addedExcluded;
      f.campaignType = x.campaignType ?? f.campaignType;
    },
  );
}

function adFacts(rows: readonly LoadedRow[]): AdFacts[] {
  const groups = new Map<string, AdFacts>();
  for (const row of rows) {
    if (!row.campaign) continue;
    const ad = row.extras.ad ?? {};
    const headlines = ad.headlines ?? [];
    const descriptions = ad.descriptions ?? [];
    const label = ad.name ?? headlines[0] ?? null;
    const key = `${row.platform}|${fold(row.campaign)}|${fold(row.adGroup ?? "")}|${ad.name ?? ""}|${headlines.join("\u0001")}|${descriptions.join("\u0001")}|${ad.finalUrl ?? ""}`;
    let f = groups.get(key);
    if (!f) {
      f = {
        ...zeroTotals(),
        platform: row.platform,
        campaign: row.campaign,
        adGroup: row.adGroup,
        label,
        type: null,
        status: null,
        servingStatus: null,
        statusReasons: [],
        strength: null,
        headlines: headlines.length,
        descriptions: descriptions.length,
        pinnedHeadlines: null,
        pinnedDescriptions: null,
        improvements: null,
        qualityRanking: null,
        engagementRateRanking: null,
        conversionRateRanking: null,
      };
      groups.set(key, f);
    }
    addTotals(f, row.metrics);
    const x = row.extras;
    f.status = row.status ?? f.status;
    f.type = ad.type ?? f.type;
    f.strength = ad.strength ?? f.strength;
    f.servingStatus = x.servingStatus ?? f.servingStatus;
    f.statusReasons = x.statusReasons ?? f.statusReasons;
    f.headlineColumns = x.headlineColumns ?? f.headlineColumns ?? null;
    f.descriptionColumns = x.descriptionColumns ?? f.descriptionColumns ?? null;
    f.pinnedHeadlines = x.pinnedHeadlines ?? f.pinnedHeadlines;
    f.pinnedDescriptions = x.pinnedDescriptions ?? f.pinnedDescriptions;
    f.improvements = x.adStrengthImprovements ?? f.improvements;
    f.qualityRanking = x.qualityRanking ?? f.qualityRanking;
    f.engagementRateRanking = x.engagementRateRanking ?? f.engagementRateRanking;
    f.conversionRateRanking = x.conversionRateRanking ?? f.conversionRateRanking;
  }
  // The ad report says whether it has an improvements column only through non-empty cells; an
  // ad without suggestions in such a report has none (an empty list, not "unknown").
  const withColumn = new Set([...groups.values()].filter((ad) => ad.improvements !== null).map((ad) => ad.platform));
  for (const ad of groups.values())
    if (ad.improvements === null && withColumn.has(ad.platform) && ad.platform !== "meta") ad.improvements = [];
  return [...groups.values()];
}

function deviceFacts(rows: readonly LoadedRow[]): DeviceFacts[] {
  return sumBy<DeviceFacts>(
    rows,
    (row) => (row.campaign && row.extras.device ? `${row.platform}|${fold(row.campaign)}|${fold(row.extras.device)}` : null),
    (row) => ({ ...zeroTotals(), platform: row.platform, campaign: row.campaign!, device: row.extras.device! }),
  );
}

/** A row's placement, from a breakdown by placement (`row.extras.breakdown`); null without one. */
function placementOf(row: LoadedRow): string | null {
  const breakdown = row.extras.breakdown;
  if (!breakdown || typeof breakdown !== "object") return null;
  const value = breakdown.placement ?? breakdown.platform_position ?? breakdown.publisher_platform ?? null;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/**
 * Meta ad sets from ad set rows (or their ads' rows), or campaigns from a campaign-level export
 * (`adSet` null), with a lower bound of their weekly frequency, their frequency over a month-long
 * period export, and their days. Rows broken down by placement add to the sums but not to reach
 * (a person seen on two placements is one person).
 */
function metaAdSetFacts(rows: readonly LoadedRow[], end: string | null, level: "ad-set" | "campaign"): MetaAdSetFacts[] {
  const weekFrom = end ? addDays(end, -6) : null;
  // A Results column leaves a cell blank when there is no result: any result or indicator in the
  // rows says the export has the column.
  const resultsMeasured = rows.some((row) => row.extras.results != null || row.extras.resultIndicator != null);
  const groups = new Map<
    string,
    {
      f: MetaAdSetFacts;
      days: DayCount;
      week: { impressions: number; reach: number };
      period: { impressions: number; reach: number; days: number };
      daily: Map<string, MetaAdSetFacts["daily"][number]>;
    }
  >();
  for (const row of rows) {
    if (!row.campaign || (level === "ad-set" && !row.adGroup)) continue;
    const adSet = level === "ad-set" ? row.adGroup : null;
    const key = `${fold(row.campaign)}|${fold(adSet ?? "")}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        f: {
          ...zeroTotals(),
          campaign: row.campaign,
          adSet,
          status: null,
          results: 0,
          resultIndicator: null,
          days: 0,
          weeklyFrequency: null,
          reach: null,
          monthlyFrequency: null,
          resultsMeasured,
          daily: [],
        },
        days: new DayCount(),
        week: { impressions: 0, reach: 0 },
        period: { impressions: 0, reach: 0, days: 0 },
        daily: new Map(),
      };
      groups.set(key, g);
    }
    addTotals(g.f, row.metrics);
    g.days.add(row);
    const x = row.extras;
    const broken = placementOf(row) !== null;
    g.f.status = row.status ?? g.f.status;
    g.f.results += x.results ?? 0;
    g.f.resultIndicator = x.resultIndicator ?? g.f.resultIndicator;
    if (x.reach != null && !broken) g.f.reach = (g.f.reach ?? 0) + x.reach;
    if (x.reach && x.reach > 0 && !broken) {
      if (row.day && weekFrom && row.day >= weekFrom) {
        g.week.impressions += row.metrics.impressions;
        g.week.reach += x.reach;
      } else if (!row.day && row.periodDays) {
        g.period.impressions += row.metrics.impressions;
        g.period.reach += x.reach;
        g.period.days = Math.max(g.period.days, row.periodDays);
      }
    }
    if (row.day) {
      const day = g.daily.get(row.day) ?? { day: row.day, ...zeroTotals(), results: 0, reach: null };
      addTotals(day, row.metrics);
      day.results += x.results ?? 0;
      if (x.reach != null && !broken) day.reach = (day.reach ?? 0) + x.reach;
      g.daily.set(row.day, day);
    }
  }
  return [...groups.values()].map(({ f, days, week, period, daily }) => {
    let weekly: number | null = null;
    if (week.reach > 0) weekly = week.impressions / week.reach;
    else if (period.reach > 0) weekly = (period.impressions / period.reach) * Math.min(1, 7 / period.days);
    const monthly = period.reach > 0 && period.days >= 28 ? period.impressions / period.reach : null;
    return {
      ...f,
      days: days.total() ?? 0,
      weeklyFrequency: weekly === null ? null : Math.round(weekly * 10_000) / 10_000,
      monthlyFrequency: monthly === null ? null : Math.round(monthly * 10_000) / 10_000,
      results: Math.round(f.results * 1e6) / 1e6,
      daily: [...daily.values()].sort((a, b) => a.day.localeCompare(b.day)),
    };
  });
}

/** Meta spend per placement, from rows broken down by placement (none without such rows). */
function metaPlacementFacts(rows: readonly LoadedRow[]): MetaPlacementFacts[] {
  return sumBy<MetaPlacementFacts>(
    rows,
    (row) => {
      const placement = placementOf(row);
      return row.campaign && placement ? `${fold(row.campaign)}|${fold(row.adGroup ?? "")}|${fold(placement)}` : null;
    },
    (row) => ({ ...zeroTotals(), campaign: row.campaign!, adSet: row.adGroup, placement: placementOf(row)!, results: 0 }),
    (f, row) => {
      f.results += row.extras.results ?? 0;
    },
  );
}

/** Microsoft campaigns' totals per network, from reports with a `Network` column. */
function networkFacts(rows: readonly LoadedRow[]): NetworkFacts[] {
  return sumBy<NetworkFacts>(
    rows,
    (row) => (row.campaign && row.extras.network ? `${row.platform}|${fold(row.campaign)}|${fold(row.extras.network)}` : null),
    (row) => ({ ...zeroTotals(), platform: row.platform, campaign: row.campaign!, network: row.extras.network! }),
  );
}

/** The conversions a stored import summary shows: whether it has a conversions column, and its totals rows' conversions. */
function summaryConversions(row: Pick<ImportRow, "summary">): { measured: boolean; totals: Array<{ label: string; conversions: number }> } {
  let summary: { fileTotals?: FileTotals[]; totals?: { conversions: number | null } };
  try {
    summary = JSON.parse(row.summary) as typeof summary;
  } catch {
    return { measured: false, totals: [] };
  }
  const totals = (summary.fileTotals ?? [])
    .filter((t) => t.metrics.conversions != null)
    .map((t) => ({ label: t.label, conversions: Number(t.metrics.conversions) }));
  return { measured: summary.totals?.conversions != null || totals.length > 0, totals };
}

/**
 * What the period's data of one platform says about conversions: each report kind's rows (the
 * largest, kinds overlap) and every totals row of the imports the rows came from.
 */
function conversionEvidence(
  platform: AdPlatform,
  top: Totals,
  rowsByKind: ReadonlyArray<[string, readonly LoadedRow[]]>,
  imports: ReadonlyArray<Pick<ImportRow, "summary"> & { totals: boolean }>,
): ConversionEvidence {
  let rowConversions = 0;
  let totalsConversions = 0;
  let foundIn: string | null = null;
  for (const [kind, rows] of rowsByKind) {
    const sum = rows.reduce((total, row) => total + row.metrics.conversions, 0);
    if (sum > rowConversions) rowConversions = Math.round(sum * 1e6) / 1e6;
    if (sum > 0) foundIn ??= kind;
  }
  let measured = false;
  for (const i of imports) {
    const seen = summaryConversions(i);
    measured ||= seen.measured;
    for (const t of i.totals ? seen.totals : []) {
      if (t.conversions > totalsConversions) totalsConversions = t.conversions;
      if (t.conversions > 0) foundIn ??= t.label;
    }
  }
  return {
    platform,
    costCents: top.costCents,
    impressions: top.impressions,
    clicks: top.clicks,
    measured,
    rowConversions,
    totalsConversions,
    foundIn,
  };
}

function sumTotals(rows: readonly LoadedRow[]): Totals {
  const total = zeroTotals();
  for (const row of rows) addTotals(total, row.metrics);
  return total;
}

// ---------------------------------------------------------------------------------------------
// The dataset

export interface LoadedDataset {
  dataset: AuditDataset;
  importIds: string[];
  period: { start: string; end: string } | null;
}

export async function loadAuditDataset(db: DbOrTx, account: Pick<ClientAccount, "id" | "industry">): Promise<LoadedDataset> {
  const imports = (await db
    .selectFrom("adImports")
    .select(["id", "platform", "kind", "granularity", "periodStart", "periodEnd", "importedAt", "summary"])
    .where("clientAccountId", "=", account.id)
    .where("status", "=", "imported")
    .execute()) as ImportRow[];
  const data = emptyDataset(account.industry);
  const used = new Set<string>();
  let periodStart: string | null = null;
  let periodEnd: string | null = null;
  const notePeriod = (window: Window) => {
    if (window.start && (!periodStart || window.start < periodStart)) periodStart = window.start;
    if (window.end && (!periodEnd || window.end > periodEnd)) periodEnd = window.end;
  };

  const byKind = new Map<string, ImportRow[]>();
  for (const i of imports) byKind.set(`${i.platform}|${i.kind}`, [...(byKind.get(`${i.platform}|${i.kind}`) ?? []), i]);
  const platforms = [...new Set(imports.map((i) => i.platform as AdPlatform))];

  const rowsOf = async (platform: string, kind: string, length: number) => {
    const window = chooseSources(byKind.get(`${platform}|${kind}`) ?? [], length);
    if (!window.sources.length) return { rows: [] as LoadedRow[], window };
    const rows = await loadRows(db, window.sources);
    for (const row of rows) used.add(row.importId);
    if (rows.length) notePeriod(window);
    return { rows, window };
  };

  for (const platform of platforms) {
    const loaded: Record<string, LoadedRow[]> = {};
    const windows: Record<string, Window> = {};
    for (const kind of METRIC_KINDS) {
      const { rows, window } = await rowsOf(platform, kind, WINDOW_DAYS.metrics);
      loaded[kind] = rows;
      windows[kind] = window;
    }
    // Device figures are segments: the campaign totals come from the unsegmented rows when there are both.
    const campaignRows = loaded.campaign!;
    const unsegmented = campaignRows.filter((row) => !row.extras.device);
    data.campaigns.push(...campaignFacts(unsegmented.length ? unsegmented : campaignRows));
    data.keywords.push(...keywordFacts(loaded.keyword!));
    data.ads.push(...adFacts(loaded.ad!));
    const deviceSource = METRIC_KINDS.map((kind) => loaded[kind]!.filter((row) => row.extras.device)).find((rows) => rows.length) ?? [];
    data.devices.push(...deviceFacts(deviceSource));
    if (platform === "meta") {
      // Ad sets from ad set rows, else from ads' rows; a campaign-level export's campaigns stand in for them.
      const kind = (["ad-group", "ad", "campaign"] as const).find((k) => loaded[k]!.some((row) => k === "campaign" || row.adGroup));
      if (kind) {
        const rows = loaded[kind]!;
        const unbroken = rows.filter((row) => placementOf(row) === null);
        data.metaAdSets.push(
          ...metaAdSetFacts(unbroken.length ? unbroken : rows, windows[kind]!.end, kind === "campaign" ? "campaign" : "ad-set"),
        );
        data.metaPlacements.push(...metaPlacementFacts(rows));
      }
    }
    data.networks.push(
      ...networkFacts(METRIC_KINDS.map((kind) => loaded[kind]!).find((rows) => rows.some((row) => row.extras.network)) ?? []),
    );
    const topKind = METRIC_KINDS.find((kind) => loaded[kind]!.length);
    const top = topKind ? loaded[topKind]! : undefined;
    let topTotals = zeroTotals();
    if (top) {
      const plain = top.filter((row) => !row.extras.device);
      topTotals = sumTotals(plain.length ? plain : top);
      data.accountTotals.push({ platform, ...topTotals });
    }

    const terms = await rowsOf(platform, "search-term", WINDOW_DAYS.searchTerms);
    data.searchTerms.push(...searchTermFacts(terms.rows));
    if (top || terms.rows.length) {
      // Totals rows count when they cover only the period's days: a period export, or a day-by-day
      // export starting within the window (an older start's totals hold days before it).
      const covered = new Map<string, boolean>();
      for (const w of [...METRIC_KINDS.map((kind) => windows[kind]!), terms.window]) {
        for (const source of w.sources) {
          const start = imports.find((i) => i.id === source.importId)?.periodStart;
          covered.set(source.importId, !source.days || (start != null && start >= source.days.start));
        }
      }
      data.conversionEvidence.push(
        conversionEvidence(
          platform,
          top ? topTotals : sumTotals(terms.rows),
          [...METRIC_KINDS.map((kind) => [kind, loaded[kind]!] as [string, LoadedRow[]]), ["search-term", terms.rows]],
          imports.filter((i) => covered.has(i.id)).map((i) => ({ summary: i.summary, totals: covered.get(i.id)! })),
        ),
      );
    }
    for (const source of terms.window.sources) {
      const row = imports.find((i) => i.id === source.importId)!;
      const hidden = hiddenTermsOf(row);
      if (hidden) data.hiddenSearchTerms.push(hidden);
    }
  }

  // The latest Google Ads Editor exports: the account's current settings and negatives.
  const latestEditor = (kind: string) =>
    imports
      .filter((i) => i.kind === kind)
      .sort((a, b) => (b.importedAt ?? "").localeCompare(a.importedAt ?? ""))
      .at(0);
  const editorCampaigns = latestEditor("editor-campaigns");
  if (editorCampaigns) {
    const rows = await loadRows(db, [{ importId: editorCampaigns.id, days: null, period: null }]);
    used.add(editorCampaigns.id);
    data.editorCampaigns = rows
      .filter((row) => row.campaign)
      .map((row) => ({
        campaign: row.campaign!,
        campaignType: row.extras.campaignType ?? null,
        networks: row.extras.networks ?? null,
        targetingMethod: row.extras.targetingMethod ?? null,
        bidStrategyType: row.extras.bidStrategyType ?? null,
        targetCpaCents: row.extras.targetCpaCents ?? null,
        targetRoas: row.extras.targetRoas ?? null,
        budgetCents: row.extras.budgetCents ?? null,
        status: row.extras.campaignStatus ?? row.status,
      }));
  }
  const editorKeywords = latestEditor("editor-keywords");
  if (editorKeywords) {
    const rows = await loadRows(db, [{ importId: editorKeywords.id, days: null, period: null }]);
    used.add(editorKeywords.id);
    data.editorKeywords = rows
      .filter((row) => row.campaign && row.keyword)
      .map((row) => ({
        campaign: row.campaign!,
        adGroup: row.adGroup,
        keyword: row.keyword!,
        matchType: row.matchType,
        negative: row.negative,
        status: row.status,
        campaignStatus: row.extras.campaignStatus ?? null,
        adGroupStatus: row.extras.adGroupStatus ?? null,
        approvalStatus: row.extras.approvalStatus ?? null,
        qualityScore: row.extras.qualityScore ?? null,
      }));
  }

  // The same Editor snapshot, with its shared negative keyword lists, for the negative conflicts.
  const snapshot = await loadNegativeSnapshot(db, account.id);
  if (snapshot) {
    for (const source of snapshot.sources) used.add(source.importId);
    data.negativeSnapshot = { rows: snapshot.rows, links: snapshot.links };
  }

  const importIds = imports
    .filter((i) => used.has(i.id))
    .map((i) => i.id)
    .sort();
  return { dataset: data, importIds, period: periodStart && periodEnd ? { start: periodStart, end: periodEnd } : null };
}

/**
 * A search terms report's hidden share, from its stored summary: the file's `Total: Other search
 * terms` row (scope `hidden`, not stored as rows) against its visible terms' total.
 */
export function hiddenTermsOf(row: Pick<ImportRow, "id" | "periodStart" | "periodEnd" | "summary">): HiddenSearchTerms | null {
  let summary: { fileTotals?: FileTotals[]; totals?: { costCents: number | null } };
  try {
    summary = JSON.parse(row.summary) as typeof summary;
  } catch {
    return null;
  }
  const hidden = summary.fileTotals?.find((t) => t.scope === "hidden");
  if (!hidden) return null;
  const visible = summary.fileTotals?.find((t) => t.scope === "rows")?.metrics.costCents ?? summary.totals?.costCents ?? 0;
  return {
    importId: row.id,
    period: row.periodStart && row.periodEnd ? `${row.periodStart}..${row.periodEnd}` : null,
    visibleCostCents: visible ?? 0,
    hiddenCostCents: hidden.metrics.costCents ?? 0,
    hiddenClicks: hidden.metrics.clicks ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Snapshots

type AuditRow = {
  id: string;
  clientAccountId: string;
  createdAt: string;
  importIds: string;
  period: string | null;
  score: number;
  grade: string;
  checks: string;
};

function toSnapshot(row: AuditRow): AuditSnapshot {
  const [start, end] = row.period ? row.period.split("..") : [];
  return {
    id: row.id,
    clientAccountId: row.clientAccountId,
    createdAt: row.createdAt,
    importIds: JSON.parse(row.importIds) as string[],
    period: start && end ? { start, end } : null,
    score: Number(row.score),
    grade: row.grade as Grade,
    checks: JSON.parse(row.checks) as CheckResult[],
  };
}

const SNAPSHOT_COLUMNS = [
  "adAudits.id",
  "adAudits.clientAccountId",
  "adAudits.createdAt",
  "adAudits.importIds",
  "adAudits.period",
  "adAudits.score",
  "adAudits.grade",
  "adAudits.checks",
] as const;

/**
 * Runs every rule on the client account's stored data with its thresholds and keeps the result.
 * `ClientAccountNotFoundError` for anyone but the owner; `NothingToAuditError` when nothing
 * imported gives any check something to grade.
 */
export async function runAudit(db: Db, ownerId: string, clientAccountId: string): Promise<AuditSnapshot> {
  const account = await getClientAccount(db, ownerId, clientAccountId);
  const { dataset, importIds, period } = await loadAuditDataset(db, account);
  const result = runRules(dataset, account.thresholds);
  if (!importIds.length || result.graded === 0) throw new NothingToAuditError();
  const id = uuidv7();
  const createdAt = now();
  const periodText = period ? `${period.start}..${period.end}` : null;
  await unitOfWork(db, async (tx) => {
    await getClientAccount(tx, ownerId, clientAccountId);
    await tx
      .insertInto("adAudits")
      .values({
        id,
        clientAccountId,
        userId: ownerId,
        createdAt,
        importIds: JSON.stringify(importIds),
        period: periodText,
        score: result.score,
        grade: result.grade,
        checks: JSON.stringify(result.checks),
      })
      .execute();
    await audit(tx, {
      actorId: ownerId,
      action: "ads.audit.run",
      subject: `ad-audit:${id}`,
      details: {
        clientAccountId,
        score: result.score,
        grade: result.grade,
        imports: importIds.length,
        period: periodText,
        graded: result.graded,
        failingChecks: result.checks.filter((c) => c.grade === "C").map((c) => c.ruleId),
      },
    });
  });
  return { id, clientAccountId, createdAt, importIds, period, score: result.score, grade: result.grade, checks: result.checks };
}

function ownedAudits(db: DbOrTx, ownerId: string, clientAccountId: string) {
  return db
    .selectFrom("adAudits")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adAudits.clientAccountId")
    .where("adClientAccounts.ownerId", "=", ownerId)
    .where("adAudits.clientAccountId", "=", clientAccountId);
}

/** The client account's latest audit, or null. */
export async function latestAudit(db: DbOrTx, ownerId: string, clientAccountId: string): Promise<AuditSnapshot | null> {
  const row = await ownedAudits(db, ownerId, clientAccountId)
    .select(SNAPSHOT_COLUMNS)
    .orderBy("adAudits.createdAt", "desc")
    .orderBy("adAudits.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toSnapshot(row) : null;
}

/** The latest audit's grade, score and time of each of the owner's client accounts that has one. */
export async function latestAuditGrades(
  db: DbOrTx,
  ownerId: string,
): Promise<Map<string, { grade: AuditSnapshot["grade"]; score: number; createdAt: string }>> {
  const rows = await db
    .selectFrom("adAudits")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adAudits.clientAccountId")
    .select(["adAudits.clientAccountId", "adAudits.grade", "adAudits.score", "adAudits.createdAt"])
    .where("adClientAccounts.ownerId", "=", ownerId)
    .orderBy("adAudits.createdAt", "desc")
    .orderBy("adAudits.id", "desc")
    .execute();
  const latest = new Map<string, { grade: AuditSnapshot["grade"]; score: number; createdAt: string }>();
  for (const row of rows)
    if (!latest.has(row.clientAccountId))
      latest.set(row.clientAccountId, { grade: row.grade, score: Number(row.score), createdAt: row.createdAt });
  return latest;
}

/** One of the owner's audits; `AuditNotFoundError` for anyone else's or none. */
export async function getAudit(db: DbOrTx, ownerId: string, clientAccountId: string, auditId: string): Promise<AuditSnapshot> {
  const row = await ownedAudits(db, ownerId, clientAccountId)
    .select(SNAPSHOT_COLUMNS)
    .where("adAudits.id", "=", auditId)
    .executeTakeFirst();
  if (!row) throw new AuditNotFoundError();
  return toSnapshot(row);
}

/** The audit run just before `audit` on the same client account (for comparison), or null. */
export async function previousAudit(
  db: DbOrTx,
  ownerId: string,
  audit: Pick<AuditSnapshot, "id" | "clientAccountId" | "createdAt">,
): Promise<AuditSnapshot | null> {
  const row = await ownedAudits(db, ownerId, audit.clientAccountId)
    .select(SNAPSHOT_COLUMNS)
    .where((eb) =>
      eb.or([
        eb("adAudits.createdAt", "<", audit.createdAt),
        eb.and([eb("adAudits.createdAt", "=", audit.createdAt), eb("adAudits.id", "<", audit.id)]),
      ]),
    )
    .orderBy("adAudits.createdAt", "desc")
    .orderBy("adAudits.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toSnapshot(row) : null;
}

/** An audit with the comparison against the one before it. */
export async function auditWithComparison(
  db: DbOrTx,
  ownerId: string,
  snapshot: AuditSnapshot,
): Promise<{ audit: AuditSnapshot; previous: AuditSnapshot | null; comparison: AuditComparison | null }> {
  const previous = await previousAudit(db, ownerId, snapshot);
  return { audit: snapshot, previous, comparison: compareAudits(snapshot, previous) };
}

export interface AuditListItem {
  id: string;
  createdAt: string;
  period: string | null;
  score: number;
  grade: Grade;
  imports: number;
}

/** The client account's audits, newest first (without their checks). */
export async function listAudits(
  db: DbOrTx,
  ownerId: string,
  clientAccountId: string,
  options: { limit?: number } = {},
): Promise<AuditListItem[]> {
  const rows = await ownedAudits(db, ownerId, clientAccountId)
    .select(["adAudits.id", "adAudits.createdAt", "adAudits.period", "adAudits.score", "adAudits.grade", "adAudits.importIds"])
    .orderBy("adAudits.createdAt", "desc")
    .orderBy("adAudits.id", "desc")
    .limit(options.limit ?? 20)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    period: row.period,
    score: Number(row.score),
    grade: row.grade as Grade,
    imports: (JSON.parse(row.importIds) as string[]).length,
  }));
}

/** How many audits a client account has (for the page's history line). */
export async function auditCount(db: DbOrTx, ownerId: string, clientAccountId: string): Promise<number> {
  const row = await ownedAudits(db, ownerId, clientAccountId)
    .select(sql<string | number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------
// Thresholds

/**
 * Replaces the client account's threshold overrides after checking them (known rules and names,
 * finite numbers within each threshold's bounds, ordered pairs in order). Values equal to the
 * defaults are not kept, so `{}` resets every rule to its defaults. Throws
 * `ThresholdValidationError` with every problem, and changes nothing then.
 */
export async function setRuleThresholds(
  tx: Tx,
  ownerId: string,
  clientAccountId: string,
  input: Record<string, Record<string, unknown>>,
): Promise<Record<string, Record<string, number>>> {
  const { overrides, problems } = validateThresholds(input);
  if (problems.length) throw new ThresholdValidationError(problems);
  await setThresholds(tx, ownerId, clientAccountId, overrides);
  return overrides;
}

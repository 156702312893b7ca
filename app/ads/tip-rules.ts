/**
 * The tips' rules: owns turning one period's rows (tip-data.server.ts) into tip candidates, each
 * with its evidence, its monthly impact and its Google Ads Editor lines. Pure: no database, no
 * React; tips.server.ts stores the candidates.
 *
 * - Only campaigns that serve get tips: Google's documented statuses (support.google.com/
 *   google-ads/answer/1722131 and 2549115) are Eligible, Eligible (Limited) / Limited by budget,
 *   Not eligible, Paused, Removed, Pending and Ended; a campaign counts when its status is enabled
 *   (not paused, removed or ended) and its serving status is not `Not eligible` or `Pending`, and
 *   no status reason says it is paused, removed, ended, not eligible, pending or its ads
 *   disapproved (the latest Google Ads Editor campaigns export may say paused or removed too). A
 *   campaign limited by something else (search volume, a learning bid strategy) still serves and
 *   still loses the share its budget says.
 * - `raise-budget`: a serving campaign with a daily budget whose lost impression share (budget) is
 *   above the audit's `budget-limited` warning threshold (20%; `< 10%` counts at its bound). The
 *   new budget is `budget / (1 − lost)`, the budget that would have bought the lost share, capped
 *   at twice the budget and, when the period has days, at the budget plus the daily spend the lost
 *   share could buy at today's cost per click (cost per day × lost ÷ (1 − lost)). The month is
 *   Google's 30.4 days; the extra impressions, conversions and value are the raise times the
 *   campaign's impressions, conversions and value per unit of cost (ratios, so an "All time"
 *   report gives them too). Without a budget column a dated period gives the missed daily spend,
 *   at most today's daily spend; "All time" without a budget gives no tip.
 * - `add-negatives`: a search term without conversions is a candidate only when it is significant
 *   against the account's own figures in the same search terms report: its cost reaches the
 *   account's cost per conversion, or zero conversions in its clicks are unlikely at the account's
 *   conversion rate p (one-sided binomial test: (1 − p)^clicks < 5%). Never a term that equals an
 *   active keyword (case, spacing and match-type punctuation ignored), nor one `Added` or
 *   `Excluded` already or equal to a negative of its campaign. At most ten per campaign, the
 *   costliest first. The saving is their cost over the report's days scaled to 30.4 days, and the
 *   tip says so; an "All time" report gives no monthly amount.
 * - `pause-keywords`: the audit's `zero-conversion-keywords` items, with their cost and clicks from
 *   the one period of keyword rows, scaled by that period's days.
 */
import { stringify } from "csv-stringify/sync";
import { fold, isLive } from "./audit/rules";
import type { AuditItem, AuditSnapshot, CheckResult } from "./audit/types";
import type { TipKind } from "./tip-kinds";
import type { TipData, TipPeriod, TipSource } from "./tip-data.server";
import type { BoundedValue } from "./import/types";
import { centsToDecimalString } from "~/utils/money";

/** Keywords one pause tip lists at most; its Editor file has the same lines. */
export const MAX_ITEMS = 25;
/**
 * Negative keywords one tip proposes at most (the costliest first): each is a judgement to check
 * term by term, and the next report shows what the first ten changed.
 */
export const MAX_NEGATIVES = 10;
/** Google's average days in a month: an average daily budget is charged at most 30.4 times a month. */
export const DAYS_PER_MONTH = 30.4;
/**
 * A raised budget is at most this multiple of today's: Google may already spend up to twice the
 * average daily budget on one day, and a doubling is the largest step whose effect the next export
 * can still measure (a campaign still limited then gets a new tip from the new figures).
 */
export const MAX_BUDGET_FACTOR = 2;
/** The binomial test's level: zero conversions in n clicks is significant when P < 5%. */
export const SIGNIFICANCE = 0.05;
/** Lost impression share (budget) above which a campaign gets a tip, unless the audit's threshold says otherwise. */
const DEFAULT_LOST_THRESHOLD = 0.2;

export interface TipSubject {
  campaign: string | null;
  adGroup?: string | null;
  platform?: string;
}

export type ImpactKind = "value" | "spend" | "saving";

export interface TipCandidate {
  kind: TipKind;
  subject: TipSubject;
  /** The figures the tip's text and evidence show (money in cents, shares as fractions). */
  evidence: Record<string, unknown>;
  /** What identifies the tip's evidence (the fingerprint is made of kind, subject and this). */
  identity: unknown;
  impactCents: number | null;
  impactKind: ImpactKind | null;
  editorCsv: string | null;
}

const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const monthly = (cents: number, period: TipPeriod) => (period.days ? Math.round((cents / period.days) * DAYS_PER_MONTH) : null);
const periodEvidence = (period: TipPeriod) => ({ days: period.days, periodStart: period.start, periodEnd: period.end });

/** Google Ads Editor CSV (English headers, as Editor requires on import). */
function editorCsv(header: string[], rows: string[][]): string {
  return stringify([header, ...rows], { record_delimiter: "\r\n", escape_formulas: true });
}

const MATCH_CRITERION: Record<string, string> = { exact: "Exact", phrase: "Phrase", broad: "Broad", "broad-modified": "Broad" };
const centsText = centsToDecimalString;

function checkOf(snapshot: AuditSnapshot | null, ruleId: string): CheckResult | undefined {
  return snapshot?.checks.find((check) => check.ruleId === ruleId && check.status === "graded");
}

// ---------------------------------------------------------------------------------------------
// Campaigns that serve

const NOT_SERVING =
  /not eligible|ineligible|niet geschikt|nicht berechtigt|nicht teilnahmeberechtigt|non eligible|no apto|no valido|pending|ausstehend|in afwachting|en attente|pendiente/;
const NOT_SERVING_REASON = /paused|removed|ended|not eligible|disapproved|pending/;

export function isServing(c: { status: string | null; servingStatus: string | null; statusReasons: readonly string[] }): boolean {
  if (!isLive(c.status) || !isLive(c.servingStatus)) return false;
  if (c.servingStatus && NOT_SERVING.test(fold(c.servingStatus))) return false;
  return !c.statusReasons.some((reason) => NOT_SERVING_REASON.test(fold(reason)));
}

const campaignKey = (platform: string, campaign: string) => `${platform}|${fold(campaign)}`;

interface CampaignState {
  platform: string;
  campaign: string;
  impressions: number;
  clicks: number;
  costCents: number;
  conversions: number;
  conversionValueCents: number;
  status: string | null;
  servingStatus: string | null;
  statusReasons: string[];
  budgetCents: number | null;
  budgetType: string | null;
  lostIsBudget: BoundedValue | null;
}

/** A source's campaigns: totals, the latest row's status and settings, lost share weighted by eligible impressions. */
function campaignsOf(source: TipSource): CampaignState[] {
  const groups = new Map<string, { c: CampaignState; lost: number; weight: number; bounds: Set<string> }>();
  for (const row of source.rows) {
    if (!row.campaign) continue;
    const key = campaignKey(source.platform, row.campaign);
    let g = groups.get(key);
    if (!g) {
      g = {
        c: {
          platform: source.platform,
          campaign: row.campaign,
          impressions: 0,
          clicks: 0,
          costCents: 0,
          conversions: 0,
          conversionValueCents: 0,
          status: null,
          servingStatus: null,
          statusReasons: [],
          budgetCents: null,
          budgetType: null,
          lostIsBudget: null,
        },
        lost: 0,
        weight: 0,
        bounds: new Set(),
      };
      groups.set(key, g);
    }
    const c = g.c;
    c.impressions += row.impressions;
    c.clicks += row.clicks;
    c.costCents += row.costCents;
    c.conversions += row.conversions;
    c.conversionValueCents += row.conversionValueCents;
    c.status = row.status ?? c.status;
    c.servingStatus = row.servingStatus ?? c.servingStatus;
    if (row.statusReasons.length || row.servingStatus) c.statusReasons = row.statusReasons;
    c.budgetCents = row.budgetCents ?? c.budgetCents;
    c.budgetType = row.budgetType ?? c.budgetType;
    if (row.lostIsBudget) {
      const is = row.impressionShare;
      const eligible = is && is.value > 0 ? row.impressions / is.value : row.impressions;
      const weight = eligible > 0 ? eligible : 1e-9;
      g.lost += weight * row.lostIsBudget.value;
      g.weight += weight;
      g.bounds.add(row.lostIsBudget.bound);
    }
  }
  return [...groups.values()].map(({ c, lost, weight, bounds }) => ({
    ...c,
    lostIsBudget:
      weight > 0
        ? {
            value: Math.round((lost / weight) * 10_000) / 10_000,
            bound: bounds.size === 1 ? ([...bounds][0] as BoundedValue["bound"]) : "exact",
          }
        : null,
  }));
}

/** Which campaigns serve, by platform and name (unknown campaigns count as serving). */
function servingMap(data: TipData): (platform: string, campaign: string) => boolean {
  const map = new Map<string, boolean>();
  for (const source of data.sources.filter((s) => s.kind === "campaign"))
    for (const c of campaignsOf(source)) map.set(campaignKey(c.platform, c.campaign), isServing(c));
  for (const row of data.editorCampaigns ?? []) {
    if (!row.campaign) continue;
    const key = campaignKey("google", row.campaign);
    if (!isLive(row.campaignStatus ?? row.status)) map.set(key, false);
  }
  return (platform, campaign) => map.get(campaignKey(platform, campaign)) ?? true;
}

// ---------------------------------------------------------------------------------------------
// raise-budget

const TOTAL_BUDGET = /total|gesamt|totaal|lifetime/;

function budgetTips(data: TipData, threshold: number, serving: (platform: string, campaign: string) => boolean): TipCandidate[] {
  const tips: TipCandidate[] = [];
  for (const source of data.sources.filter((s) => s.kind === "campaign")) {
    const days = source.period.days;
    for (const c of campaignsOf(source)) {
      const lost = c.lostIsBudget;
      if (!lost || !serving(c.platform, c.campaign)) continue;
      if (c.budgetType && TOTAL_BUDGET.test(fold(c.budgetType))) continue;
      // `< 10%` and `> 90%` count at their bound.
      if (!(lost.value > threshold)) continue;
      const missed = lost.value >= 1 ? Number.POSITIVE_INFINITY : lost.value / (1 - lost.value);
      const costPerDay = days && c.costCents > 0 ? c.costCents / days : null;
      const lostSpendPerDay = costPerDay === null ? null : costPerDay * missed;
      const budget = c.budgetCents && c.budgetCents > 0 ? c.budgetCents : null;
      const limits: Array<[string, number]> = budget
        ? [
            ["lost-share", budget * missed],
            ["double", budget * (MAX_BUDGET_FACTOR - 1)],
            ["lost-spend", lostSpendPerDay ?? Number.POSITIVE_INFINITY],
          ]
        : costPerDay !== null
          ? [
              ["lost-spend", lostSpendPerDay!],
              ["double", costPerDay * (MAX_BUDGET_FACTOR - 1)],
            ]
          : [];
      if (!limits.length) continue;
      const [cappedBy, limit] = limits.reduce((best, next) => (next[1] < best[1] ? next : best));
      const raise = Math.floor(limit);
      if (!(raise >= 1)) continue;
      const spendPerMonth = Math.round(raise * DAYS_PER_MONTH);
      const per = (figure: number) => (c.costCents > 0 ? figure / c.costCents : 0);
      const valuePerMonth = Math.round(spendPerMonth * per(c.conversionValueCents));
      const newBudget = budget ? budget + raise : null;
      tips.push({
        kind: "raise-budget",
        subject: { campaign: c.campaign },
        evidence: {
          lostIsBudget: lost.value,
          lostBound: lost.bound,
          ...periodEvidence(source.period),
          impressions: c.impressions,
          costCents: c.costCents,
          conversions: Math.round(c.conversions * 100) / 100,
          budgetCents: budget,
          newBudgetCents: newBudget,
          raisePerDayCents: raise,
          cappedBy,
          newBudgetPerMonthCents: newBudget ? Math.round(newBudget * DAYS_PER_MONTH) : null,
          spendPerMonthCents: spendPerMonth,
          moreImpressionsPerWeek: Math.round(raise * 7 * per(c.impressions)),
          moreConversionsPerMonth: Math.round(spendPerMonth * per(c.conversions) * 10) / 10,
        },
        identity: { lostStep: Math.round(lost.value * 10), budgetCents: budget },
        impactCents: valuePerMonth > 0 ? valuePerMonth : spendPerMonth,
        impactKind: valuePerMonth > 0 ? "value" : "spend",
        editorCsv: newBudget ? editorCsv(["Campaign", "Budget"], [[c.campaign, centsText(newBudget)]]) : null,
      });
    }
  }
  return tips;
}

// ---------------------------------------------------------------------------------------------
// add-negatives

/** A keyword's or term's text without case, spacing or match-type punctuation (`[kw]`, `"kw"`, `+kw`). */
export function keywordText(text: string): string {
  return fold(text)
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/^"(.*)"$/, "$1")
    .replace(/(^|\s)\+/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

const ADDED = /^(added|toegevoegd|hinzugefugt|ajoute|agregad|anadid)/;
const EXCLUDED = /exclu|uitgesloten|ausgeschlossen/;

/** Active keywords of the account (Editor snapshot, keyword reports, the keywords that matched). */
function activeKeywords(data: TipData): { positive: Set<string>; negative: Set<string> } {
  const positive = new Set<string>();
  const negative = new Set<string>();
  for (const row of data.editorKeywords ?? []) {
    if (!row.keyword) continue;
    if (row.negative) negative.add(`${fold(row.campaign ?? "")}|${keywordText(row.keyword)}`);
    else if (isLive(row.status) && isLive(row.campaignStatus) && isLive(row.adGroupStatus)) positive.add(keywordText(row.keyword));
  }
  for (const source of data.sources) {
    for (const row of source.rows) {
      if (!row.keyword) continue;
      if (source.kind === "keyword" && row.negative) negative.add(`${fold(row.campaign ?? "")}|${keywordText(row.keyword)}`);
      else if (source.kind === "search-term" || isLive(row.status)) positive.add(keywordText(row.keyword));
    }
  }
  return { positive, negative };
}

/**
 * What the significance rule compares spend against: the account's cost per conversion (`cpa`, in
 * cents) and conversion rate (`rate`, a fraction), from the rows of one search terms report; null
 * when those rows have no clicks or no conversions (then nothing is significant).
 */
export interface SignificanceBasis {
  cpa: number;
  rate: number;
}

export function significanceBasis(rows: Iterable<{ costCents: number; clicks: number; conversions: number }>): SignificanceBasis | null {
  let cost = 0;
  let clicks = 0;
  let conversions = 0;
  for (const row of rows) {
    cost += row.costCents;
    clicks += row.clicks;
    conversions += row.conversions;
  }
  if (conversions <= 0 || clicks <= 0) return null;
  return { cpa: cost / conversions, rate: Math.min(1, conversions / clicks) };
}

/**
 * The negative-keyword significance rule (the `add-negatives` tips and the n-gram analysis): spend
 * without conversions is significant when its cost reaches the account's cost per conversion
 * (`cost`), or when zero conversions in its clicks are unlikely at the account's conversion rate p
 * (`clicks`: one-sided binomial test, (1 − p)^clicks < 5%); null when it converted, cost nothing or
 * is not significant.
 */
export function wasteSignificance(
  figures: { costCents: number; clicks: number; conversions: number },
  basis: SignificanceBasis,
): "cost" | "clicks" | null {
  if (figures.conversions > 0 || figures.costCents <= 0) return null;
  if (figures.costCents >= basis.cpa) return "cost";
  return (1 - basis.rate) ** figures.clicks < SIGNIFICANCE ? "clicks" : null;
}

interface TermState {
  campaign: string;
  adGroup: string | null;
  term: string;
  clicks: number;
  costCents: number;
  conversions: number;
  addedExcluded: string | null;
}

function negativeTips(data: TipData, serving: (platform: string, campaign: string) => boolean): TipCandidate[] {
  const keywords = activeKeywords(data);
  const tips: TipCandidate[] = [];
  for (const source of data.sources.filter((s) => s.kind === "search-term")) {
    // The account's cost per conversion and conversion rate, from this same report's rows.
    const basis = significanceBasis(source.rows);
    if (!basis) continue;
    const { cpa, rate } = basis;
    const terms = new Map<string, TermState>();
    for (const row of source.rows) {
      if (!row.campaign || !row.searchTerm) continue;
      const key = `${fold(row.campaign)}|${fold(row.adGroup ?? "")}|${keywordText(row.searchTerm)}`;
      const t = terms.get(key) ?? {
        campaign: row.campaign,
        adGroup: row.adGroup,
        term: row.searchTerm,
        clicks: 0,
        costCents: 0,
        conversions: 0,
        addedExcluded: null,
      };
      t.clicks += row.clicks;
      t.costCents += row.costCents;
      t.conversions += row.conversions;
      t.addedExcluded = row.addedExcluded ?? t.addedExcluded;
      terms.set(key, t);
    }
    const byCampaign = new Map<string, Array<TermState & { reason: "cost" | "clicks" }>>();
    for (const t of terms.values()) {
      if (t.conversions > 0 || t.costCents <= 0 || !serving(source.platform, t.campaign)) continue;
      const state = t.addedExcluded ? fold(t.addedExcluded) : "";
      if (ADDED.test(state) || EXCLUDED.test(state)) continue;
      const text = keywordText(t.term);
      if (keywords.positive.has(text) || keywords.negative.has(`${fold(t.campaign)}|${text}`)) continue;
      const reason = wasteSignificance(t, basis);
      if (!reason) continue;
      const list = byCampaign.get(t.campaign) ?? [];
      list.push({ ...t, reason });
      byCampaign.set(t.campaign, list);
    }
    for (const [campaign, list] of byCampaign) {
      const chosen = list.sort((a, b) => b.costCents - a.costCents || a.term.localeCompare(b.term)).slice(0, MAX_NEGATIVES);
      const cost = chosen.reduce((sum, t) => sum + t.costCents, 0);
      const impact = monthly(cost, source.period);
      tips.push({
        kind: "add-negatives",
        subject: { campaign },
        evidence: {
          ...periodEvidence(source.period),
          costCents: cost,
          clicks: chosen.reduce((sum, t) => sum + t.clicks, 0),
          accountCpaCents: Math.round(cpa),
          accountConversionRate: Math.round(rate * 10_000) / 10_000,
          terms: chosen.map((t) => ({ term: t.term, adGroup: t.adGroup, costCents: t.costCents, clicks: t.clicks, reason: t.reason })),
        },
        identity: chosen.map((t) => `${t.adGroup ?? ""}/${t.term.toLowerCase()}`).sort(),
        impactCents: impact,
        impactKind: impact === null ? null : "saving",
        editorCsv: editorCsv(
          ["Campaign", "Ad Group", "Keyword", "Criterion Type"],
          chosen.map((t) => [campaign, t.adGroup ?? "", t.term, "Negative Exact"]),
        ),
      });
    }
  }
  return tips;
}

// ---------------------------------------------------------------------------------------------
// pause-keywords

function pauseTips(
  snapshot: AuditSnapshot | null,
  data: TipData,
  serving: (platform: string, campaign: string) => boolean,
): TipCandidate[] {
  const items = (checkOf(snapshot, "zero-conversion-keywords")?.items ?? []).filter((item) => item.keyword && item.campaign);
  if (!items.length) return [];
  const keyOf = (campaign: string, adGroup: string | null | undefined, keyword: string, matchType: string | null | undefined) =>
    `${fold(campaign)}|${fold(adGroup ?? "")}|${keywordText(keyword)}|${matchType ?? ""}`;
  const figures = new Map<string, { source: TipSource; costCents: number; clicks: number; conversions: number }>();
  for (const source of data.sources.filter((s) => s.kind === "keyword")) {
    for (const row of source.rows) {
      if (!row.campaign || !row.keyword || row.negative) continue;
      const key = `${source.platform}|${keyOf(row.campaign, row.adGroup, row.keyword, row.matchType)}`;
      const f = figures.get(key) ?? { source, costCents: 0, clicks: 0, conversions: 0 };
      f.costCents += row.costCents;
      f.clicks += row.clicks;
      f.conversions += row.conversions;
      figures.set(key, f);
    }
  }
  const groups = new Map<
    string,
    { source: TipSource; campaign: string; list: Array<{ item: AuditItem; costCents: number; clicks: number }> }
  >();
  for (const item of items) {
    const key = keyOf(item.campaign!, item.adGroup, item.keyword!, item.matchType);
    const f = [...new Set(data.sources.map((s) => s.platform))].map((p) => figures.get(`${p}|${key}`)).find(Boolean);
    if (!f || f.conversions > 0 || f.costCents <= 0 || !serving(f.source.platform, item.campaign!)) continue;
    const groupKey = `${f.source.platform}|${item.campaign}`;
    const group = groups.get(groupKey) ?? { source: f.source, campaign: item.campaign!, list: [] };
    group.list.push({ item, costCents: f.costCents, clicks: f.clicks });
    groups.set(groupKey, group);
  }
  const tips: TipCandidate[] = [];
  for (const { source, campaign, list } of groups.values()) {
    const keywords = list.sort((a, b) => b.costCents - a.costCents).slice(0, MAX_ITEMS);
    const cost = keywords.reduce((sum, k) => sum + k.costCents, 0);
    const impact = monthly(cost, source.period);
    tips.push({
      kind: "pause-keywords",
      subject: { campaign },
      evidence: {
        ...periodEvidence(source.period),
        costCents: cost,
        clicks: keywords.reduce((sum, k) => sum + k.clicks, 0),
        keywords: keywords.map(({ item, costCents, clicks }) => ({
          keyword: item.keyword,
          matchType: item.matchType ?? null,
          adGroup: item.adGroup ?? null,
          costCents,
          clicks,
        })),
      },
      identity: keywords.map(({ item }) => `${item.adGroup ?? ""}/${item.keyword!.toLowerCase()}/${item.matchType ?? ""}`).sort(),
      impactCents: impact,
      impactKind: impact === null ? null : "saving",
      editorCsv: editorCsv(
        ["Campaign", "Ad Group", "Keyword", "Criterion Type", "Status"],
        keywords.map(({ item }) => [
          campaign,
          item.adGroup ?? "",
          item.keyword!,
          MATCH_CRITERION[item.matchType ?? ""] ?? "Broad",
          "Paused",
        ]),
      ),
    });
  }
  return tips;
}

/** Every tip the period data (and, for pausing keywords, the audit) gives. */
export function periodTipCandidates(
  snapshot: AuditSnapshot | null,
  data: TipData,
): { candidates: TipCandidate[]; serving: (platform: string, campaign: string) => boolean } {
  const serving = servingMap(data);
  const threshold = num(checkOf(snapshot, "budget-limited")?.thresholds.warnLost) || DEFAULT_LOST_THRESHOLD;
  return {
    candidates: [...budgetTips(data, threshold, serving), ...negativeTips(data, serving), ...pauseTips(snapshot, data, serving)],
    serving,
  };
}

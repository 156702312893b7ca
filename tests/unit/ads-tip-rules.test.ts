/**
 * The tips' pure rules (app/ads/tip-data.server.ts `choosePeriod`, app/ads/tip-rules.ts): which
 * single period of a report kind tips use, the budget raise's three caps, which campaigns serve,
 * and the significance rule for negative keywords at its edges.
 */
import { describe, expect, it } from "vitest";
import { choosePeriod, type ImportInfo, type TipData, type TipRow, type TipSource } from "~/ads/tip-data.server";
import { MAX_NEGATIVES, isServing, keywordText, periodTipCandidates } from "~/ads/tip-rules";

const imp = (id: string, granularity: "day" | "period", start: string | null, end: string | null, importedAt: string): ImportInfo => ({
  id,
  platform: "google",
  kind: "campaign",
  granularity,
  periodStart: start,
  periodEnd: end,
  importedAt,
});

const row = (fields: Partial<TipRow>): TipRow => ({
  day: null,
  campaign: null,
  adGroup: null,
  keyword: null,
  matchType: null,
  negative: false,
  searchTerm: null,
  status: null,
  impressions: 0,
  clicks: 0,
  costCents: 0,
  conversions: 0,
  conversionValueCents: 0,
  servingStatus: null,
  statusReasons: [],
  budgetCents: null,
  budgetType: null,
  impressionShare: null,
  lostIsBudget: null,
  addedExcluded: null,
  device: null,
  campaignStatus: null,
  adGroupStatus: null,
  ...fields,
});

const data = (...sources: TipSource[]): TipData => ({ sources, editorKeywords: null, editorCampaigns: null });
const campaigns = (days: number | null, ...rows: TipRow[]): TipSource => ({
  platform: "google",
  kind: "campaign",
  period: days ? { start: "2026-05-01", end: `2026-05-${String(days).padStart(2, "0")}`, days } : { start: null, end: null, days: null },
  rows,
});
const terms = (...rows: TipRow[]): TipSource => ({
  platform: "google",
  kind: "search-term",
  period: { start: "2026-05-01", end: "2026-05-31", days: 31 },
  rows,
});
const tipsOf = (d: TipData) => periodTipCandidates(null, d).candidates;

describe("choosePeriod", () => {
  it("uses the period export that ends last, whole, and never adds an older one to it", () => {
    const choice = choosePeriod(
      [imp("april", "period", "2026-04-01", "2026-04-30", "2026-06-02"), imp("may", "period", "2026-05-01", "2026-05-31", "2026-06-01")],
      30,
    );
    expect(choice).toEqual({ importIds: ["may"], granularity: "period", from: null, start: "2026-05-01", end: "2026-05-31" });
  });

  it("uses the day series' window when it ends last or on the same day, and All time only when nothing is dated", () => {
    const imports = [
      imp("days", "day", "2026-03-01", "2026-05-31", "2026-06-01"),
      imp("may", "period", "2026-05-01", "2026-05-31", "2026-06-03"),
      imp("all", "period", null, null, "2026-06-04"),
    ];
    expect(choosePeriod(imports, 30)).toMatchObject({ importIds: ["days"], granularity: "day", from: "2026-05-02" });
    expect(choosePeriod([imports[2]!], 30)).toEqual({ importIds: ["all"], granularity: "period", from: null, start: null, end: null });
  });
});

describe("budget tips", () => {
  const core = (fields: Partial<TipRow>) =>
    row({
      campaign: "Core",
      status: "Enabled",
      servingStatus: "Eligible (Limited)",
      budgetCents: 7500,
      budgetType: "Daily",
      impressions: 10_000,
      clicks: 500,
      costCents: 62_000,
      conversions: 20,
      lostIsBudget: { value: 0.4, bound: "exact" },
      ...fields,
    });

  it("stops at the spend the lost share could buy at today's cost per click, over the period's own days", () => {
    // $620 over 31 days is $20 a day: the lost 40% could buy $20 × 0.4 / 0.6 = $13.33 a day more.
    const [tip] = tipsOf(data(campaigns(31, core({}))));
    expect(tip!.evidence).toMatchObject({ days: 31, newBudgetCents: 7500 + 1333, raisePerDayCents: 1333, cappedBy: "lost-spend" });
  });

  it("counts `< 10%` at its bound (no tip) and gives no budget tip for a total budget", () => {
    expect(tipsOf(data(campaigns(31, core({ lostIsBudget: { value: 0.1, bound: "below" } }))))).toEqual([]);
    expect(tipsOf(data(campaigns(null, core({ budgetType: "Campaign Total" }))))).toEqual([]);
  });

  it("without a budget column raises by the lost spend of a dated period, and says nothing for All time", () => {
    const [tip] = tipsOf(data(campaigns(31, core({ budgetCents: null }))));
    expect(tip!.evidence).toMatchObject({ budgetCents: null, newBudgetCents: null, raisePerDayCents: 1333 });
    expect(tip!.editorCsv).toBeNull();
    expect(tipsOf(data(campaigns(null, core({ budgetCents: null }))))).toEqual([]);
  });

  it("serves only enabled, eligible campaigns whose status reasons do not stop them", () => {
    const serving = (status: string, servingStatus: string, reasons: string[] = []) =>
      isServing({ status, servingStatus, statusReasons: reasons });
    expect(serving("Enabled", "Eligible (Limited)", ["search volume limited"])).toBe(true);
    expect(serving("Enabled", "Limited by budget")).toBe(true);
    expect(serving("Paused", "Paused")).toBe(false);
    expect(serving("Removed", "Removed")).toBe(false);
    expect(serving("Enabled", "Ended")).toBe(false);
    expect(serving("Enabled", "Pending")).toBe(false);
    expect(serving("Enabled", "Not eligible", ["all ad groups paused"])).toBe(false);
    expect(serving("Enabled", "Eligible (Limited)", ["most ads disapproved"])).toBe(false);
  });
});

describe("negative keyword candidates", () => {
  // The account, the terms included: 1,000 clicks, 50 conversions (5%), $1,000: $20 per conversion.
  const account = (rows: TipRow[]) =>
    row({
      campaign: "C",
      adGroup: "G",
      searchTerm: "buy widgets",
      keyword: "widgets",
      clicks: 1000 - rows.reduce((sum, r) => sum + r.clicks, 0),
      costCents: 100_000 - rows.reduce((sum, r) => sum + r.costCents, 0),
      conversions: 50,
    });
  const term = (searchTerm: string, clicks: number, costCents: number, fields: Partial<TipRow> = {}) =>
    row({ campaign: "C", adGroup: "G", searchTerm, keyword: "widgets", clicks, costCents, ...fields });
  const proposed = (...rows: TipRow[]) =>
    tipsOf(data(terms(account(rows), ...rows)))
      .filter((tip) => tip.kind === "add-negatives")
      .flatMap((tip) => (tip.evidence.terms as Array<{ term: string }>).map((t) => t.term));

  it("needs the cost of a conversion, or clicks whose zero conversions are under 5% likely", () => {
    // 0.95^58 = 5.1% (not significant), 0.95^59 = 4.8% (significant).
    expect(proposed(term("a", 58, 1999), term("b", 59, 100), term("c", 1, 2000))).toEqual(["c", "b"]);
  });

  it("never proposes an active keyword, whatever its match-type punctuation or spacing, nor an added or excluded term", () => {
    expect(keywordText(' "Red  Widgets" ')).toBe("red widgets");
    expect(keywordText("[red widgets]")).toBe("red widgets");
    expect(keywordText("+red +widgets")).toBe("red widgets");
    const keywords = row({ keyword: "red widgets", matchType: "exact", campaign: "C", status: "Enabled" });
    const candidates = [term("Red Widgets", 5, 5000), term("x", 1, 3000, { addedExcluded: "excluded" })];
    const d = data(terms(account(candidates), ...candidates), {
      platform: "google",
      kind: "keyword",
      period: { start: "2026-05-01", end: "2026-05-31", days: 31 },
      rows: [keywords],
    });
    expect(tipsOf(d).filter((tip) => tip.kind === "add-negatives")).toEqual([]);
  });

  it(`proposes at most ${MAX_NEGATIVES} terms at once, the costliest first`, () => {
    const many = Array.from({ length: 15 }, (_, i) => term(`term ${i}`, 1, 2000 + i));
    const list = proposed(...many);
    expect(list).toHaveLength(MAX_NEGATIVES);
    expect(list[0]).toBe("term 14");
  });
});

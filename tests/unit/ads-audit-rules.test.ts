/**
 * The campaign auditor's rules (app/ads/audit/rules.ts) on small datasets built in code: every rule
 * with a passing and a failing dataset, not applicable without its data, thresholds overriding
 * defaults; grades follow the 5% / 10% bounds (property tests), the weighted score, the comparison
 * with a previous audit, threshold validation and the settings form's units; and every rule's
 * texts exist in the five locales.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SnapshotKeyword } from "~/ads/negative-match";
import {
  emptyDataset,
  type AdFacts,
  type ConversionEvidence,
  type AuditDataset,
  type CampaignFacts,
  type EditorCampaign,
  type EditorKeyword,
  type KeywordFacts,
  type MetaAdSetFacts,
  type MetaDay,
  type MetaPlacementFacts,
  type NetworkFacts,
  type SearchTermFacts,
  type Totals,
} from "~/ads/audit/dataset";
import {
  FIGURE_CODES,
  FIGURE_NAMES,
  boundedFigure,
  GRADING_THRESHOLDS,
  RULES,
  RULES_BY_ID,
  bidClass,
  compareAudits,
  gradeFor,
  isBoundFigure,
  jobOrInfoWord,
  overallScore,
  runRule,
  runRules,
  thresholdFromInput,
  thresholdToInput,
  validateThresholds,
  type RuleDefinition,
} from "~/ads/audit/rules";
import type { CheckResult } from "~/ads/audit/types";
import { formatBounded } from "~/ads/kpi-format";
import { LOCALES } from "~/i18n/config";

// ---------------------------------------------------------------------------------------------
// Builders

const totals = (t: Partial<Totals> = {}): Totals => ({
  impressions: 1000,
  clicks: 50,
  costCents: 5000,
  conversions: 2,
  conversionValueCents: 0,
  ...t,
});

function campaign(p: Partial<CampaignFacts> = {}): CampaignFacts {
  return {
    ...totals(),
    platform: "google",
    campaign: "Generic Shoes",
    status: "Enabled",
    servingStatus: "Eligible",
    statusReasons: [],
    campaignType: "Search",
    bidStrategyType: "Maximize Conversions",
    budgetCents: 5000,
    targetCpaCents: null,
    targetRoas: null,
    impressionShare: null,
    lostIsBudget: null,
    lostIsRank: null,
    days: 30,
    daily: [],
    ...p,
  };
}

function keyword(p: Partial<KeywordFacts> = {}): KeywordFacts {
  return {
    ...totals(),
    platform: "google",
    campaign: "Generic Shoes",
    adGroup: "Running",
    keyword: "running shoes",
    matchType: "phrase",
    status: "Enabled",
    maxCpcCents: 150,
    qualityScore: null,
    expectedCtr: null,
    adRelevance: null,
    landingPageExperience: null,
    ...p,
  };
}

function term(p: Partial<SearchTermFacts> = {}): SearchTermFacts {
  return {
    ...totals(),
    platform: "google",
    campaign: "Generic Shoes",
    adGroup: "Running",
    searchTerm: "running shoes men",
    keyword: "running shoes",
    matchType: "phrase",
    addedExcluded: "none",
    campaignType: "Search",
    ...p,
  };
}

function ad(p: Partial<AdFacts> = {}): AdFacts {
  return {
    ...totals(),
    platform: "google",
    campaign: "Generic Shoes",
    adGroup: "Running",
    label: "Running Shoes Sale",
    type: "Responsive search ad",
    status: "Enabled",
    servingStatus: "Eligible",
    statusReasons: [],
    strength: "good",
    headlines: 15,
    descriptions: 4,
    pinnedHeadlines: 0,
    pinnedDescriptions: 0,
    improvements: null,
    qualityRanking: null,
    engagementRateRanking: null,
    conversionRateRanking: null,
    ...p,
  };
}

function adSet(p: Partial<MetaAdSetFacts> = {}): MetaAdSetFacts {
  return {
    ...totals(),
    campaign: "Spring Sale",
    adSet: "Lookalike",
    status: "active",
    results: 80,
    resultIndicator: "actions:offsite_conversion.fb_pixel_purchase",
    days: 7,
    weeklyFrequency: 1.5,
    reach: 5000,
    monthlyFrequency: null,
    resultsMeasured: true,
    daily: [],
    ...p,
  };
}

/** Meta days from 2026-05-01: each day's totals, results and reach. */
function metaDays(count: number, each: (index: number) => Partial<MetaDay>): MetaDay[] {
  return Array.from({ length: count }, (_, i) => ({
    day: `2026-05-${String(i + 1).padStart(2, "0")}`,
    ...totals(),
    results: 5,
    reach: 800,
    ...each(i),
  }));
}

const placement = (p: Partial<MetaPlacementFacts>): MetaPlacementFacts => ({
  ...totals(),
  campaign: "Spring Sale",
  adSet: "Lookalike",
  placement: "Facebook Feed",
  results: 10,
  ...p,
});

const network = (p: Partial<NetworkFacts>): NetworkFacts => ({
  ...totals(),
  platform: "microsoft",
  campaign: "Generic Shoes",
  network: "Bing and Yahoo! search",
  ...p,
});

const editorCampaign = (p: Partial<EditorCampaign> = {}): EditorCampaign => ({
  campaign: "Generic Shoes",
  campaignType: "Search",
  networks: ["Google search"],
  targetingMethod: "Location of presence",
  bidStrategyType: "Maximize conversions",
  targetCpaCents: null,
  targetRoas: null,
  budgetCents: 5000,
  status: "Enabled",
  ...p,
});

const editorKeyword = (p: Partial<EditorKeyword> = {}): EditorKeyword => ({
  campaign: "Generic Shoes",
  adGroup: "Running",
  keyword: "running shoes",
  matchType: "phrase",
  negative: false,
  status: "Enabled",
  campaignStatus: "Enabled",
  adGroupStatus: "Enabled",
  approvalStatus: "Approved",
  qualityScore: null,
  ...p,
});

const data = (p: Partial<AuditDataset>): AuditDataset => ({ ...emptyDataset(), ...p });

const snapshotKeyword = (p: Partial<SnapshotKeyword> = {}): SnapshotKeyword => ({
  campaign: "Generic Shoes",
  adGroup: "Running",
  text: "running shoes",
  matchType: "phrase",
  negative: false,
  list: null,
  active: true,
  line: 1,
  ...p,
});

function days(count: number, each: (index: number) => Partial<Totals>) {
  return Array.from({ length: count }, (_, i) => ({ day: `2026-05-${String(i + 1).padStart(2, "0")}`, ...totals(each(i)) }));
}

const bounded = (value: number, bound: "exact" | "below" | "above" = "exact") => ({ value, bound });

// ---------------------------------------------------------------------------------------------
// Every rule: a passing and a failing dataset

interface Case {
  pass: AuditDataset;
  fail: AuditDataset;
  /** The failing dataset only warns (the rule reports without failing). */
  warnOnly?: boolean;
}

const CASES: Record<string, Case> = {
  "conversion-tracking": {
    pass: data({ accountTotals: [{ platform: "google", ...totals({ conversions: 4 }) }] }),
    fail: data({ accountTotals: [{ platform: "google", ...totals({ conversions: 0 }) }] }),
  },
  "conversions-silent": {
    pass: data({ campaigns: [campaign({ daily: days(14, () => ({ conversions: 1 })) })] }),
    fail: data({ campaigns: [campaign({ daily: days(14, (i) => ({ conversions: i < 3 ? 2 : 0 })) })] }),
  },
  "budget-limited": {
    pass: data({ campaigns: [campaign({ lostIsBudget: bounded(0.1, "below") })] }),
    fail: data({ campaigns: [campaign({ lostIsBudget: bounded(0.405) })] }),
  },
  "rank-limited": {
    pass: data({ campaigns: [campaign({ bidStrategyType: "Manual CPC", lostIsRank: bounded(0.1) })] }),
    fail: data({ campaigns: [campaign({ bidStrategyType: "Manual CPC", lostIsRank: bounded(0.45) })] }),
  },
  "brand-impression-share": {
    pass: data({ campaigns: [campaign({ campaign: "Brand", impressionShare: bounded(0.9, "above") })] }),
    fail: data({ campaigns: [campaign({ campaign: "Brand", impressionShare: bounded(0.5) })] }),
  },
  "non-brand-impression-share": {
    pass: data({ campaigns: [campaign({ impressionShare: bounded(0.7) })] }),
    fail: data({ campaigns: [campaign({ impressionShare: bounded(0.2) })] }),
  },
  "low-quality-score": {
    pass: data({ keywords: [keyword({ qualityScore: 8 })] }),
    fail: data({ keywords: [keyword({ qualityScore: 3 })] }),
  },
  "qs-expected-ctr": {
    pass: data({ keywords: [keyword({ expectedCtr: "above" })] }),
    fail: data({ keywords: [keyword({ expectedCtr: "below" })] }),
  },
  "qs-ad-relevance": {
    pass: data({ keywords: [keyword({ adRelevance: "average" })] }),
    fail: data({ keywords: [keyword({ adRelevance: "below" })] }),
  },
  "qs-landing-page": {
    pass: data({ keywords: [keyword({ landingPageExperience: "above" })] }),
    fail: data({ keywords: [keyword({ landingPageExperience: "below" })] }),
  },
  "keywords-per-ad-group": {
    pass: data({ keywords: Array.from({ length: 5 }, (_, i) => keyword({ keyword: `shoes ${i}` })) }),
    fail: data({ keywords: Array.from({ length: 25 }, (_, i) => keyword({ keyword: `shoes ${i}` })) }),
  },
  "keyword-ctr": {
    pass: data({ keywords: [keyword({ impressions: 1000, clicks: 50 })] }),
    fail: data({ keywords: [keyword({ impressions: 1000, clicks: 5 })] }),
  },
  "zero-conversion-keywords": {
    pass: data({ keywords: [keyword({ costCents: 15_000, conversions: 1 })] }),
    fail: data({ keywords: [keyword({ costCents: 15_000, conversions: 0 })] }),
  },
  "duplicate-keywords": {
    pass: data({ keywords: [keyword(), keyword({ keyword: "trail shoes", adGroup: "Trail" })] }),
    fail: data({ keywords: [keyword(), keyword({ adGroup: "Trail" })] }),
  },
  "broad-without-smart-bidding": {
    pass: data({ campaigns: [campaign({ bidStrategyType: "Maximize Conversions" })], keywords: [keyword({ matchType: "broad" })] }),
    fail: data({ campaigns: [campaign({ bidStrategyType: "Manual CPC" })], keywords: [keyword({ matchType: "broad" })] }),
  },
  "broad-share-manual": {
    pass: data({
      campaigns: [campaign({ bidStrategyType: "Manual CPC" })],
      keywords: [keyword({ costCents: 9000 }), keyword({ keyword: "shoes", matchType: "broad", costCents: 1000 })],
    }),
    fail: data({
      campaigns: [campaign({ bidStrategyType: "Manual CPC" })],
      keywords: [keyword({ costCents: 5000 }), keyword({ keyword: "shoes", matchType: "broad", costCents: 5000 })],
    }),
  },
  "negative-keyword-conflicts": {
    pass: data({
      negativeSnapshot: {
        rows: [
          snapshotKeyword(),
          snapshotKeyword({ text: "running shoes sale", negative: true, matchType: "exact", line: 2 }),
          snapshotKeyword({ campaign: null, adGroup: null, list: "Jobs", text: "jobs", negative: true, matchType: "broad", line: 3 }),
        ],
        links: [{ campaign: "Generic Shoes", list: "Jobs" }],
      },
    }),
    fail: data({
      negativeSnapshot: {
        rows: [
          snapshotKeyword(),
          snapshotKeyword({ campaign: null, adGroup: null, list: "Generic", text: "shoes", negative: true, matchType: "broad", line: 2 }),
        ],
        links: [{ campaign: "Generic Shoes", list: "Generic" }],
      },
    }),
  },
  "campaign-without-negatives": {
    pass: data({
      editorKeywords: [editorKeyword(), editorKeyword({ keyword: "jobs", matchType: "broad", negative: true, adGroup: null })],
    }),
    fail: data({ editorKeywords: [editorKeyword()] }),
  },
  "wasted-search-terms": {
    pass: data({
      searchTerms: [term({ costCents: 9000, conversions: 3 }), term({ searchTerm: "shoes red", costCents: 500, conversions: 0 })],
    }),
    fail: data({
      searchTerms: [term({ costCents: 5000, conversions: 3 }), term({ searchTerm: "shoes red", costCents: 5000, conversions: 0 })],
    }),
  },
  "job-seeker-terms": {
    pass: data({ searchTerms: [term({ searchTerm: "running shoes sale" })] }),
    fail: data({ searchTerms: [term({ searchTerm: "running shoes jobs" })] }),
  },
  "zero-conversion-search-terms": {
    pass: data({ searchTerms: [term({ costCents: 20_000, conversions: 2 })] }),
    fail: data({ searchTerms: [term({ costCents: 20_000, conversions: 0 })] }),
  },
  "hidden-search-terms": {
    pass: data({
      hiddenSearchTerms: [
        { importId: "x", period: "2026-05-01..2026-05-31", visibleCostCents: 9000, hiddenCostCents: 1000, hiddenClicks: 10 },
      ],
    }),
    fail: data({
      hiddenSearchTerms: [
        { importId: "x", period: "2026-05-01..2026-05-31", visibleCostCents: 45131, hiddenCostCents: 36826, hiddenClicks: 100 },
      ],
    }),
    warnOnly: true,
  },
  "ads-per-ad-group": {
    pass: data({ ads: [ad(), ad({ label: "Second", strength: "excellent" })] }),
    fail: data({ ads: [ad(), ad({ label: "Second", strength: "poor" })] }),
  },
  "too-many-rsas": {
    pass: data({ ads: [ad(), ad({ label: "B" }), ad({ label: "C" })] }),
    fail: data({ ads: [ad(), ad({ label: "B" }), ad({ label: "C" }), ad({ label: "D" })] }),
  },
  "ad-strength": {
    pass: data({ ads: [ad({ strength: "good" })] }),
    fail: data({ ads: [ad({ strength: "poor" })] }),
  },
  "rsa-assets": {
    pass: data({
      ads: [ad({ strength: "average", headlines: 14, descriptions: 4 }), ad({ label: "B", strength: "excellent", headlines: 3 })],
    }),
    fail: data({ ads: [ad({ strength: "average", headlines: 4, descriptions: 2 })] }),
  },
  "pinned-assets": {
    pass: data({ ads: [ad({ pinnedHeadlines: 1 })] }),
    fail: data({ ads: [ad({ pinnedHeadlines: 4 })] }),
  },
  "ad-strength-improvements": {
    pass: data({ ads: [ad({ improvements: [] })] }),
    fail: data({
      ads: [
        ad({
          improvements: [
            "Add 2 more sitelinks in your ad",
            "Try including more keywords in your headlines",
            "Make your headlines more unique",
          ],
        }),
      ],
    }),
  },
  "disapproved-ads": {
    pass: data({ ads: [ad({ servingStatus: "Eligible" })] }),
    fail: data({ ads: [ad({ servingStatus: "Not eligible", statusReasons: ["ad disapproved"] })] }),
  },
  "smart-bidding-data": {
    pass: data({ campaigns: [campaign({ bidStrategyType: "Target CPA", conversions: 40, days: 30 })] }),
    fail: data({ campaigns: [campaign({ bidStrategyType: "Target CPA", conversions: 10, days: 30 })] }),
  },
  "lin-rodnitzky": {
    pass: data({ keywords: [keyword({ costCents: 1000, conversions: 10 }), keyword({ keyword: "x", costCents: 700, conversions: 0 })] }),
    fail: data({ keywords: [keyword({ costCents: 1000, conversions: 10 }), keyword({ keyword: "x", costCents: 2000, conversions: 0 })] }),
  },
  "device-cpa": {
    pass: data({
      devices: [
        { platform: "google", campaign: "Generic Shoes", device: "Computers", ...totals({ costCents: 1000, conversions: 10 }) },
        { platform: "google", campaign: "Generic Shoes", device: "Mobile phones", ...totals({ costCents: 1200, conversions: 10 }) },
      ],
    }),
    fail: data({
      devices: [
        { platform: "google", campaign: "Generic Shoes", device: "Computers", ...totals({ costCents: 1000, conversions: 10 }) },
        { platform: "google", campaign: "Generic Shoes", device: "Mobile phones", ...totals({ costCents: 3000, conversions: 10 }) },
      ],
    }),
  },
  "display-network-in-search": {
    pass: data({ editorCampaigns: [editorCampaign({ networks: ["Google search"] })] }),
    fail: data({ editorCampaigns: [editorCampaign({ networks: ["Google search", "Search Partners", "Display Network"] })] }),
  },
  "location-targeting-method": {
    pass: data({ editorCampaigns: [editorCampaign({ targetingMethod: "Location of presence" })] }),
    fail: data({ editorCampaigns: [editorCampaign({ targetingMethod: "Location of presence or Area of interest" })] }),
  },
  "campaign-ctr-benchmark": {
    pass: data({ campaigns: [campaign({ impressions: 10_000, clicks: 1000 })] }),
    fail: data({ campaigns: [campaign({ impressions: 10_000, clicks: 200 })] }),
  },
  "meta-frequency": {
    pass: data({ metaAdSets: [adSet({ weeklyFrequency: 2 })] }),
    fail: data({ metaAdSets: [adSet({ weeklyFrequency: 4.2 })] }),
  },
  "meta-learning-limited": {
    pass: data({ metaAdSets: [adSet({ results: 80, days: 7 })] }),
    fail: data({ metaAdSets: [adSet({ results: 10, days: 7 })] }),
  },
  "meta-relevance": {
    pass: data({
      ads: [
        ad({ platform: "meta", type: null, qualityRanking: "average", engagementRateRanking: "above", conversionRateRanking: "average" }),
      ],
    }),
    fail: data({
      ads: [
        ad({ platform: "meta", type: null, qualityRanking: "below", engagementRateRanking: "average", conversionRateRanking: "average" }),
      ],
    }),
  },
  "meta-cost-per-result-trend": {
    pass: data({ metaAdSets: [adSet({ days: 14, daily: metaDays(14, () => ({ costCents: 5000, results: 5 })) })] }),
    fail: data({ metaAdSets: [adSet({ days: 14, daily: metaDays(14, (i) => ({ costCents: 5000, results: i < 7 ? 5 : 2 })) })] }),
  },
  "meta-creative-fatigue": {
    pass: data({ metaAdSets: [adSet({ days: 14, daily: metaDays(14, () => ({ impressions: 2000, clicks: 40, reach: 1500 })) })] }),
    fail: data({
      metaAdSets: [
        adSet({
          days: 14,
          daily: metaDays(14, (i) =>
            i < 7 ? { impressions: 2000, clicks: 40, reach: 1500 } : { impressions: 2000, clicks: 20, reach: 900 },
          ),
        }),
      ],
    }),
  },
  "meta-delivery": {
    pass: data({ metaAdSets: [adSet({ costCents: 20_000, results: 12 })] }),
    fail: data({ metaAdSets: [adSet({ costCents: 20_000, results: 0 })] }),
  },
  "meta-placement-mix": {
    pass: data({
      metaPlacements: [
        placement({ placement: "Facebook Feed", costCents: 6000 }),
        placement({ placement: "Instagram Stories", costCents: 3000 }),
        placement({ placement: "Audience Network", costCents: 1000, results: 1 }),
      ],
    }),
    fail: data({
      metaPlacements: [
        placement({ placement: "Facebook Feed", costCents: 5000, results: 20 }),
        placement({ placement: "Audience Network", costCents: 5000, results: 0 }),
      ],
    }),
  },
  "ms-budget-limited": {
    pass: data({ campaigns: [campaign({ platform: "microsoft", lostIsBudget: bounded(0.1, "below") })] }),
    fail: data({ campaigns: [campaign({ platform: "microsoft", lostIsBudget: bounded(0.42) })] }),
  },
  "ms-rank-limited": {
    pass: data({ campaigns: [campaign({ platform: "microsoft", bidStrategyType: "Manual CPC", lostIsRank: bounded(0.12) })] }),
    fail: data({ campaigns: [campaign({ platform: "microsoft", bidStrategyType: "Manual CPC", lostIsRank: bounded(0.45) })] }),
  },
  "ms-search-partners": {
    pass: data({
      networks: [
        network({ costCents: 8000, conversions: 8 }),
        network({ network: "Syndicated search partners", costCents: 2000, conversions: 2 }),
      ],
    }),
    fail: data({
      networks: [
        network({ costCents: 8000, conversions: 8 }),
        network({ network: "Syndicated search partners", costCents: 6000, conversions: 1 }),
      ],
    }),
  },
  "ms-match-types": {
    pass: data({
      keywords: [
        keyword({ platform: "microsoft", matchType: "exact", costCents: 6000, conversions: 6 }),
        keyword({ platform: "microsoft", keyword: "shoes", matchType: "broad", costCents: 4000, conversions: 4 }),
      ],
    }),
    fail: data({
      keywords: [
        keyword({ platform: "microsoft", matchType: "exact", costCents: 6000, conversions: 6 }),
        keyword({ platform: "microsoft", keyword: "shoes", matchType: "broad", costCents: 9000, conversions: 3 }),
      ],
    }),
  },
  "ms-quality-score": {
    pass: data({ keywords: [keyword({ platform: "microsoft", qualityScore: 8 })] }),
    fail: data({ keywords: [keyword({ platform: "microsoft", qualityScore: 3 })] }),
  },
  "ms-quality-components": {
    pass: data({
      keywords: [keyword({ platform: "microsoft", expectedCtr: "average", adRelevance: "above", landingPageExperience: "average" })],
    }),
    fail: data({
      keywords: [keyword({ platform: "microsoft", expectedCtr: "below", adRelevance: "above", landingPageExperience: "average" })],
    }),
  },
};

const run = (id: string, dataset: AuditDataset, overrides = {}) => runRule(RULES_BY_ID.get(id)!, dataset, overrides);

describe("the rule catalogue", () => {
  it("has at least 28 rules with unique slugs, the tips job's slugs among them", () => {
    expect(RULES.length).toBeGreaterThanOrEqual(28);
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    for (const slug of [
      "budget-limited",
      "wasted-search-terms",
      "zero-conversion-keywords",
      "low-quality-score",
      "broad-without-smart-bidding",
      "campaign-without-negatives",
      "job-seeker-terms",
    ]) {
      expect(RULES_BY_ID.has(slug), slug).toBe(true);
    }
    for (const r of RULES) {
      expect(r.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(r.weight).toBeGreaterThanOrEqual(1);
      expect(r.weight).toBeLessThanOrEqual(5);
      for (const [name, t] of Object.entries(r.thresholds)) {
        expect(Number.isFinite(t.default), `${r.id}.${name}`).toBe(true);
        expect(t.default >= t.min && t.default <= t.max, `${r.id}.${name} default within bounds`).toBe(true);
      }
      for (const [lower, upper] of r.order ?? []) expect(r.thresholds[lower]!.default).toBeLessThanOrEqual(r.thresholds[upper]!.default);
    }
  });

  it("has a passing and a failing dataset for every rule", () => {
    expect(Object.keys(CASES).sort()).toEqual(RULES.map((r) => r.id).sort());
  });

  it("calls every rule not applicable on an empty dataset, and grades none", () => {
    const result = runRules(emptyDataset());
    expect(result.checks.every((c) => c.status === "not-applicable" && c.grade === null && c.items.length === 0)).toBe(true);
    expect(result.graded).toBe(0);
  });

  for (const r of RULES) {
    describe(r.id, () => {
      const c = CASES[r.id]!;
      it("passes a healthy dataset", () => {
        const check = run(r.id, c.pass);
        expect(check).toMatchObject({ ruleId: r.id, category: r.category, status: "graded", failing: 0, grade: "A" });
        expect(check.audited).toBeGreaterThan(0);
        expect(check.items.filter((item) => item.severity === "fail")).toEqual([]);
      });
      it(c.warnOnly ? "warns about a dataset that needs a look" : "fails a dataset with the problem, with its figures", () => {
        const check = run(r.id, c.fail);
        expect(check.status).toBe("graded");
        expect(check.items.length).toBeGreaterThan(0);
        if (c.warnOnly) {
          expect(check).toMatchObject({ failing: 0, grade: "A", warnings: 1 });
          expect(check.items[0]!.severity).toBe("warn");
        } else {
          expect(check.failing).toBeGreaterThan(0);
          expect(check.grade).toBe("C");
          expect(check.items[0]!.severity).toBe("fail");
        }
        for (const item of check.items) {
          expect(Object.keys(item.figures).length).toBeGreaterThan(0);
          for (const name of Object.keys(item.figures).filter((n) => !isBoundFigure(n)))
            expect(FIGURE_NAMES, `${r.id} figure ${name}`).toContain(name);
        }
      });
    });
  }
});

describe("false positives of issue #26", () => {
  const evidence = (p: Partial<ConversionEvidence> = {}): ConversionEvidence => ({
    platform: "google",
    costCents: 50_000,
    impressions: 10_000,
    clicks: 400,
    measured: true,
    rowConversions: 0,
    totalsConversions: 0,
    foundIn: null,
    ...p,
  });

  it("conversion tracking passes on conversions in the exports' totals rows or any report's rows, and judges nothing without the column", () => {
    // The campaign rows show none; the account's own totals row shows six.
    expect(
      run("conversion-tracking", data({ conversionEvidence: [evidence({ totalsConversions: 6, foundIn: "Total: Account" })] })),
    ).toMatchObject({
      status: "graded",
      audited: 1,
      failing: 0,
      grade: "A",
    });
    // Conversions in the keyword report's rows.
    expect(run("conversion-tracking", data({ conversionEvidence: [evidence({ rowConversions: 8, foundIn: "keyword" })] })).failing).toBe(0);
    // No export of the period has a Conversions column: no data, not a failure.
    expect(run("conversion-tracking", data({ conversionEvidence: [evidence({ measured: false })] }))).toMatchObject({
      status: "not-applicable",
      grade: null,
    });
    // Evidence nowhere: it fails, naming the platform and its spend.
    const fail = run("conversion-tracking", data({ conversionEvidence: [evidence(), evidence({ platform: "meta" })] }));
    expect(fail).toMatchObject({ audited: 1, failing: 1, grade: "C" });
    expect(fail.items[0]!.figures).toMatchObject({ platform: "google", costCents: 50_000, conversions: 0 });
  });

  it("rsa-assets: 14 or 15 headlines, or Excellent, never fail; few headlines on a weak ad do", () => {
    const check = run(
      "rsa-assets",
      data({
        ads: [
          ad({ label: "Fourteen", strength: "average", headlines: 14, descriptions: 4 }),
          ad({ label: "Fifteen", strength: "poor", headlines: 15, descriptions: 4 }),
          ad({ label: "Excellent", strength: "excellent", headlines: 4, descriptions: 2 }),
          ad({ label: "Eight", strength: "average", headlines: 8, descriptions: 3 }),
          ad({ label: "Four", strength: "poor", headlines: 4, descriptions: 2 }),
        ],
      }),
    );
    expect(check).toMatchObject({ audited: 5, failing: 1, warnings: 1 });
    expect(check.items.map((i) => [i.ad, i.severity])).toEqual([
      ["Four", "fail"],
      ["Eight", "warn"],
    ]);
    // A download with only three headline columns: an ad filling all three may have fifteen.
    const partial = run(
      "rsa-assets",
      data({
        ads: [
          ad({ label: "All three", strength: "average", headlines: 3, descriptions: 2, headlineColumns: 3, descriptionColumns: 2 }),
          ad({ label: "Two of three", strength: "average", headlines: 2, descriptions: 2, headlineColumns: 3, descriptionColumns: 2 }),
        ],
      }),
    );
    expect(partial.items.map((i) => [i.ad, i.severity])).toEqual([["Two of three", "fail"]]);
    expect(RULES_BY_ID.get("rsa-assets")!.thresholds).toMatchObject({
      failHeadlines: { default: 5, max: 15 },
      warnHeadlines: { default: 10, max: 15 },
      warnDescriptions: { default: 4, max: 4 },
    });
  });

  it("keeps a share's bound beside it, and shows '< 10%' and '> 90%' as such", () => {
    const check = run(
      "non-brand-impression-share",
      data({
        campaigns: [campaign({ impressionShare: bounded(0.1, "below"), lostIsBudget: bounded(0.9, "above"), lostIsRank: bounded(0.05) })],
      }),
    );
    expect(check.items[0]!.figures).toMatchObject({
      impressionShare: 0.1,
      impressionShareBound: "below",
      lostIsBudget: 0.9,
      lostIsBudgetBound: "above",
      lostIsRank: 0.05,
    });
    expect(check.items[0]!.figures).not.toHaveProperty("lostIsRankBound");
    const figures = check.items[0]!.figures;
    const percent = new Intl.NumberFormat("en", { style: "percent" });
    const texts = { below: (v: string) => `< ${v}`, above: (v: string) => `> ${v}` };
    const shown = (name: string) => formatBounded(boundedFigure(figures, name)!, (n) => percent.format(n), texts);
    expect(shown("impressionShare")).toBe("< 10%");
    expect(shown("lostIsBudget")).toBe("> 90%");
    expect(shown("lostIsRank")).toBe("5%");
    expect(isBoundFigure("impressionShareBound")).toBe(true);
    expect(isBoundFigure("impressionShare")).toBe(false);
  });

  it("leaves Microsoft's campaigns and keywords to Microsoft's own checks", () => {
    const dataset = data({
      campaigns: [campaign({ platform: "microsoft", bidStrategyType: "Manual CPC", lostIsBudget: bounded(0.5), lostIsRank: bounded(0.5) })],
      keywords: [keyword({ platform: "microsoft", qualityScore: 3, expectedCtr: "below" })],
    });
    for (const id of ["budget-limited", "rank-limited", "low-quality-score", "qs-expected-ctr"])
      expect(run(id, dataset).status, id).toBe("not-applicable");
    for (const id of ["ms-budget-limited", "ms-rank-limited", "ms-quality-score", "ms-quality-components"])
      expect(run(id, dataset), id).toMatchObject({ category: "microsoft", status: "graded", failing: 1 });
  });

  it("gives Meta and Microsoft at least six checks each", () => {
    expect(RULES.filter((r) => r.category === "meta").length).toBeGreaterThanOrEqual(6);
    expect(RULES.filter((r) => r.category === "microsoft").length).toBeGreaterThanOrEqual(6);
  });
});

describe("Meta and Microsoft checks in detail", () => {
  it("meta-frequency: over 3 a week fails, over 5 over a month-long export warns", () => {
    const check = run(
      "meta-frequency",
      data({
        metaAdSets: [
          adSet({ adSet: "Weekly", weeklyFrequency: 3.4 }),
          adSet({ adSet: "Monthly", weeklyFrequency: 1.3, monthlyFrequency: 5.8, days: 31 }),
          adSet({ adSet: "Fine", weeklyFrequency: 1.1, monthlyFrequency: 4.6, days: 31 }),
        ],
      }),
    );
    expect(check).toMatchObject({ audited: 3, failing: 1, warnings: 1 });
    expect(check.items.map((i) => [i.adGroup, i.severity, i.figures.frequency, i.figures.monthlyFrequency])).toEqual([
      ["Weekly", "fail", 3.4, null],
      ["Monthly", "warn", 1.3, 5.8],
    ]);
  });

  it("meta-cost-per-result-trend: warns from a quarter dearer, fails from half, and when the later half has no result", () => {
    const trend = (later: number, laterCost = 5000) =>
      run(
        "meta-cost-per-result-trend",
        data({
          metaAdSets: [
            adSet({
              days: 14,
              daily: metaDays(14, (i) => (i < 7 ? { costCents: 5000, results: 5 } : { costCents: laterCost, results: later })),
            }),
          ],
        }),
      );
    expect(trend(4, 5400).items[0]).toMatchObject({
      severity: "warn",
      figures: { firstCostPerResultCents: 1000, secondCostPerResultCents: 1350, costPerResultChange: 0.35 },
    });
    expect(trend(4).items).toEqual([]); // exactly a quarter dearer is not over it
    expect(trend(5).items).toEqual([]);
    expect(trend(3).items[0]!.severity).toBe("fail");
    expect(trend(0).items[0]).toMatchObject({ severity: "fail", figures: { secondCostPerResultCents: null, costPerResultChange: null } });
    // Too few days or results: not judged.
    expect(run("meta-cost-per-result-trend", data({ metaAdSets: [adSet({ daily: metaDays(7, () => ({})) })] })).status).toBe(
      "not-applicable",
    );
  });

  it("meta-placement-mix: Audience Network over a fifth of spend warns, fails when its results cost more; one placement over 80% warns", () => {
    const check = run(
      "meta-placement-mix",
      data({
        metaPlacements: [
          placement({ campaign: "A", placement: "Facebook Feed", costCents: 14_000, results: 28 }),
          placement({ campaign: "A", placement: "audience_network", costCents: 6000, results: 4 }),
          placement({ campaign: "B", placement: "Instagram Feed", costCents: 6000, results: 10 }),
          placement({ campaign: "B", placement: "an_classic", costCents: 4000, results: 10 }),
          placement({ campaign: "C", placement: "Facebook Feed", costCents: 9000, results: 9 }),
          placement({ campaign: "C", placement: "Instagram Stories", costCents: 1000, results: 1 }),
          placement({ campaign: "D", placement: "Facebook Feed", costCents: 5000, results: 9 }),
          placement({ campaign: "D", placement: "Instagram Feed", costCents: 5000, results: 9 }),
        ],
      }),
    );
    expect(check).toMatchObject({ audited: 4, failing: 1, warnings: 2 });
    expect(check.items.map((i) => [i.campaign, i.severity, i.figures.placement, i.figures.placementShare])).toEqual([
      ["A", "fail", "audience_network", 0.3],
      ["B", "warn", "an_classic", 0.4],
      ["C", "warn", "Facebook Feed", 0.9],
    ]);
    expect(run("meta-placement-mix", data({})).status).toBe("not-applicable");
  });

  it("meta-delivery: only exports with a Results column say 'no results'", () => {
    expect(run("meta-delivery", data({ metaAdSets: [adSet({ results: 0, costCents: 9000, resultsMeasured: false })] })).status).toBe(
      "not-applicable",
    );
    expect(run("meta-delivery", data({ metaAdSets: [adSet({ results: 0, costCents: 4000 })] })).failing).toBe(0);
  });

  it("ms-search-partners: warns on a large partner share, fails when partners convert at a much higher cost", () => {
    const partners = (cost: number, conversions: number) =>
      run(
        "ms-search-partners",
        data({
          networks: [
            network({ network: "Microsoft sites and select traffic", costCents: 6000, conversions: 6 }),
            network({ network: "Syndicated search partners", costCents: cost, conversions }),
            network({ campaign: "Other", network: "Bing and Yahoo! search", costCents: 1000, conversions: 1 }),
          ],
        }),
      );
    expect(partners(3000, 3)).toMatchObject({ audited: 1, failing: 0, warnings: 1 });
    expect(partners(3000, 3).items[0]!.figures).toMatchObject({ partnerShare: 0.3333, partnerCpaCents: 1000, ownedCpaCents: 1000 });
    expect(partners(6000, 2).items[0]).toMatchObject({ severity: "fail", figures: { partnerCpaCents: 3000 } });
    expect(partners(1000, 1).items).toEqual([]);
  });

  it("ms-match-types: does not judge broad match on too few conversions, warns on its share", () => {
    const check = run(
      "ms-match-types",
      data({
        keywords: [
          keyword({ platform: "microsoft", matchType: "exact", costCents: 3000, conversions: 6 }),
          keyword({ platform: "microsoft", keyword: "shoes", matchType: "broad", costCents: 7000, conversions: 1 }),
        ],
      }),
    );
    expect(check.items[0]).toMatchObject({ severity: "warn", figures: { broadShare: 0.7, broadCpaCents: 7000, otherCpaCents: 500 } });
  });
});

describe("rules in detail", () => {
  it("budget-limited: warns from 20%, fails from 30%, gives the tips job its figures; '< 10%' is not over 20%", () => {
    const dataset = data({
      campaigns: [
        campaign({ campaign: "A", lostIsBudget: bounded(0.25), impressionShare: bounded(0.6), budgetCents: 4000, impressions: 12_000 }),
        campaign({ campaign: "B", lostIsBudget: bounded(0.34), impressionShare: bounded(0.5), budgetCents: 5000 }),
        campaign({ campaign: "C", lostIsBudget: bounded(0.1, "below") }),
        campaign({ campaign: "D", lostIsBudget: bounded(0.9, "above"), status: "Paused" }),
      ],
    });
    const check = run("budget-limited", dataset);
    expect(check).toMatchObject({ audited: 3, failing: 1, warnings: 1, unit: "campaigns", thresholds: { warnLost: 0.2, failLost: 0.3 } });
    expect(check.items.map((i) => [i.campaign, i.severity])).toEqual([
      ["B", "fail"],
      ["A", "warn"],
    ]);
    expect(check.items[1]!.figures).toMatchObject({
      lostIsBudget: 0.25,
      impressionShare: 0.6,
      budgetCents: 4000,
      impressions: 12_000,
      costCents: 5000,
      clicks: 50,
      conversions: 2,
      days: 30,
    });
  });

  it("a client account's thresholds override the defaults (and unknown names are ignored)", () => {
    const dataset = data({ campaigns: [campaign({ lostIsBudget: bounded(0.25) })] });
    expect(run("budget-limited", dataset).failing).toBe(0);
    const stricter = run("budget-limited", dataset, { "budget-limited": { failLost: 0.15, warnLost: 0.1, bogus: 3 } });
    expect(stricter).toMatchObject({ failing: 1, thresholds: { failLost: 0.15, warnLost: 0.1 } });
    expect(stricter.thresholds).not.toHaveProperty("bogus");
  });

  it("rank-limited skips smart bidding; broad match is fine with smart bidding only", () => {
    expect(
      run("rank-limited", data({ campaigns: [campaign({ bidStrategyType: "Maximize Conversions", lostIsRank: bounded(0.6) })] })).status,
    ).toBe("not-applicable");
    expect(bidClass("Manual CPC")).toBe("manual");
    expect(bidClass("Enhanced CPC")).toBe("manual");
    expect(bidClass("Maximize Conversions (Target CPA)")).toBe("smart");
    expect(bidClass("Maximize clicks")).toBe("other");
    // Maximize clicks is not smart bidding either.
    expect(
      run(
        "broad-without-smart-bidding",
        data({ campaigns: [campaign({ bidStrategyType: "Maximize clicks" })], keywords: [keyword({ matchType: "broad" })] }),
      ).failing,
    ).toBe(1);
  });

  it("zero-conversion keywords: over $100 by default, over 3× the target CPA when the campaign has one", () => {
    const kw = keyword({ costCents: 7000, conversions: 0 });
    expect(run("zero-conversion-keywords", data({ keywords: [kw] })).failing).toBe(0);
    const withTarget = data({ keywords: [kw], editorCampaigns: [editorCampaign({ bidStrategyType: "Target CPA", targetCpaCents: 2000 })] });
    const check = run("zero-conversion-keywords", withTarget);
    expect(check.failing).toBe(1);
    expect(check.items[0]).toMatchObject({
      keyword: "running shoes",
      matchType: "phrase",
      figures: { costCents: 7000, clicks: 50, conversions: 0, limitCents: 6000 },
    });
  });

  it("wasted search terms: campaigns are graded on their zero-conversion share, the terms listed for negatives (excluded ones not)", () => {
    const dataset = data({
      searchTerms: [
        term({ campaign: "A", searchTerm: "good", costCents: 6000, conversions: 4 }),
        term({ campaign: "A", searchTerm: "waste one", costCents: 3000, conversions: 0 }),
        term({ campaign: "A", searchTerm: "waste two", costCents: 1000, conversions: 0, addedExcluded: "excluded" }),
        term({ campaign: "B", searchTerm: "fine", costCents: 8800, conversions: 2 }),
        term({ campaign: "B", searchTerm: "small waste", costCents: 1200, conversions: 0 }),
      ],
    });
    const check = run("wasted-search-terms", dataset);
    expect(check).toMatchObject({
      audited: 2,
      failing: 1,
      warnings: 1,
      summary: { wastedShare: 0.26, wastedCostCents: 5200, totalCostCents: 20_000 },
    });
    expect(check.items.map((i) => [i.campaign, i.searchTerm, i.severity])).toEqual([
      ["A", "waste one", "fail"],
      ["B", "small waste", "warn"],
    ]);
    expect(check.items[0]!.figures).toMatchObject({ costCents: 3000, clicks: 50, conversions: 0, campaignWastedShare: 0.4 });
  });

  it("job-seeker terms: words on word boundaries in five languages, excluded terms skipped", () => {
    expect(jobOrInfoWord("running shoes jobs")).toBe("jobs");
    expect(jobOrInfoWord("how to clean running shoes")).toBe("how to");
    expect(jobOrInfoWord("vacatures schoenenwinkel")).toBe("vacatures");
    expect(jobOrInfoWord("Laufschuhe kostenlos")).toBe("kostenlos");
    expect(jobOrInfoWord("empleo zapatillas")).toBe("empleo");
    expect(jobOrInfoWord("freedom running shoes")).toBeNull();
    expect(jobOrInfoWord("jobsworth")).toBeNull();
    const check = run(
      "job-seeker-terms",
      data({
        searchTerms: [term({ searchTerm: "shoe store careers", addedExcluded: "excluded" }), term({ searchTerm: "salary shoe seller" })],
      }),
    );
    expect(check).toMatchObject({ audited: 1, failing: 1 });
    expect(check.items[0]!.figures).toMatchObject({ word: "salary", costCents: 5000 });
  });

  it("negative-keyword-conflicts passes with none, fails with any, counting them; no active keyword is not applicable", () => {
    const fail = run("negative-keyword-conflicts", CASES["negative-keyword-conflicts"]!.fail);
    expect(fail).toMatchObject({ audited: 1, failing: 1, grade: "C", summary: { conflicts: 1, blockedKeywords: 1, activeKeywords: 1 } });
    expect(fail.items[0]).toMatchObject({
      campaign: "Generic Shoes",
      keyword: "running shoes",
      figures: { negative: "shoes", negativeList: "Generic" },
    });
    const pass = run("negative-keyword-conflicts", CASES["negative-keyword-conflicts"]!.pass);
    expect(pass).toMatchObject({ failing: 0, grade: "A", summary: { conflicts: 0 } });
    const paused = data({ negativeSnapshot: { rows: [snapshotKeyword({ active: false })], links: [] } });
    expect(run("negative-keyword-conflicts", paused).status).toBe("not-applicable");
  });

  it("campaign-without-negatives needs an Editor keywords export; campaign-level negatives count", () => {
    expect(run("campaign-without-negatives", data({ keywords: [keyword()] })).status).toBe("not-applicable");
    const check = run(
      "campaign-without-negatives",
      data({
        campaigns: [campaign({ campaign: "Brand", costCents: 12_345 })],
        editorKeywords: [
          editorKeyword(),
          editorKeyword({ campaign: "Generic Shoes", adGroup: null, keyword: "free", negative: true }),
          editorKeyword({ campaign: "Brand", adGroup: "Brand", keyword: "acme" }),
        ],
      }),
    );
    expect(check).toMatchObject({ audited: 2, failing: 1 });
    expect(check.items[0]).toMatchObject({ campaign: "Brand", figures: { keywords: 1, costCents: 12_345 } });
  });

  it("ad strength: Poor fails, Average warns; paused ads are not audited", () => {
    const check = run(
      "ad-strength",
      data({
        ads: [
          ad({ strength: "poor" }),
          ad({ label: "b", strength: "average" }),
          ad({ label: "c", strength: "poor", status: "Paused" }),
          ad({ label: "d" }),
        ],
      }),
    );
    expect(check).toMatchObject({ audited: 3, failing: 1, warnings: 1 });
  });

  it("meta learning: optimization events per week over the ad set's days; a 'learning limited' delivery fails", () => {
    expect(run("meta-learning-limited", data({ metaAdSets: [adSet({ results: 400, days: 28 })] })).failing).toBe(0); // 100 a week
    const slow = run("meta-learning-limited", data({ metaAdSets: [adSet({ results: 120, days: 28 })] }));
    expect(slow.failing).toBe(1);
    expect(slow.items[0]!.figures).toMatchObject({ weeklyEvents: 30, results: 120, days: 28 });
    expect(run("meta-learning-limited", data({ metaAdSets: [adSet({ results: 100, days: 7, status: "Learning limited" })] })).failing).toBe(
      1,
    );
    // An ad set optimizing for nothing the export names is not audited.
    expect(run("meta-learning-limited", data({ metaAdSets: [adSet({ resultIndicator: null })] })).status).toBe("not-applicable");
  });

  it("campaign CTR is compared with the client account's industry benchmark (search, 1,000+ impressions)", () => {
    const c = campaign({ impressions: 10_000, clicks: 500 }); // 5%
    expect(run("campaign-ctr-benchmark", data({ campaigns: [c] })).warnings).toBe(1); // under 6.64% (all industries)
    const arts = run("campaign-ctr-benchmark", { ...data({ campaigns: [c] }), industry: "arts-entertainment" });
    expect(arts).toMatchObject({ failing: 1 }); // under half of 13.04%
    expect(arts.items[0]!.figures).toMatchObject({ ctr: 0.05, benchmarkCtr: 0.1304, edition: 2024 });
    expect(run("campaign-ctr-benchmark", data({ campaigns: [campaign({ impressions: 900, clicks: 1 })] })).status).toBe("not-applicable");
    expect(
      run("campaign-ctr-benchmark", data({ campaigns: [campaign({ campaignType: "Performance Max", impressions: 90_000, clicks: 9 })] }))
        .status,
    ).toBe("not-applicable");
  });

  it("lists at most 100 items, failing first, then by cost", () => {
    const keywords = Array.from({ length: 150 }, (_, i) => keyword({ keyword: `kw ${i}`, qualityScore: i % 2 ? 3 : 6, costCents: i * 10 }));
    const check = run("low-quality-score", data({ keywords }));
    expect(check).toMatchObject({ audited: 150, failing: 75, warnings: 75 });
    expect(check.items).toHaveLength(100);
    expect(check.items.slice(0, 75).every((i) => i.severity === "fail")).toBe(true);
    expect(check.items[0]!.figures.costCents).toBe(1490);
  });
});

// ---------------------------------------------------------------------------------------------
// Grades and score

/** A rule that fails `failing` of `audited` items. */
function synthetic(audited: number, failing: number): RuleDefinition {
  return {
    id: "synthetic",
    category: "keywords",
    weight: 1,
    source: "test",
    unit: "keywords",
    needs: ["keywords"],
    thresholds: {},
    titleKey: "",
    whyKey: "",
    fixKey: "",
    evaluate: () => ({ audited, items: Array.from({ length: failing }, () => ({ severity: "fail" as const, figures: { costCents: 1 } })) }),
  };
}

describe("grades", () => {
  it("follow the 5% / 10% bounds: A under 5% failing, B under 10%, C otherwise", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }).chain((audited) => fc.tuple(fc.constant(audited), fc.integer({ min: 0, max: audited }))),
        ([audited, failing]) => {
          const check = runRule(synthetic(audited, failing), emptyDataset());
          const share = failing / audited;
          expect(check.grade).toBe(share < 0.05 ? "A" : share < 0.1 ? "B" : "C");
          expect(gradeFor(failing, audited)).toBe(check.grade);
        },
      ),
    );
    expect(gradeFor(4, 100)).toBe("A");
    expect(gradeFor(5, 100)).toBe("B");
    expect(gradeFor(9, 100)).toBe("B");
    expect(gradeFor(10, 100)).toBe("C");
  });

  it("follow configured bounds, on real rules too", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.double({ min: 0.01, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (n, k, a, extra) => {
          const limited = Math.min(k, n);
          const b = Math.min(1, a + extra);
          const campaigns = Array.from({ length: n }, (_, i) =>
            campaign({ campaign: `C${i}`, lostIsBudget: bounded(i < limited ? 0.5 : 0.05) }),
          );
          const check = runRules(data({ campaigns }), { grading: { a, b } }).checks.find((c) => c.ruleId === "budget-limited")!;
          const share = limited / n;
          expect(check.failing).toBe(limited);
          expect(check.grade).toBe(share < a ? "A" : share < b ? "B" : "C");
        },
      ),
    );
  });

  it("score the passing share weighted by importance; not-applicable checks do not count", () => {
    const checks = [
      { ruleId: "x", status: "graded", audited: 10, failing: 5, weight: 3 },
      { ruleId: "y", status: "graded", audited: 4, failing: 0, weight: 1 },
      { ruleId: "z", status: "not-applicable", audited: 0, failing: 0, weight: 5 },
    ] as CheckResult[];
    // (3 × 0.5 + 1 × 1) / 4 = 62.5
    expect(overallScore(checks)).toEqual({ score: 62.5, grade: "C" });
    expect(overallScore([{ ruleId: "y", status: "graded", audited: 100, failing: 4, weight: 2 } as CheckResult])).toEqual({
      score: 96,
      grade: "A",
    });
    expect(overallScore([{ ruleId: "y", status: "graded", audited: 100, failing: 5, weight: 2 } as CheckResult])).toEqual({
      score: 95,
      grade: "B",
    });
    const all = runRules(
      data({ campaigns: [campaign({ lostIsBudget: bounded(0.5) })], accountTotals: [{ platform: "google", ...totals() }] }),
    );
    expect(all.graded).toBe(all.checks.filter((c) => c.status === "graded").length);
    expect(all.score).toBeGreaterThanOrEqual(0);
    expect(all.score).toBeLessThanOrEqual(100);
  });

  it("compare an audit with the previous one: score change, per check better / worse / new / gone", () => {
    const check = (ruleId: string, grade: CheckResult["grade"], failing: number): CheckResult => ({
      ruleId,
      category: "keywords",
      status: grade ? "graded" : "not-applicable",
      audited: 10,
      failing,
      grade,
      items: [],
      thresholds: {},
    });
    const previous = {
      id: "p",
      createdAt: "2026-05-01T00:00:00.000Z",
      score: 70,
      grade: "C" as const,
      checks: [check("a", "C", 5), check("b", "A", 0), check("c", "B", 1), check("d", "A", 0)],
    };
    const current = {
      score: 82.5,
      checks: [check("a", "B", 1), check("b", "C", 4), check("c", "B", 0), check("e", "A", 0), check("d", null, 0)],
    };
    const comparison = compareAudits(current, previous)!;
    expect(comparison).toMatchObject({ previousId: "p", scoreChange: 12.5, gradeBefore: "C" });
    expect(Object.fromEntries(Object.values(comparison.checks).map((c) => [c.ruleId, c.trend]))).toEqual({
      a: "better",
      b: "worse",
      c: "better",
      d: "gone",
      e: "new",
    });
    expect(comparison.checks.a!.failingChange).toBe(-4);
    expect(compareAudits(current, null)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Threshold settings

describe("threshold validation", () => {
  it("keeps known, finite, in-bounds values that differ from the defaults", () => {
    expect(validateThresholds({ "budget-limited": { failLost: 0.4, warnLost: 0.2 }, grading: { a: 0.02 } })).toEqual({
      overrides: { "budget-limited": { failLost: 0.4 }, grading: { a: 0.02 } },
      problems: [],
    });
    expect(validateThresholds({})).toEqual({ overrides: {}, problems: [] });
  });

  it("refuses unknown rules and names, non-numbers, out-of-bounds values and pairs out of order", () => {
    const { overrides, problems } = validateThresholds({
      "no-such-rule": { x: 1 },
      "budget-limited": { failLost: 1.5 },
      "keyword-ctr": { minCtr: Number.NaN, bogus: 1 },
      "low-quality-score": { failBelow: 8 },
      "keywords-per-ad-group": { maxKeywords: 2.5 },
      "zero-conversion-keywords": { maxCostCents: "100" },
    });
    expect(overrides).toEqual({});
    expect(problems).toEqual([
      { ruleId: "no-such-rule", name: "", issue: "unknownRule" },
      { ruleId: "budget-limited", name: "failLost", issue: "outOfRange" },
      { ruleId: "keyword-ctr", name: "minCtr", issue: "notANumber" },
      { ruleId: "keyword-ctr", name: "bogus", issue: "unknownThreshold" },
      { ruleId: "low-quality-score", name: "failBelow", issue: "order" },
      { ruleId: "keywords-per-ad-group", name: "maxKeywords", issue: "outOfRange" },
      { ruleId: "zero-conversion-keywords", name: "maxCostCents", issue: "notANumber" },
    ]);
  });

  it("shows shares in percent and money in currency units, and reads them back (decimal comma too)", () => {
    const lost = RULES_BY_ID.get("budget-limited")!.thresholds.failLost!;
    const cost = RULES_BY_ID.get("zero-conversion-keywords")!.thresholds.maxCostCents!;
    expect(thresholdToInput(lost, 0.3, "en")).toBe("30");
    expect(thresholdFromInput(lost, "30", "en")).toBe(0.3);
    expect(thresholdFromInput(lost, "12,5", "de")).toBe(0.125);
    expect(thresholdToInput(lost, 0.125, "fr")).toBe("12,5");
    expect(thresholdToInput(cost, 10_000, "en")).toBe("100.00");
    expect(thresholdToInput(cost, 10_000, "de")).toBe("100,00");
    expect(thresholdFromInput(cost, "100.50", "en")).toBe(10_050);
    expect(thresholdFromInput(cost, "1.250,50", "de")).toBe(125_050);
    // Read the other way, these would change the amount's magnitude: refused, never guessed.
    expect(thresholdFromInput(cost, "1,250", "en")).toBeNaN();
    expect(thresholdFromInput(cost, "100.50", "de")).toBeNaN();
    expect(thresholdFromInput(cost, "abc", "en")).toBeNaN();
    expect(thresholdFromInput(cost, "", "en")).toBeNaN();
    fc.assert(
      fc.property(
        fc.constantFrom(...RULES.flatMap((r) => Object.values(r.thresholds)), ...Object.values(GRADING_THRESHOLDS)),
        fc.constantFrom(...LOCALES),
        (definition, locale) => {
          expect(thresholdFromInput(definition, thresholdToInput(definition, definition.default, locale), locale)).toBeCloseTo(
            definition.default,
            9,
          );
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Texts

describe("translations of the auditor", () => {
  // The translation files are read by key paths below: untyped JSON is what this test inspects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type TranslationFile = Record<string, any>;
  const read = (locale: string) =>
    JSON.parse(fs.readFileSync(path.resolve("locales", locale, "ads-audit.json"), "utf8")) as TranslationFile;

  it("give every rule a title, why it matters, how to fix it and its thresholds' labels in all five locales", () => {
    for (const locale of LOCALES) {
      const texts = read(locale);
      for (const r of RULES) {
        const entry = texts.rules?.[r.id];
        expect(entry, `${locale} ${r.id}`).toBeTruthy();
        for (const key of ["title", "why", "fix"])
          expect(typeof entry[key] === "string" && entry[key].length > 10, `${locale} ${r.id}.${key}`).toBe(true);
        for (const name of Object.keys(r.thresholds))
          expect(typeof entry.thresholds?.[name], `${locale} ${r.id}.thresholds.${name}`).toBe("string");
      }
      for (const name of Object.keys(GRADING_THRESHOLDS))
        expect(typeof texts.settings?.grading?.[name], `${locale} grading ${name}`).toBe("string");
      for (const name of FIGURE_NAMES) expect(typeof texts.figures?.[name], `${locale} figure ${name}`).toBe("string");
      for (const [group, codes] of Object.entries(FIGURE_CODES))
        for (const code of codes) expect(typeof texts.codes?.[group]?.[code], `${locale} codes.${group}.${code}`).toBe("string");
    }
  });

  it("are written for each language, not copied from English", () => {
    const english = read("en");
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const texts = read(locale);
      const same = RULES.filter(
        (r) => texts.rules[r.id].why === english.rules[r.id].why || texts.rules[r.id].fix === english.rules[r.id].fix,
      ).map((r) => r.id);
      expect(same, locale).toEqual([]);
    }
  });
});

describe("export vocabulary", () => {
  it("reads statuses and campaign types in the five export languages", async () => {
    const { isLive, isSearchType, isBrandName } = await import("~/ads/audit/rules");
    for (const live of ["Enabled", "Eligible (Limited)", "Ingeschakeld", "Aktiviert", "Activée", "Habilitada", "active", null])
      expect(isLive(live), String(live)).toBe(true);
    for (const off of [
      "Paused",
      "Removed",
      "Onderbroken",
      "Pausiert",
      "Entfernt",
      "Suspendue",
      "Supprimée",
      "En pausa",
      "Eliminada",
      "inactive",
      "ARCHIVED",
    ])
      expect(isLive(off), off).toBe(false);
    for (const search of ["Search", "Zoeken", "Suche", "Réseau de Recherche", "Búsqueda"]) expect(isSearchType(search), search).toBe(true);
    expect(isSearchType("Performance Max")).toBe(false);
    expect(isSearchType(null)).toBeNull();
    expect(isBrandName("Gesamtpaket Brand")).toBe(true);
    expect(isBrandName("Merk - NL")).toBe(true);
    expect(isBrandName("Branding Display")).toBe(false);
  });
});

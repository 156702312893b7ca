import { createReadStream } from "node:fs";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAdsExport } from "~/ads/import/read.server";
import type { AdsImport } from "~/ads/import/types";
import { AD_FIXTURES, adFixture, parseAdFixture, refusalOf } from "../support/ad-exports";

const refused = (input: Buffer | string, options?: { maxBytes?: number }) =>
  refusalOf(() => parseAdsExport(typeof input === "string" ? Buffer.from(input) : input, options));

const codes = (result: AdsImport) => result.warnings.map((w) => w.code);

describe("Google Ads UI reports", () => {
  it("reads the campaign report (UTF-8 CSV, title and date lines, totals rows)", async () => {
    const r = await parseAdFixture("google-campaign.csv");
    expect(r).toMatchObject({
      platform: "google",
      kind: "campaign",
      language: "en",
      currency: "USD",
      granularity: "period",
      title: "Campaign report",
    });
    expect(r.period).toEqual({ start: "2026-05-01", end: "2026-05-31" });
    expect(r.rows.map((row) => row.campaign)).toEqual(["Brand", "Generic Shoes", "Gesamtpaket Brand", "PMax All"]);
    const brand = r.rows[0]!;
    expect(brand).toMatchObject({ line: 4, day: null, status: "Enabled" });
    expect(brand.metrics).toEqual({ impressions: 12400, clicks: 1240, costCents: 62000, conversions: 62, conversionValueCents: 310000 });
    expect(brand.derived).toEqual({ ctr: 0.1, avgCpcCents: 50, cpaCents: 1000, conversionRate: 0.05, roas: 5 });
    expect(brand.extras).toMatchObject({
      budgetCents: 5000,
      bidStrategyType: "Maximize Conversions",
      impressionShare: { value: 0.9, bound: "above" },
      lostIsBudget: { value: 0.1, bound: "below" },
    });
    expect(r.rows[1]!.extras.lostIsBudget).toEqual({ value: 0.405, bound: "exact" });
    expect(r.rows[1]!.metrics.conversions).toBe(28.92);
    expect(r.rows[2]!.extras.lostIsRank).toBeNull();
    expect(r.fileTotals.map((t) => [t.line, t.label, t.scope])).toEqual([
      [8, "Total: Campaigns", "rows"],
      [9, "Total: Account", "account"],
      [10, "Total: Search", "segment"],
      [11, "Total: Performance Max", "segment"],
    ]);
    expect(r.computedTotals).toMatchObject({
      impressions: 157610,
      clicks: 3676,
      costCents: 545200,
      conversions: 119.42,
      conversionValueCents: 1313800,
    });
    // The rows match `Total: Campaigns`; the account total includes a removed campaign.
    expect(r.warnings).toEqual([
      {
        code: "ads.import.totalsMismatch",
        line: 9,
        label: "Total: Account",
        scope: "account",
        metric: "impressions",
        file: 158610,
        computed: 157610,
        difference: 1000,
      },
      {
        code: "ads.import.totalsMismatch",
        line: 9,
        label: "Total: Account",
        scope: "account",
        metric: "clicks",
        file: 3706,
        computed: 3676,
        difference: 30,
      },
      {
        code: "ads.import.totalsMismatch",
        line: 9,
        label: "Total: Account",
        scope: "account",
        metric: "costCents",
        file: 549700,
        computed: 545200,
        difference: 4500,
      },
      {
        code: "ads.import.totalsMismatch",
        line: 9,
        label: "Total: Account",
        scope: "account",
        metric: "conversions",
        file: 120.42,
        computed: 119.42,
        difference: 1,
      },
    ]);
  });

  it("reads the same report from the UTF-16LE TAB 'Excel' download identically", async () => {
    const raw = adFixture("google-campaign-excel.csv");
    expect([raw[0], raw[1]]).toEqual([0xff, 0xfe]);
    const excel = await parseAdsExport(raw);
    const csv = await parseAdFixture("google-campaign.csv");
    expect(excel.period).toEqual(csv.period);
    expect(excel.rows).toEqual(csv.rows);
    expect(excel.fileTotals).toEqual(csv.fileTotals);
    expect(excel.warnings).toEqual(csv.warnings);
  });

  it("reads a search terms report and reports the hidden 'Other search terms'", async () => {
    const r = await parseAdFixture("google-search-terms.csv");
    expect(r).toMatchObject({ kind: "search-term", currency: "USD", period: { start: "2026-05-01", end: "2026-05-31" } });
    expect(r.rows).toHaveLength(4);
    expect(r.rows[0]).toMatchObject({ searchTerm: "running shoes men", keyword: "running shoes", matchType: "phrase", adGroup: "Running" });
    expect(r.rows[1]).toMatchObject({ keyword: "buy running shoes", matchType: "exact" });
    expect(r.fileTotals.map((t) => t.scope)).toEqual(["rows", "hidden", "account", "segment"]);
    // The account's total is the listed rows plus the hidden ones: said once, by the hidden-rows warning.
    expect(codes(r)).toEqual(["ads.import.hiddenRows"]);
    expect(r.warnings[0]).toEqual({
      code: "ads.import.hiddenRows",
      line: 9,
      label: "Total: Other search terms",
      impressions: 0,
      clicks: 25,
      costCents: 3000,
      costShare: 0.0833,
    });
  });

  it("still reports an account total that the listed and the hidden rows do not reach", async () => {
    const lines = new TextDecoder().decode(adFixture("google-search-terms.csv")).split("\n");
    const account = lines.findIndex((line) => line.startsWith("Total: Account"));
    expect(account).toBeGreaterThan(0);
    lines[account] = lines[account]!.replace("360.00", "400.00");
    const r = await parseAdsExport(new TextEncoder().encode(lines.join("\n")));
    expect(r.warnings.find((w) => w.code === "ads.import.totalsMismatch" && w.metric === "costCents")).toMatchObject({
      line: 10,
      difference: 4000,
    });
  });

  it("reads a keyword report: match types from punctuation, Quality Score and its parts, derived-metric check", async () => {
    const r = await parseAdFixture("google-keywords.csv");
    expect(r.kind).toBe("keyword");
    expect(r.rows.map((row) => [row.keyword, row.matchType])).toEqual([
      ["buy running shoes", "exact"],
      ["running shoes", "phrase"],
      ["running shoes", "broad"],
      ["trail shoes", "broad-modified"],
      ["acme shoes", "exact"],
    ]);
    expect(r.rows[0]!.extras).toMatchObject({
      qualityScore: 8,
      expectedCtr: "above",
      adRelevance: "above",
      landingPageExperience: "average",
      maxCpcCents: 250,
    });
    expect(r.rows[3]!.extras).toMatchObject({ qualityScore: null, expectedCtr: null });
    expect(r.fileTotals.map((t) => t.label)).toEqual(["Total: Your keywords", "Total: Account"]);
    expect(r.warnings).toEqual([
      { code: "ads.import.derivedMismatch", line: 6, column: "CTR", metric: "ctr", file: 0.015, computed: 0.01 },
    ]);
  });

  it("reads an ad report with ad strength and assets", async () => {
    const r = await parseAdFixture("google-ads.csv");
    expect(r.kind).toBe("ad");
    expect(r.rows.map((row) => row.ad?.strength)).toEqual(["good", "excellent", "poor"]);
    expect(r.rows[0]!.ad).toMatchObject({
      type: "Responsive search ad",
      headlines: ["Running Shoes Sale", "Free Delivery", "Acme Official Store"],
      descriptions: ["Shop the new season.", "Returns within 30 days."],
      path1: "running",
      path2: "sale",
    });
    expect(r.warnings).toEqual([]);
    expect(r.fileTotals[0]!.metrics).toEqual({
      impressions: 6200,
      clicks: 442,
      costCents: 36100,
      conversions: 38,
      conversionValueCents: null,
    });
  });

  it("reads a Dutch export (nl headers, 1.234,56 numbers, Totaal: rows)", async () => {
    const r = await parseAdFixture("google-campaign-nl.csv");
    expect(r).toMatchObject({
      platform: "google",
      kind: "campaign",
      language: "nl",
      currency: "EUR",
      period: { start: "2026-05-01", end: "2026-05-31" },
    });
    expect(r.rows.map((row) => row.metrics)).toEqual([
      { impressions: 12400, clicks: 1240, costCents: 62000, conversions: 62, conversionValueCents: null },
      { impressions: 48210, clicks: 1446, costCents: 289200, conversions: 28.92, conversionValueCents: null },
    ]);
    expect(r.fileTotals.map((t) => t.scope)).toEqual(["rows", "account"]);
    expect(r.warnings).toEqual([]);
  });

  it("reads a German export re-saved by Excel with semicolons (Gesamt: rows, a campaign named Gesamtpaket kept)", async () => {
    const r = await parseAdFixture("google-campaign-de.csv");
    expect(r).toMatchObject({ kind: "campaign", language: "de", currency: "EUR", period: { start: "2026-05-01", end: "2026-05-31" } });
    expect(r.rows.map((row) => row.campaign)).toEqual(["Gesamtpaket Marke", "Laufschuhe"]);
    expect(r.rows[1]!.metrics).toEqual({
      impressions: 1234567,
      clicks: 12346,
      costCents: 123456,
      conversions: 12.5,
      conversionValueCents: null,
    });
    expect(r.fileTotals.map((t) => [t.label, t.scope])).toEqual([
      ["Gesamt: Kampagnen", "rows"],
      ["Gesamt: Konto", "account"],
    ]);
    expect(r.warnings).toEqual([]);
  });
});

describe("Google Ads Editor, Meta and Microsoft", () => {
  it("reads an Editor keywords export (UTF-16LE, TAB, CRLF) with negatives", async () => {
    const raw = adFixture("editor-keywords.csv");
    expect(raw.includes(Buffer.from("\r\0\n\0"))).toBe(true);
    const r = await parseAdsExport(raw);
    expect(r).toMatchObject({ platform: "google", kind: "editor-keywords", currency: null, period: null, warnings: [] });
    expect(r.rows).toHaveLength(6);
    expect(r.rows.map((row) => [row.keyword, row.matchType, row.negative])).toEqual([
      ["buy running shoes", "exact", false],
      ["running shoes", "phrase", false],
      ["running shoes", "broad", false],
      ["jobs", "broad", true],
      ["acme shoes", "exact", false],
      ["trail shoes", "phrase", false],
    ]);
    expect(r.rows[0]).toMatchObject({
      line: 2,
      status: "Enabled",
      extras: { maxCpcCents: 250, qualityScore: 8, landingPageExperience: "average" },
    });
    expect(r.rows[5]).toMatchObject({ line: 7, status: "Paused", extras: { qualityScore: null, expectedCtr: null } });
  });

  it("reads a Meta export with a day breakdown: one row per ad set per day", async () => {
    const r = await parseAdFixture("meta-daily.csv");
    expect(r).toMatchObject({
      platform: "meta",
      kind: "ad-group",
      granularity: "day",
      currency: "USD",
      period: { start: "2026-05-01", end: "2026-05-03" },
    });
    expect(r.rows).toHaveLength(6);
    expect(r.rows.map((row) => row.day)).toEqual(["2026-05-01", "2026-05-01", "2026-05-02", "2026-05-02", "2026-05-03", "2026-05-03"]);
    expect(r.rows[0]).toMatchObject({ campaign: "Spring Sale", adGroup: "Lookalike 1%", status: "active" });
    expect(r.rows[0]!.metrics).toEqual({ impressions: 2000, clicks: 30, costCents: 4000, conversions: 4, conversionValueCents: 24000 });
    expect(r.rows[0]!.extras).toMatchObject({
      results: 4,
      reach: 1500,
      frequency: 1.33333333,
      resultIndicator: "actions:offsite_conversion.fb_pixel_purchase",
    });
    expect(r.computedTotals).toMatchObject({
      impressions: 9400,
      clicks: 121,
      costCents: 17250,
      conversions: 12,
      conversionValueCents: 70500,
    });
    expect(r.warnings).toEqual([]);
  });

  it("reads a Meta export without a day breakdown (es headers, currency in the header) as period totals", async () => {
    const r = await parseAdFixture("meta-period-es.csv");
    expect(r).toMatchObject({
      platform: "meta",
      kind: "ad",
      language: "es",
      granularity: "period",
      currency: "EUR",
      period: { start: "2026-04-01", end: "2026-04-30" },
    });
    expect(r.rows.every((row) => row.day === null)).toBe(true);
    expect(r.rows.map((row) => [row.ad?.name, row.metrics.costCents, row.metrics.conversions])).toEqual([
      ["Anuncio A", 15951, 38],
      ["Anuncio B", 6000, 12],
      ["Anuncio C", 2525, null],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("reads a Microsoft Advertising report with its header block and footer", async () => {
    const r = await parseAdFixture("microsoft-keywords.csv");
    expect(r).toMatchObject({
      platform: "microsoft",
      kind: "keyword",
      currency: "USD",
      title: "Keyword Performance Report",
      period: { start: "2026-05-01", end: "2026-05-31" },
    });
    expect(r.rows).toHaveLength(3);
    expect(r.rows[0]).toMatchObject({
      line: 12,
      keyword: "running shoes",
      matchType: "phrase",
      extras: { qualityScore: 7, expectedCtr: "average", adRelevance: "above" },
    });
    expect(r.computedTotals).toMatchObject({
      impressions: 3000,
      clicks: 144,
      costCents: 10500,
      conversions: 14,
      conversionValueCents: 84000,
      derived: { roas: 8 },
    });
    expect(r.warnings).toEqual([]);
  });
});

describe("detection and refusals", () => {
  it("takes the kind from the content, never the file name", async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), "ads-"));
    const misnamed = path.join(tmp, "meta-search-terms-report.csv");
    writeFileSync(misnamed, adFixture("google-campaign.csv"));
    const r = await parseAdsExport(createReadStream(misnamed));
    expect(r).toMatchObject({ platform: "google", kind: "campaign" });
  });

  it("streams a Readable and refuses one over the size limit", async () => {
    const error = await refused(adFixture("google-campaign.csv"), { maxBytes: 100 });
    expect(error.code).toBe("ads.import.tooLarge");
    const stream = createReadStream(path.join(AD_FIXTURES, "google-campaign.csv"), { highWaterMark: 64 });
    await expect(parseAdsExport(stream, { maxBytes: 100 })).rejects.toMatchObject({ code: "ads.import.tooLarge" });
  });

  it("refuses a bad number with its line, column, expectation and value", async () => {
    const text = adFixture("google-campaign.csv").toString("utf8").replace("2892.00", '"12,3,4"');
    const error = await refused(text);
    expect(error.code).toBe("ads.import.badNumber");
    expect(error.params).toEqual({ line: 5, column: "Cost", expected: "an amount", got: "12,3,4" });
  });

  it("refuses a column mixing decimal points and decimal commas", async () => {
    const text = 'Campaign,Impr.,Clicks,Cost\nA,10,1,1.50\nB,10,1,"2,75"\nC,10,1,3.25\n';
    const error = await refused(text);
    expect(error).toMatchObject({ code: "ads.import.badNumber", params: { line: 3, column: "Cost", got: "2,75" } });
  });

  it("refuses a bad date and mixed currencies", async () => {
    const meta = adFixture("meta-daily.csv").toString("utf8").replace("2026-05-02,2026-05-02", "2026-05-02,31/02/2026");
    expect(await refused(meta)).toMatchObject({
      code: "ads.import.badDate",
      params: { line: 4, column: "Reporting ends", got: "31/02/2026" },
    });
    const mixed = adFixture("google-search-terms.csv")
      .toString("utf8")
      .replace("Running,[buy running shoes],800,40,40,5.00%,USD", "Running,[buy running shoes],800,40,40,5.00%,EUR");
    expect(await refused(mixed)).toMatchObject({
      code: "ads.import.mixedCurrencies",
      params: { line: 5, column: "Currency code", expected: "USD", got: "EUR" },
    });
  });

  it("refuses files that are not ad exports", async () => {
    expect((await refused("name,email\nAda,ada@example.com\n")).code).toBe("ads.import.unknownFormat");
    // (A Keyword Planner header with `Avg. monthly searches` is read since #16: tests/unit/ads-keywords.test.ts.)
    expect((await refused("Keyword,Currency\nshoes,USD\n")).code).toBe("ads.import.unknownFormat");
    expect((await refused(Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 1, 2, 3]))).code).toBe("ads.import.notText");
    expect((await refused("")).code).toBe("ads.import.empty");
    expect((await refused("Campaign report\n\n")).params).toMatchObject({ line: 1 });
  });
});

describe("columns the campaign auditor reads", () => {
  it("keeps an ad's status reasons, ad strength improvements and pinned assets", async () => {
    const r = await parseAdFixture("google-ads.csv");
    expect(r.rows[0]!.extras).toMatchObject({
      adStrengthImprovements: ["Add 2 more sitelinks in your ad", "Try including more keywords in your descriptions"],
      pinnedHeadlines: 1,
      pinnedDescriptions: 0,
      statusReasons: null,
    });
    expect(r.rows[2]!.extras).toMatchObject({
      statusReasons: ["campaign paused", "unknown"],
      adStrengthImprovements: null,
      pinnedHeadlines: 0,
    });
    // A report without position columns says nothing about pinning.
    const plain = await parseAdsExport(
      Buffer.from(
        "Ad report\nAll time\nCampaign,Ad group,Headline 1,Ad strength,Status reasons,Impr.,Clicks,Cost\nA,B,Hi,Poor,most ads disapproved; Some ads limited by policy,10,1,1.00\n",
      ),
    );
    expect(plain.rows[0]!.extras).toMatchObject({
      pinnedHeadlines: null,
      statusReasons: ["most ads disapproved", "some ads limited by policy"],
    });
  });

  it("keeps a search term's Added/Excluded", async () => {
    const r = await parseAdFixture("google-search-terms.csv");
    expect(r.rows.map((row) => row.extras.addedExcluded)).toEqual(["none", "added", "none", "none"]);
  });

  it("reads an Editor campaigns export: networks, bid strategy, targets and the location targeting method", async () => {
    const r = await parseAdFixture("editor-campaigns.csv");
    expect(r).toMatchObject({ platform: "google", kind: "editor-campaigns", currency: null, period: null, warnings: [] });
    expect(r.rows.map((row) => row.campaign)).toEqual(["Brand", "Generic Shoes", "Gesamtpaket Brand", "PMax All"]);
    expect(r.rows[1]!.extras).toMatchObject({
      campaignType: "Search",
      networks: ["Google search", "Search Partners", "Display Network"],
      bidStrategyType: "Manual CPC",
      targetingMethod: "Location of presence or Area of interest",
      budgetCents: 12000,
      broadMatchKeywords: "Off",
    });
    expect(r.rows[2]).toMatchObject({
      status: "Paused",
      extras: { targetCpaCents: 2500, bidStrategyType: "Target CPA", targetRoas: null },
    });
    // `[]` is Editor's empty value: an empty list, or no value.
    expect(r.rows[3]!.extras).toMatchObject({ networks: [], targetRoas: 3, broadMatchKeywords: null });
  });

  it("keeps Editor keyword statuses and reads campaign-level negatives", async () => {
    const r = await parseAdFixture("editor-keywords.csv");
    expect(r.rows[0]!.extras).toMatchObject({ approvalStatus: "Approved", campaignStatus: "Enabled", adGroupStatus: "Enabled" });
    const text =
      "Campaign\tAd Group\tKeyword\tCriterion Type\tCampaign Status\tStatus\nGeneric Shoes\t\tcareers\tCampaign Negative Phrase\tEnabled\tEnabled\nGeneric Shoes\tRunning\tshoes\tBroad\tEnabled\tEnabled\n";
    const editor = await parseAdsExport(Buffer.from(text));
    expect(editor.rows.map((row) => [row.keyword, row.matchType, row.negative, row.adGroup])).toEqual([
      ["careers", "phrase", true, null],
      ["shoes", "broad", false, "Running"],
    ]);
  });

  it("reads Meta's relevance diagnostics (below-average buckets, '-' as no data)", async () => {
    const r = await parseAdFixture("meta-ads-rankings.csv");
    expect(r).toMatchObject({ platform: "meta", kind: "ad", granularity: "period", warnings: [] });
    expect(r.rows.map((row) => [row.extras.qualityRanking, row.extras.engagementRateRanking, row.extras.conversionRateRanking])).toEqual([
      ["below", "average", "above"],
      ["average", "average", "average"],
      [null, null, null],
    ]);
    expect(r.rows[0]!.extras).toMatchObject({ frequency: 4.2, reach: 6000, results: 30 });
  });
});

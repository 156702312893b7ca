/**
 * The sample ad exports (app/ads/sample/generate.ts) read back through the real parser: every file
 * parses in the layout it claims (kind, platform, granularity, encoding), its rows add up to its own
 * totals rows, the same seed gives the same bytes, campaign names agree between the files and with
 * each other's figures, and the story the auditor and tips should find is in the data.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { parseAdsExport } from "~/ads/import/read.server";
import type { AdReportKind, AdsImport, Metrics, NormalizedRow } from "~/ads/import/types";
import { generateSampleExports, SAMPLE_CAMPAIGNS, SAMPLE_META_CAMPAIGNS, type SampleExport } from "~/ads/sample/generate";

const END = "2026-05-31";
let files: SampleExport[];
let parsed: AdsImport[];
const file = (kind: AdReportKind) => parsed.find((result) => result.kind === kind)!;
const bytesOf = (kind: AdReportKind) => files[parsed.findIndex((result) => result.kind === kind)]!.bytes;
const decodeUtf16 = (bytes: Uint8Array) => new TextDecoder("utf-16le").decode(bytes.subarray(2));

const METRICS = ["impressions", "clicks", "costCents", "conversions", "conversionValueCents"] as const;
function total(rows: readonly NormalizedRow[]): Metrics {
  const sum: Metrics = { impressions: 0, clicks: 0, costCents: 0, conversions: 0, conversionValueCents: 0 };
  for (const row of rows) for (const key of METRICS) sum[key] = (sum[key] ?? 0) + (row.metrics[key] ?? 0);
  sum.conversions = Math.round(sum.conversions! * 100) / 100;
  return sum;
}
/** The parser's own sums of the rows (null where the file has no such column). */
const computed = (result: AdsImport): Metrics =>
  Object.fromEntries(METRICS.map((key) => [key, result.computedTotals[key]])) as unknown as Metrics;
const byCampaign = (rows: readonly NormalizedRow[], metric: (typeof METRICS)[number]) => {
  const map: Record<string, number> = {};
  for (const row of rows) map[row.campaign!] = Math.round(((map[row.campaign!] ?? 0) + (row.metrics[metric] ?? 0)) * 100) / 100;
  return map;
};
const JOB_SEEKER = /\b(jobs?|careers?|hiring|salary|internship)\b/;

beforeAll(async () => {
  files = generateSampleExports({ endDay: END });
  parsed = await Promise.all(files.map((item) => parseAdsExport(item.bytes)));
});

describe("the sample exports", () => {
  it("parse in the layouts they claim", () => {
    expect(parsed.map((r) => [r.platform, r.kind, r.granularity, r.currency])).toEqual([
      ["google", "campaign", "day", "USD"],
      ["google", "keyword", "period", "USD"],
      ["google", "search-term", "period", "USD"],
      ["google", "ad", "period", "USD"],
      ["google", "editor-keywords", "period", null],
      ["google", "editor-campaigns", "period", null],
      ["meta", "ad-group", "day", "USD"],
      ["google", "auction-insights", "day", null],
      ["google", "keyword-planner", "period", "USD"],
    ]);
    expect(parsed.slice(-2).every((r) => r.warnings.length === 0)).toBe(true);
    // Whole weeks (Monday first) inside the 90 days; the 12 whole months before the end day's month.
    const weeks = [...new Set(file("auction-insights").rows.map((row) => row.day))];
    expect(weeks.length).toBe(12);
    expect(weeks.every((day) => new Date(`${day!}T00:00:00Z`).getUTCDay() === 1 && day! >= "2026-03-03")).toBe(true);
    expect(file("keyword-planner").period).toEqual({ start: "2025-05-01", end: "2026-04-30" });
    expect(file("campaign")).toMatchObject({ title: "Campaign report", period: { start: "2026-03-03", end: END } });
    expect(file("keyword")).toMatchObject({ title: "Search keyword report", period: { start: "2026-05-02", end: END } });
    expect(file("search-term")).toMatchObject({ title: "Search terms report", period: { start: "2026-03-03", end: END } });
    expect(file("ad")).toMatchObject({ title: "Ad report", period: { start: "2026-05-02", end: END } });
    expect(file("ad-group").period).toEqual({ start: "2026-03-03", end: END });
    // Every day of the period is there (6 campaigns, one paused 35 days before the end; 4 Meta ad sets).
    expect(new Set(file("campaign").rows.map((row) => row.day)).size).toBe(90);
    expect(file("ad-group").rows).toHaveLength(90 * 4);
    expect(file("keyword").rows.length).toBeGreaterThanOrEqual(50);
    expect(file("search-term").rows.length).toBeGreaterThanOrEqual(180);

    // Bytes as the platforms write them.
    const text = (kind: AdReportKind) => new TextDecoder().decode(bytesOf(kind));
    expect(text("campaign").startsWith('Campaign report\n"March 3, 2026 - May 31, 2026"\nDay,Campaign status,Campaign,')).toBe(true);
    expect(text("keyword")).toContain('Enabled,"""hiking boots""",Phrase match,Generic - Hiking Gear,');
    for (const kind of ["search-term", "editor-keywords", "editor-campaigns"] as const)
      expect([...bytesOf(kind).subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const terms = decodeUtf16(bytesOf("search-term"));
    expect(terms.split("\n")[2]).toMatch(/^Search term\tMatch type\tAdded\/Excluded\tCampaign\t/);
    expect(terms).not.toContain("\r");
    const editor = decodeUtf16(bytesOf("editor-keywords"));
    expect(editor.startsWith("Campaign\tAd Group\tLabels\tKeyword\tCriterion Type\t")).toBe(true);
    expect(editor.split("\r\n").length).toBe(editor.split("\n").length);
    expect(text("ad-group").split("\n")[0]).toContain("Amount spent (USD)");
  });

  it("add up to their own totals rows, and the parser finds nothing else to say", () => {
    for (const result of parsed) {
      const unexpected = result.warnings.filter(
        (w) =>
          !(
            w.code === "ads.import.hiddenRows" ||
            (w.code === "ads.import.totalsMismatch" && w.scope === "account" && result.kind === "search-term")
          ),
      );
      expect(unexpected, result.kind).toEqual([]);
      for (const totals of result.fileTotals.filter(
        (t) => t.scope === "rows" || (t.scope === "account" && result.kind !== "search-term"),
      )) {
        expect(totals.metrics, `${result.kind} ${totals.label}`).toEqual(computed(result));
      }
    }
    expect(file("campaign").fileTotals.map((t) => t.label)).toEqual([
      "Total: Campaigns",
      "Total: Account",
      "Total: Search",
      "Total: Shopping",
    ]);
    expect(file("keyword").fileTotals.map((t) => t.label)).toEqual(["Total: Your keywords", "Total: Account", "Total: Search"]);
    // Search terms: the account total is the listed terms plus the hidden ones (the parser compares it with the rows alone).
    const terms = file("search-term");
    const [shown, hidden, account] = ["rows", "hidden", "account"].map((scope) => terms.fileTotals.find((t) => t.scope === scope)!.metrics);
    expect(shown).toEqual(computed(terms));
    expect(hidden!.impressions).toBe(0);
    for (const key of METRICS.filter((k) => k !== "conversionValueCents"))
      expect(account![key]).toBeCloseTo(shown![key]! + hidden![key]!, 6);
    const warning = terms.warnings.find((w) => w.code === "ads.import.hiddenRows")!;
    expect(warning.costShare).toBeGreaterThan(0.1);
    expect(warning.costShare).toBeLessThan(0.3);
  });

  it("are the same bytes for the same options, and differ for another seed or end day", () => {
    const again = generateSampleExports({ endDay: END });
    expect(again.map((item) => item.filename)).toEqual(files.map((item) => item.filename));
    again.forEach((item, i) => expect(Buffer.from(item.bytes).equals(Buffer.from(files[i]!.bytes))).toBe(true));
    const other = generateSampleExports({ endDay: END, seed: 7 });
    expect(Buffer.from(other[0]!.bytes).equals(Buffer.from(files[0]!.bytes))).toBe(false);
    expect(generateSampleExports({ endDay: END, seed: 7 }).map((item) => Buffer.from(item.bytes).toString("base64"))).toEqual(
      other.map((item) => Buffer.from(item.bytes).toString("base64")),
    );
    expect(generateSampleExports({ endDay: "2026-06-01" })[0]!.filename).toBe("Campaign report.csv");
  });

  it("agree on campaign names and figures between the files", () => {
    expect([...new Set(file("campaign").rows.map((row) => row.campaign))].sort()).toEqual([...SAMPLE_CAMPAIGNS].sort());
    expect(file("editor-campaigns").rows.map((row) => row.campaign)).toEqual([...SAMPLE_CAMPAIGNS]);
    for (const kind of ["keyword", "search-term", "ad", "editor-keywords"] as const) {
      // A shared negative keyword list's own keywords name no campaign (the list is shared).
      const named = file(kind).rows.filter((row) => !(row.extras.sharedSet && row.keyword));
      for (const campaign of new Set(named.map((row) => row.campaign))) expect(SAMPLE_CAMPAIGNS, kind).toContain(campaign);
    }
    expect([...new Set(file("ad-group").rows.map((row) => row.campaign))]).toEqual([...SAMPLE_META_CAMPAIGNS]);
    expect(new Set(file("ad-group").rows.map((row) => row.adGroup)).size).toBe(4);

    // The keywords of a campaign are its last 30 days in the campaign report; its ads add up to its keywords;
    // its search terms (with the hidden ones) to its 90 days.
    const last30 = file("campaign").rows.filter((row) => row.day! >= "2026-05-02" && row.campaign !== "Shopping - All Products");
    const keywords = file("keyword").rows;
    for (const metric of METRICS) {
      const fromDays = Object.fromEntries(Object.entries(byCampaign(last30, metric)).filter(([, value]) => value > 0));
      expect(byCampaign(keywords, metric), metric).toEqual(fromDays);
      if (metric !== "conversionValueCents") expect(byCampaign(file("ad").rows, metric), metric).toEqual(byCampaign(keywords, metric));
    }
    const searchDays = file("campaign").rows.filter((row) => row.extras.campaignType === "Search");
    const account = file("search-term").fileTotals.find((t) => t.scope === "account")!.metrics;
    expect(account.costCents).toBe(total(searchDays).costCents);
    expect(account.clicks).toBe(total(searchDays).clicks);
    // Every keyword of the Editor export that has data is in the keyword report with the same Quality Score.
    const editorScores = new Map(
      file("editor-keywords")
        .rows.filter((row) => !row.negative)
        .map((row) => [`${row.campaign}|${row.keyword}|${row.matchType}`, row.extras.qualityScore]),
    );
    for (const row of keywords) expect(editorScores.get(`${row.campaign}|${row.keyword}|${row.matchType}`)).toBe(row.extras.qualityScore);
  });

  it("tell the story the auditor and the tips should find", () => {
    const days = file("campaign").rows;
    const generic = days.filter((row) => row.campaign === "Generic - Hiking Gear");
    // Generic is limited by budget: at least 25% of impressions lost to budget on most days, about a third on average.
    expect(generic.filter((row) => row.extras.lostIsBudget!.value >= 0.25).length).toBeGreaterThanOrEqual(generic.length * 0.8);
    const meanLost = generic.reduce((sum, row) => sum + row.extras.lostIsBudget!.value, 0) / generic.length;
    expect(meanLost).toBeGreaterThan(0.3);
    expect(meanLost).toBeLessThan(0.42);
    expect(generic[0]!.extras.statusReasons).toEqual(["limited by budget"]);
    // Brand: high CTR and more than 90% impression share.
    const brand = days.filter((row) => row.campaign === "Brand");
    expect(brand.filter((row) => row.extras.impressionShare?.bound === "above").length).toBeGreaterThan(brand.length * 0.9);
    expect(total(brand).clicks! / total(brand).impressions!).toBeGreaterThan(0.15);
    // The paused campaign stopped 35 days before the end.
    const paused = days.filter((row) => row.campaign === "Clearance Sale");
    expect(paused.every((row) => row.status === "Paused")).toBe(true);
    expect(paused.at(-1)!.day).toBe("2026-04-26");
    // Every row's rates are in the benchmarks' ranges.
    for (const name of SAMPLE_CAMPAIGNS) {
      const t = total(days.filter((row) => row.campaign === name));
      expect(t.clicks! / t.impressions!, name).toBeGreaterThan(0.005);
      expect(t.costCents! / t.clicks!, name).toBeLessThan(600);
      expect(t.conversions! / t.clicks!, name).toBeLessThan(0.15);
    }

    // Search terms: job-seeker, free and how-to searches spend money without converting.
    const terms = file("search-term").rows;
    const jobs = terms.filter((row) => JOB_SEEKER.test(row.searchTerm!));
    expect(jobs.length).toBeGreaterThanOrEqual(5);
    for (const row of jobs)
      expect([row.searchTerm, row.metrics.costCents! > 0, row.metrics.conversions]).toEqual([row.searchTerm, true, 0]);
    expect(
      terms.filter((row) => /^(free|how to)\b/.test(row.searchTerm!) && row.metrics.costCents! > 0 && row.metrics.conversions === 0).length,
    ).toBeGreaterThanOrEqual(5);

    // Keywords: several spend over $100 without a conversion, a few have a Quality Score of 4 or less.
    const keywords = file("keyword").rows;
    expect(keywords.filter((row) => row.metrics.costCents! > 10_000 && row.metrics.conversions === 0).length).toBeGreaterThanOrEqual(3);
    expect(keywords.filter((row) => row.extras.qualityScore! <= 4).length).toBeGreaterThanOrEqual(3);
    expect(keywords.every((row) => row.extras.expectedCtr && row.extras.adRelevance && row.extras.landingPageExperience)).toBe(true);
    expect(new Set(keywords.map((row) => row.matchType))).toEqual(new Set(["exact", "phrase", "broad"]));

    // Camping - Broad: broad keywords on manual CPC, and no negative keywords (Brand and Generic have some).
    const camping = keywords.filter((row) => row.campaign === "Camping - Broad");
    expect(camping.every((row) => row.matchType === "broad")).toBe(true);
    expect(days.find((row) => row.campaign === "Camping - Broad")!.extras.bidStrategyType).toBe("Manual CPC");
    const negatives = file("editor-keywords").rows.filter((row) => row.negative && !row.extras.sharedSet);
    expect(new Set(negatives.map((row) => row.campaign))).toEqual(new Set(["Brand", "Generic - Hiking Gear", "Clearance Sale"]));
    // Shared negative keyword lists (issue #28), one of them blocking the active keyword "trail running shoes".
    const listRows = file("editor-keywords").rows.filter((row) => row.extras.sharedSet);
    expect(listRows.filter((row) => row.keyword).every((row) => row.negative && row.campaign === null)).toBe(true);
    expect(listRows.filter((row) => !row.keyword).map((row) => `${row.campaign} ← ${row.extras.sharedSet}`)).toEqual([
      "Brand ← Northwind - Job seekers",
      "Generic - Hiking Gear ← Northwind - Job seekers",
      "Generic - Hiking Gear ← Northwind - Off-topic",
    ]);
    expect(new Set(negatives.map((row) => row.matchType))).toEqual(new Set(["broad", "phrase", "exact"]));

    // Ads: one ad group's only ad is Poor; the strengths range from Poor to Excellent.
    const ads = file("ad").rows;
    expect(new Set(ads.map((row) => row.ad!.strength))).toEqual(new Set(["poor", "average", "good", "excellent"]));
    const tents = ads.filter((row) => row.campaign === "Camping - Broad" && row.adGroup === "Tents");
    expect(tents.map((row) => row.ad!.strength)).toEqual(["poor"]);
    expect(tents[0]!.ad!.headlines).toHaveLength(3);

    // Editor campaigns: the broad campaign also shows on the Display Network and targets "presence or interest".
    const settings = file("editor-campaigns").rows.find((row) => row.campaign === "Camping - Broad")!;
    expect(settings.extras).toMatchObject({
      networks: ["Google search", "Search Partners", "Display Network"],
      targetingMethod: "Location of presence or Area of interest",
      budgetCents: 11_000,
    });

    // Meta: the retargeting audiences tire (frequency rises), purchases are counted.
    const meta = file("ad-group").rows;
    const cart = meta.filter((row) => row.adGroup === "Add to Cart 14d");
    expect(cart.at(-1)!.extras.frequency!).toBeGreaterThan(cart[0]!.extras.frequency!);
    expect(total(meta).conversions).toBeGreaterThan(0);
  });

  it("work for other periods, and refuse a day that does not exist", async () => {
    for (const days of [1, 14, 45, 120]) {
      for (const item of generateSampleExports({ endDay: "2026-02-28", days, seed: days })) {
        const result = await parseAdsExport(item.bytes);
        const unexpected = result.warnings.filter(
          (w) =>
            !(
              w.code === "ads.import.hiddenRows" ||
              (w.code === "ads.import.totalsMismatch" && w.scope === "account" && result.kind === "search-term")
            ),
        );
        expect(unexpected, `${days} days: ${item.filename}`).toEqual([]);
      }
    }
    expect(() => generateSampleExports({ endDay: "2026-02-30" })).toThrow(RangeError);
    expect(() => generateSampleExports({ endDay: END, days: 0 })).toThrow(RangeError);
  });
});

import { describe, expect, it } from "vitest";
import { isOwnRow, segmentStart } from "~/ads/import/auction";
import { parseAdsExport } from "~/ads/import/read.server";
import { AdsImportError } from "~/ads/import/types";
import { adFixture } from "../support/ad-exports";

describe("Google Ads Auction insights", () => {
  it("reads the UTF-8 export with a week segment, the own row and `< 10%` bounds", async () => {
    const r = await parseAdsExport(adFixture("google-auction-insights.csv"));
    expect(r).toMatchObject({
      platform: "google",
      kind: "auction-insights",
      language: "en",
      granularity: "day",
      currency: null,
      title: "Auction insights report",
    });
    expect(r.period).toEqual({ start: "2026-05-04", end: "2026-05-24" });
    // No money in the file: no "no currency" warning, no metrics.
    expect(r.warnings).toEqual([]);
    expect(r.rows).toHaveLength(10);
    expect(r.rows.map((row) => row.day)).toEqual([
      "2026-05-04",
      "2026-05-04",
      "2026-05-04",
      "2026-05-11",
      "2026-05-11",
      "2026-05-11",
      "2026-05-18",
      "2026-05-18",
      "2026-05-18",
      "2026-05-18",
    ]);
    const [you, rival, small] = r.rows;
    expect(you!.line).toBe(4);
    expect(you!.metrics).toEqual({ impressions: null, clicks: null, costCents: null, conversions: null, conversionValueCents: null });
    expect(you!.extras).toMatchObject({
      domain: "You",
      isYou: true,
      impressionShare: { value: 0.452, bound: "exact" },
      overlapRate: null,
      positionAboveRate: null,
      topOfPageRate: { value: 0.621, bound: "exact" },
      absTopOfPageRate: { value: 0.213, bound: "exact" },
      outrankingShare: null,
    });
    expect(rival!.extras).toMatchObject({
      domain: "rival.example",
      isYou: false,
      impressionShare: { value: 0.385, bound: "exact" },
      overlapRate: { value: 0.52, bound: "exact" },
      positionAboveRate: { value: 0.413, bound: "exact" },
      topOfPageRate: { value: 0.702, bound: "exact" },
      absTopOfPageRate: { value: 0.301, bound: "exact" },
      outrankingShare: { value: 0.354, bound: "exact" },
    });
    expect(small!.extras.impressionShare).toEqual({ value: 0.1, bound: "below" });
    expect(r.rows[5]!.extras.absTopOfPageRate).toEqual({ value: 0.1, bound: "below" });
    expect(r.rows.every((row) => row.campaign === null)).toBe(true);
  });

  it("reads the UTF-16LE TAB Shopping export with a month segment and campaigns (three rates only)", async () => {
    const raw = adFixture("google-auction-insights-excel.csv");
    expect([raw[0], raw[1]]).toEqual([0xff, 0xfe]);
    const r = await parseAdsExport(raw);
    expect(r).toMatchObject({ kind: "auction-insights", granularity: "day", period: { start: "2026-04-01", end: "2026-05-31" } });
    expect(r.rows.map((row) => [row.day, row.campaign, row.extras.domain, row.extras.isYou])).toEqual([
      ["2026-04-01", "Shopping All", "You", true],
      ["2026-04-01", "Shopping All", "rival.example", false],
      ["2026-04-01", "Shopping All", "tiny.example", false],
      ["2026-05-01", "Shopping All", "You", true],
      ["2026-05-01", "Shopping All", "rival.example", false],
      ["2026-05-01", "Shopping All", "tiny.example", false],
    ]);
    expect(r.rows[2]!.extras).toMatchObject({
      impressionShare: { value: 0.1, bound: "below" },
      overlapRate: { value: 0.1, bound: "below" },
      outrankingShare: { value: 0.6, bound: "exact" },
    });
    // Shopping has no position-above or top-of-page rates.
    expect(
      r.rows.every(
        (row) => row.extras.positionAboveRate === null && row.extras.topOfPageRate === null && row.extras.absTopOfPageRate === null,
      ),
    ).toBe(true);
  });

  it("reads an unsegmented export (the period applies) and localized headers", async () => {
    const csv = [
      "Veilinginzichtenrapport",
      '"1 mei 2026 - 31 mei 2026"',
      "Weergave-URL-domein;Vertoningsaandeel;Overlappingspercentage;Percentage hogere positie;Percentage bovenaan pagina;Percentage absoluut bovenaan pagina;Aandeel hogere positie",
      "U;45,20%;--;--;62,10%;21,30%;--",
      "rival.example;38,50%;52,00%;41,30%;70,20%;30,10%;35,40%",
      "small.example;< 10%;12,40%;20,00%;40,00%;10,50%;44,00%",
    ].join("\n");
    const r = await parseAdsExport(Buffer.from(csv));
    expect(r).toMatchObject({
      kind: "auction-insights",
      language: "nl",
      granularity: "period",
      period: { start: "2026-05-01", end: "2026-05-31" },
    });
    expect(r.rows.map((row) => row.day)).toEqual([null, null, null]);
    expect(r.rows[0]!.extras).toMatchObject({ domain: "U", isYou: true, impressionShare: { value: 0.452, bound: "exact" } });
    expect(r.rows[1]!.extras).toMatchObject({
      isYou: false,
      positionAboveRate: { value: 0.413, bound: "exact" },
      outrankingShare: { value: 0.354, bound: "exact" },
    });
  });

  it("refuses a segment cell that is not a date, with its line and column", async () => {
    const csv = [
      "Auction insights report",
      "Week,Display URL domain,Impr. share,Overlap rate",
      "2026-05-04,You,45%,--",
      "soon,rival.example,30%,40%",
    ].join("\n");
    const error = await parseAdsExport(Buffer.from(csv)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdsImportError);
    expect(error).toMatchObject({ code: "ads.import.badDate", params: { line: 4, column: "Week", expected: "a date", got: "soon" } });
  });

  it("reads time segments as their first day", () => {
    const firstDays: [string, Parameters<typeof segmentStart>[1], string | null][] = [
      ["2026-05-04", "week", "2026-05-04"],
      ["Week of May 4, 2026", "week", "2026-05-04"],
      ["May 4, 2026 - May 10, 2026", "week", "2026-05-04"],
      ["Semaine du 4 mai 2026", "week", "2026-05-04"],
      ["May 2026", "month", "2026-05-01"],
      ["mayo de 2026", "month", "2026-05-01"],
      ["2026-05", "month", "2026-05-01"],
      ["05/2026", "month", "2026-05-01"],
      ["Q2 2026", "quarter", "2026-04-01"],
      ["2026 Q4", "quarter", "2026-10-01"],
      ["2026", "year", "2026-01-01"],
      ["soon", "month", null],
      ["Q5 2026", "quarter", null],
    ];
    for (const [segment, unit, first] of firstDays) expect(segmentStart(segment, unit), segment).toBe(first);
    expect(isOwnRow(" You ")).toBe(true);
    expect(isOwnRow("you.example")).toBe(false);
  });
});

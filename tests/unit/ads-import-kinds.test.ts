/**
 * Which Google and Microsoft downloads the ad import reads, and as what (issue #26): downloads that
 * are not row-level performance data (asset reports, Overview cards, change histories) are refused
 * naming the report to download; a search ad's `Interactions` are its clicks; the privacy row of a
 * search terms report is found in every language; a Microsoft ad report is an ad report; Keyword
 * Planner's `Unknown` competition is a value.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { interactionsAreClicks, plannerCompetition } from "~/ads/import/normalize";
import { HEAD_BYTES, checkHead, parseAdsExport } from "~/ads/import/read.server";
import { importMessage } from "~/components/ads/import-messages";
import { adFixture, parseAdFixture, refusalOf, utf16le } from "../support/ad-exports";

/** `t` over the English `ads` namespace, as the pages use it. */
const english = JSON.parse(readFileSync(path.resolve("locales/en/ads.json"), "utf8")) as Record<string, unknown>;
const t = ((key: string, values: Record<string, unknown> = {}) => {
  const found = key
    .replace(/^ads:/, "")
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], english);
  if (typeof found !== "string") return key;
  return found.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ""));
}) as unknown as TFunction;

describe("downloads that are not performance data", () => {
  it("refuses an asset report (one row per asset and campaign, multi-line cells), naming the Campaigns report", async () => {
    const error = await refusalOf(() => parseAdFixture("google-asset-report.csv"));
    expect(error.code).toBe("ads.import.notPerformance");
    expect(error.params).toEqual({ line: 3, report: "asset", instead: "campaigns" });
    expect(importMessage(t, "en", null, { code: error.code, ...error.params })).toBe(
      "This is a Google Ads asset report (one row per asset and campaign, with overlapping figures): it has no campaign performance rows. " +
        "Download the Campaigns report instead: Campaigns ▸ Campaigns, then Download ▸ .csv.",
    );
  });

  it("refuses an asset association table told by its Level and Added by columns", async () => {
    const text = [
      "Level,Added by,Campaign,Impr.,Clicks,Cost,Currency code",
      "Campaign,Advertiser,Brand,100,10,5.00,USD",
      "Account,Advertiser, --,200,20,9.00,USD",
    ].join("\n");
    expect((await refusalOf(() => parseAdsExport(Buffer.from(text)))).params).toMatchObject({ report: "asset", line: 1 });
  });

  it("refuses an Overview card's download (amounts with their currency sign)", async () => {
    const error = await refusalOf(() => parseAdFixture("google-overview-card.csv"));
    expect(error).toMatchObject({ code: "ads.import.notPerformance", params: { line: 4, report: "overviewCard", instead: "campaigns" } });
    const euros = 'Kampagnen\n"1. Mai 2026 - 31. Mai 2026"\nKampagne,Kosten,Klicks\nMarke,"1.234,56 €",120\n';
    expect((await refusalOf(() => parseAdsExport(Buffer.from(euros)))).params).toMatchObject({ report: "overviewCard" });
  });

  it("refuses a change history", async () => {
    const error = await refusalOf(() => parseAdFixture("google-change-history.csv"));
    expect(error).toMatchObject({ code: "ads.import.notPerformance", params: { line: 3, report: "changeHistory", instead: "campaigns" } });
    const message = importMessage(t, "en", null, { code: error.code, ...error.params });
    expect(message).toMatch(
      /^This is a Google Ads change history: it lists edits to the account, not performance\. Download the Campaigns report/,
    );
  });

  it("refuses them in the upload's quick check of the first 16 KB", async () => {
    const asset = adFixture("google-asset-report.csv").toString("utf8");
    const [head, ...rows] = asset.split(/\n(?=Free Returns)/);
    let big = head!;
    while (big.length < HEAD_BYTES * 3) big += `\n${rows.join("\n").trim()}`;
    const error = await refusalOf(() => checkHead(Buffer.from(big)));
    expect(error).toMatchObject({ code: "ads.import.notPerformance", params: { report: "asset" } });
    const card = adFixture("google-overview-card.csv").toString("utf8");
    const lines = card.trim().split("\n");
    let longCard = lines.join("\n");
    while (longCard.length < HEAD_BYTES * 2) longCard += `\n${lines.slice(3).join("\n")}`;
    expect((await refusalOf(() => checkHead(Buffer.from(longCard)))).params).toMatchObject({ report: "overviewCard" });
  });

  it("still reads a real campaign report, and a report whose campaign is named like a marker", async () => {
    expect((await parseAdFixture("google-campaign.csv")).kind).toBe("campaign");
    const text = "Campaign,Impr.,Clicks,Cost,Currency code\nAsset Sale,100,10,5.00,USD\n";
    expect((await parseAdsExport(Buffer.from(text))).rows[0]!.campaign).toBe("Asset Sale");
  });
});

describe("interactions", () => {
  it("takes a responsive search ad's Interactions as its clicks (Interaction rate as CTR, Avg. cost as CPC)", async () => {
    const r = await parseAdFixture("google-ads-rsa-interactions.csv");
    expect(r).toMatchObject({ platform: "google", kind: "ad", currency: "EUR", warnings: [] });
    expect(r.rows.map((row) => [row.ad?.type, row.metrics.clicks, row.extras.interactions])).toEqual([
      ["Responsive search ad", 140, 140],
      ["Responsive search ad", 300, 300],
      ["Expanded text ad", 38, 38],
      ["Responsive search ad", 0, 0],
    ]);
    expect(r.rows[0]!.derived).toMatchObject({ ctr: 0.035, avgCpcCents: 150, cpaCents: 2625 });
    expect(r.computedTotals).toMatchObject({ impressions: 7070, clicks: 478, costCents: 38850, conversions: 39 });
    expect(r.fileTotals.map((totals) => [totals.label, totals.metrics.clicks])).toEqual([["Total: Account", 478]]);
  });

  it("checks the file's Interaction rate and Avg. cost as the CTR and CPC", async () => {
    const text = adFixture("google-ads-rsa-interactions.csv").toString("utf8").replace("140,3.50%,1.50", "140,4.50%,1.90");
    const r = await parseAdsExport(Buffer.from(text));
    expect(r.warnings).toEqual([
      { code: "ads.import.derivedMismatch", line: 4, column: "Interaction rate", metric: "interactionRate", file: 0.045, computed: 0.035 },
      { code: "ads.import.derivedMismatch", line: 4, column: "Avg. cost", metric: "avgCost", file: 190, computed: 150 },
    ]);
  });

  it("keeps a video campaign's interactions apart (views are not clicks), and the totals' too", async () => {
    const text = [
      "Campaign report",
      '"November 1, 2026 - November 26, 2026"',
      "Campaign,Campaign type,Currency code,Impr.,Interactions,Interaction rate,Avg. cost,Cost",
      "Brand,Search,EUR,1000,100,10.00%,0.50,50.00",
      "Shoes Shopping,Shopping,EUR,2000,40,2.00%,1.00,40.00",
      "Launch video,Video,EUR,5000,900,18.00%,0.02,18.00",
      "PMax All,Performance Max,EUR,3000,60,2.00%,1.00,60.00",
      "Total: Account, --,EUR,11000,1100,10.00%,0.15,168.00",
    ].join("\n");
    const r = await parseAdsExport(Buffer.from(text));
    expect(r.rows.map((row) => [row.campaign, row.metrics.clicks, row.extras.interactions])).toEqual([
      ["Brand", 100, 100],
      ["Shoes Shopping", 40, 40],
      ["Launch video", null, 900],
      ["PMax All", null, 60],
    ]);
    expect(r.computedTotals.clicks).toBe(140);
    expect(r.fileTotals[0]!.metrics.clicks).toBeNull();
    expect(r.warnings).toEqual([]);
  });

  it("keeps Clicks as clicks where the file has both columns", async () => {
    const r = await parseAdFixture("google-search-terms.csv");
    expect(r.rows[0]!.metrics.clicks).toBe(60);
    expect(r.rows[0]!.extras.interactions).toBe(60);
    const text = "Campaign,Campaign type,Impr.,Interactions,Clicks,Cost,Currency code\nBrand,Search,100,12,10,5.00,USD\n";
    expect((await parseAdsExport(Buffer.from(text))).rows[0]!.metrics).toMatchObject({ clicks: 10 });
  });

  it("decides by the ad type, else the campaign type; keywords and search terms are Search", () => {
    expect(interactionsAreClicks("ad", "Responsive search ad", null)).toBe(true);
    expect(interactionsAreClicks("ad", "Expanded text ad", "Video")).toBe(true);
    expect(interactionsAreClicks("ad", "Call-only ad", "Search")).toBe(false);
    expect(interactionsAreClicks("ad", "Responsive display ad", null)).toBe(false);
    expect(interactionsAreClicks("ad", "Video responsive ad", null)).toBe(false);
    expect(interactionsAreClicks("campaign", null, "Shopping")).toBe(true);
    expect(interactionsAreClicks("campaign", null, "Suche")).toBe(true);
    expect(interactionsAreClicks("campaign", null, "Réseau de Recherche")).toBe(true);
    expect(interactionsAreClicks("campaign", null, "Demand Gen")).toBe(false);
    expect(interactionsAreClicks("campaign", null, null)).toBe(false);
    expect(interactionsAreClicks("keyword", null, null)).toBe(true);
    expect(interactionsAreClicks("search-term", null, null)).toBe(true);
  });
});

describe("the hidden search terms row in every language", () => {
  it("finds `Gesamt: Sonstige Suchbegriffe` in a German search terms report (57.6% of the spend)", async () => {
    const r = await parseAdFixture("google-search-terms-de.csv");
    expect(r).toMatchObject({ kind: "search-term", language: "de", currency: "EUR", period: { start: "2026-05-01", end: "2026-05-31" } });
    expect(r.rows.map((row) => [row.searchTerm, row.matchType, row.metrics.costCents])).toEqual([
      ["laufschuhe herren", "phrase", 12000],
      ["laufschuhe kaufen", "exact", 8000],
      ["laufschuhe test", "broad", 9000],
      ["acme laufschuhe", "exact", 13400],
    ]);
    expect(r.fileTotals.map((totals) => [totals.label, totals.scope])).toEqual([
      ["Gesamt: Suchbegriffe", "rows"],
      ["Gesamt: Sonstige Suchbegriffe", "hidden"],
      ["Gesamt: Konto", "account"],
      ["Gesamt: Suche", "segment"],
    ]);
    // The account total is the listed plus the hidden terms: no "removed campaigns" mismatch.
    expect(r.warnings).toEqual([
      {
        code: "ads.import.hiddenRows",
        line: 9,
        label: "Gesamt: Sonstige Suchbegriffe",
        impressions: 0,
        clicks: 480,
        costCents: 57600,
        costShare: 0.576,
      },
    ]);
  });

  const headers = {
    en: "Search term,Campaign,Impr.,Clicks,Cost,Currency code",
    nl: "Zoekterm,Campagne,Vertoningen,Klikken,Kosten,Valutacode",
    de: "Suchbegriff,Kampagne,Impressionen,Klicks,Kosten,Währungscode",
    fr: "Terme de recherche,Campagne,Impressions,Clics,Coût,Code de la devise",
    es: "Término de búsqueda,Campaña,Impresiones,Clics,Coste,Código de moneda",
  } as const;
  const labels: [keyof typeof headers, string][] = [
    ["en", "Total: Other search terms"],
    ["nl", "Totaal: Overige zoektermen"],
    ["nl", "Totaal: Andere zoektermen"],
    ["de", "Gesamt: Sonstige Suchbegriffe"],
    ["de", "Gesamt: Andere Suchbegriffe"],
    ["de", "Gesamt: Sonstige Suchanfragen"],
    ["fr", "Total : Autres termes de recherche"],
    ["es", "Total: Otros términos de búsqueda"],
  ];
  it.each(labels)("finds the %s row `%s`, warns and gives the hidden share", async (language, label) => {
    const amount = (value: string) => (language === "en" ? value : `"${value.replace(".", ",")}"`);
    const text = [
      "Search terms report",
      '"May 1, 2026 - May 31, 2026"',
      headers[language],
      `shoes,Brand,100,10,${amount("10.00")},EUR`,
      `${label}, --,0,30,${amount("30.00")},EUR`,
    ].join("\n");
    const r = await parseAdsExport(Buffer.from(text));
    expect(r.language).toBe(language);
    expect(r.fileTotals.map((totals) => totals.scope)).toEqual(["hidden"]);
    expect(r.warnings).toEqual([
      { code: "ads.import.hiddenRows", line: 5, label, impressions: 0, clicks: 30, costCents: 3000, costShare: 0.75 },
    ]);
  });
});

describe("Microsoft Advertising ad performance report", () => {
  it("is an ad report (not an ad group report), with the ads' type, texts and final URL", async () => {
    const r = await parseAdFixture("microsoft-ad-performance.csv");
    expect(r).toMatchObject({
      platform: "microsoft",
      kind: "ad",
      currency: "EUR",
      title: "Ad Performance Report",
      period: { start: "2026-11-01", end: "2026-11-26" },
      warnings: [],
    });
    expect(r.rows.map((row) => [row.campaign, row.adGroup, row.status, row.metrics.clicks, row.metrics.costCents])).toEqual([
      ["Generic Shoes", "Running", "Active", 75, 6000],
      ["Brand", "Brand", "Active", 96, 3840],
      ["Generic Shoes", "Trail", "Paused", 6, 750],
    ]);
    expect(r.rows[0]!.ad).toEqual({
      name: null,
      type: "Expanded text ad",
      headlines: ["Running Shoes Sale", "Free Delivery", "Acme Official Store"],
      descriptions: ["Shop the new season.", "Returns within 30 days."],
      finalUrl: "https://shop.example/running",
      path1: "running",
      path2: "sale",
      strength: null,
    });
    expect(r.rows[1]!.ad).toMatchObject({ type: "Responsive search ad", headlines: ["Acme Shoes - Official Site"] });
  });

  it("keeps a keyword report with ad columns a keyword report", async () => {
    const r = await parseAdFixture("microsoft-keywords.csv");
    expect(r.kind).toBe("keyword");
    const withAd = adFixture("microsoft-keywords.csv").toString("utf8").replace('"Keyword","BidMatchType"', '"Keyword","AdId"');
    expect((await parseAdsExport(Buffer.from(withAd))).kind).toBe("keyword");
  });
});

describe("Keyword Planner competition", () => {
  it("reads `Unknown` (and its translations, and `--`) as no competition known, without a warning", async () => {
    const text = [
      "Keyword Stats 2026-06-09 at 21_25_18",
      "May 1, 2025 - April 30, 2026",
      "Keyword\tCurrency\tSegmentation\tAvg. monthly searches\tCompetition\tCompetition (indexed value)\tTop of page bid (low range)\tTop of page bid (high range)",
      "running shoes\tUSD\t\t1,300\tHigh\t87\t0.62\t2.15",
      "running shoes size 15 wide\tUSD\t\t10 – 100\tUnknown\t--\t\t",
      "running shoes for flat feet\tUSD\t\t10 – 100\t--\t\t\t",
    ].join("\n");
    const r = await parseAdsExport(utf16le(text));
    expect(r.warnings).toEqual([]);
    expect(r.rows.map((row) => [row.keyword, row.extras.competition, row.extras.competitionIndex])).toEqual([
      ["running shoes", "high", 87],
      ["running shoes size 15 wide", null, null],
      ["running shoes for flat feet", null, null],
    ]);
    for (const word of ["Unknown", "Onbekend", "Unbekannt", "Inconnue", "Desconocido"]) expect(plannerCompetition(word)).toBeNull();
  });
});

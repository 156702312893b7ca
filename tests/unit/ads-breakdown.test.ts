/**
 * Meta breakdown exports and the totals check (issue #26): a breakdown export's summary rows (the
 * file's, with every entity and breakdown cell empty, or one entity's, with its breakdown cells
 * empty) are totals, never rows; the breakdown's dimensions are recorded; and every fixture's rows
 * are reconciled with the file's own totals rows.
 */
import { readdirSync } from "node:fs";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { breakdownLabel } from "~/ads/breakdown-label";
import { parseAdsExport } from "~/ads/import/read.server";
import { reconcile } from "~/ads/import/reconcile";
import { packRows, reconcileSummary, summarize, unpackRows, STORED_COLUMNS } from "~/ads/import/summary";
import type { AdsImport, Metrics } from "~/ads/import/types";
import { ImportReconciliation } from "~/components/ads/import-reconciliation";
import type { Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { serverTranslator, TranslatorContext } from "~/i18n/react.server";
import { AD_FIXTURES, adFixture, parseAdFixture } from "../support/ad-exports";

const text = (name: string) => new TextDecoder().decode(adFixture(name));
const fromText = (csv: string) => parseAdsExport(new TextEncoder().encode(csv));

const metricsOf = (r: AdsImport): Metrics => ({
  impressions: r.computedTotals.impressions,
  clicks: r.computedTotals.clicks,
  costCents: r.computedTotals.costCents,
  conversions: r.computedTotals.conversions,
  conversionValueCents: r.computedTotals.conversionValueCents,
});

describe("Meta breakdown exports", () => {
  it("reads an age × gender export: the file's summary row is its totals, not a row, and the dimensions are recorded", async () => {
    const r = await parseAdFixture("meta-breakdown-age-gender.csv");
    expect(r).toMatchObject({ platform: "meta", kind: "campaign", currency: "USD", granularity: "period", breakdown: ["age", "gender"] });
    expect(r.period).toEqual({ start: "2026-05-01", end: "2026-05-31" });
    expect(r.rows).toHaveLength(11);
    expect(r.rows.every((row) => row.campaign !== null)).toBe(true);
    expect(r.rows.map((row) => row.line)).not.toContain(2);
    expect(r.rows[0]).toMatchObject({ line: 3, campaign: "Spring Sale" });
    expect(r.rows[0]!.extras.breakdown).toEqual({ age: "18-24", gender: "female" });
    expect(r.rows[6]!.extras.breakdown).toEqual({ age: "Unknown", gender: "unknown" });
    expect(r.fileTotals).toEqual([
      {
        line: 2,
        label: "",
        scope: "account",
        metrics: { impressions: 50800, clicks: 661, costCents: 74852, conversions: 35, conversionValueCents: 228165 },
        reach: 19800,
      },
    ]);
    // The rows add up to the summary row exactly (it used to be read as one more row: twice the totals).
    expect(metricsOf(r)).toEqual(r.fileTotals[0]!.metrics);
    expect(r.warnings).toEqual([]);
    expect(reconcile(r)).toEqual({
      status: "match",
      line: 2,
      label: "",
      scope: "account",
      checked: 1,
      rounding: false,
      // 19,800 people in the summary, 22,050 summed over the buckets: Meta counts each person once.
      reachDeduplicated: true,
    });
  });

  it("reads a placement export with one summary row per ad set: each is that ad set's totals", async () => {
    const r = await parseAdFixture("meta-breakdown-placement.csv");
    expect(r).toMatchObject({ kind: "ad-group", breakdown: ["platform", "placement"] });
    expect(r.rows).toHaveLength(8);
    expect(r.rows.map((row) => row.line)).not.toContain(2);
    expect(r.rows.map((row) => row.line)).not.toContain(8);
    expect(r.rows[0]!.extras.breakdown).toEqual({ platform: "Facebook", placement: "Feed" });
    expect(r.rows[4]!.extras.breakdown).toEqual({ platform: "Audience Network", placement: "Native, banner and interstitial" });
    expect(r.fileTotals.map((t) => [t.line, t.scope, t.label, t.entity])).toEqual([
      [2, "entity", "Spring Sale › Lookalike 1%", { campaign: "Spring Sale", adGroup: "Lookalike 1%", ad: null, day: null }],
      [8, "entity", "Spring Sale › Interests", { campaign: "Spring Sale", adGroup: "Interests", ad: null, day: null }],
    ]);
    expect(r.fileTotals[0]!.metrics).toMatchObject({ impressions: 29000, clicks: 281, costCents: 36175, conversions: 16 });
    expect(r.computedTotals).toMatchObject({ impressions: 34000, clicks: 322, costCents: 41933, conversions: 19 });
    expect(r.warnings).toEqual([]);
    expect(reconcile(r)).toMatchObject({ status: "match", scope: "entity", checked: 2 });
  });

  it("reads a Dutch country export with its summary row at the bottom", async () => {
    const r = await parseAdFixture("meta-breakdown-country-nl.csv");
    expect(r).toMatchObject({ platform: "meta", language: "nl", currency: "EUR", breakdown: ["country"] });
    expect(r.rows.map((row) => [row.campaign, row.extras.breakdown?.country])).toEqual([
      ["Voorjaarsactie", "Nederland"],
      ["Voorjaarsactie", "België"],
      ["Voorjaarsactie", "Duitsland"],
      ["Merk", "Nederland"],
      ["Merk", "België"],
    ]);
    expect(r.fileTotals).toMatchObject([{ line: 7, scope: "account" }]);
    expect(metricsOf(r)).toEqual(r.fileTotals[0]!.metrics);
    expect(reconcile(r)).toMatchObject({ status: "match", line: 7 });
  });

  it("reads the other breakdown columns in the five languages", async () => {
    const cases: Array<[string, string[]]> = [
      [
        "Reporting starts,Reporting ends,Campaign name,Device platform,Impression device,Amount spent (USD)",
        ["device-platform", "impression-device"],
      ],
      ["Reporting starts,Reporting ends,Campaign name,Time of day (viewer's time zone),Amount spent (USD)", ["time-of-day-viewer"]],
      ["Berichtsbeginn,Berichtsende,Kampagnenname,Alter,Geschlecht,Ausgegebener Betrag (EUR)", ["age", "gender"]],
      ["Début des rapports,Fin des rapports,Nom de la campagne,Région,Montant dépensé (EUR)", ["region"]],
      ["Inicio del informe,Fin del informe,Nombre de la campaña,Plataforma,Ubicación,Importe gastado (EUR)", ["platform", "placement"]],
      [
        "Begin rapportage,Einde rapportage,Campagnenaam,Tijdstip (tijdzone advertentieaccount),Besteed bedrag (EUR)",
        ["time-of-day-account"],
      ],
    ];
    for (const [header, breakdown] of cases) {
      const cells = header.split(",").length;
      const row = ["2026-05-01", "2026-05-31", "Spring Sale", ...breakdown.map(() => "x"), "10.00"];
      expect(row).toHaveLength(cells);
      const r = await fromText(`${header}\n${row.join(",")}\n`);
      expect(r.breakdown, header).toEqual(breakdown);
    }
  });

  it("keeps a Meta export without a breakdown as before (no dimensions), and reads its summary row as totals", async () => {
    const plain = await parseAdFixture("meta-daily.csv");
    expect(plain.breakdown).toBeNull();
    expect(plain.rows.every((row) => row.extras.breakdown === null)).toBe(true);
    const lines = text("meta-daily.csv").trimEnd().split("\n");
    // "Include summary row": the period's totals with the entity cells empty.
    lines.splice(1, 0, "2026-05-01,2026-05-03,,,,13,,7000,,9400,172.50,121,,,12,705.00,");
    const r = await fromText(`${lines.join("\n")}\n`);
    expect(r.rows).toHaveLength(6);
    expect(r.granularity).toBe("day");
    expect(r.fileTotals).toMatchObject([{ line: 2, scope: "account", metrics: { impressions: 9400, costCents: 17250 } }]);
    expect(reconcile(r).status).toBe("match");
  });

  it("checks a campaign's summary row in an ad set export against every ad set of the campaign", async () => {
    const csv = text("meta-breakdown-placement.csv").replace(
      "2026-05-01,2026-05-31,Spring Sale,Lookalike 1%,,,active,16,actions:offsite_conversion.fb_pixel_purchase,11800,29000,361.75,281",
      "2026-05-01,2026-05-31,Spring Sale,,,,active,19,actions:offsite_conversion.fb_pixel_purchase,14000,34000,419.33,322",
    );
    const r = await fromText(csv.replace(/^2026-05-01,2026-05-31,Spring Sale,Interests,,,.*\n/m, ""));
    expect(r.rows).toHaveLength(8);
    expect(r.fileTotals).toMatchObject([
      { line: 2, scope: "entity", label: "Spring Sale", entity: { campaign: "Spring Sale", adGroup: null } },
    ]);
    expect(r.warnings).toEqual([]);
    expect(reconcile(r)).toMatchObject({ status: "match", checked: 1 });
  });

  it("says by how much and why the rows miss a summary row, with a warning on its line", async () => {
    const csv = text("meta-breakdown-placement.csv").replace(
      "Spring Sale,Interests,,,active,3,actions:offsite_conversion.fb_pixel_purchase,2500,5000,57.58,41",
      "Spring Sale,Interests,,,active,3,actions:offsite_conversion.fb_pixel_purchase,2500,5400,61.08,41",
    );
    const r = await fromText(csv);
    expect(r.warnings).toEqual([
      {
        code: "ads.import.totalsMismatch",
        line: 8,
        label: "Spring Sale › Interests",
        scope: "entity",
        metric: "impressions",
        file: 5400,
        computed: 5000,
        difference: 400,
      },
      {
        code: "ads.import.totalsMismatch",
        line: 8,
        label: "Spring Sale › Interests",
        scope: "entity",
        metric: "costCents",
        file: 6108,
        computed: 5758,
        difference: 350,
      },
    ]);
    expect(reconcile(r)).toEqual({
      status: "differs",
      line: 8,
      label: "Spring Sale › Interests",
      scope: "entity",
      checked: 2,
      reason: "breakdown-unattributed",
      differences: [
        { metric: "impressions", rows: 5000, file: 5400, difference: 400 },
        { metric: "costCents", rows: 5758, file: 6108, difference: 350 },
      ],
      reachDeduplicated: false,
    });
  });

  it("keeps the dimensions, the breakdown values and the totals check in the preview and the stored rows", async () => {
    const r = await parseAdFixture("meta-breakdown-age-gender.csv");
    const summary = summarize(r);
    expect(summary.breakdown).toEqual(["age", "gender"]);
    expect(summary.rows).toBe(11);
    expect(summary.totals).toMatchObject({ impressions: 50800, costCents: 74852 });
    expect(summary.reconciliation).toMatchObject({ status: "match" });
    expect(summary.sample[0]!.breakdown).toEqual({ age: "18-24", gender: "female" });
    const packed = unpackRows(packRows(r.rows));
    expect(packed).toHaveLength(11);
    const extras = JSON.parse(packed[0]![STORED_COLUMNS.indexOf("extras")] as string) as { breakdown?: unknown };
    expect(extras.breakdown).toEqual({ age: "18-24", gender: "female" });
    // A preview kept before the totals check: worked out from its totals.
    const older = { ...summary, reconciliation: undefined, breakdown: undefined };
    expect(reconcileSummary(older)).toMatchObject({ status: "match", line: 2, scope: "account" });
  });
});

describe("the totals check and the breakdown as the pages say them", () => {
  const view = (locale: Locale, result: ReturnType<typeof reconcile>, currency = "USD") =>
    renderToStaticMarkup(
      h(TranslatorContext.Provider, { value: serverTranslator(locale) }, h(ImportReconciliation, { result, locale, currency })),
    ).replace(/\u00a0|\u202f/g, " ");

  it("says the rows add up, or by how much they do not and why, in the reader's language", async () => {
    const match = view("en", reconcile(await parseAdFixture("meta-breakdown-age-gender.csv")));
    expect(match).toContain("✓ Rows add up to the file&#x27;s totals");
    expect(match).toContain("Compared with line 2 (summary row).");
    expect(match).toContain("Reach is not compared");
    const hidden = view("en", reconcile(await parseAdFixture("google-search-terms.csv")));
    expect(hidden).toContain("The rows do not add up to the file&#x27;s totals (line 10, Total: Account)");
    expect(hidden).toContain("Cost: the rows add up to $330.00, the file&#x27;s total says $360.00, a difference of $30.00.");
    expect(hidden).toContain("Why: the total includes rows the platform does not list one by one");
    const removed = view("de", reconcile(await parseAdFixture("google-campaign.csv")));
    expect(removed).toContain("Die Zeilen ergeben nicht die Summen der Datei (Zeile 9, Total: Account)");
    expect(removed).toContain("Grund: Die Summe enthält Kampagnen, Anzeigengruppen oder Anzeigen, die der Export nicht aufführt");
    expect(view("nl", { status: "no-totals" })).toContain("Het bestand heeft geen totaalrij");
  });

  it("names a breakdown's dimensions as the locale lists them", () => {
    expect(breakdownLabel(fixedT("en", ["ads"]), "en", ["age", "gender"])).toBe("Broken down by age and gender");
    expect(breakdownLabel(fixedT("nl", ["ads"]), "nl", ["platform", "placement"])).toBe("Uitgesplitst naar platform en plaatsing");
    expect(breakdownLabel(fixedT("fr", ["ads"]), "fr", ["country"])).toBe("Ventilé par pays");
    expect(breakdownLabel(fixedT("en", ["ads"]), "en", null)).toBeNull();
  });
});

/**
 * Every fixture of tests/fixtures/ads (whoever added it): its rows add up to its own totals rows.
 * The exceptions are listed with why: a documented difference (its reason), or an export that has
 * no totals row. Files whose rows carry no metrics (Editor, Keyword Planner, Auction insights) have
 * nothing to add up.
 */
const EXPECTED: Record<string, "no-totals" | "hidden-rows" | "unlisted-entities" | "refused"> = {
  // `Total: Account` counts a removed campaign the report does not list (`Total: Campaigns` matches).
  "google-campaign.csv": "unlisted-entities",
  "google-campaign-excel.csv": "unlisted-entities",
  // `Total: Account` includes `Total: Other search terms` (privacy-hidden terms, never rows).
  "google-campaign-removed.csv": "unlisted-entities",
  "google-search-terms.csv": "hidden-rows",
  "google-search-terms-de.csv": "hidden-rows",
  // Exports without a totals row: Meta without "Include summary row", Microsoft's report (footer only).
  "meta-daily.csv": "no-totals",
  "meta-period-es.csv": "no-totals",
  "meta-ads-rankings.csv": "no-totals",
  "microsoft-keywords.csv": "no-totals",
  "microsoft-ad-performance.csv": "no-totals",
  "microsoft-campaigns.csv": "no-totals",
  "microsoft-keywords-network.csv": "no-totals",
  "meta-campaigns.csv": "no-totals",
  "meta-adsets-daily.csv": "no-totals",
  // Not row-level performance data: refused with the report to download instead (never summed).
  "google-asset-report.csv": "refused",
  "google-change-history.csv": "refused",
  "google-overview-card.csv": "refused",
};

describe("every fixture reconciles with its own totals", () => {
  const files = readdirSync(AD_FIXTURES).filter((file) => /\.(csv|tsv|txt)$/i.test(file));

  it("finds the fixtures", () => {
    expect(files).toEqual(expect.arrayContaining(["google-campaign.csv", "meta-breakdown-age-gender.csv", "meta-breakdown-placement.csv"]));
  });

  it.each(files)("%s", async (file) => {
    if (EXPECTED[file] === "refused") {
      await expect(parseAdFixture(file)).rejects.toMatchObject({ code: "ads.import.notPerformance" });
      return;
    }
    const r = await parseAdFixture(file);
    const result = reconcile(r);
    const withMetrics = r.rows.some(
      (row) => row.metrics.impressions != null || row.metrics.clicks != null || row.metrics.costCents != null,
    );
    const expected = EXPECTED[file] ?? (withMetrics ? "match" : "no-totals");
    if (expected === "match") {
      expect(result, file).toMatchObject({ status: "match" });
    } else if (expected === "no-totals") {
      expect(result, file).toEqual({ status: "no-totals" });
    } else {
      expect(result, file).toMatchObject({ status: "differs", reason: expected });
    }
    // The stored rows are what the dashboard sums: on a match, they are the file's own totals.
    if (result.status === "match" && result.scope === "account") {
      const account = r.fileTotals.find((t) => t.scope === "account")!;
      for (const [metric, value] of Object.entries(account.metrics)) {
        if (value == null || metricsOf(r)[metric as keyof Metrics] == null) continue;
        expect(Math.abs(metricsOf(r)[metric as keyof Metrics]! - value), `${file} ${metric}`).toBeLessThanOrEqual(r.rows.length);
      }
    }
  });
});

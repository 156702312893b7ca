/**
 * The ad dashboard (app/ads/dashboard.server.ts and `/ads`) against a real database, on figures of
 * real stored imports: it opens on the latest import's period; KPIs and their change against the
 * same number of days right before (absent, never 0%, without previous data); one export level per
 * platform (a campaign and a keyword report of the same days count the campaign figures once); a
 * period export counts only when the range covers it, an "All time" export only when every row is
 * asked for, never spread over days; filters and sorting; another user's client account is never
 * read; a bad date in the query string is a message and the default period, not a 500.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-dashboard-test-secret-0123456789-0123456789";

import { ClientAccountNotFoundError, createClientAccount, ensureWorkspace } from "~/ads/accounts.server";
import { dashboardQueryFromSearch, type DashboardQuery } from "~/ads/dashboard-query";
import { adsDashboard } from "~/ads/dashboard.server";
import { getImportPreview, stageImport, storeImport } from "~/ads/imports.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { loader } from "~/routes/($locale)._app.ads._index/route";
import { createUser } from "~/users/users.server";
import { sessionCookie, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const encode = (text: string) => new TextEncoder().encode(text);
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures/ads", name)));
const english = (day: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(day));
function daysFrom(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
}

interface Line {
  campaign: string;
  impressions: number;
  clicks: number;
  cost: string;
  conversions: string;
  value: string;
}

/** A Google Ads campaign report with a Day column (every line on every day). */
function googleCampaignDaily(days: string[], lines: Line[]): Uint8Array {
  const out = [
    "Campaign report",
    `"${english(days[0]!)} - ${english(days.at(-1)!)}"`,
    "Day,Campaign,Currency code,Impr.,Clicks,Cost,Conversions,Conv. value",
  ];
  for (const day of days)
    for (const l of lines) out.push(`${day},${l.campaign},USD,${l.impressions},${l.clicks},${l.cost},${l.conversions},${l.value}`);
  return encode(`${out.join("\n")}\n`);
}

/** A Google Ads campaign report of one period (no Day column); `dates` is the date line ("All time" or a range). */
function googleCampaignPeriod(dates: string, lines: Line[]): Uint8Array {
  const out = ["Campaign report", dates, "Campaign,Currency code,Impr.,Clicks,Cost,Conversions,Conv. value"];
  for (const l of lines) out.push(`${l.campaign},USD,${l.impressions},${l.clicks},${l.cost},${l.conversions},${l.value}`);
  return encode(`${out.join("\n")}\n`);
}

/** A Google Ads search keyword report with a Day column: one keyword of campaign Brand per day. */
function googleKeywordsDaily(days: string[]): Uint8Array {
  const out = [
    "Search keyword report",
    `"${english(days[0]!)} - ${english(days.at(-1)!)}"`,
    "Day,Keyword,Match type,Campaign,Ad group,Currency code,Impr.,Clicks,Cost,Conversions",
  ];
  for (const day of days) out.push(`${day},[acme shoes],Exact match,Brand,Brand,USD,1000,100,40.00,4.00`);
  return encode(`${out.join("\n")}\n`);
}

/** A Meta Ads Manager ad set export with a day breakdown: two ad sets of "Spring Sale" per day, $30 a day. */
function metaDaily(days: string[]): Uint8Array {
  const out = [
    "Reporting starts,Reporting ends,Campaign name,Ad set name,Impressions,Amount spent (USD),Link clicks,Purchases,Purchases conversion value",
  ];
  for (const day of days) {
    out.push(`${day},${day},Spring Sale,Lookalike,1000,20.00,10,1,30.00`);
    out.push(`${day},${day},Spring Sale,Interests,500,10.00,5,0,0`);
  }
  return encode(`${out.join("\n")}\n`);
}

const BRAND_APRIL: Line = { campaign: "Brand", impressions: 1000, clicks: 100, cost: "50.00", conversions: "5.00", value: "250.00" };
const GENERIC_APRIL: Line = { campaign: "Generic", impressions: 2000, clicks: 50, cost: "100.00", conversions: "2.00", value: "100.00" };
const BRAND_MAY: Line = { campaign: "Brand", impressions: 1200, clicks: 120, cost: "60.00", conversions: "6.00", value: "300.00" };
const GENERIC_MAY: Line = { campaign: "Generic", impressions: 2000, clicks: 40, cost: "80.00", conversions: "0.00", value: "0.00" };

const APRIL = daysFrom("2026-04-24", 7);
const MAY_WEEK = daysFrom("2026-05-01", 7);
const MAY_1_7 = { from: "2026-05-01", to: "2026-05-07" };

const query = (overrides: Partial<DashboardQuery> = {}): DashboardQuery => ({
  period: null,
  platform: null,
  campaign: null,
  sort: "spend",
  dir: "desc",
  ...overrides,
});

describe("the dashboard's query string", () => {
  const parse = (text: string) => dashboardQueryFromSearch(new URLSearchParams(text));

  it("reads a valid range, platform, campaign and sort", () => {
    expect(parse("from=2026-05-01&to=2026-05-07&platform=meta&campaign=%20Brand%20&sort=cpa&dir=asc")).toEqual({
      query: { period: MAY_1_7, platform: "meta", campaign: "Brand", sort: "cpa", dir: "asc" },
      error: null,
    });
    expect(parse("period=all").query.period).toBe("all");
    expect(parse("").query).toEqual(query());
    expect(parse("sort=campaign").query.dir).toBe("asc");
    expect(parse("platform=tiktok&sort=evil&dir=up").query).toEqual(query());
  });

  it("answers bad dates with an error code and the default period", () => {
    expect(parse("from=2026-13-01&to=2026-05-07")).toMatchObject({ query: { period: null }, error: "dates" });
    expect(parse("from=2026-02-30&to=2026-03-07")).toMatchObject({ query: { period: null }, error: "dates" });
    expect(parse("from=yesterday&to=2026-03-07")).toMatchObject({ query: { period: null }, error: "dates" });
    expect(parse("from=2026-05-01")).toMatchObject({ query: { period: null }, error: "dates" });
    expect(parse("from=2026-05-08&to=2026-05-01")).toMatchObject({ query: { period: null }, error: "order" });
    expect(parse("from=2020-01-01&to=2026-05-01")).toMatchObject({ query: { period: null }, error: "tooLong" });
    // Dates win over period=all (the form keeps period=all hidden while showing everything).
    expect(parse("period=all&from=2026-05-01&to=2026-05-07")).toMatchObject({ query: { period: MAY_1_7 }, error: null });
  });
});

describeEachDatabase("the ad dashboard", (t) => {
  let owner: string;
  let stranger: string;
  let clientA: string;
  let clientB: string;

  async function importInto(clientId: string, bytes: Uint8Array, filename = "export.csv") {
    const id = await stageImport(t.db, { ownerId: owner, clientAccountId: clientId, filename, bytes });
    expect((await storeImport(t.db, owner, id)).outcome).toBe("stored");
    return id;
  }
  const dashboardOf = (clientId: string, overrides: Partial<DashboardQuery> = {}) => adsDashboard(t.db, owner, clientId, query(overrides));

  useAppDatabase(t, async () => {
    owner = (
      await createUser(t.db, { email: `agency-${crypto.randomUUID()}@example.com`, name: "Agency", password: "correct horse battery" })
    ).id;
    stranger = (
      await createUser(t.db, { email: `stranger-${crypto.randomUUID()}@example.com`, name: "Stranger", password: "correct horse battery" })
    ).id;
    clientA = (await ensureWorkspace(t.db, owner, "Acme"))[0]!.id;
    clientB = (await unitOfWork(t.db, (tx) => createClientAccount(tx, owner, { name: "Bravo", industry: "all", timeZone: "UTC" }))).id;
  });

  it("shows nothing before the first import", async () => {
    const dashboard = await dashboardOf(clientA);
    expect(dashboard).toMatchObject({ hasData: false, editorOnly: false, rows: 0, campaigns: [], days: [], sources: [], period: "all" });
    expect(dashboard.kpis.spendCents).toEqual({ value: null, previous: null, change: null });
  });

  it("says when only Editor exports (settings, no figures) are stored", async () => {
    await importInto(clientB, fixture("editor-keywords.csv"));
    expect(await dashboardOf(clientB)).toMatchObject({ hasData: false, editorOnly: true, rows: 0 });
  });

  it("opens on the latest import's period, with every KPI's change against the days right before", async () => {
    await importInto(clientA, googleCampaignDaily(APRIL, [BRAND_APRIL, GENERIC_APRIL]));
    await importInto(clientA, googleCampaignDaily(MAY_WEEK, [BRAND_MAY, GENERIC_MAY]));
    const dashboard = await dashboardOf(clientA);
    expect(dashboard).toMatchObject({
      hasData: true,
      defaultPeriod: true,
      period: MAY_1_7,
      previous: { from: "2026-04-24", to: "2026-04-30" },
      hasPrevious: true,
      currency: "USD",
    });
    expect(dashboard.sources).toEqual([{ platform: "google", level: "campaign", periodExports: false, allTime: false, breakdown: null }]);
    const { kpis } = dashboard;
    expect(kpis.spendCents).toEqual({ value: 98_000, previous: 105_000, change: -6.7 });
    expect(kpis.impressions).toEqual({ value: 22_400, previous: 21_000, change: 6.7 });
    expect(kpis.clicks).toEqual({ value: 1_120, previous: 1_050, change: 6.7 });
    expect(kpis.ctr).toEqual({ value: 0.05, previous: 0.05, change: 0 });
    expect(kpis.avgCpcCents).toEqual({ value: 87.5, previous: 100, change: -12.5 });
    expect(kpis.conversions).toEqual({ value: 42, previous: 49, change: -14.3 });
    expect(kpis.cpaCents.value).toBeCloseTo(98_000 / 42, 6);
    expect(kpis.cpaCents.change).toBe(8.9);
    expect(kpis.conversionValueCents).toEqual({ value: 210_000, previous: 245_000, change: -14.3 });
    expect(kpis.roas.value).toBeCloseTo(210_000 / 98_000, 6);
    expect(kpis.roas.change).toBe(-8.2);
    expect(kpis.campaigns).toEqual({ value: 2, previous: 2, change: 0 });
    expect(dashboard.days).toEqual(MAY_WEEK.map((day) => ({ day, spendCents: 14_000, conversions: 6 })));
    expect(dashboard.campaigns.map((row) => [row.campaign, row.spendCents, row.conversions])).toEqual([
      ["Generic", 56_000, 0],
      ["Brand", 42_000, 42],
    ]);
    expect(dashboard.periods).toEqual([MAY_1_7, { from: "2026-04-24", to: "2026-04-30" }]);
  });

  it("has no change (not 0%) where the previous period has no data", async () => {
    const dashboard = await dashboardOf(clientA, { period: { from: "2026-04-24", to: "2026-04-30" } });
    expect(dashboard.kpis.spendCents).toEqual({ value: 105_000, previous: null, change: null });
    expect(dashboard.hasPrevious).toBe(false);
    expect(Object.values(dashboard.kpis).every((kpi) => kpi.change === null)).toBe(true);
  });

  it("counts a campaign and a keyword report of the same days once, at campaign level", async () => {
    await importInto(clientA, googleKeywordsDaily(MAY_WEEK));
    const dashboard = await dashboardOf(clientA);
    expect(dashboard.period).toEqual(MAY_1_7);
    expect(dashboard.sources).toEqual([{ platform: "google", level: "campaign", periodExports: false, allTime: false, breakdown: null }]);
    expect(dashboard.kpis.spendCents.value).toBe(98_000);
    expect(dashboard.kpis.impressions.value).toBe(22_400);
    // Where only the keyword report has days, its figures count.
    await importInto(clientA, googleKeywordsDaily(daysFrom("2026-05-08", 2)));
    const later = await dashboardOf(clientA, { period: { from: "2026-05-08", to: "2026-05-09" } });
    expect(later.sources).toEqual([{ platform: "google", level: "keyword", periodExports: false, allTime: false, breakdown: null }]);
    expect(later.kpis.spendCents.value).toBe(8_000);
    expect(later.kpis.conversions.value).toBe(8);
  });

  it("adds each platform's own level (Meta ad sets) and filters by platform", async () => {
    await importInto(clientA, metaDaily(MAY_WEEK));
    const both = await dashboardOf(clientA, { period: MAY_1_7 });
    expect(both.sources.map((source) => [source.platform, source.level])).toEqual([
      ["google", "campaign"],
      ["meta", "ad-group"],
    ]);
    expect(both.kpis.spendCents.value).toBe(98_000 + 21_000);
    expect(both.kpis.conversionValueCents.value).toBe(210_000 + 21_000);
    expect(both.kpis.campaigns.value).toBe(3);
    expect(both.days[0]).toEqual({ day: "2026-05-01", spendCents: 14_000 + 3_000, conversions: 7 });
    expect(both.campaignNames).toEqual(["Brand", "Generic", "Spring Sale"]);

    const meta = await dashboardOf(clientA, { period: MAY_1_7, platform: "meta" });
    expect(meta.sources.map((source) => source.platform)).toEqual(["meta"]);
    expect(meta.kpis.spendCents.value).toBe(21_000);
    expect(meta.kpis.clicks.value).toBe(105);
    expect(meta.campaigns.map((row) => [row.platform, row.campaign, row.spendCents])).toEqual([["meta", "Spring Sale", 21_000]]);
    expect(meta.campaignNames).toEqual(["Spring Sale"]);
  });

  it("filters by campaign: KPIs, previous period and days of that campaign only", async () => {
    const brand = await dashboardOf(clientA, { period: MAY_1_7, campaign: "Brand" });
    expect(brand.kpis.spendCents).toEqual({ value: 42_000, previous: 35_000, change: 20 });
    expect(brand.kpis.campaigns).toEqual({ value: 1, previous: 1, change: 0 });
    expect(brand.days.every((day) => day.spendCents === 6_000)).toBe(true);
    expect(brand.campaigns.map((row) => row.campaign)).toEqual(["Brand"]);
    expect(brand.campaignNames).toEqual(["Brand", "Generic", "Spring Sale"]);

    const nothing = await dashboardOf(clientA, { period: MAY_1_7, campaign: "No such campaign" });
    expect(nothing).toMatchObject({ hasData: true, rows: 0, campaigns: [] });
    expect(nothing.kpis.spendCents.value).toBeNull();
    const elsewhere = await dashboardOf(clientA, { period: { from: "2025-01-01", to: "2025-01-31" } });
    expect(elsewhere).toMatchObject({ hasData: true, rows: 0, sources: [], days: [] });
  });

  it("sorts the campaigns table by any column, missing values last", async () => {
    const names = async (sort: DashboardQuery["sort"], dir: DashboardQuery["dir"]) =>
      (await dashboardOf(clientA, { period: MAY_1_7, sort, dir })).campaigns.map((row) => row.campaign);
    expect(await names("spend", "desc")).toEqual(["Generic", "Brand", "Spring Sale"]);
    expect(await names("spend", "asc")).toEqual(["Spring Sale", "Brand", "Generic"]);
    expect(await names("campaign", "asc")).toEqual(["Brand", "Generic", "Spring Sale"]);
    expect(await names("campaign", "desc")).toEqual(["Spring Sale", "Generic", "Brand"]);
    expect(await names("platform", "desc")).toEqual(["Spring Sale", "Brand", "Generic"]);
    // Generic has no conversions: no cost per conversion, last both ways.
    expect(await names("cpa", "asc")).toEqual(["Brand", "Spring Sale", "Generic"]);
    expect(await names("cpa", "desc")).toEqual(["Spring Sale", "Brand", "Generic"]);
    expect(await names("ctr", "asc")).toEqual(["Spring Sale", "Generic", "Brand"]);
  });

  it("counts a period export only when the range covers its whole period, and then not the day rows of its days", async () => {
    const id = await importInto(clientA, fixture("google-campaign.csv"));
    const monthCents = (await getImportPreview(t.db, owner, id)).summary!.totals.costCents!;
    expect(monthCents).toBeGreaterThan(0);

    const may = await dashboardOf(clientA);
    expect(may.period).toEqual({ from: "2026-05-01", to: "2026-05-31" });
    expect(may.sources.find((source) => source.platform === "google")).toEqual({
      platform: "google",
      level: "campaign",
      periodExports: true,
      allTime: false,
      breakdown: null,
    });
    expect(may.kpis.spendCents.value).toBe(monthCents + 21_000);
    // The chart holds day rows that count: Meta's week (Google's May days are in the month export).
    expect(may.days).toEqual(MAY_WEEK.map((day) => ({ day, spendCents: 3_000, conversions: 1 })));

    const week = await dashboardOf(clientA, { period: MAY_1_7 });
    expect(week.kpis.spendCents.value).toBe(98_000 + 21_000);
    const wider = await dashboardOf(clientA, { period: { from: "2026-04-24", to: "2026-05-31" }, platform: "google" });
    expect(wider.kpis.spendCents.value).toBe(105_000 + monthCents);
  });

  it("lets day exports that hold all of a period export's days count instead of it", async () => {
    await importInto(clientB, googleCampaignDaily(MAY_WEEK, [BRAND_MAY]));
    await importInto(
      clientB,
      googleCampaignPeriod(`"${english("2026-05-01")} - ${english("2026-05-07")}"`, [
        { ...BRAND_MAY, impressions: 8400, clicks: 840, cost: "420.00", conversions: "42.00", value: "2100.00" },
      ]),
    );
    const dashboard = await dashboardOf(clientB);
    expect(dashboard.period).toEqual(MAY_1_7);
    expect(dashboard.sources).toEqual([{ platform: "google", level: "campaign", periodExports: false, allTime: false, breakdown: null }]);
    expect(dashboard.kpis.spendCents.value).toBe(42_000);
    expect(dashboard.days).toHaveLength(7);
  });

  it("never spreads an All time export over days: it counts alone, only when every row is asked for", async () => {
    await importInto(clientB, metaDaily(daysFrom("2026-05-01", 3)));
    await importInto(
      clientB,
      googleCampaignPeriod("All time", [
        { campaign: "Brand", impressions: 90_000, clicks: 9_000, cost: "4500.00", conversions: "450.00", value: "22500.00" },
      ]),
    );
    const all = await dashboardOf(clientB);
    expect(all).toMatchObject({ period: "all", defaultPeriod: true, previous: null, hasPrevious: false });
    expect(all.sources).toEqual([
      { platform: "google", level: "campaign", periodExports: true, allTime: true, breakdown: null },
      { platform: "meta", level: "ad-group", periodExports: false, allTime: false, breakdown: null },
    ]);
    expect(all.kpis.spendCents).toEqual({ value: 450_000 + 9_000, previous: null, change: null });
    expect(all.days).toEqual(daysFrom("2026-05-01", 3).map((day) => ({ day, spendCents: 3_000, conversions: 1 })));
    expect(all.periods).toContain("all");

    const googleOnly = await dashboardOf(clientB, { platform: "google" });
    expect(googleOnly.kpis.spendCents.value).toBe(450_000);
    expect(googleOnly.days).toEqual([]);

    // A dated range never holds it: the day rows count.
    const week = await dashboardOf(clientB, { period: MAY_1_7, platform: "google" });
    expect(week.sources).toEqual([{ platform: "google", level: "campaign", periodExports: false, allTime: false, breakdown: null }]);
    expect(week.kpis.spendCents.value).toBe(42_000);
  });

  it("shows the clicks of a responsive search ad report that has Interactions instead of Clicks", async () => {
    const clientC = (await unitOfWork(t.db, (tx) => createClientAccount(tx, owner, { name: "Charlie", industry: "all", timeZone: "UTC" })))
      .id;
    await importInto(clientC, fixture("google-ads-rsa-interactions.csv"));
    const dashboard = await dashboardOf(clientC);
    expect(dashboard.period).toEqual({ from: "2026-11-01", to: "2026-11-26" });
    expect(dashboard.kpis.clicks.value).toBe(478);
    expect(dashboard.kpis.ctr.value).toBeCloseTo(478 / 7070, 10);
    expect(dashboard.campaigns.find((campaign) => campaign.campaign === "Brand")).toMatchObject({ clicks: 300 });
  });

  it("never reads another user's client account", async () => {
    await expect(adsDashboard(t.db, stranger, clientA, query())).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    const strangers = await ensureWorkspace(t.db, stranger, "Mine");
    await expect(adsDashboard(t.db, owner, strangers[0]!.id, query())).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    expect((await adsDashboard(t.db, stranger, strangers[0]!.id, query())).hasData).toBe(false);

    // Through the route: ?client= of someone else falls back to the user's own client account.
    const cookie = await sessionCookie(t.db, { id: stranger, role: "user" }, { remember: false });
    const request = new Request(`http://localhost:3000/en/ads?client=${clientA}`, { headers: { Cookie: cookie } });
    const page = await answer(() => loader({ request, params: { locale: "en" }, context: {} }));
    expect(page.status).toBe(200);
    expect(page.body.client.id).toBe(strangers[0]!.id);
    expect(page.body.dashboard).toMatchObject({ hasData: false, rows: 0 });
  });

  it("answers a bad date in the query string with a message and the default period, not a 500", async () => {
    const cookie = await sessionCookie(t.db, { id: owner, role: "user" }, { remember: false });
    const get = (search: string) =>
      answer(() =>
        loader({
          request: new Request(`http://localhost:3000/en/ads?client=${clientA}&${search}`, { headers: { Cookie: cookie } }),
          params: { locale: "en" },
          context: {},
        }),
      );
    const bad = await get("from=2026-05-32&to=2026-06-03&platform=meta");
    expect(bad.status).toBe(200);
    expect(bad.body.error).toBe("dates");
    expect(bad.body.dashboard).toMatchObject({ defaultPeriod: true, period: { from: "2026-05-01", to: "2026-05-31" } });
    expect(bad.body.dashboard.kpis.spendCents.value).toBe(21_000);
    expect(bad.body.filters.platform).toBe("meta");

    const good = await get("from=2026-05-01&to=2026-05-07&sort=campaign");
    expect(good.body.error).toBeNull();
    expect(good.body.dashboard.period).toEqual(MAY_1_7);
    expect(good.body.dashboard.campaigns.map((row: { campaign: string }) => row.campaign)).toEqual(["Brand", "Generic", "Spring Sale"]);
    expect(good.body.meta.title).toContain("Ad performance");
  });
});

/**
 * Competitor tracking (app/ads/competitors.server.ts, the `competitor-gaining` alert and
 * `/ads/competitors`) against a real database, on Auction insights exports stored the way the
 * import route stores them: trends over several imported periods and over a week-segmented export
 * (a later import wins for the same week), new entrants and gaining competitors flagged with
 * `< 10%` kept as a bound, the dashboard and the audit ignoring the kind, the alert firing once,
 * and nobody reading another user's rows.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-competitors-test-secret-0123456789-0123456789";

import { ClientAccountNotFoundError } from "~/ads/accounts.server";
import { createAlert, evaluateAlerts, listFirings } from "~/ads/alerts.server";
import { NothingToAuditError, runAudit } from "~/ads/audit/audit.server";
import { competitorReport, shareChange } from "~/ads/competitors.server";
import { dashboardQueryFromSearch } from "~/ads/dashboard-query";
import { adsDashboard } from "~/ads/dashboard.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { loader as competitorsLoader } from "~/routes/($locale)._app.ads.competitors/route";
import { expectSignInFirst, ownerAndStranger, strangersOwnPage } from "../support/ads";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";
import { DAY_MS } from "../support/time";

const APP = "http://localhost:3000";
const APP_URL = new URL(APP);
const NOW = Date.parse("2026-07-02T12:00:00.000Z");
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures/ads", name));

/** One row: domain, impression share, position-above rate (`--` for You). */
type Row = [domain: string, share: string, positionAbove?: string];

/** An unsegmented Search Auction insights export for one month. */
function auctionMonth(range: string, rows: Row[]): Uint8Array {
  const lines = [
    "Auction insights report",
    `"${range}"`,
    "Display URL domain,Impr. share,Overlap rate,Position above rate,Top of page rate,Abs. Top of page rate,Outranking share",
  ];
  for (const [domain, share, above] of rows)
    lines.push(
      `${domain},${share},${domain === "You" ? "--" : "40.00%"},${above ?? "--"},50.00%,20.00%,${domain === "You" ? "--" : "30.00%"}`,
    );
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

const APRIL: Row[] = [
  ["You", "40.00%"],
  ["rival.example", "30.00%", "40.00%"],
  ["small.example", "< 10%", "20.00%"],
];
const MAY: Row[] = [
  ["You", "38.00%"],
  ["rival.example", "33.00%", "45.00%"],
  ["small.example", "< 10%", "20.00%"],
  ["newco.example", "12.00%", "30.00%"],
];
const JUNE: Row[] = [
  ["You", "35.00%"],
  ["rival.example", "36.00%", "55.00%"],
  ["small.example", "< 10%", "25.00%"],
  ["newco.example", "15.00%", "30.00%"],
  ["tiny.example", "< 10%", "10.00%"],
];

describeEachDatabase("competitor tracking", (t) => {
  const { owner, stranger, clientAccount } = ownerAndStranger(t, "competitors");
  async function importFile(userId: string, clientAccountId: string, bytes: Uint8Array) {
    const id = await stageImport(t.db, { ownerId: userId, clientAccountId, filename: "auction.csv", bytes });
    return storeImport(t.db, userId, id);
  }
  async function threeMonths(userId = owner.id) {
    const client = await clientAccount(userId);
    await importFile(userId, client.id, auctionMonth("April 1, 2026 - April 30, 2026", APRIL));
    await importFile(userId, client.id, auctionMonth("May 1, 2026 - May 31, 2026", MAY));
    await importFile(userId, client.id, auctionMonth("June 1, 2026 - June 30, 2026", JUNE));
    return client;
  }

  it("treats `< 10%` as a bound in changes", () => {
    expect(shareChange({ value: 0.3, bound: "exact" }, { value: 0.36, bound: "exact" })).toEqual({ min: 6, max: 6 });
    expect(shareChange({ value: 0.1, bound: "below" }, { value: 0.1, bound: "below" })).toEqual({ min: -10, max: 10 });
    expect(shareChange({ value: 0.1, bound: "below" }, { value: 0.16, bound: "exact" })).toEqual({ min: 6, max: 16 });
  });

  it("trends per competitor over imported periods, with new entrants and gaining competitors flagged", async () => {
    const client = await threeMonths();
    const report = await competitorReport(t.db, owner.id, client.id);
    expect(report.periods).toEqual([
      { key: "2026-04-30", start: "2026-04-01", end: "2026-04-30" },
      { key: "2026-05-31", start: "2026-05-01", end: "2026-05-31" },
      { key: "2026-06-30", start: "2026-06-01", end: "2026-06-30" },
    ]);
    expect(report.campaign).toBeNull();
    expect(report.you).toMatchObject({ domain: "You", isYou: true, change: { min: -5, max: -5 }, newEntrant: false, gaining: false });
    expect(report.you!.points.map((point) => point?.impressionShare?.value)).toEqual([0.4, 0.38, 0.35]);
    const summary = report.competitors.map((c) => [c.domain, c.newEntrant, c.gaining, c.overtaking, c.change]);
    expect(summary).toEqual([
      // +6 points and now above the client's ads in 55% of shared auctions (was 40%).
      ["rival.example", false, true, true, { min: 6, max: 6 }],
      // Absent in April, 15% now: a new entrant (+3 points since May: not gaining).
      ["newco.example", true, false, false, { min: 3, max: 3 }],
      // `< 10%` throughout: anywhere from -10 to +10 points, never a gain for sure.
      ["small.example", false, false, false, { min: -10, max: 10 }],
      // New, but `< 10%` is not "at least 10%".
      ["tiny.example", false, false, false, null],
    ]);
    expect(report.competitors[1]!.points.map((point) => point?.impressionShare ?? null)).toEqual([
      null,
      { value: 0.12, bound: "exact" },
      { value: 0.15, bound: "exact" },
    ]);
    expect(report.competitors[2]!.latest?.impressionShare).toEqual({ value: 0.1, bound: "below" });

    // A higher gain threshold: rival still flagged (it overtook the client), for the overtaking only.
    const strict = await competitorReport(t.db, owner.id, client.id, { gainPoints: 10 });
    expect(strict.competitors.find((c) => c.domain === "rival.example")).toMatchObject({
      gaining: true,
      gainingShare: false,
      overtaking: true,
    });
    expect(report.competitors[0]).toMatchObject({ gainingShare: true });
  });

  it("reads a week-segmented export by week, the later import winning for the same week", async () => {
    const client = await clientAccount();
    await importFile(owner.id, client.id, fixture("google-auction-insights.csv"));
    const later = [
      "Auction insights report",
      '"May 18, 2026 - May 31, 2026"',
      "Week,Display URL domain,Impr. share,Overlap rate,Position above rate,Top of page rate,Abs. Top of page rate,Outranking share",
    ];
    later.push("2026-05-18,You,41.00%,--,--,58.00%,19.00%,--", "2026-05-18,rival.example,46.00%,58.30%,53.20%,75.00%,33.00%,31.20%");
    later.push("2026-05-25,You,40.00%,--,--,57.00%,18.00%,--", "2026-05-25,rival.example,47.00%,59.00%,54.00%,76.00%,34.00%,30.00%");
    await importFile(owner.id, client.id, new TextEncoder().encode(later.join("\n")));
    const report = await competitorReport(t.db, owner.id, client.id);
    expect(report.periods.map((period) => period.key)).toEqual(["2026-05-04", "2026-05-11", "2026-05-18", "2026-05-25"]);
    expect(report.periods[0]).toEqual({ key: "2026-05-04", start: null, end: null });
    const rival = report.competitors.find((c) => c.domain === "rival.example")!;
    expect(rival.points.map((point) => point?.impressionShare?.value)).toEqual([0.385, 0.41, 0.46, 0.47]);
    expect(rival).toMatchObject({ gaining: true, overtaking: true, change: { min: 8.5, max: 8.5 } });
    // newshop.example was only in the replaced week.
    expect(report.competitors.map((c) => c.domain)).toEqual(["rival.example", "small.example"]);
  });

  it("reads one campaign at a time when the export has campaigns", async () => {
    const client = await clientAccount();
    await importFile(owner.id, client.id, fixture("google-auction-insights-excel.csv"));
    const report = await competitorReport(t.db, owner.id, client.id);
    expect(report).toMatchObject({ campaigns: ["Shopping All"], campaign: "Shopping All", accountLevel: false });
    expect(report.periods.map((period) => period.key)).toEqual(["2026-04-01", "2026-05-01"]);
    expect(report.competitors.map((c) => [c.domain, c.gaining, c.change])).toEqual([
      ["rival.example", true, { min: 6.2, max: 6.2 }],
      ["tiny.example", false, { min: -10, max: 10 }],
    ]);
    const other = await competitorReport(t.db, owner.id, client.id, { campaign: "Search Brand" });
    expect(other.periods).toEqual([]);
  });

  it("is ignored by the dashboard and the audit", async () => {
    const client = await threeMonths();
    const dashboard = await adsDashboard(t.db, owner.id, client.id, dashboardQueryFromSearch(new URLSearchParams()).query);
    expect(dashboard.rows).toBe(0);
    expect(dashboard.campaigns).toEqual([]);
    await expect(runAudit(t.db, owner.id, client.id)).rejects.toBeInstanceOf(NothingToAuditError);
  });

  it("never reads another user's client account or rows", async () => {
    const mine = await threeMonths();
    const theirs = await clientAccount(stranger.id);
    await importFile(
      stranger.id,
      theirs.id,
      auctionMonth("June 1, 2026 - June 30, 2026", [
        ["You", "50.00%"],
        ["secret.example", "45.00%", "30.00%"],
      ]),
    );
    await expect(competitorReport(t.db, stranger.id, mine.id)).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    await expect(competitorReport(t.db, owner.id, theirs.id)).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    const report = await competitorReport(t.db, owner.id, mine.id);
    expect(report.competitors.map((c) => c.domain)).not.toContain("secret.example");
  });

  it("competitor-gaining alert: fires once for the data, not again the same day or on the same data", async () => {
    const client = await threeMonths();
    const quiet = await clientAccount();
    await importFile(owner.id, quiet.id, auctionMonth("May 1, 2026 - May 31, 2026", MAY));
    const gaining = await unitOfWork(t.db, (tx) =>
      createAlert(tx, owner.id, client.id, { kind: "competitor-gaining", threshold: 5, days: null, campaign: null }),
    );
    const otherCampaign = await unitOfWork(t.db, (tx) =>
      createAlert(tx, owner.id, client.id, { kind: "competitor-gaining", threshold: 5, days: null, campaign: "Shopping All" }),
    );
    const single = await unitOfWork(t.db, (tx) =>
      createAlert(tx, owner.id, quiet.id, { kind: "competitor-gaining", threshold: 5, days: null, campaign: null }),
    );

    const fired = await evaluateAlerts(t.db, client.id, { nowMs: NOW, appUrl: APP_URL });
    expect(fired.map((firing) => firing.alertId)).toEqual([gaining.id]);
    expect(fired[0]).toMatchObject({ kind: "competitor-gaining", day: "2026-07-02", value: 36, threshold: 5 });
    expect(fired.map((firing) => firing.alertId)).not.toContain(otherCampaign.id);
    const [firing] = await listFirings(t.db, owner.id, client.id);
    expect(firing!.details).toMatchObject({
      basis: { start: "2026-06-01", end: "2026-06-30" },
      titleKey: "ads.alerts.competitorGaining.title",
      messageKey: "ads.alerts.competitorGaining.gaining",
      params: { domain: "rival.example", sharePercent: 36, gainPercent: 6, latestDay: "2026-06-30" },
    });
    expect((firing!.details.figures as { competitors: Array<{ domain: string }> }).competitors.map((c) => c.domain)).toEqual([
      "rival.example",
      "newco.example",
    ]);
    const notification = await t.db
      .selectFrom("notifications")
      .select(["titleKey", "messageKey"])
      .where("userId", "=", owner.id)
      .where("messageKey", "like", "ads.alerts.competitorGaining.%")
      .execute();
    expect(notification).toHaveLength(1);

    // The same day, and the next day on the same data: nothing more.
    expect(await evaluateAlerts(t.db, client.id, { nowMs: NOW + 60_000, appUrl: APP_URL })).toEqual([]);
    expect(await evaluateAlerts(t.db, client.id, { nowMs: NOW + DAY_MS, appUrl: APP_URL })).toEqual([]);
    // One period: nothing to compare, nothing fires.
    expect(await evaluateAlerts(t.db, quiet.id, { nowMs: NOW, appUrl: APP_URL })).toEqual([]);
    expect(single.kind).toBe("competitor-gaining");
  });

  it("the page loader: the owner's report, the empty state, and nothing of another user's", async () => {
    const client = await threeMonths();
    const request = (cookie: string, query = "") => new Request(`${APP}/en/ads/competitors${query}`, { headers: { Cookie: cookie } });
    const page = await answer(() =>
      competitorsLoader({ request: request(owner.cookie, `?client=${client.id}`), params: { locale: "en" }, context: {} }),
    );
    expect(page.status).toBe(200);
    expect(page.body.client.id).toBe(client.id);
    expect(page.body.report.competitors.map((c: { domain: string }) => c.domain)).toEqual([
      "rival.example",
      "newco.example",
      "small.example",
      "tiny.example",
    ]);
    expect(page.body.meta).toBeTruthy();

    // Another user asking for the owner's client account gets their own (empty) one.
    const theirs = await strangersOwnPage(competitorsLoader, `${APP}/en/ads/competitors`, stranger.cookie, client.id);
    expect(JSON.stringify(theirs.body.report)).not.toContain("rival.example");

    await expectSignInFirst(competitorsLoader, `${APP}/en/ads/competitors`);
  });
});

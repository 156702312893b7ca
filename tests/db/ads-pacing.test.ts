/**
 * Budget pacing (app/ads/pacing.server.ts, the `pacing` alert and `/ads/pacing`) against a real
 * database, on Google Ads campaign reports by day and a Google Ads Editor campaigns export stored
 * the way the import route stores them: month to date, the recent rate, the projection and the
 * status per campaign; the daily budget from whichever of the two was imported last; paused and
 * removed campaigns; the client account's time zone choosing the month; past months; the alert
 * firing once with its notification and e-mail; and nobody reading another user's figures.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it, vi } from "vitest";

process.env.SESSION_SECRET ??= "ads-pacing-test-secret-0123456789-0123456789";

import { ClientAccountNotFoundError } from "~/ads/accounts.server";
import { createAlert, evaluateAlerts, listAlerts, listFirings } from "~/ads/alerts.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { pacingReport } from "~/ads/pacing.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { MailMessage } from "~/mail/mailer.server";
import { action as alertsAction, loader as alertsLoader } from "~/routes/($locale)._app.ads.alerts/route";
import { loader as pacingLoader } from "~/routes/($locale)._app.ads.pacing/route";
import { loader as editorCsvLoader } from "~/routes/($locale)._app.ads.pacing_.editor[.]csv";
import { expectSignInFirst, ownerAndStranger, strangersOwnPage } from "../support/ads";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const APP_URL = new URL(APP);
/** June 16, 2026, midday UTC: the data runs to June 15. */
const NOW = Date.parse("2026-06-16T12:00:00.000Z");
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures/ads", name));

type Day = { day: string; campaign: string; budget: string; cost: string; status?: string; device?: string };

/** A Google Ads campaign report by day with a Budget column. */
function campaignDays(rows: Day[], range = "May 20, 2026 - June 15, 2026"): Uint8Array {
  const device = rows.some((row) => row.device);
  const lines = [
    "Campaign report",
    `"${range}"`,
    `Day,${device ? "Device," : ""}Campaign status,Campaign,Budget,Budget type,Currency code,Impr.,Clicks,Cost,Conversions`,
  ];
  for (const row of rows)
    lines.push(
      `${row.day},${device ? `${row.device ?? ""},` : ""}${row.status ?? "Enabled"},${row.campaign},${row.budget},Daily,USD,1000,50,${row.cost},1`,
    );
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) out.push(day);
  return out;
}

/**
 * May 20 – June 15: "Brand" ($50 a day budget) spends $50 a day; "Generic Shoes" ($120) $60 a day,
 * $150 a day in its last 7 days; "Gesamtpaket Brand" ($30) is paused since June 10.
 */
function juneRows(): Day[] {
  const rows: Day[] = [];
  for (const day of days("2026-05-20", "2026-06-15")) {
    rows.push({ day, campaign: "Brand", budget: "50.00", cost: "50.00" });
    rows.push({ day, campaign: "Generic Shoes", budget: "120.00", cost: day >= "2026-06-09" ? "150.00" : "60.00" });
    const paused = day >= "2026-06-10";
    rows.push({
      day,
      campaign: "Gesamtpaket Brand",
      budget: "30.00",
      cost: paused ? "0.00" : "30.00",
      status: paused ? "Paused" : "Enabled",
    });
  }
  return rows;
}

describeEachDatabase("budget pacing", (t) => {
  const { owner, stranger, clientAccount } = ownerAndStranger(t, "pacing");
  async function importFile(clientAccountId: string, filename: string, bytes: Uint8Array, userId = owner.id) {
    const id = await stageImport(t.db, { ownerId: userId, clientAccountId, filename, bytes });
    return storeImport(t.db, userId, id);
  }

  it("paces each campaign's month from its daily rows and budget", async () => {
    const client = await clientAccount();
    await importFile(client.id, "Campaign report.csv", campaignDays(juneRows()));
    const report = await pacingReport(t.db, owner.id, client.id, { nowMs: NOW });
    expect(report).toMatchObject({ month: "2026-06", today: "2026-06-16", timeZone: "UTC", currency: "USD", tolerancePercent: 10 });
    expect(report.months).toEqual(["2026-06", "2026-05"]);
    expect(report.spendImports.map((item) => [item.filename, item.periodStart, item.periodEnd])).toEqual([
      ["Campaign report.csv", "2026-05-20", "2026-06-15"],
    ]);
    const byName = new Map(report.campaigns.map((item) => [item.campaign, item]));
    expect([...byName.keys()]).toEqual(["Brand", "Generic Shoes", "Gesamtpaket Brand"]);

    const brand = byName.get("Brand")!;
    expect(brand.budgetSource).toBe("report");
    expect(brand.pace).toMatchObject({
      dailyBudgetCents: 5_000,
      monthBudgetCents: 150_000,
      spentCents: 75_000,
      dataThrough: "2026-06-15",
      ratePerDayCents: 5_000,
      remainingDays: 15,
      projectedCents: 150_000,
      deviationPercent: 0,
      status: "on-pace",
    });
    expect(brand.pace.rateDays).toEqual(days("2026-06-09", "2026-06-15"));
    expect(brand.series.actual).toHaveLength(15);

    // $60 a day for 8 days, $150 for 7, then $150 a day for 15 more: 4,800 of 3,600.
    const generic = byName.get("Generic Shoes")!;
    // 5% over: within the page's ±10%.
    expect(generic.pace).toMatchObject({ spentCents: 48_000 + 105_000, projectedCents: 153_000 + 225_000, status: "on-pace" });
    expect(generic.pace.deviationPercent).toBe(5);
    expect(generic.pace.monthBudgetCents).toBe(360_000);

    expect(byName.get("Gesamtpaket Brand")!.pace).toMatchObject({ status: "paused", spentCents: 27_000, projectedCents: 27_000 });
  });

  it("reads a past month, and the client account's time zone picks the current one", async () => {
    const client = await clientAccount(owner.id, "America/Los_Angeles");
    await importFile(client.id, "Campaign report.csv", campaignDays(juneRows()));
    // 03:00 UTC on June 1 is still May 31 in Los Angeles.
    const may = await pacingReport(t.db, owner.id, client.id, { nowMs: Date.parse("2026-06-01T03:00:00Z") });
    expect(may.month).toBe("2026-05");
    expect(may.today).toBe("2026-05-31");
    const asked = await pacingReport(t.db, owner.id, client.id, { nowMs: NOW, month: "2026-05" });
    const brand = asked.campaigns.find((item) => item.campaign === "Brand")!;
    // May 20–31 covered, the month ended: 12 days of $50, and 19 days the data does not cover at its rate.
    expect(brand.pace).toMatchObject({
      ended: true,
      spentCents: 60_000,
      dataThrough: "2026-05-31",
      remainingDays: 0,
      projectedCents: 60_000,
    });
    expect(asked.campaigns.find((item) => item.campaign === "Brand")!.pace.status).toBe("under");
    // A month the data does not offer falls back to the current one.
    expect((await pacingReport(t.db, owner.id, client.id, { nowMs: NOW, month: "2025-01" })).month).toBe("2026-06");
  });

  it("takes the daily budget from the Editor export when it was imported last, and leaves removed campaigns out", async () => {
    const client = await clientAccount();
    await importFile(
      client.id,
      "Campaign report.csv",
      campaignDays(juneRows().map((row) => (row.campaign === "Brand" ? { ...row, budget: "60.00" } : row))),
    );
    const before = await pacingReport(t.db, owner.id, client.id, { nowMs: NOW });
    expect(before.campaigns.find((item) => item.campaign === "Brand")!.pace.dailyBudgetCents).toBe(6_000);
    await importFile(client.id, "editor-campaigns.csv", fixture("editor-campaigns.csv"));
    const after = await pacingReport(t.db, owner.id, client.id, { nowMs: NOW });
    const brand = after.campaigns.find((item) => item.campaign === "Brand")!;
    expect(brand).toMatchObject({ budgetSource: "editor", budgetImport: { filename: "editor-campaigns.csv" } });
    expect(brand.pace.dailyBudgetCents).toBe(5_000);

    const removed = await clientAccount();
    await importFile(
      removed.id,
      "Campaign report.csv",
      campaignDays(juneRows().map((row) => (row.campaign === "Brand" ? { ...row, status: "Removed" } : row))),
    );
    expect((await pacingReport(t.db, owner.id, removed.id, { nowMs: NOW })).campaigns.map((item) => item.campaign)).toEqual([
      "Generic Shoes",
      "Gesamtpaket Brand",
    ]);
  });

  it("counts device segments only on a day without unsegmented rows", async () => {
    const client = await clientAccount();
    const rows: Day[] = [];
    for (const day of days("2026-06-01", "2026-06-15"))
      for (const device of ["Mobile phones", "Computers"]) rows.push({ day, campaign: "Brand", budget: "50.00", cost: "25.00", device });
    await importFile(client.id, "Campaign report.csv", campaignDays(rows, "June 1, 2026 - June 15, 2026"));
    const report = await pacingReport(t.db, owner.id, client.id, { nowMs: NOW });
    expect(report.campaigns[0]!.pace).toMatchObject({ spentCents: 75_000, ratePerDayCents: 5_000, status: "on-pace" });
  });

  it("says there is nothing to pace without daily rows or budgets", async () => {
    const client = await clientAccount();
    const empty = await pacingReport(t.db, owner.id, client.id, { nowMs: NOW });
    expect(empty).toMatchObject({ month: "2026-06", months: ["2026-06"], campaigns: [], spendImports: [] });
    // A period export (no days) gives no pacing.
    await importFile(client.id, "google-campaign.csv", fixture("google-campaign.csv"));
    expect((await pacingReport(t.db, owner.id, client.id, { nowMs: NOW })).campaigns).toEqual([]);
  });

  it("fires the pacing alert once, with its notification and e-mail, when a campaign is off by more than the threshold", async () => {
    const client = await clientAccount();
    await importFile(client.id, "Campaign report.csv", campaignDays(juneRows()));
    const input = (threshold: number, campaign: string | null = null) => ({ kind: "pacing" as const, threshold, days: null, campaign });
    const loose = await unitOfWork(t.db, (tx) => createAlert(tx, owner.id, client.id, input(20)));
    const tight = await unitOfWork(t.db, (tx) => createAlert(tx, owner.id, client.id, input(4)));
    const brandOnly = await unitOfWork(t.db, (tx) => createAlert(tx, owner.id, client.id, input(4, "brand")));
    const outboxBefore = (await t.db.selectFrom("outbox").select("id").execute()).length;

    const fired = await evaluateAlerts(t.db, client.id, { nowMs: NOW, appUrl: APP_URL });
    // Generic Shoes is 5% over (on pace by the page's ±10%, but the alert's threshold decides): only the 4% alert on every campaign fires.
    expect(fired.map((item) => item.alertId)).toEqual([tight.id]);
    expect(fired[0]).toMatchObject({ kind: "pacing", value: 5, threshold: 4, day: "2026-06-16" });
    expect([loose.id, brandOnly.id]).not.toContain(fired[0]!.alertId);
    const [firing] = await listFirings(t.db, owner.id, client.id);
    expect(firing!.details).toMatchObject({
      basis: { start: "2026-06-01", end: "2026-06-15" },
      titleKey: "ads.alerts.pacing.title",
      messageKey: "ads.alerts.pacing.over",
      params: { campaign: "Generic Shoes", projectedCents: 378_000, budgetCents: 360_000, offPercent: 5, thresholdPercent: 4 },
    });
    const mails = (await t.db.selectFrom("outbox").select("payload").orderBy("createdAt").execute()).map(
      (row) => JSON.parse(row.payload) as MailMessage,
    );
    expect(mails).toHaveLength(outboxBefore + 1);
    expect(mails.at(-1)!.text).toContain("Generic Shoes is heading for $3,780.00 this month, 5% over its budget of $3,600.00");

    // Not again on the same data, nor the same day.
    expect(await evaluateAlerts(t.db, client.id, { nowMs: NOW, appUrl: APP_URL })).toEqual([]);
    expect(await evaluateAlerts(t.db, client.id, { nowMs: NOW + 3_600_000, appUrl: APP_URL })).toEqual([]);
  });

  it("adds a pacing alert through the alerts form: a percentage above 0 and below 100", async () => {
    const client = await clientAccount();
    const post = (body: Record<string, string>) =>
      alertsAction({
        request: new Request(`${APP}/en/ads/alerts?client=${client.id}`, {
          method: "POST",
          headers: { Origin: APP, Cookie: owner.cookie },
          body: new URLSearchParams(body),
        }),
        params: { locale: "en" },
        context: {},
      });
    const bad = await answer(() => post({ intent: "create", kind: "pacing", threshold: "100" }));
    expect(bad.status).toBe(400);
    expect(bad.body.result.error).toMatchObject({ threshold: ["ads-alerts:form.errors.percent"] });
    const missing = await answer(() => post({ intent: "create", kind: "pacing" }));
    expect(missing.body.result.error).toMatchObject({ threshold: ["ads-alerts:form.errors.required.percent"] });
    expect(await listAlerts(t.db, owner.id, client.id)).toEqual([]);
    const good = await answer(() => post({ intent: "create", kind: "pacing", threshold: "15", campaign: "Brand" }));
    expect(good.status).toBe(302);
    expect(await listAlerts(t.db, owner.id, client.id)).toMatchObject([{ kind: "pacing", threshold: 15, days: null, campaign: "Brand" }]);
    const page = await answer(() =>
      alertsLoader({
        request: new Request(`${APP}/en/ads/alerts?client=${client.id}`, { headers: { Cookie: owner.cookie } }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(page.status).toBe(200);
  });

  it("offers the daily budgets that end over-pace campaigns on budget as a Google Ads Editor CSV, to the owner only", async () => {
    const client = await clientAccount();
    // "Hot" spends $80 a day of a $50 budget: $1,200 by June 15, heading for $2,400 of $1,500.
    const hotRows: Day[] = days("2026-05-20", "2026-06-15").map((day) => ({ day, campaign: "Hot", budget: "50.00", cost: "80.00" }));
    await importFile(client.id, "Campaign report.csv", campaignDays([...juneRows(), ...hotRows]));
    const report = await pacingReport(t.db, owner.id, client.id, { nowMs: NOW });
    const hot = report.campaigns.find((item) => item.campaign === "Hot")!;
    // (1,500 − 1,200) / the 15 days left.
    expect(hot.pace).toMatchObject({ status: "over", deviationPercent: 60, suggestedDailyBudgetCents: 2_000 });
    expect(report.campaigns.filter((item) => item.pace.suggestedDailyBudgetCents !== null).map((item) => item.campaign)).toEqual(["Hot"]);

    const csv = (cookie: string) =>
      answer(() =>
        editorCsvLoader({
          request: new Request(`${APP}/en/ads/pacing/editor.csv?client=${client.id}&month=2026-06`, { headers: { Cookie: cookie } }),
          params: { locale: "en" },
          context: {},
        }),
      );
    // The route measures to the clock's today: June 16, 2026 (only Date is faked).
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    try {
      const file = await csv(owner.cookie);
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toContain("text/csv");
      expect(await file.response!.text()).toBe("Campaign,Budget\r\nHot,20.00\r\n");
      // Another user asking for it gets their own client account, which has nothing to propose.
      expect((await csv(stranger.cookie)).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps each client account's pacing to its owner.id, on the page too", async () => {
    const client = await clientAccount();
    await importFile(client.id, "Campaign report.csv", campaignDays(juneRows()));
    await expect(pacingReport(t.db, stranger.id, client.id, { nowMs: NOW })).rejects.toBeInstanceOf(ClientAccountNotFoundError);

    const request = (cookie: string, query = "") => new Request(`${APP}/en/ads/pacing${query}`, { headers: { Cookie: cookie } });
    const page = await answer(() =>
      pacingLoader({ request: request(owner.cookie, `?client=${client.id}&month=2026-05`), params: { locale: "en" }, context: {} }),
    );
    expect(page.status).toBe(200);
    expect(page.body.client.id).toBe(client.id);
    expect(page.body.report.month).toBe("2026-05");
    expect(page.body.report.campaigns.map((item: { campaign: string }) => item.campaign)).toEqual([
      "Brand",
      "Generic Shoes",
      "Gesamtpaket Brand",
    ]);
    expect(page.body.meta).toBeTruthy();

    // A month that is no month is the current one.
    const odd = await answer(() =>
      pacingLoader({ request: request(owner.cookie, `?client=${client.id}&month=2026-13`), params: { locale: "en" }, context: {} }),
    );
    expect(odd.body.report.months).toContain("2026-05");
    expect(odd.body.report.month).not.toBe("2026-13");

    // Another user asking for the owner's client account gets their own (empty) one.
    const theirs = await strangersOwnPage(pacingLoader, `${APP}/en/ads/pacing`, stranger.cookie, client.id);
    expect(JSON.stringify(theirs.body.report)).not.toContain("Generic Shoes");

    await expectSignInFirst(pacingLoader, `${APP}/en/ads/pacing`);
  });
});

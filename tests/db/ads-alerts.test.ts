/**
 * Ad alerts (app/ads/alerts.server.ts and `/ads/alerts`) against a real database, on imports
 * stored the way the import route stores them: each kind fires on data that crosses its threshold
 * and not on data that does not; spend is read from one export level per platform (never counted
 * twice); an alert fires at most once a day (also when two evaluations run at once) and not again
 * on unchanged data; the firing, its notification and the outbox mail (in the owner's language,
 * none when e-mail notifications are off) commit together or not at all; nobody but the owner
 * lists or changes an alert; the create form answers a bad threshold with the typed values and
 * stores nothing; the jobs evaluate one client account and all of them.
 */
import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-alerts-test-secret-0123456789-0123456789";

import { ClientAccountNotFoundError, createClientAccount } from "~/ads/accounts.server";
import { AlertSchema, toAlertInput, type AlertInput } from "~/ads/alert-form";
import {
  ALERTS_DAILY_JOB,
  AlertNotFoundError,
  EVALUATE_ALERTS_JOB,
  afterAdImport,
  createAlert,
  deleteAlert,
  evaluateAlerts,
  listAlerts,
  listFirings,
  setAlertEnabled,
  updateAlert,
  type AdAlert,
} from "~/ads/alerts.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { fixedT } from "~/i18n/translator.server";
import { jobDefinitions } from "~/job-registry.server";
import type { MailMessage } from "~/mail/mailer.server";
import { notificationValues } from "~/notifications/values";
import { action as alertsAction, loader as alertsLoader } from "~/routes/($locale)._app.ads.alerts/route";
import { createUser } from "~/users/users.server";
import { sessionCookie, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { recordingMailer } from "../support/recording-mailer";
import { answer } from "../support/route-answer";
import { rowCount } from "../support/row-counts";
import { zonedDay } from "~/utils/dates";
import { DAY_MS } from "../support/time";

const APP = "http://localhost:3000";
const APP_URL = new URL(APP);
/** The evaluations' moment: June 15, 2026, in the middle of the day (UTC). */
const NOW = Date.parse("2026-06-15T12:00:00.000Z");

type GoogleRow = {
  day: string | null;
  campaign: string;
  impressions: number;
  clicks: number;
  cost: string;
  conversions: string;
  lostIs?: string;
};

/** A Google Ads campaign report (day by day when the rows have days, else a May period export). */
function googleCampaigns(rows: GoogleRow[]): Uint8Array {
  const daily = rows.some((row) => row.day);
  const header = `${daily ? "Day," : ""}Campaign,Currency code,Impr.,Clicks,Cost,Conversions,Search lost IS (budget)`;
  const lines = ["Campaign report", daily ? '"June 1, 2026 - June 30, 2026"' : '"May 1, 2026 - May 31, 2026"', header];
  for (const row of rows) {
    lines.push(
      `${daily ? `${row.day},` : ""}${row.campaign},USD,${row.impressions},${row.clicks},${row.cost},${row.conversions},${row.lostIs ?? " --"}`,
    );
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

/** A Google Ads ad group report, day by day (the same spend again, one level down). */
function googleAdGroups(rows: Array<{ day: string; campaign: string; adGroup: string; cost: string }>): Uint8Array {
  const lines = ["Ad group report", '"June 1, 2026 - June 30, 2026"', "Day,Campaign,Ad group,Currency code,Impr.,Clicks,Cost,Conversions"];
  for (const row of rows) lines.push(`${row.day},${row.campaign},${row.adGroup},USD,100,10,${row.cost},0.00`);
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

/** A Meta day-by-day export at ad set level. */
function metaDaily(rows: Array<{ day: string; spend: string }>): Uint8Array {
  const lines = ["Reporting starts,Reporting ends,Campaign name,Ad set name,Impressions,Amount spent (USD),Link clicks"];
  for (const row of rows) lines.push(`${row.day},${row.day},Spring Sale,Lookalike,1000,${row.spend},10`);
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

/** `2026-06-<dd>` for the days of a test. */
const june = (day: number) => `2026-06-${String(day).padStart(2, "0")}`;

describeEachDatabase("ad alerts", (t) => {
  let owner: string;
  let stranger: string;
  let quiet: string;
  let ownerCookie = "";
  let strangerCookie = "";

  useAppDatabase(t, async () => {
    const ownerUser = await createUser(t.db, {
      email: `owner-${crypto.randomUUID()}@example.com`,
      name: "Noor",
      emailVerified: true,
      locale: "nl",
    });
    const strangerUser = await createUser(t.db, {
      email: `stranger-${crypto.randomUUID()}@example.com`,
      name: "Stranger",
      emailVerified: true,
    });
    const quietUser = await createUser(t.db, {
      email: `quiet-${crypto.randomUUID()}@example.com`,
      name: "Quiet",
      emailVerified: true,
      locale: "de",
    });
    owner = ownerUser.id;
    stranger = strangerUser.id;
    quiet = quietUser.id;
    await t.db.updateTable("users").set({ notifyEmail: 0 }).where("id", "=", quiet).execute();
    ownerCookie = await sessionCookie(t.db, ownerUser);
    strangerCookie = await sessionCookie(t.db, strangerUser);
  });

  async function clientAccount(userId = owner, timeZone = "UTC") {
    return unitOfWork(t.db, (tx) =>
      createClientAccount(tx, userId, { name: `Client ${crypto.randomUUID().slice(0, 6)}`, industry: "all", timeZone }),
    );
  }
  async function importFile(userId: string, clientAccountId: string, bytes: Uint8Array) {
    const id = await stageImport(t.db, { ownerId: userId, clientAccountId, filename: "export.csv", bytes });
    return storeImport(t.db, userId, id);
  }
  async function alert(
    clientAccountId: string,
    input: Partial<AlertInput> & Pick<AlertInput, "kind" | "threshold">,
    userId = owner,
  ): Promise<AdAlert> {
    return unitOfWork(t.db, (tx) => createAlert(tx, userId, clientAccountId, { days: null, campaign: null, ...input }));
  }
  /** Google campaign rows by day, imported into the owner's client account `clientAccountId`. */
  const importCampaigns = (clientAccountId: string, rows: GoogleRow[]) => importFile(owner, clientAccountId, googleCampaigns(rows));
  const evaluate = (clientAccountId: string, nowMs = NOW) => evaluateAlerts(t.db, clientAccountId, { nowMs, appUrl: APP_URL });
  /** A Google export of one day, June 14, on which the campaign "Brand" cost `cost`. */
  const oneDaySpend = (cost = "200.00") =>
    googleCampaigns([{ day: june(14), campaign: "Brand", impressions: 1000, clicks: 50, cost, conversions: "1.00" }]);
  /** A new client account (of `userId`, in `timeZone`) holding June 14's spend, with a daily-spend alert at `threshold`. */
  async function dailySpendAlert(threshold: number, options: { userId?: string; timeZone?: string; cost?: string } = {}) {
    const userId = options.userId ?? owner;
    const client = await clientAccount(userId, options.timeZone);
    await importFile(userId, client.id, oneDaySpend(options.cost));
    const spend = await alert(client.id, { kind: "daily-spend", threshold }, userId);
    return { client, spend };
  }
  /** What the alert `input` fires on a new client account holding only the export `bytes`. */
  async function firingsOn(bytes: Uint8Array, input: Parameters<typeof alert>[1]) {
    const client = await clientAccount();
    await importFile(owner, client.id, bytes);
    await alert(client.id, input);
    return evaluate(client.id);
  }
  const firedIds = (firings: Array<{ alertId: string }>) => firings.map((firing) => firing.alertId).sort();
  const count = (table: "notifications" | "outbox" | "ad_alert_firings") => rowCount(t.db, table);
  /** What the firings write: firings, notifications, mails. */
  const written = async () => ({
    firings: await count("ad_alert_firings"),
    notifications: await count("notifications"),
    outbox: await count("outbox"),
  });
  const mails = async () =>
    (await t.db.selectFrom("outbox").select("payload").orderBy("createdAt").execute()).map((row) => JSON.parse(row.payload) as MailMessage);

  it("reads the client account's day in its own time zone", () => {
    expect(zonedDay(Date.parse("2026-06-15T13:00:00.000Z"), "Pacific/Auckland")).toBe("2026-06-16");
    expect(zonedDay(Date.parse("2026-06-15T03:00:00.000Z"), "America/Los_Angeles")).toBe("2026-06-14");
    expect(zonedDay(Date.parse("2026-06-15T03:00:00.000Z"), "Not/AZone")).toBe("2026-06-15");
  });

  it("daily spend: fires above the threshold on the latest day, counting each platform's spend at one level only", async () => {
    const client = await clientAccount();
    await importCampaigns(client.id, [
      { day: june(13), campaign: "Brand", impressions: 1000, clicks: 50, cost: "500.00", conversions: "5.00" },
      { day: june(14), campaign: "Brand", impressions: 1000, clicks: 50, cost: "70.00", conversions: "1.00" },
      { day: june(14), campaign: "Generic", impressions: 1000, clicks: 50, cost: "50.00", conversions: "0.00" },
    ]);
    // The same Google spend again at ad group level: never added to the campaign rows.
    await importFile(
      owner,
      client.id,
      googleAdGroups([
        { day: june(14), campaign: "Brand", adGroup: "Exact", cost: "40.00" },
        { day: june(14), campaign: "Brand", adGroup: "Phrase", cost: "30.00" },
        { day: june(14), campaign: "Generic", adGroup: "Shoes", cost: "50.00" },
      ]),
    );
    // Meta only has ad sets: they count.
    await importFile(owner, client.id, metaDaily([{ day: june(14), spend: "10.00" }]));

    const above = await alert(client.id, { kind: "daily-spend", threshold: 12_999 });
    const equal = await alert(client.id, { kind: "daily-spend", threshold: 13_000 });
    const higher = await alert(client.id, { kind: "daily-spend", threshold: 50_000 });
    const brand = await alert(client.id, { kind: "daily-spend", threshold: 6_000, campaign: "brand" });
    const brandHigh = await alert(client.id, { kind: "daily-spend", threshold: 7_000, campaign: "BRAND" });

    const fired = await evaluate(client.id);
    expect(firedIds(fired)).toEqual([above.id, brand.id].sort());
    expect(fired.find((firing) => firing.alertId === above.id)).toMatchObject({
      kind: "daily-spend",
      day: "2026-06-15",
      value: 13_000,
      threshold: 12_999,
    });
    expect(fired.find((firing) => firing.alertId === brand.id)?.value).toBe(7_000);
    expect(firedIds(fired)).not.toContain(equal.id);
    expect(firedIds(fired)).not.toContain(higher.id);
    expect(firedIds(fired)).not.toContain(brandHigh.id);

    const firings = await listFirings(t.db, owner, client.id);
    expect(firings.find((firing) => firing.alertId === above.id)?.details).toMatchObject({
      basis: { day: june(14) },
      params: { latestDay: june(14), valueCents: 13_000, thresholdCents: 12_999, currency: "USD" },
    });
    const listed = await listAlerts(t.db, owner, client.id);
    expect(listed.find((item) => item.id === above.id)?.lastFiredAt).not.toBeNull();
    expect(listed.find((item) => item.id === higher.id)?.lastFiredAt).toBeNull();
  });

  it("cost per conversion: the last 7 days, and spend without any conversion above the amount", async () => {
    const client = await clientAccount();
    const rows: GoogleRow[] = [{ day: june(7), campaign: "Brand", impressions: 1000, clicks: 50, cost: "10.00", conversions: "100.00" }];
    for (let day = 8; day <= 14; day++)
      rows.push({ day: june(day), campaign: "Brand", impressions: 1000, clicks: 50, cost: "100.00", conversions: "1.00" });
    await importCampaigns(client.id, rows);
    const fires = await alert(client.id, { kind: "cpa", threshold: 9_000 });
    const equal = await alert(client.id, { kind: "cpa", threshold: 10_000 });
    expect(firedIds(await evaluate(client.id))).toEqual([fires.id]);
    const [firing] = await listFirings(t.db, owner, client.id);
    expect(firing).toMatchObject({
      alertId: fires.id,
      value: 10_000,
      details: { figures: { costCents: 70_000, conversions: 7, from: june(8), to: june(14) } },
    });
    expect(firedIds(await evaluate(client.id))).not.toContain(equal.id);

    const dry = await clientAccount();
    await importCampaigns(dry.id, [
      { day: june(13), campaign: "Generic", impressions: 1000, clicks: 50, cost: "30.00", conversions: "0.00" },
      { day: june(14), campaign: "Generic", impressions: 1000, clicks: 50, cost: "30.00", conversions: "0.00" },
    ]);
    const spent = await alert(dry.id, { kind: "cpa", threshold: 5_000 });
    const notYet = await alert(dry.id, { kind: "cpa", threshold: 6_000 });
    expect(firedIds(await evaluate(dry.id))).toEqual([spent.id]);
    const [dryFiring] = await listFirings(t.db, owner, dry.id);
    expect(dryFiring).toMatchObject({
      value: 6_000,
      details: { messageKey: "ads.alerts.cpa.messageNoConversions", figures: { noConversions: true } },
    });
    expect(notYet.enabled).toBe(true);

    // Exports without a conversions column say nothing about cost per conversion.
    expect(await firingsOn(metaDaily([{ day: june(14), spend: "500.00" }]), { kind: "cpa", threshold: 100 })).toEqual([]);
  });

  it("CTR drop: the last 7 days against the 7 before, fires only when it fell by more than X%", async () => {
    const client = await clientAccount();
    const rows: GoogleRow[] = [];
    // CTR 5% from June 1 to 7, 3% from June 8 to 14: a 40% drop.
    for (let day = 1; day <= 14; day++)
      rows.push({ day: june(day), campaign: "Brand", impressions: 1000, clicks: day <= 7 ? 50 : 30, cost: "10.00", conversions: "1.00" });
    await importCampaigns(client.id, rows);
    const fires = await alert(client.id, { kind: "ctr-drop", threshold: 30 });
    const equal = await alert(client.id, { kind: "ctr-drop", threshold: 40 });
    const other = await alert(client.id, { kind: "ctr-drop", threshold: 10, campaign: "Generic" });
    expect(firedIds(await evaluate(client.id))).toEqual([fires.id]);
    const [firing] = await listFirings(t.db, owner, client.id);
    expect(firing!.value).toBeCloseTo(40, 6);
    expect(firing!.details.params).toMatchObject({ dropPercent: 40, beforePercent: 5, afterPercent: 3, thresholdPercent: 30 });
    expect([equal.id, other.id]).not.toContain(firing!.alertId);

    // A CTR that rose does not fire.
    const rising = googleCampaigns(rows.map((row, i) => ({ ...row, clicks: i < 7 ? 30 : 50 })));
    expect(await firingsOn(rising, { kind: "ctr-drop", threshold: 1 })).toEqual([]);
  });

  it("no conversions for N days: only while spending, and only when the data covers the N days", async () => {
    const client = await clientAccount();
    const rows: GoogleRow[] = [];
    for (let day = 1; day <= 14; day++)
      rows.push({
        day: june(day),
        campaign: "Brand",
        impressions: 1000,
        clicks: 50,
        cost: "25.00",
        conversions: day === 10 ? "2.00" : "0.00",
      });
    await importCampaigns(client.id, rows);
    const four = await alert(client.id, { kind: "no-conversions", threshold: 0, days: 4 });
    const five = await alert(client.id, { kind: "no-conversions", threshold: 0, days: 5 });
    const month = await alert(client.id, { kind: "no-conversions", threshold: 0, days: 30 });
    const bigSpender = await alert(client.id, { kind: "no-conversions", threshold: 10_000, days: 4 });
    const smallSpender = await alert(client.id, { kind: "no-conversions", threshold: 9_999, days: 4 });
    const fired = await evaluate(client.id);
    expect(firedIds(fired)).toEqual([four.id, smallSpender.id].sort());
    expect(fired.find((firing) => firing.alertId === four.id)?.value).toBe(10_000);
    expect(firedIds(fired)).not.toContain(five.id);
    expect(firedIds(fired)).not.toContain(month.id);
    expect(firedIds(fired)).not.toContain(bigSpender.id);
    const firing = (await listFirings(t.db, owner, client.id)).find((item) => item.alertId === four.id);
    expect(firing?.details.params).toMatchObject({ count: 4, spendCents: 10_000, latestDay: june(14) });
    expect(firing?.days).toBe(4);

    // Days without spend are not "no conversions while spending".
    const idle = googleCampaigns(
      [1, 2, 3].map((day) => ({ day: june(day), campaign: "Brand", impressions: 0, clicks: 0, cost: "0.00", conversions: "0.00" })),
    );
    expect(await firingsOn(idle, { kind: "no-conversions", threshold: 0, days: 3 })).toEqual([]);
  });

  it("impression share lost to budget: the latest day's campaign rows, bounded values read honestly, or the latest period export", async () => {
    const client = await clientAccount();
    await importCampaigns(client.id, [
      { day: june(13), campaign: "Brand", impressions: 1000, clicks: 50, cost: "10.00", conversions: "1.00", lostIs: "80.00%" },
      { day: june(14), campaign: "Brand", impressions: 1000, clicks: 50, cost: "10.00", conversions: "1.00", lostIs: "12.50%" },
      { day: june(14), campaign: "Generic", impressions: 1000, clicks: 50, cost: "10.00", conversions: "1.00", lostIs: "> 90%" },
      { day: june(14), campaign: "Display", impressions: 1000, clicks: 50, cost: "10.00", conversions: "1.00", lostIs: "< 10%" },
    ]);
    const half = await alert(client.id, { kind: "lost-is-budget", threshold: 50 });
    const ninety = await alert(client.id, { kind: "lost-is-budget", threshold: 90 });
    const above90 = await alert(client.id, { kind: "lost-is-budget", threshold: 95 });
    const brand = await alert(client.id, { kind: "lost-is-budget", threshold: 10, campaign: "Brand" });
    const brandHigh = await alert(client.id, { kind: "lost-is-budget", threshold: 20, campaign: "Brand" });
    const display = await alert(client.id, { kind: "lost-is-budget", threshold: 5, campaign: "Display" });
    const fired = await evaluate(client.id);
    expect(firedIds(fired)).toEqual([half.id, ninety.id, brand.id].sort());
    expect(firedIds(fired)).not.toContain(above90.id);
    expect(firedIds(fired)).not.toContain(brandHigh.id);
    expect(firedIds(fired)).not.toContain(display.id); // "< 10%" may well be under 5%
    const firings = await listFirings(t.db, owner, client.id);
    expect(firings.find((item) => item.alertId === half.id)).toMatchObject({
      value: 90,
      details: { basis: { day: june(14) }, params: { campaign: "Generic", context: "above" } },
    });
    expect(firings.find((item) => item.alertId === brand.id)?.value).toBe(12.5);

    // A period export (May): "Generic Shoes" lost 40.50%.
    const period = await clientAccount();
    const fixture = new TextEncoder().encode(
      [
        "Campaign report",
        '"May 1, 2026 - May 31, 2026"',
        "Campaign,Currency code,Impr.,Clicks,Cost,Conversions,Search lost IS (budget)",
        "Brand,USD,12400,1240,620.00,62.00,< 10%",
        "Generic Shoes,USD,48210,1446,2892.00,28.92,40.50%",
      ].join("\n"),
    );
    await importFile(owner, period.id, fixture);
    const forty = await alert(period.id, { kind: "lost-is-budget", threshold: 40 });
    await alert(period.id, { kind: "lost-is-budget", threshold: 41 });
    expect(firedIds(await evaluate(period.id))).toEqual([forty.id]);
    const [periodFiring] = await listFirings(t.db, owner, period.id);
    expect(periodFiring).toMatchObject({
      value: 40.5,
      details: { basis: { start: "2026-05-01", end: "2026-05-31" }, params: { campaign: "Generic Shoes" } },
    });
    expect(periodFiring!.details.params.context).toBeUndefined();
  });

  it("fires at most once a day, not again on unchanged data, and again on new data another day", async () => {
    const { client, spend } = await dailySpendAlert(10_000, { timeZone: "Pacific/Auckland" });
    const first = await evaluate(client.id);
    // 12:00 UTC is June 16 in Auckland.
    expect(first).toMatchObject([{ alertId: spend.id, day: "2026-06-16" }]);
    expect(await evaluate(client.id)).toEqual([]);
    expect(await evaluate(client.id, NOW + 3_600_000)).toEqual([]);
    // The next day, nothing new imported: the same data does not fire again.
    expect(await evaluate(client.id, NOW + DAY_MS)).toEqual([]);
    // A new day imported the same day as the firing: the alert already fired today.
    await importFile(
      owner,
      client.id,
      googleCampaigns([{ day: june(15), campaign: "Brand", impressions: 1000, clicks: 50, cost: "300.00", conversions: "1.00" }]),
    );
    expect(await evaluate(client.id, NOW + DAY_MS - 1_000)).toEqual([]);
    // …and fires on the day after.
    const next = await evaluate(client.id, NOW + 2 * DAY_MS);
    expect(next).toMatchObject([{ alertId: spend.id, day: "2026-06-18", value: 30_000 }]);
    // A changed threshold is another question on the same data.
    await unitOfWork(t.db, (tx) =>
      updateAlert(tx, owner, spend.id, { kind: "daily-spend", threshold: 20_000, days: null, campaign: null }),
    );
    expect(await evaluate(client.id, NOW + 3 * DAY_MS)).toMatchObject([{ alertId: spend.id, threshold: 20_000 }]);
    const rows = await t.db.selectFrom("adAlertFirings").select("day").where("alertId", "=", spend.id).orderBy("day").execute();
    expect(rows.map((row) => row.day)).toEqual(["2026-06-16", "2026-06-18", "2026-06-19"]);
  });

  it("two evaluations at once fire once: one firing, one notification, one mail", async () => {
    const { client, spend } = await dailySpendAlert(100);
    const before = await written();
    const results = await Promise.all([evaluate(client.id), evaluate(client.id), evaluate(client.id)]);
    expect(results.flat().map((firing) => firing.alertId)).toEqual([spend.id]);
    expect(await count("ad_alert_firings")).toBe(before.firings + 1);
    expect(await count("notifications")).toBe(before.notifications + 1);
    expect(await count("outbox")).toBe(before.outbox + 1);
  });

  it("writes the notification and the owner's mail (in their language) with the firing, or nothing at all", async () => {
    const { client, spend } = await dailySpendAlert(10_000, { cost: "123.45" });
    const before = await written();

    // The outbox cannot be written: the firing and the notification are not kept either.
    await t.db.schema.alterTable("outbox").renameTo("outbox_away").execute();
    try {
      await expect(evaluate(client.id)).rejects.toThrow();
    } finally {
      await t.db.schema.alterTable("outbox_away").renameTo("outbox").execute();
    }
    expect(await written()).toEqual(before);

    expect(firedIds(await evaluate(client.id))).toEqual([spend.id]);
    const notification = await t.db
      .selectFrom("notifications")
      .selectAll()
      .where("userId", "=", owner)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    expect(notification).toMatchObject({
      type: "warning",
      titleKey: "ads.alerts.dailySpend.title",
      messageKey: "ads.alerts.dailySpend.message",
      readAt: null,
    });
    const params = JSON.parse(notification.params) as Record<string, string | number>;
    expect(params).toMatchObject({
      subject: client.name,
      currency: "USD",
      valueCents: 12_345,
      thresholdCents: 10_000,
      latestDay: june(14),
    });

    const mail = (await mails()).at(-1)!;
    const nl = fixedT("nl", "notifications");
    const values = notificationValues(params, "nl");
    const title = nl("ads.alerts.dailySpend.title", values);
    expect(mail.to).toMatch(/^owner-/);
    expect(mail.subject).toBe(fixedT("nl", "emails")("adAlert.subject", { title }));
    expect(mail.text).toContain(nl("ads.alerts.dailySpend.message", values));
    expect(mail.text).toContain("123,45");
    expect(mail.text).toContain(`${APP}/nl/ads/alerts?client=${client.id}`);
    expect(mail.text).toContain(`${APP}/nl/ads?client=${client.id}`);
    expect(mail.text).not.toMatch(/adAlert\.|ads\.alerts\./);
  });

  it("notifies without e-mail when the owner turned e-mail notifications off", async () => {
    const { client } = await dailySpendAlert(100, { userId: quiet });
    const outbox = await count("outbox");
    expect(await evaluate(client.id)).toHaveLength(1);
    expect(await count("outbox")).toBe(outbox);
    const notifications = await t.db.selectFrom("notifications").select("titleKey").where("userId", "=", quiet).execute();
    expect(notifications).toEqual([{ titleKey: "ads.alerts.dailySpend.title" }]);
  });

  it("does not fire for a disabled alert, nor for an owner whose ad tools are locked", async () => {
    const { client, spend } = await dailySpendAlert(100);
    await unitOfWork(t.db, (tx) => setAlertEnabled(tx, owner, spend.id, false));
    expect(await evaluate(client.id)).toEqual([]);
    expect(await afterAdImport(t.db, client.id, { queue: async () => expect.fail("nothing to evaluate") })).toBe(false);
    await unitOfWork(t.db, (tx) => setAlertEnabled(tx, owner, spend.id, true));

    const locked = await createUser(t.db, { email: `locked-${crypto.randomUUID()}@example.com`, name: "Locked", emailVerified: true });
    const { client: lockedClient } = await dailySpendAlert(100, { userId: locked.id });
    await t.db.updateTable("trials").set({ endsAt: "2020-01-01T00:00:00.000Z" }).where("userId", "=", locked.id).execute();
    expect(await evaluate(lockedClient.id)).toEqual([]);
  });

  it("lets only the owner list, change or delete alerts, each change audited", async () => {
    const client = await clientAccount();
    const mine = await alert(client.id, { kind: "cpa", threshold: 2_500, campaign: "  Brand  " });
    expect(mine).toMatchObject({ kind: "cpa", threshold: 2_500, days: null, campaign: "Brand", enabled: true, lastFiredAt: null });
    expect(await listAlerts(t.db, stranger, client.id)).toEqual([]);
    expect(await listFirings(t.db, stranger, client.id)).toEqual([]);
    await expect(
      unitOfWork(t.db, (tx) => updateAlert(tx, stranger, mine.id, { kind: "cpa", threshold: 1, days: null, campaign: null })),
    ).rejects.toBeInstanceOf(AlertNotFoundError);
    await expect(unitOfWork(t.db, (tx) => setAlertEnabled(tx, stranger, mine.id, false))).rejects.toBeInstanceOf(AlertNotFoundError);
    await expect(unitOfWork(t.db, (tx) => deleteAlert(tx, stranger, mine.id))).rejects.toBeInstanceOf(AlertNotFoundError);
    await expect(
      unitOfWork(t.db, (tx) => createAlert(tx, stranger, client.id, { kind: "cpa", threshold: 1, days: null, campaign: null })),
    ).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    expect(await listAlerts(t.db, owner, client.id)).toEqual([mine]);

    await unitOfWork(t.db, (tx) => setAlertEnabled(tx, owner, mine.id, false));
    await unitOfWork(t.db, (tx) => updateAlert(tx, owner, mine.id, { kind: "cpa", threshold: 3_000, days: null, campaign: "Brand" }));
    await unitOfWork(t.db, (tx) => deleteAlert(tx, owner, mine.id));
    expect(await listAlerts(t.db, owner, client.id)).toEqual([]);
    const audit = await t.db
      .selectFrom("auditLog")
      .select(["action", "actorId", "before", "after"])
      .where("subject", "=", `ad-alert:${mine.id}`)
      .orderBy("id")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["ads.alert.create", "ads.alert.disable", "ads.alert.update", "ads.alert.delete"]);
    expect(audit.every((row) => row.actorId === owner)).toBe(true);
    expect(JSON.parse(audit[2]!.after!)).toEqual({ threshold: 3_000 });
  });

  it("queues an evaluation after an import only when the client account has an enabled alert", async () => {
    const client = await clientAccount();
    const queued: Array<{ name: string; data: unknown }> = [];
    const queue = async (name: string, data: unknown) => void queued.push({ name, data });
    expect(await afterAdImport(t.db, client.id, { queue })).toBe(false);
    await alert(client.id, { kind: "daily-spend", threshold: 100 });
    expect(await afterAdImport(t.db, client.id, { queue })).toBe(true);
    expect(queued).toEqual([{ name: EVALUATE_ALERTS_JOB, data: { clientAccountId: client.id } }]);
  });

  describe("the alerts page", () => {
    const post = (body: Record<string, string>, cookie = ownerCookie, client?: string) =>
      new Request(`${APP}/en/ads/alerts${client ? `?client=${client}` : ""}`, {
        method: "POST",
        headers: { Origin: APP, Cookie: cookie },
        body: new URLSearchParams(body),
      });
    const get = (client: string, cookie = ownerCookie) =>
      new Request(`${APP}/en/ads/alerts?client=${client}`, { headers: { Cookie: cookie } });
    /** The page's action answering a post of `body` (by `cookie`'s member, about `client` when given). */
    const act = (body: Record<string, string>, cookie = ownerCookie, client?: string) =>
      answer(() => alertsAction({ request: post(body, cookie, client), params: { locale: "en" }, context: {} }));
    /** The page (`client`'s, as `cookie`'s member sees it). */
    const load = (client: string, cookie = ownerCookie) =>
      answer(() => alertsLoader({ request: get(client, cookie), params: { locale: "en" }, context: {} }));

    it("answers a bad threshold with the typed values and a field error, storing nothing; a good one is stored", async () => {
      const client = await clientAccount();
      const before = (await listAlerts(t.db, owner, client.id)).length;
      const bad = await act({ intent: "create", kind: "daily-spend", threshold: "-5", campaign: "Brand" }, ownerCookie, client.id);
      expect(bad.status).toBe(400);
      expect(bad.body.result.initialValue).toMatchObject({ kind: "daily-spend", threshold: "-5", campaign: "Brand" });
      expect(bad.body.result.error).toMatchObject({ threshold: ["ads-alerts:form.errors.money"] });
      const words = await act({ intent: "create", kind: "ctr-drop", threshold: "lots" }, ownerCookie, client.id);
      expect(words.status).toBe(400);
      expect(words.body.result.initialValue).toMatchObject({ kind: "ctr-drop", threshold: "lots" });
      expect(words.body.result.error).toMatchObject({ threshold: ["ads-alerts:form.errors.number"] });
      const days = await act({ intent: "create", kind: "no-conversions", days: "0" }, ownerCookie, client.id);
      expect(days.body.result.error).toMatchObject({ days: ["ads-alerts:form.errors.days"] });
      expect((await listAlerts(t.db, owner, client.id)).length).toBe(before);

      const good = await act({ intent: "create", kind: "daily-spend", threshold: "150.50" }, ownerCookie, client.id);
      expect(good).toMatchObject({ status: 302, location: `/en/ads/alerts?client=${encodeURIComponent(client.id)}` });
      expect(await listAlerts(t.db, owner, client.id)).toMatchObject([{ kind: "daily-spend", threshold: 15_050, enabled: true }]);
      const page = await load(client.id);
      expect(page.body.alerts).toHaveLength(1);
      expect(page.body.client.id).toBe(client.id);
    });

    it("refuses to change another user's alert (404), changing nothing", async () => {
      const client = await clientAccount();
      const mine = await alert(client.id, { kind: "daily-spend", threshold: 100 });
      const toggled = await act({ intent: "toggle", alertId: mine.id, enabled: "0" }, strangerCookie);
      const deleted = await act({ intent: "delete", alertId: mine.id }, strangerCookie);
      expect([toggled.status, deleted.status]).toEqual([404, 404]);
      expect(await listAlerts(t.db, owner, client.id)).toMatchObject([{ id: mine.id, enabled: true }]);
      // The stranger's page shows their own workspace, never the owner's alerts.
      const page = await load(client.id, strangerCookie);
      expect(page.body.client.id).not.toBe(client.id);
      expect(page.body.alerts).toEqual([]);

      const off = await act({ intent: "toggle", alertId: mine.id, enabled: "0" });
      expect(off.status).toBe(302);
      expect(await listAlerts(t.db, owner, client.id)).toMatchObject([{ id: mine.id, enabled: false }]);
    });
  });

  it("the schema keeps money in whole cents and percentages below 100", () => {
    expect(AlertSchema.safeParse({ kind: "cpa", threshold: 12.345 }).success).toBe(false);
    expect(AlertSchema.safeParse({ kind: "lost-is-budget", threshold: 100 }).success).toBe(false);
    expect(toAlertInput(AlertSchema.parse({ kind: "cpa", threshold: 12.34 }))).toEqual({
      kind: "cpa",
      threshold: 1_234,
      days: null,
      campaign: null,
    });
    expect(toAlertInput(AlertSchema.parse({ kind: "no-conversions", days: 3 }))).toEqual({
      kind: "no-conversions",
      threshold: 0,
      days: 3,
      campaign: null,
    });
    expect(toAlertInput(AlertSchema.parse({ kind: "ctr-drop", threshold: 25.5, days: 9 }))).toEqual({
      kind: "ctr-drop",
      threshold: 25.5,
      days: null,
      campaign: null,
    });
  });

  // Last: the daily job evaluates every client account of this database.
  it("the jobs: ads.evaluate-alerts evaluates one client account, ads.alerts-daily all of them", async () => {
    const definitions = jobDefinitions({ db: t.db, mailer: recordingMailer(), appUrl: APP_URL });
    const one = definitions.find((definition) => definition.name === EVALUATE_ALERTS_JOB)!;
    const daily = definitions.find((definition) => definition.name === ALERTS_DAILY_JOB)!;
    expect(daily.cron).toBe("15 6 * * *");
    const a = await clientAccount();
    const b = await clientAccount();
    for (const client of [a, b]) {
      await importFile(owner, client.id, oneDaySpend());
      await alert(client.id, { kind: "daily-spend", threshold: 100 });
    }
    const firingsOf = async (clientAccountId: string) => (await listFirings(t.db, owner, clientAccountId)).length;
    await one.handler({ clientAccountId: a.id });
    expect([await firingsOf(a.id), await firingsOf(b.id)]).toEqual([1, 0]);
    await daily.handler({});
    await daily.handler({});
    expect([await firingsOf(a.id), await firingsOf(b.id)]).toEqual([1, 1]);
  });
});

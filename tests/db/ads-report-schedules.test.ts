/**
 * Scheduled monthly white-label reports: the schedule form through the route (saved and audited,
 * errors per field with the typed values back and the bad address named, cross-site posts refused,
 * another user's client account out of reach), and the `ads.reports-monthly` job: the previous
 * month in the client account's time zone, sent once however often and however concurrently it
 * runs, the mail delivered over real SMTP in the schedule's language with the PDF attached (its
 * text holds the agency and the period), and nothing sent for disabled schedules, owners without
 * the ad tools, or months without figures (those are sent by a later run once they can be).
 */
import { afterEach, expect, it, vi } from "vitest";

process.env.SESSION_SECRET ??= "ads-report-schedules-test-secret-0123456789-abcdef";

import { ClientAccountNotFoundError, createClientAccount, ensureWorkspace } from "~/ads/accounts.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { saveBrand } from "~/ads/reports/brand.server";
import { REPORTS_MONTHLY_JOB, getSchedule, monthRange, previousMonth, saveSchedule, sendDueReports } from "~/ads/reports/schedule.server";
import { generateSampleExports } from "~/ads/sample/generate";
import { unitOfWork } from "~/db/unit-of-work.server";
import { jobDefinitions } from "~/job-registry.server";
import { deliverOutbox } from "~/jobs/outbox.server";
import { createMailer, type MailMessage } from "~/mail/mailer.server";
import AdsReports, { action as reportsAction, loader as reportsLoader } from "~/routes/($locale)._app.ads.reports/route";
import { createUser } from "~/users/users.server";
import { sessionCookie, useAppDatabase } from "../support/app-database";
import { auditRowsBy } from "../support/audit";
import { describeEachDatabase } from "../support/databases";
import { mailAttachments, mailHeader } from "../support/mime";
import { pdfPageTexts, squeeze } from "../support/pdf-text";
import { recordingMailer } from "../support/recording-mailer";
import { answeredBy, pageText, renderRoute } from "../support/render-page";
import { answer } from "../support/route-answer";
import { startSmtpReceiver } from "../support/smtp";

const APP = "http://localhost:3000";
/** 07:10 UTC on the 2nd of November 2026: October is the previous month almost everywhere. */
const NOV_2 = Date.parse("2026-11-02T07:10:00.000Z");
/** 07:10 UTC on the 1st: still the 31st of October in Honolulu (UTC−10). */
const NOV_1 = Date.parse("2026-11-01T07:10:00.000Z");
const FAR = "2100-01-01T00:00:00.000Z";

describeEachDatabase("scheduled monthly reports", (t) => {
  const cookies = { owner: "", stranger: "" };
  let owner: string;
  let ownerEmail: string;
  let stranger: string;
  let clientId: string;
  let strangerClientId: string;

  const addresses = (label: string) => [1, 2].map((n) => `${label}-${n}-${crypto.randomUUID().slice(0, 8)}@client.example`);

  /** Imports the sample campaign report (September and October 2026, or the given days) into a client account. */
  async function importFigures(ownerId: string, clientAccountId: string, endDay = "2026-10-31", days = 61) {
    const file = generateSampleExports({ endDay, days }).find((item) => item.filename === "Campaign report.csv")!;
    await storeImport(t.db, ownerId, await stageImport(t.db, { ownerId, clientAccountId, filename: file.filename, bytes: file.bytes }));
  }

  async function clientAccount(ownerId: string, name: string, timeZone = "Europe/Berlin", figures = true) {
    const client = await unitOfWork(t.db, (tx) => createClientAccount(tx, ownerId, { name, industry: "all", timeZone }));
    if (figures) await importFigures(ownerId, client.id);
    return client.id;
  }

  const schedule = (
    ownerId: string,
    clientAccountId: string,
    input: { recipients: string[]; language?: "en" | "nl" | "fr" | "es" | "de"; enabled?: boolean },
  ) =>
    unitOfWork(t.db, (tx) =>
      saveSchedule(tx, ownerId, clientAccountId, {
        recipients: input.recipients,
        language: input.language ?? "en",
        enabled: input.enabled ?? true,
      }),
    );

  /** The outbox's messages to these addresses. */
  async function mailsTo(to: string[]): Promise<MailMessage[]> {
    const rows = await t.db.selectFrom("outbox").select("payload").execute();
    return rows.map((row) => JSON.parse(row.payload) as MailMessage).filter((mail) => to.includes(mail.to));
  }

  const deliveries = (clientAccountId: string) =>
    t.db
      .selectFrom("adReportDeliveries")
      .innerJoin("adReportSchedules", "adReportSchedules.id", "adReportDeliveries.scheduleId")
      .select(["adReportDeliveries.month", "adReportDeliveries.mailCount", "adReportDeliveries.outboxIds"])
      .where("adReportSchedules.clientAccountId", "=", clientAccountId)
      .orderBy("adReportDeliveries.month")
      .execute();

  async function newUser(label: string, trialEndsAt = FAR) {
    const user = await createUser(t.db, {
      email: `${label}-${crypto.randomUUID()}@example.com`,
      name: `${label} person`,
      emailVerified: true,
    });
    // The trial is set explicitly: the job runs at fixed dates in these tests.
    await t.db.updateTable("trials").set({ endsAt: trialEndsAt }).where("userId", "=", user.id).execute();
    return user;
  }

  useAppDatabase(t, async () => {
    const user = await newUser("agency");
    const other = await newUser("stranger");
    owner = user.id;
    ownerEmail = user.email;
    stranger = other.id;
    cookies.owner = await sessionCookie(t.db, user);
    cookies.stranger = await sessionCookie(t.db, other);
    clientId = (await ensureWorkspace(t.db, owner, "Northwind Outdoor"))[0]!.id;
    await t.db.updateTable("adClientAccounts").set({ timeZone: "Europe/Berlin" }).where("id", "=", clientId).execute();
    strangerClientId = (await ensureWorkspace(t.db, stranger, "Stranger's ads"))[0]!.id;
    await importFigures(owner, clientId);
    await unitOfWork(t.db, (tx) =>
      saveBrand(tx, owner, {
        agencyName: "Blue Fjord Media",
        primaryColor: "#1d4ed8",
        accentColor: "#0ea5e9",
        footer: "Blue Fjord Media · Oslo",
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  type Who = keyof typeof cookies;
  const post = (url: string, who: Who, body: Record<string, string>, origin = APP) =>
    new Request(`${APP}${url}`, { method: "POST", headers: { Origin: origin, Cookie: cookies[who] }, body: new URLSearchParams(body) });
  const get = (url: string, who: Who) => new Request(`${APP}${url}`, { headers: { Cookie: cookies[who] } });
  const act = (who: Who, body: Record<string, string>, url = "/en/ads/reports", origin = APP) =>
    answer(() => reportsAction({ request: post(url, who, body, origin), params: { locale: "en" }, context: {} }));

  /** The page as the server renders it (after a post of `body`, when given). */
  async function renderPage(who: Who, body?: Record<string, string>): Promise<string> {
    const url = `${APP}/en/ads/reports`;
    return renderRoute(
      {
        path: "/:locale/ads/reports",
        loader: answeredBy(reportsLoader, get("/en/ads/reports", who)),
        action: answeredBy(reportsAction, post("/en/ads/reports", who, body ?? {})),
        Component: AdsReports,
      },
      body ? new Request(url, { method: "POST", body: new URLSearchParams(body) }) : new Request(url),
    );
  }

  it("the previous month and its days, across years", () => {
    expect(previousMonth("2026-11-01")).toBe("2026-10");
    expect(previousMonth("2027-01-15")).toBe("2026-12");
    expect(monthRange("2026-10")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(monthRange("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthRange("2026-09")).toEqual({ from: "2026-09-01", to: "2026-09-30" });
  });

  it("refuses a cross-site post, answers bad input per field with the typed values, and saves good input with a flash", async () => {
    const crossSite = await act(
      "owner",
      { intent: "schedule", recipients: "ada@client.example", language: "de", enabled: "on" },
      "/en/ads/reports",
      "https://evil.example",
    );
    expect(crossSite.status).toBe(403);
    expect(await getSchedule(t.db, owner, clientId)).toBeNull();

    const typed = "ada@client.example\nnot-an-address, bob@client.example";
    const invalid = await act("owner", { intent: "schedule", recipients: typed, language: "de", enabled: "on" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.intent).toBe("schedule");
    expect(invalid.body.result.error.recipients).toEqual(["ads-reports:errors.recipientInvalid"]);
    expect(invalid.body.result.initialValue).toMatchObject({ recipients: typed, language: "de", enabled: "on" });

    // The page shown after that post names the address that is not one, and keeps what was typed.
    const page = pageText(await renderPage("owner", { intent: "schedule", recipients: typed, language: "de", enabled: "on" }));
    expect(page).toContain("Not a valid email address: not-an-address");
    expect(page).not.toContain("ada@client.example,");
    const rendered = await renderPage("owner", { intent: "schedule", recipients: typed, language: "de", enabled: "on" });
    expect(rendered).toMatch(/<textarea[^>]*name="recipients"[^>]*>ada@client\.example\nnot-an-address, bob@client\.example<\/textarea>/);

    const six = Array.from({ length: 6 }, (_, i) => `person${i}@client.example`).join("\n");
    const tooMany = await act("owner", { intent: "schedule", recipients: six, language: "en", enabled: "on" });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.result.error.recipients).toEqual(["ads-reports:errors.recipientsMax"]);

    const none = await act("owner", { intent: "schedule", recipients: " \n ", language: "en", enabled: "on" });
    expect(none.status).toBe(400);
    expect(none.body.result.error.recipients).toEqual(["ads-reports:errors.recipientsNone"]);

    const badLanguage = await act("owner", { intent: "schedule", recipients: "ada@client.example", language: "pt", enabled: "on" });
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body.result.error.language).toEqual(["ads-reports:errors.language"]);
    expect(await getSchedule(t.db, owner, clientId)).toBeNull();

    // Off with no address is a valid choice.
    const off = await act("owner", { intent: "schedule", recipients: "", language: "en" });
    expect(off.status).toBe(302);
    expect(await getSchedule(t.db, owner, clientId)).toMatchObject({ recipients: [], enabled: false });

    // Five addresses, commas and lines mixed, a repeat dropped.
    const good = await act("owner", {
      intent: "schedule",
      recipients: "ada@client.example, bob@client.example\ncy@client.example\n\nADA@client.example;dee@client.example\neve@client.example",
      language: "de",
      enabled: "on",
    });
    expect(good.status).toBe(302);
    expect(good.location).toBe("/en/ads/reports");
    expect(good.headers.get("Set-Cookie")).toBeTruthy();
    expect(await getSchedule(t.db, owner, clientId)).toMatchObject({
      clientAccountId: clientId,
      recipients: ["ada@client.example", "bob@client.example", "cy@client.example", "dee@client.example", "eve@client.example"],
      language: "de",
      enabled: true,
      lastDelivery: null,
    });
    const audits = await auditRowsBy(t.db, owner, "ads.reports.schedule");
    expect(audits).toHaveLength(2);
    expect(audits.at(-1)!.after).toMatchObject({ language: "de", enabled: true });

    // The page shows the saved schedule and that nothing was sent yet.
    const saved = pageText(await renderPage("owner"));
    expect(saved).toContain("Monthly report by email");
    expect(saved).toContain("No monthly report has been sent yet.");
    expect(await renderPage("owner")).toMatch(
      /<textarea[^>]*>ada@client\.example\nbob@client\.example\ncy@client\.example\ndee@client\.example\neve@client\.example<\/textarea>/,
    );

    // Put back to two test addresses for the tests below.
    await schedule(owner, clientId, { recipients: ["ada@client.example", "bob@client.example"], language: "de" });
  });

  it("keeps another user's client account out of reach", async () => {
    await expect(schedule(stranger, clientId, { recipients: ["mallory@evil.example"] })).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    await expect(getSchedule(t.db, stranger, clientId)).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    // Through the route, `?client=` of someone else's account falls back to the user's own.
    const res = await act(
      "stranger",
      { intent: "schedule", recipients: "mallory@evil.example", language: "en", enabled: "on" },
      `/en/ads/reports?client=${clientId}`,
    );
    expect(res.status).toBe(302);
    expect((await getSchedule(t.db, owner, clientId))!.recipients).toEqual(["ada@client.example", "bob@client.example"]);
    expect((await getSchedule(t.db, stranger, strangerClientId))!.recipients).toEqual(["mallory@evil.example"]);
    // The stranger's client account has no figures: nothing goes to mallory.
    await unitOfWork(t.db, (tx) =>
      saveSchedule(tx, stranger, strangerClientId, { recipients: ["mallory@evil.example"], language: "en", enabled: false }),
    );
  });

  it("the daily job sends the previous month once, however often it runs", async () => {
    const definition = jobDefinitions({ db: t.db, mailer: recordingMailer(), appUrl: new URL(APP) }).find(
      (item) => item.name === REPORTS_MONTHLY_JOB,
    )!;
    expect(definition).toMatchObject({ cron: "10 7 * * *", policy: "stately" });
    const to = ["ada@client.example", "bob@client.example"];
    expect(await mailsTo(to)).toHaveLength(0);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOV_2);
    await definition.handler({});
    await definition.handler({});
    vi.useRealTimers();

    const mails = await mailsTo(to);
    expect(mails.map((mail) => mail.to).sort()).toEqual(to);
    expect(await deliveries(clientId)).toEqual([{ month: "2026-10", mailCount: 2, outboxIds: expect.any(String) }]);
    const [delivery] = await deliveries(clientId);
    const outboxIds = JSON.parse(delivery!.outboxIds) as string[];
    expect(outboxIds).toHaveLength(2);
    expect(await t.db.selectFrom("outbox").select("id").where("id", "in", outboxIds).execute()).toHaveLength(2);

    // Later days of the month: still once.
    const again = await sendDueReports(t.db, { nowMs: NOV_2 + 5 * 86_400_000 });
    expect(again.sent).toBe(0);
    expect(again.alreadySent).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(to)).toHaveLength(2);

    // The page says when and for which month.
    const page = pageText(await renderPage("owner"));
    expect(page).toMatch(/Last sent on [A-Z][a-z]+ \d{1,2}, \d{4}: the report for October 2026\./);
  });

  it("two runs at the same moment send once", async () => {
    const client = await clientAccount(owner, "Harbour Bikes");
    const to = addresses("harbour");
    await schedule(owner, client, { recipients: to, language: "fr" });
    const runs = await Promise.all([sendDueReports(t.db, { nowMs: NOV_2 }), sendDueReports(t.db, { nowMs: NOV_2 })]);
    expect(await mailsTo(to)).toHaveLength(2);
    expect(await deliveries(client)).toMatchObject([{ month: "2026-10", mailCount: 2 }]);
    // Each schedule is counted once as sent across the two runs (this one, and no other was due).
    expect(runs[0]!.sent + runs[1]!.sent).toBe(1);
    expect(runs[0]!.mails + runs[1]!.mails).toBe(2);
    expect(runs.every((run) => run.failed === 0)).toBe(true);
  });

  it("delivers over real SMTP in the schedule's language, with the PDF attached", async () => {
    const receiver = await startSmtpReceiver();
    const mailer = createMailer({ kind: "smtp", url: `smtp://127.0.0.1:${receiver.port}` }, "Reports <no-reply@cashwise.test>");
    try {
      const report = await deliverOutbox(t.db, mailer, { nowMs: Date.now() });
      expect(report.failed).toBe(0);
      const [mail] = await receiver.waitFor((m) => m.to.includes("ada@client.example"));
      expect(mailHeader(mail!.raw, "Subject")).toBe("Blue Fjord Media: Werbebericht für Northwind Outdoor, Oktober 2026");
      expect(mail!.text).toContain("Blue Fjord Media sendet Ihnen den Werbebericht für Northwind Outdoor für Oktober 2026");
      expect(mail!.text).not.toContain("Cashwise");
      expect(mailHeader(mail!.raw, "Reply-To")).toBe(ownerEmail);
      const files = mailAttachments(mail!.raw);
      expect(files.map((file) => [file.filename, file.contentType])).toEqual([
        ["northwind-outdoor-2026-10-01-2026-10-31.pdf", "application/pdf"],
      ]);
      const pdf = files[0]!.bytes;
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      const all = squeeze(pdfPageTexts(pdf).join(" "));
      for (const expected of [
        "Blue Fjord Media",
        "Werbebericht",
        "Kundenkonto: Northwind Outdoor",
        "Zeitraum: 1. Oktober 2026 – 31. Oktober 2026",
        "Blue Fjord Media · Oslo",
      ]) {
        expect(all, expected).toContain(squeeze(expected));
      }
      // The French schedule's mails, in French.
      const french = receiver.messages.filter((m) => m.to.some((address) => address.startsWith("harbour-")));
      expect(french).toHaveLength(2);
      expect(mailHeader(french[0]!.raw, "Subject")).toBe("Blue Fjord Media : rapport publicitaire de Harbour Bikes, octobre 2026");
    } finally {
      mailer.close();
      await receiver.close();
    }
  });

  it("reads the previous month in the client account's time zone", async () => {
    const client = await clientAccount(owner, "Aloha Surf", "Pacific/Honolulu");
    const to = addresses("aloha");
    await schedule(owner, client, { recipients: to });
    // 07:10 UTC on the 1st is still the 31st of October in Honolulu: its previous month is September.
    await sendDueReports(t.db, { nowMs: NOV_1 });
    expect((await deliveries(client)).map((row) => row.month)).toEqual(["2026-09"]);
    await sendDueReports(t.db, { nowMs: NOV_2 });
    expect((await deliveries(client)).map((row) => row.month)).toEqual(["2026-09", "2026-10"]);
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(4);
    expect(mails.map((mail) => mail.attachments?.[0]?.filename).sort()).toEqual([
      "aloha-surf-2026-09-01-2026-09-30.pdf",
      "aloha-surf-2026-09-01-2026-09-30.pdf",
      "aloha-surf-2026-10-01-2026-10-31.pdf",
      "aloha-surf-2026-10-01-2026-10-31.pdf",
    ]);
  });

  it("skips disabled schedules, and sends once turned on", async () => {
    const client = await clientAccount(owner, "Quiet Client");
    const to = addresses("quiet");
    await schedule(owner, client, { recipients: to, enabled: false });
    await sendDueReports(t.db, { nowMs: NOV_2 });
    expect(await mailsTo(to)).toHaveLength(0);
    expect(await deliveries(client)).toEqual([]);
    await schedule(owner, client, { recipients: to, enabled: true });
    await sendDueReports(t.db, { nowMs: NOV_2 });
    expect(await mailsTo(to)).toHaveLength(2);
  });

  it("skips owners without the ad tools, without marking the month sent", async () => {
    const lapsed = await newUser("lapsed");
    const client = await clientAccount(lapsed.id, "Lapsed Client");
    const to = addresses("lapsed");
    await schedule(lapsed.id, client, { recipients: to });
    await t.db.updateTable("trials").set({ endsAt: "2020-01-01T00:00:00.000Z" }).where("userId", "=", lapsed.id).execute();
    const run = await sendDueReports(t.db, { nowMs: NOV_2 });
    expect(run.noAccess).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(to)).toHaveLength(0);
    expect(await deliveries(client)).toEqual([]);
    // Back on a plan (here: the trial again) the month goes out.
    await t.db.updateTable("trials").set({ endsAt: FAR }).where("userId", "=", lapsed.id).execute();
    await sendDueReports(t.db, { nowMs: NOV_2 });
    expect(await mailsTo(to)).toHaveLength(2);
  });

  it("does not send a month without figures, and sends it once they are imported", async () => {
    const client = await clientAccount(owner, "Late Importer", "Europe/Berlin", false);
    const to = addresses("late");
    await schedule(owner, client, { recipients: to, language: "nl" });
    // Figures of August and September only: October has none.
    await importFigures(owner, client, "2026-09-30", 40);
    const first = await sendDueReports(t.db, { nowMs: NOV_2 });
    expect(first.noData).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(to)).toHaveLength(0);
    expect(await deliveries(client)).toEqual([]);
    await importFigures(owner, client);
    await sendDueReports(t.db, { nowMs: NOV_2 + 3 * 86_400_000 });
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe("Blue Fjord Media: advertentierapport voor Late Importer, oktober 2026");
    expect(await deliveries(client)).toMatchObject([{ month: "2026-10", mailCount: 2 }]);
  });
});

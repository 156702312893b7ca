/**
 * The agency overview (app/ads/overview.server.ts and `/ads/clients`) and the client account kept
 * across pages (`chooseClientAccount`) against a real database: every client account of the
 * workspace with the dashboard's own figures for its period, its latest audit grade and the alerts
 * fired in the last seven days; missing figures sorted last either way; nobody sees another user's
 * client accounts; the client named by a link is the one the session's pages and assistant open on later.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-overview-test-secret-0123456789-0123456789";

import { createClientAccount, ensureWorkspace } from "~/ads/accounts.server";
import { createSession } from "~/auth/session.server";
import { createAlert, evaluateAlerts } from "~/ads/alerts.server";
import { runAudit } from "~/ads/audit/audit.server";
import { adsDashboard } from "~/ads/dashboard.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { agencyOverview } from "~/ads/overview.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { loader as framesLoader } from "~/routes/($locale)._app.ads";
import { loader as overviewLoader } from "~/routes/($locale)._app.ads.clients/route";
import { loader as assistantLoader } from "~/routes/($locale)._app.assistant/route";
import { signedInMember, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures/ads", name));

describeEachDatabase("the agency overview", (t) => {
  let owner: string;
  let ownerCookie = "";
  let strangerCookie = "";
  let stranger: string;

  useAppDatabase(t, async () => {
    ({ id: owner, cookie: ownerCookie } = await signedInMember(t.db, "overview-owner", "Owner"));
    ({ id: stranger, cookie: strangerCookie } = await signedInMember(t.db, "overview-stranger", "Stranger"));
  });

  const clientAccount = (userId: string, name: string) =>
    unitOfWork(t.db, (tx) => createClientAccount(tx, userId, { name, industry: "all", timeZone: "UTC" }));
  async function importFile(userId: string, clientAccountId: string, name: string) {
    const id = await stageImport(t.db, { ownerId: userId, clientAccountId, filename: name, bytes: fixture(name) });
    return storeImport(t.db, userId, id);
  }
  const get = (url: string, cookie: string) => new Request(`${APP}${url}`, { headers: { Cookie: cookie } });

  it("lists every client account with the dashboard's figures, its audit grade and its recent alerts", async () => {
    const alpha = await clientAccount(owner, "Alpha Shoes");
    const beta = await clientAccount(owner, "Beta Bakery");
    await importFile(owner, alpha.id, "google-campaign.csv");
    await importFile(owner, alpha.id, "editor-campaigns.csv");
    const audit = await runAudit(t.db, owner, alpha.id);
    const alert = await unitOfWork(t.db, (tx) =>
      createAlert(tx, owner, alpha.id, { kind: "lost-is-budget", threshold: 10, days: null, campaign: null }),
    );
    const fired = await evaluateAlerts(t.db, alpha.id, { appUrl: new URL(APP) });
    expect(fired.map((firing) => firing.alertId)).toEqual([alert.id]);
    const theirs = await clientAccount(stranger, "Stranger's Store");
    await importFile(stranger, theirs.id, "google-campaign.csv");

    const rows = await agencyOverview(t.db, owner, { period: null, sort: "spend", dir: "desc" });
    // The workspace's first (default) account has no data either: it sorts with Beta, by name.
    const names = rows.map((row) => row.name);
    expect(names[0]).toBe("Alpha Shoes");
    expect(names).toContain("Beta Bakery");
    expect(names).not.toContain("Stranger's Store");
    const dashboard = await adsDashboard(t.db, owner, alpha.id, {
      period: null,
      platform: null,
      campaign: null,
      sort: "spend",
      dir: "desc",
    });
    expect(rows[0]).toMatchObject({
      id: alpha.id,
      currency: "USD",
      hasData: true,
      period: { from: "2026-05-01", to: "2026-05-31" },
      kpis: {
        spendCents: dashboard.kpis.spendCents,
        conversions: dashboard.kpis.conversions,
        cpaCents: dashboard.kpis.cpaCents,
        roas: dashboard.kpis.roas,
      },
      audit: { grade: audit.grade, score: audit.score },
      alertsFired: 1,
      // The Editor export's daily budgets, but no day rows this month: nothing on, under or over pace yet.
      pacing: { onPace: 0, under: 0, over: 0 },
    });
    expect(rows[0]!.kpis.spendCents.value).toBeGreaterThan(0);
    expect(rows.find((row) => row.id === beta.id)).toMatchObject({ hasData: false, audit: null, alertsFired: 0, pacing: null });

    // Missing figures sort last in both directions; names A→Z.
    const ascending = await agencyOverview(t.db, owner, { period: null, sort: "spend", dir: "asc" });
    expect(ascending[0]!.id).toBe(alpha.id);
    const byName = await agencyOverview(t.db, owner, { period: null, sort: "name", dir: "desc" });
    expect(byName.map((row) => row.name)).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    // Seven days later the alert no longer counts.
    const later = await agencyOverview(t.db, owner, { period: null, sort: "alerts", dir: "desc" }, Date.now() + 8 * 86_400_000);
    expect(later.find((row) => row.id === alpha.id)!.alertsFired).toBe(0);
    // One period for all: a month with no data shows none.
    const june = await agencyOverview(t.db, owner, { period: { from: "2026-06-01", to: "2026-06-30" }, sort: "spend", dir: "desc" });
    expect(june.find((row) => row.id === alpha.id)!.kpis.spendCents.value).toBeNull();
  });

  it("answers the page with the owner's rows only, the sort asked for, and a bad period's error", async () => {
    await ensureWorkspace(t.db, owner, "My ads");
    const mine = await answer(() =>
      overviewLoader({ request: get("/en/ads/clients?sort=name&dir=asc", ownerCookie), params: { locale: "en" }, context: {} }),
    );
    expect(mine.status).toBe(200);
    expect(mine.body.filters).toMatchObject({ sort: "name", dir: "asc", from: "", to: "" });
    const names = mine.body.rows.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).not.toContain("Stranger's Store");
    const bad = await answer(() =>
      overviewLoader({
        request: get("/en/ads/clients?from=2026-06-30&to=2026-06-01&sort=nonsense", ownerCookie),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(bad.body).toMatchObject({ error: "order", filters: { sort: "spend", dir: "desc", from: "" } });
    const signedOut = await answer(() => overviewLoader({ request: get("/en/ads/clients", ""), params: { locale: "en" }, context: {} }));
    expect(signedOut.status).toBe(302);
    const theirs = await answer(() =>
      overviewLoader({ request: get("/en/ads/clients", strangerCookie), params: { locale: "en" }, context: {} }),
    );
    expect(theirs.body.rows.map((row: { name: string }) => row.name)).not.toContain("Alpha Shoes");
  });

  it("keeps the client account a link named for the pages and the assistant that name none", async () => {
    const accounts = await ensureWorkspace(t.db, owner, "My ads");
    const byName = [...accounts].sort((a, b) => a.name.localeCompare(b.name));
    const second = byName[1]!;
    const frame = (query: string) =>
      answer(() => framesLoader({ request: get(`/en/ads${query}`, ownerCookie), params: { locale: "en" }, context: {} }));
    expect((await frame(`?client=${second.id}`)).body.clientId).toBe(second.id);
    expect((await frame("")).body.clientId).toBe(second.id);
    const assistant = await answer(() =>
      assistantLoader({ request: get("/en/assistant", ownerCookie), params: { locale: "en" }, context: {} }),
    );
    expect(assistant.body.client).toBe(second.id);
    // Another user's id is not a choice: the remembered one stays.
    const theirs = (await ensureWorkspace(t.db, stranger, "Theirs"))[0]!;
    expect((await frame(`?client=${theirs.id}`)).body.clientId).toBe(second.id);
    expect((await frame(`?client=${byName[0]!.id}`)).body.clientId).toBe(byName[0]!.id);
    expect((await frame("")).body.clientId).toBe(byName[0]!.id);
    // The choice is the browser session's: another sign-in of the same member starts on the first by name.
    await frame(`?client=${second.id}`);
    const { setCookie } = await createSession(t.db, { id: owner, role: "user" }, { remember: false, userAgent: "another device" });
    const elsewhere = await answer(() =>
      framesLoader({ request: get("/en/ads", setCookie.split(";")[0]!), params: { locale: "en" }, context: {} }),
    );
    expect(elsewhere.body.clientId).toBe(byName[0]!.id);
    expect((await frame("")).body.clientId).toBe(second.id);
  });
});

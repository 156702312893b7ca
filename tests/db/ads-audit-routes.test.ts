/**
 * The auditor's pages as a browser without JavaScript uses them: `/ads/audit` shows the empty
 * state before any import, "Run audit" (`intent=run`) keeps a snapshot and redirects back, the
 * page shows it with the change against the previous one; `/ads/audit/settings` saves valid
 * thresholds, answers wrong ones with the typed values and an error per field, and resets them.
 * Another user's audit is "not found"; cross-site posts are refused.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-audit-routes-test-secret-0123456789-0123456789";

import { getClientAccount } from "~/ads/accounts.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { action as auditAction, loader as auditLoader } from "~/routes/($locale)._app.ads.audit/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/($locale)._app.ads.audit_.settings/route";
import { signedInAdvertiser } from "../support/ads";
import { signedInMember, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures/ads", name)));

describeEachDatabase("the auditor's pages", (t) => {
  const cookies = { owner: "", stranger: "" };
  let ownerId: string;
  let clientId: string;

  useAppDatabase(t, async () => {
    ({ id: ownerId, cookie: cookies.owner, clientId } = await signedInAdvertiser(t.db, "owner", "Owner", "Owner's ads"));
    cookies.stranger = (await signedInMember(t.db, "stranger", "Stranger")).cookie;
  });

  type Who = keyof typeof cookies;
  const get = (url: string, who: Who) => new Request(`${APP}${url}`, { headers: { Cookie: cookies[who] } });
  const post = (url: string, who: Who, body: Record<string, string>, origin = APP) =>
    new Request(`${APP}${url}`, { method: "POST", headers: { Origin: origin, Cookie: cookies[who] }, body: new URLSearchParams(body) });
  const params = { locale: "en" };
  const auditUrl = () => `/en/ads/audit?client=${clientId}`;
  const settingsUrl = () => `/en/ads/audit/settings?client=${clientId}`;
  /** The thresholds form, posted by the owner with `body`. */
  const saveSettings = (body: Record<string, string>) =>
    answer(() => settingsAction({ request: post(settingsUrl(), "owner", body), params, context: {} }));

  it("shows the empty state before anything is imported, and refuses to run on nothing", async () => {
    const page = await answer(() => auditLoader({ request: get(auditUrl(), "owner"), params, context: {} }));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ hasRows: false, audit: null, history: [] });
    const run = await answer(() => auditAction({ request: post(auditUrl(), "owner", { intent: "run" }), params, context: {} }));
    expect(run).toMatchObject({ status: 409, body: { error: "nothingToAudit" } });
  });

  it("runs an audit on a POST and shows it, then compares the next one with it", async () => {
    for (const name of ["google-campaign.csv", "google-keywords.csv", "google-search-terms.csv", "editor-keywords.csv"]) {
      const id = await stageImport(t.db, { ownerId, clientAccountId: clientId, filename: name, bytes: fixture(name) });
      await storeImport(t.db, ownerId, id);
    }
    const foreign = await answer(() =>
      auditAction({ request: post(auditUrl(), "owner", { intent: "run" }, "https://evil.example"), params, context: {} }),
    );
    expect(foreign.status).toBe(403);
    const run = await answer(() => auditAction({ request: post(auditUrl(), "owner", { intent: "run" }), params, context: {} }));
    expect(run).toMatchObject({ status: 302, location: auditUrl() });
    expect(run.headers.get("Set-Cookie")).toContain("flash=");

    const page = await answer(() => auditLoader({ request: get(auditUrl(), "owner"), params, context: {} }));
    expect(page.body).toMatchObject({
      hasRows: true,
      latest: true,
      previous: null,
      comparison: null,
      client: { id: clientId, currency: "USD" },
    });
    expect(page.body.audit.checks.find((c: { ruleId: string }) => c.ruleId === "budget-limited")).toMatchObject({ grade: "C", failing: 1 });

    await answer(() => auditAction({ request: post(auditUrl(), "owner", { intent: "run" }), params, context: {} }));
    const again = await answer(() => auditLoader({ request: get(auditUrl(), "owner"), params, context: {} }));
    expect(again.body.history).toHaveLength(2);
    expect(again.body.comparison).toMatchObject({ previousId: page.body.audit.id, scoreChange: 0 });
    // An earlier audit by id; another user's is not found.
    const first = await answer(() =>
      auditLoader({ request: get(`${auditUrl()}&audit=${page.body.audit.id}`, "owner"), params, context: {} }),
    );
    expect(first.body).toMatchObject({ latest: false, audit: { id: page.body.audit.id }, previous: null });
    const stranger = await answer(() =>
      auditLoader({ request: get(`/en/ads/audit?client=${clientId}&audit=${page.body.audit.id}`, "stranger"), params, context: {} }),
    );
    expect(stranger.status).toBe(404);
  });

  it("saves thresholds in the form's units, keeps typed values with an error per field, and resets them", async () => {
    const page = await answer(() => settingsLoader({ request: get(settingsUrl(), "owner"), params, context: {} }));
    expect(page.body).toMatchObject({ overrides: {}, client: { id: clientId, currency: "USD" } });

    const wrong = await saveSettings({
      intent: "save",
      "budget-limited.warnLost": "25",
      "budget-limited.failLost": "abc",
      "keyword-ctr.minCtr": "150",
      "grading.a": "5",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.values).toMatchObject({
      "budget-limited.warnLost": "25",
      "budget-limited.failLost": "abc",
      "keyword-ctr.minCtr": "150",
    });
    expect(wrong.body.errors).toEqual({
      "budget-limited.failLost": { issue: "notANumber" },
      "keyword-ctr.minCtr": { issue: "outOfRange" },
    });
    expect((await getClientAccount(t.db, ownerId, clientId)).thresholds).toEqual({});

    const order = await saveSettings({ intent: "save", "budget-limited.warnLost": "40", "budget-limited.failLost": "35" });
    expect(order.body.errors).toEqual({ "budget-limited.warnLost": { issue: "order" } });

    const saved = await saveSettings({
      intent: "save",
      "budget-limited.warnLost": "25",
      "budget-limited.failLost": "45.5",
      "zero-conversion-keywords.maxCostCents": "250.00",
      "keyword-ctr.minCtr": "1",
      "grading.a": "",
    });
    expect(saved).toMatchObject({ status: 302, location: settingsUrl() });
    expect((await getClientAccount(t.db, ownerId, clientId)).thresholds).toEqual({
      "budget-limited": { warnLost: 0.25, failLost: 0.455 },
      "zero-conversion-keywords": { maxCostCents: 25_000 },
    });

    const reset = await saveSettings({ intent: "reset" });
    expect(reset.status).toBe(302);
    expect((await getClientAccount(t.db, ownerId, clientId)).thresholds).toEqual({});
    const foreign = await answer(() =>
      settingsAction({ request: post(settingsUrl(), "owner", { intent: "reset" }, "https://evil.example"), params, context: {} }),
    );
    expect(foreign.status).toBe(403);
  });
});

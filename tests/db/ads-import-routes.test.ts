/**
 * The ad import pages as a browser without JavaScript uses them: `/ads/import` takes a multipart
 * upload (field `file`) and answers a bad file with the parser's line and column (nothing stored),
 * the preview page stores (`intent=store`), discards, or, for a file in another currency, stores
 * into a new client account (`intent=newClient`); client accounts are created, edited and (not the
 * last one) deleted. Visitors go to sign in, a user whose trial is over goes to /plans, another
 * user's import is "not found", and cross-site posts are refused. The upload queues the job that
 * reads the file; here the runner runs it as it is sent.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-import-routes-test-secret-0123456789-0123456789";

import { ensureWorkspace, listClientAccounts } from "~/ads/accounts.server";
import { PROCESS_IMPORT_JOB, processImport, rowCount } from "~/ads/imports.server";
import { action as accountAction, loader as accountLoader } from "~/routes/($locale)._app.ads.accounts_.$clientId";
import { action as accountsAction } from "~/routes/($locale)._app.ads.accounts";
import { action as uploadAction, loader as uploadLoader } from "~/routes/($locale)._app.ads.import";
import { action as previewAction, loader as previewLoader } from "~/routes/($locale)._app.ads.import_.$importId/route";
import { signedInMember, useAppDatabase, useAppJobs } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures/ads", name));

describeEachDatabase("the ad import pages", (t) => {
  const cookies = { owner: "", stranger: "", expired: "" };
  let ownerId: string;
  let clientId: string;

  // The upload queues the job that reads the file: here it runs as it is sent.
  useAppJobs(async (name, data = {}) => {
    if (name === PROCESS_IMPORT_JOB) await processImport(t.db, String(data.importId));
  });
  useAppDatabase(t, async () => {
    const owner = await signedInMember(t.db, "owner", "Owner");
    const stranger = await signedInMember(t.db, "stranger", "Stranger");
    const expired = await signedInMember(t.db, "expired", "Expired");
    // A trial that ended (and no plan): the ad tools are closed.
    await t.db.updateTable("trials").set({ endsAt: "2020-01-15T00:00:00.000Z" }).where("userId", "=", expired.id).execute();
    ownerId = owner.id;
    cookies.owner = owner.cookie;
    cookies.stranger = stranger.cookie;
    cookies.expired = expired.cookie;
    clientId = (await ensureWorkspace(t.db, owner.id, "Owner's ads"))[0]!.id;
  });

  type Who = keyof typeof cookies | "anonymous";
  const cookie = (who: Who): Record<string, string> => (who === "anonymous" ? {} : { Cookie: cookies[who] });
  const params = (extra: Record<string, string> = {}) => ({ locale: "en", ...extra });
  const upload = (who: Who, file: Buffer | null, name = "report.csv", origin = APP) => {
    const form = new FormData();
    form.set("clientAccountId", clientId);
    if (file) form.set("file", new File([new Uint8Array(file)], name, { type: "text/csv" }));
    return new Request(`${APP}/en/ads/import`, { method: "POST", headers: { Origin: origin, ...cookie(who) }, body: form });
  };
  const post = (url: string, who: Who, body: Record<string, string>, origin = APP) =>
    new Request(`${APP}${url}`, { method: "POST", headers: { Origin: origin, ...cookie(who) }, body: new URLSearchParams(body) });
  const importCount = async () => (await t.db.selectFrom("adImports").select("id").execute()).length;
  /** The import's preview page as `who` opens it, and its form as `who` posts it. */
  const previewPage = (importId: string, who: Who) =>
    answer(() =>
      previewLoader({
        request: new Request(`${APP}/en/ads/import/${importId}`, { headers: cookie(who) }),
        params: params({ importId }),
        context: {},
      }),
    );
  const onPreview = (importId: string, who: Who, body: Record<string, string>) =>
    answer(() => previewAction({ request: post(`/en/ads/import/${importId}`, who, body), params: params({ importId }), context: {} }));
  /** The new client account form, posted by the owner. */
  const addAccount = (body: Record<string, string>) =>
    answer(() => accountsAction({ request: post("/en/ads/accounts", "owner", body), params: params(), context: {} }));
  /** The client account page's form, posted by `who`. */
  const onAccount = (clientAccountId: string, who: Who, body: Record<string, string>) =>
    answer(() =>
      accountAction({
        request: post(`/en/ads/accounts/${clientAccountId}`, who, body),
        params: params({ clientId: clientAccountId }),
        context: {},
      }),
    );

  it("sends visitors to sign in and users without the trial or a plan to /plans", async () => {
    const visitor = await answer(() => uploadLoader({ request: new Request(`${APP}/en/ads/import`), params: params(), context: {} }));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/en\/signin/);
    const expired = await answer(() =>
      uploadLoader({ request: new Request(`${APP}/en/ads/import`, { headers: cookie("expired") }), params: params(), context: {} }),
    );
    expect(expired).toMatchObject({ status: 302, location: "/en/plans?locked=ads" });
  });

  it("answers a file that is not an ad export with where it went wrong, and stores nothing", async () => {
    const before = await importCount();
    const bad = await answer(() =>
      uploadAction({
        request: upload(
          "owner",
          Buffer.from('Campaign report\n"May 1, 2026 - May 31, 2026"\nCampaign,Impr.,Clicks,Cost,Currency code\nBrand,12x,5,1.00,USD\n'),
        ),
        params: params(),
        context: {},
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.problem).toMatchObject({ code: "ads.import.badNumber", line: 4, column: "Impr.", got: "12x" });
    const empty = await answer(() => uploadAction({ request: upload("owner", null), params: params(), context: {} }));
    expect(empty.status).toBe(400);
    expect(empty.body.result.error.file).toEqual(["ads:import.errors.file"]);
    const notMultipart = await answer(() =>
      uploadAction({ request: post("/en/ads/import", "owner", { clientAccountId: clientId }), params: params(), context: {} }),
    );
    expect(notMultipart.status).toBe(400);
    expect(await importCount()).toBe(before);
  });

  it("refuses an asset report, an Overview card and a change history (422, the report to download instead), storing nothing", async () => {
    const before = await importCount();
    for (const [name, report] of [
      ["google-asset-report.csv", "asset"],
      ["google-overview-card.csv", "overviewCard"],
      ["google-change-history.csv", "changeHistory"],
    ] as const) {
      const refused = await answer(() => uploadAction({ request: upload("owner", fixture(name)), params: params(), context: {} }));
      expect(refused.status).toBe(422);
      expect(refused.body.problem).toMatchObject({ code: "ads.import.notPerformance", report, instead: "campaigns" });
    }
    expect(await importCount()).toBe(before);
  });

  it("takes a file posted without a client account into the current one", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(fixture("google-ads.csv"))], "ads.csv", { type: "text/csv" }));
    const uploaded = await answer(() =>
      uploadAction({
        request: new Request(`${APP}/en/ads/import`, { method: "POST", headers: { Origin: APP, ...cookie("owner") }, body: form }),
        params: params(),
        context: {},
      }),
    );
    expect(uploaded.status).toBe(302);
    expect(uploaded.location).toContain(`?client=${clientId}`);
    const importId = uploaded.location!.match(/import\/([0-9a-f-]{36})/)![1]!;
    const row = await t.db
      .selectFrom("adImports")
      .select(["clientAccountId", "status"])
      .where("id", "=", importId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ clientAccountId: clientId, status: "pending" });
    await t.db.updateTable("adImports").set({ status: "discarded" }).where("id", "=", importId).execute();
  });

  it("refuses a cross-site upload", async () => {
    const before = await importCount();
    const foreign = await answer(() =>
      uploadAction({
        request: upload("owner", fixture("google-campaign.csv"), "c.csv", "https://evil.example"),
        params: params(),
        context: {},
      }),
    );
    expect(foreign.status).toBe(403);
    expect(await importCount()).toBe(before);
  });

  it("previews an upload, keeps it from other users, and stores it on Import", async () => {
    const uploaded = await answer(() =>
      uploadAction({ request: upload("owner", fixture("google-campaign.csv"), "campaigns.csv"), params: params(), context: {} }),
    );
    expect(uploaded.status).toBe(302);
    const importId = uploaded.location!.match(/\/en\/ads\/import\/([0-9a-f-]{36})\?client=/)![1]!;
    expect(await rowCount(t.db, clientId)).toBe(0);

    const page = await previewPage(importId, "owner");
    expect(page.status).toBe(200);
    expect(page.body.preview.summary).toMatchObject({ platform: "google", kind: "campaign", currency: "USD" });
    const strangers = await previewPage(importId, "stranger");
    expect(strangers.status).toBe(404);
    const strangerStores = await onPreview(importId, "stranger", { intent: "store" });
    expect(strangerStores.status).toBe(404);
    expect(await rowCount(t.db, clientId)).toBe(0);

    const stored = await onPreview(importId, "owner", { intent: "store" });
    expect(stored.status).toBe(302);
    expect(await rowCount(t.db, clientId)).toBe(page.body.preview.summary.rows);
    const again = await onPreview(importId, "owner", { intent: "store" });
    expect(again.status).toBe(409);
    expect(again.body.result.error[""]).toEqual(["ads:import.notPending"]);
  });

  it("stores a file in another currency into a new client account, never into the first", async () => {
    const before = await rowCount(t.db, clientId);
    const uploaded = await answer(() =>
      uploadAction({ request: upload("owner", fixture("google-campaign-de.csv"), "kampagnen.csv"), params: params(), context: {} }),
    );
    const importId = uploaded.location!.match(/import\/([0-9a-f-]{36})/)![1]!;
    const page = await previewPage(importId, "owner");
    expect(page.body.preview.currencyMismatch).toEqual({ account: "USD", file: "EUR" });
    const refused = await onPreview(importId, "owner", { intent: "store" });
    expect(refused.status).toBe(409);
    expect(await rowCount(t.db, clientId)).toBe(before);
    const unnamed = await onPreview(importId, "owner", { intent: "newClient", name: "  " });
    expect(unnamed.status).toBe(400);
    const stored = await onPreview(importId, "owner", { intent: "newClient", name: "Berlin shop" });
    expect(stored.status).toBe(302);
    const accounts = await listClientAccounts(t.db, ownerId);
    const berlin = accounts.find((account) => account.name === "Berlin shop")!;
    expect(berlin.currency).toBe("EUR");
    expect(stored.location).toContain(`client=${berlin.id}`);
    expect(await rowCount(t.db, berlin.id)).toBeGreaterThan(0);
    expect(await rowCount(t.db, clientId)).toBe(before);
  });

  it("discards a pending upload", async () => {
    const uploaded = await answer(() =>
      uploadAction({ request: upload("owner", fixture("google-ads.csv"), "ads.csv"), params: params(), context: {} }),
    );
    const importId = uploaded.location!.match(/import\/([0-9a-f-]{36})/)![1]!;
    const discarded = await onPreview(importId, "owner", { intent: "discard" });
    expect(discarded.status).toBe(302);
    expect(discarded.location).toMatch(/^\/en\/ads\/import\?client=/);
    const row = await t.db.selectFrom("adImports").select("status").where("id", "=", importId).executeTakeFirstOrThrow();
    expect(row.status).toBe("discarded");
    expect(await t.db.selectFrom("adImportParts").select("importId").where("importId", "=", importId).execute()).toEqual([]);
  });

  it("adds, edits and deletes client accounts, keeping the last one and refusing bad values with the typed ones", async () => {
    const bad = await addAccount({ name: "Café Noir", industry: "cars", timeZone: "Mars/Olympus" });
    expect(bad.status).toBe(400);
    expect(bad.body.result.error).toMatchObject({ industry: ["ads:accounts.errors.industry"], timeZone: ["ads:accounts.errors.timeZone"] });
    expect(bad.body.result.initialValue).toMatchObject({ name: "Café Noir" });
    const created = await addAccount({ name: "Café Noir", industry: "real-estate", timeZone: "Europe/Paris" });
    expect(created.status).toBe(302);
    const cafe = (await listClientAccounts(t.db, ownerId)).find((account) => account.name === "Café Noir")!;
    expect(cafe).toMatchObject({ industry: "real-estate", timeZone: "Europe/Paris", currency: null });

    const strangerReads = await answer(() =>
      accountLoader({
        request: new Request(`${APP}/en/ads/accounts/${cafe.id}`, { headers: cookie("stranger") }),
        params: params({ clientId: cafe.id }),
        context: {},
      }),
    );
    expect(strangerReads.status).toBe(404);
    const strangerDeletes = await onAccount(cafe.id, "stranger", { intent: "delete", confirm: "on" });
    expect(strangerDeletes.status).toBe(404);

    const renamed = await onAccount(cafe.id, "owner", { intent: "save", name: "Café Blanc", industry: "travel", timeZone: "UTC" });
    expect(renamed.status).toBe(302);
    expect((await listClientAccounts(t.db, ownerId)).find((account) => account.id === cafe.id)).toMatchObject({
      name: "Café Blanc",
      industry: "travel",
    });
    const unconfirmed = await onAccount(cafe.id, "owner", { intent: "delete" });
    expect(unconfirmed.status).toBe(400);
    const deleted = await onAccount(cafe.id, "owner", { intent: "delete", confirm: "on" });
    expect(deleted.status).toBe(302);
    expect((await listClientAccounts(t.db, ownerId)).some((account) => account.id === cafe.id)).toBe(false);

    // The stranger's only client account stays.
    const [only] = await ensureWorkspace(
      t.db,
      (await t.db.selectFrom("users").select("id").where("email", "like", "stranger-%").executeTakeFirstOrThrow()).id,
      "Stranger's ads",
    );
    const last = await answer(() =>
      accountAction({
        request: post(`/en/ads/accounts/${only!.id}`, "stranger", { intent: "delete", confirm: "on" }),
        params: params({ clientId: only!.id }),
        context: {},
      }),
    );
    expect(last.status).toBe(409);
    expect(last.body.result.error[""]).toEqual(["ads:accounts.errors.last"]);
  });
});

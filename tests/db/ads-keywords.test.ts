/**
 * The keyword generator against a real database: each keyword's figures and their source (Keyword
 * Planner estimates from the latest import, else the client account's own keyword rows, else its
 * search-term rows, else no data), a Keyword Planner import that the dashboard and the audit leave
 * out, and the page as a browser without JavaScript uses it (generate, save, the list's CSV and
 * Google Ads Editor CSV, delete); another user's list is 404.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-keywords-test-secret-0123456789-0123456789";

import { createClientAccount, ensureWorkspace, getClientAccount } from "~/ads/accounts.server";
import { loadAuditDataset } from "~/ads/audit/audit.server";
import { adsDashboard } from "~/ads/dashboard.server";
import { keywordFigures } from "~/ads/keywords/keywords.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { action, loader } from "~/routes/($locale)._app.ads.keywords/route";
import { loader as csvLoader } from "~/routes/($locale)._app.ads.keywords_.$listId.csv";
import { loader as editorLoader } from "~/routes/($locale)._app.ads.keywords_.$listId.editor[.]csv";
import { signedInMember, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures/ads", name));

describeEachDatabase("the keyword generator", (t) => {
  const cookies = { owner: "", stranger: "" };
  let owner: string;
  let clientId: string;

  const importFile = async (clientAccountId: string, name: string) => {
    const id = await stageImport(t.db, { ownerId: owner, clientAccountId, filename: name, bytes: fixture(name) });
    return storeImport(t.db, owner, id);
  };

  useAppDatabase(t, async () => {
    const ownerMember = await signedInMember(t.db, "kw-owner", "Owner");
    const stranger = await signedInMember(t.db, "kw-stranger", "Stranger");
    owner = ownerMember.id;
    cookies.owner = ownerMember.cookie;
    cookies.stranger = stranger.cookie;
    clientId = (await ensureWorkspace(t.db, owner, "Shoes"))[0]!.id;
    await ensureWorkspace(t.db, stranger.id, "Stranger's ads");
  });

  describe("figures", () => {
    it("labels each keyword: from your account (keyword, else search term), else no data", async () => {
      expect([...(await keywordFigures(t.db, clientId, ["running shoes"])).values()]).toEqual([{ source: "none" }]);
      await importFile(clientId, "google-keywords.csv");
      await importFile(clientId, "google-search-terms.csv");
      const figures = await keywordFigures(t.db, clientId, [
        "Running Shoes",
        "acme shoes",
        "trail shoes",
        "running shoes men",
        "buy running shoes",
        "cheap running shoes",
      ]);
      const period = { start: "2026-05-01", end: "2026-05-31" };
      // The phrase and broad keyword "running shoes" together (the exact [buy running shoes] is another keyword).
      expect(figures.get("running shoes")).toEqual({
        source: "account",
        account: { basis: "keyword", impressions: 8000, clicks: 140, costCents: 19500, conversions: 3, cpcCents: 139, period },
      });
      expect(figures.get("acme shoes")).toMatchObject({
        source: "account",
        account: { basis: "keyword", impressions: 2000, clicks: 300, costCents: 15000, cpcCents: 50 },
      });
      // The legacy BMM keyword ` +trail +shoes`.
      expect(figures.get("trail shoes")).toMatchObject({
        source: "account",
        account: { basis: "keyword", impressions: 200, clicks: 2, costCents: 100 },
      });
      // Not one of the keywords, but a search term.
      expect(figures.get("running shoes men")).toEqual({
        source: "account",
        account: { basis: "search-term", impressions: 1200, clicks: 60, costCents: 9000, conversions: 3, cpcCents: 150, period },
      });
      expect(figures.get("buy running shoes")).toMatchObject({
        source: "account",
        account: { basis: "keyword", impressions: 1000, clicks: 50 },
      });
      expect(figures.get("cheap running shoes")).toEqual({ source: "none" });
    });

    it("prefers the latest Keyword Planner import, marking its buckets, and keeps the account's figures for the rest", async () => {
      const stored = await importFile(clientId, "keyword-planner.csv");
      expect(stored).toMatchObject({ outcome: "stored", rows: 5 });
      const figures = await keywordFigures(t.db, clientId, ["running shoes", "buy running shoes", "acme shoes", "cheap running shoes"]);
      const period = { start: "2025-05-01", end: "2026-04-30" };
      expect(figures.get("running shoes")).toEqual({
        source: "keyword-planner",
        planner: {
          searchVolume: 1300,
          volumeLow: null,
          volumeHigh: null,
          competition: "high",
          competitionIndex: 87,
          bidLowCents: 62,
          bidHighCents: 215,
          threeMonthChange: -0.18,
          yoyChange: 0,
          period,
        },
      });
      expect(figures.get("buy running shoes")).toEqual({
        source: "keyword-planner",
        planner: {
          searchVolume: 5000,
          volumeLow: 1000,
          volumeHigh: 10000,
          competition: "medium",
          competitionIndex: 55,
          bidLowCents: 110,
          bidHighCents: 340,
          // The export's `∞`: no searches a year before.
          threeMonthChange: 0,
          yoyChange: null,
          period,
        },
      });
      expect(figures.get("acme shoes")).toMatchObject({ source: "account" });
      expect(figures.get("cheap running shoes")).toEqual({ source: "none" });
    });

    it("leaves a Keyword Planner import out of the dashboard and the audit", async () => {
      const planner = await unitOfWork(t.db, (tx) =>
        createClientAccount(tx, owner, { name: "Planner only", industry: "all", timeZone: "UTC" }),
      );
      await importFile(planner.id, "keyword-planner.csv");
      const dashboard = await adsDashboard(t.db, owner, planner.id, {
        period: null,
        platform: null,
        campaign: null,
        sort: "spend",
        dir: "desc",
      });
      expect(dashboard).toMatchObject({ hasData: false, editorOnly: false, rows: 0, campaigns: [] });
      const dataset = await loadAuditDataset(t.db, await getClientAccount(t.db, owner, planner.id));
      expect(dataset.dataset).toMatchObject({ campaigns: [], keywords: [], searchTerms: [], accountTotals: [] });
      expect(dataset.importIds).toEqual([]);
    });
  });

  describe("the page", () => {
    type Who = keyof typeof cookies;
    const params = (extra: Record<string, string> = {}) => ({ locale: "en", ...extra });
    const post = (who: Who, body: Record<string, string>, origin = APP) =>
      new Request(`${APP}/en/ads/keywords?client=${clientId}`, {
        method: "POST",
        headers: { Origin: origin, Cookie: cookies[who] },
        body: new URLSearchParams(body),
      });
    const get = (url: string, who: Who) => new Request(`${APP}${url}`, { headers: { Cookie: cookies[who] } });
    const inputs = { seeds: "running shoes\nrun shoe\ntrail shoes", landingPage: "", language: "en", negatives: "cheap\nfree" };
    let listId = "";

    it("generates keywords grouped by theme, each with its source", async () => {
      const result = await answer(() =>
        action({ request: post("owner", { intent: "generate", ...inputs }), params: params(), context: {} }),
      );
      expect(result.status).toBe(200);
      const generated = result.body.generated;
      expect(generated.themes.map((theme: { name: string }) => theme.name)).toEqual(["running shoes", "trail shoes"]);
      const rows = new Map<string, { kind: string; figures: { source: string } }>(
        generated.themes.flatMap((theme: { keywords: Array<{ keyword: string }> }) => theme.keywords.map((item) => [item.keyword, item])),
      );
      expect(rows.get("running shoes")).toMatchObject({ kind: "seed", figures: { source: "keyword-planner" } });
      // A Keyword Planner idea that a modifier would also make is offered as the Planner's.
      expect(rows.get("best running shoes")).toMatchObject({
        kind: "planner",
        figures: { source: "keyword-planner", planner: { volumeLow: 10000, volumeHigh: 100000 } },
      });
      expect(rows.get("trail shoes")).toMatchObject({ kind: "seed", figures: { source: "account", account: { basis: "keyword" } } });
      expect(rows.get("running shoes for women")).toMatchObject({ kind: "preposition", figures: { source: "none" } });
      expect(rows.has("cheap running shoes")).toBe(false);
      // "cheap …" and the two "free shipping" phrases, for each of the three seeds.
      expect(generated.removedByNegatives).toBe(9);
      expect(generated.values).toEqual({ ...inputs, alphabet: "" });
    });

    it("offers the imported Planner ideas containing the seeds with their trend, in the language of the seeds or the exports", async () => {
      const result = await answer(() =>
        action({ request: post("owner", { intent: "generate", seeds: "running shoes", language: "auto" }), params: params(), context: {} }),
      );
      expect(result.status).toBe(200);
      const generated = result.body.generated;
      // Nothing in "running shoes" tells its language: the client account's exports are English.
      expect(generated).toMatchObject({ language: "en", detected: false, plannerMatches: 5, plannerIdeas: 5 });
      const rows = new Map<string, { kind: string; figures: { source: string } }>(
        generated.themes.flatMap((theme: { keywords: Array<{ keyword: string }> }) => theme.keywords.map((item) => [item.keyword, item])),
      );
      expect(rows.get("trail running shoes")).toMatchObject({
        kind: "planner",
        figures: { source: "keyword-planner", planner: { threeMonthChange: -0.1, yoyChange: 0.2 } },
      });
      expect(rows.has("running shoes a")).toBe(false);
      const spanish = await answer(() =>
        action({
          request: post("owner", { intent: "generate", seeds: "zapatillas para correr", language: "auto", alphabet: "on" }),
          params: params(),
          context: {},
        }),
      );
      expect(spanish.body.generated).toMatchObject({ language: "es", detected: true, plannerMatches: 0 });
      const spanishKeywords = spanish.body.generated.themes.flatMap((theme: { keywords: Array<{ keyword: string }> }) =>
        theme.keywords.map((item) => item.keyword),
      );
      expect(spanishKeywords).toEqual(expect.arrayContaining(["dónde comprar zapatillas para correr", "zapatillas para correr z"]));
    });

    it("answers bad input with the field's message", async () => {
      const empty = await answer(() =>
        action({ request: post("owner", { intent: "generate", seeds: " ", language: "en" }), params: params(), context: {} }),
      );
      expect(empty.status).toBe(400);
      expect(empty.body.result.error.seeds).toEqual(["ads-keywords:form.errors.seedsRequired"]);
      const language = await answer(() =>
        action({ request: post("owner", { intent: "generate", seeds: "shoes", language: "xx" }), params: params(), context: {} }),
      );
      expect(language.body.result.error.language).toEqual(["ads-keywords:form.errors.language"]);
      const noName = await answer(() =>
        action({ request: post("owner", { intent: "save", ...inputs, name: " " }), params: params(), context: {} }),
      );
      expect(noName.status).toBe(400);
      expect(noName.body.save.error.name).toEqual(["ads-keywords:save.errors.name"]);
      expect(noName.body.generated.total).toBeGreaterThan(0);
      const foreign = await answer(() =>
        action({ request: post("owner", { intent: "generate", ...inputs }, "https://evil.example"), params: params(), context: {} }),
      );
      expect(foreign.status).toBe(403);
    });

    it("saves the list generated again from the same inputs and lists it", async () => {
      const saved = await answer(() =>
        action({ request: post("owner", { intent: "save", ...inputs, name: "=Spring shoes" }), params: params(), context: {} }),
      );
      expect(saved.status).toBe(302);
      expect(saved.location).toBe(`/en/ads/keywords?client=${clientId}`);
      const page = await answer(() =>
        loader({ request: get(`/en/ads/keywords?client=${clientId}`, "owner"), params: params(), context: {} }),
      );
      expect(page.body.lists).toHaveLength(1);
      const list = page.body.lists[0];
      expect(list).toMatchObject({ name: "=Spring shoes", language: "en" });
      listId = list.id;
      const generated = (
        await answer(() => action({ request: post("owner", { intent: "generate", ...inputs }), params: params(), context: {} }))
      ).body.generated;
      expect(list.keywordCount).toBe(generated.total);
      const audit = await t.db
        .selectFrom("auditLog")
        .select(["action", "actorId"])
        .where("subject", "=", `ad-keyword-list:${listId}`)
        .execute();
      expect(audit).toEqual([{ action: "ads.keywords.save", actorId: owner }]);
      const strangersPage = await answer(() => loader({ request: get(`/en/ads/keywords`, "stranger"), params: params(), context: {} }));
      expect(strangersPage.body.lists).toEqual([]);
    });

    it("exports the list as a CSV with each keyword's source and figures", async () => {
      const file = await answer(() =>
        csvLoader({ request: get(`/en/ads/keywords/${listId}/csv`, "owner"), params: params({ listId }), context: {} }),
      );
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(file.headers.get("Content-Disposition")).toContain("cashwise-keywords-spring-shoes.csv");
      const text = await file.response!.text();
      expect(text).toContain("\r\n");
      const rows = parse(text) as string[][];
      expect(rows[0]!.slice(0, 5)).toEqual(["Keyword", "Ad group", "Made from", "Source", "Avg. monthly searches (estimate)"]);
      const byKeyword = new Map(rows.slice(1).map((row) => [row[0], row]));
      expect(byKeyword.get("running shoes")!.slice(0, 10)).toEqual([
        "running shoes",
        "running shoes",
        "Your seed",
        "Keyword Planner (estimate)",
        "1300",
        "",
        "high",
        "87",
        "0.62",
        "2.15",
      ]);
      expect(byKeyword.get("running shoes")!.slice(15)).toEqual(["2025-05-01..2026-04-30", "USD"]);
      expect(byKeyword.get("buy running shoes")!.slice(4, 6)).toEqual(["5000", "1000-10000"]);
      const trail = byKeyword.get("trail shoes")!;
      expect(trail.slice(1, 4)).toEqual(["trail shoes", "Your seed", "From your account (your keyword)"]);
      expect(trail.slice(10, 17)).toEqual(["200", "2", "1.00", "0.50", "0", "2026-05-01..2026-05-31", "USD"]);
      expect(byKeyword.get("running shoes for women")!.slice(3)).toEqual(["No data", ...Array(13).fill("")]);
    });

    it("exports the list as a Google Ads Editor CSV: one ad group per theme, exact and phrase rows", async () => {
      const file = await answer(() =>
        editorLoader({ request: get(`/en/ads/keywords/${listId}/editor.csv`, "owner"), params: params({ listId }), context: {} }),
      );
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Disposition")).toContain("-editor.csv");
      const text = await file.response!.text();
      expect(text.startsWith("Campaign,Ad Group,Keyword,Criterion Type\r\n")).toBe(true);
      expect(text.split("\r\n").at(-1)).toBe("");
      const rows = parse(text) as string[][];
      // A formula-like list name is escaped.
      expect(new Set(rows.slice(1).map((row) => row[0]))).toEqual(new Set(["'=Spring shoes"]));
      expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(new Set(["running shoes", "trail shoes"]));
      expect(rows.slice(1, 5)).toEqual([
        ["'=Spring shoes", "running shoes", "running shoes", "Exact"],
        ["'=Spring shoes", "running shoes", "running shoes", "Phrase"],
        ["'=Spring shoes", "running shoes", "run shoe", "Exact"],
        ["'=Spring shoes", "running shoes", "run shoe", "Phrase"],
      ]);
      expect(rows.find((row) => row[2] === "trail shoes")).toEqual(["'=Spring shoes", "trail shoes", "trail shoes", "Exact"]);
      expect(rows.length - 1).toBe(
        2 *
          Number(
            (await t.db.selectFrom("adKeywordLists").select("keywordCount").where("id", "=", listId).executeTakeFirstOrThrow())
              .keywordCount,
          ),
      );
    });

    it("keeps the list from another user (404) and deletes it for its owner", async () => {
      for (const run of [
        () => csvLoader({ request: get(`/en/ads/keywords/${listId}/csv`, "stranger"), params: params({ listId }), context: {} }),
        () => editorLoader({ request: get(`/en/ads/keywords/${listId}/editor.csv`, "stranger"), params: params({ listId }), context: {} }),
        () => action({ request: post("stranger", { intent: "delete", listId }), params: params(), context: {} }),
        () =>
          csvLoader({ request: get(`/en/ads/keywords/not-a-list/csv`, "owner"), params: params({ listId: "not-a-list" }), context: {} }),
      ]) {
        expect((await answer(run)).status).toBe(404);
      }
      const deleted = await answer(() => action({ request: post("owner", { intent: "delete", listId }), params: params(), context: {} }));
      expect(deleted.status).toBe(302);
      expect(await t.db.selectFrom("adKeywordListItems").select("listId").where("listId", "=", listId).execute()).toEqual([]);
      expect(
        (
          await answer(() =>
            csvLoader({ request: get(`/en/ads/keywords/${listId}/csv`, "owner"), params: params({ listId }), context: {} }),
          )
        ).status,
      ).toBe(404);
    });
  });
});

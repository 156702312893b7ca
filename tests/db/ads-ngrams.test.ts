/**
 * The n-gram analysis (app/ads/ngrams.server.ts and `/ads/ngrams`) on a real database, from Google
 * Ads search terms reports stored the way the import page stores them: the periods offered (one
 * per imported report, latest first, never mixed), the figures per n-gram with their source, the
 * campaign filter, the wasted flag from the tips' significance rule against the whole period, a
 * German report's stop words and lower-casing, the Editor CSV of campaign negatives (one row per
 * n-gram and campaign), the page's loader and download action with its refusals, and nobody
 * reading another user's rows.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-ngrams-test-secret-0123456789-0123456789-0123";

import { ClientAccountNotFoundError } from "~/ads/accounts.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { ngramQueryFromSearch } from "~/ads/ngram-query";
import { ngramNegativesCsv, ngramReport } from "~/ads/ngrams.server";
import { loader as ngramsLoader } from "~/routes/($locale)._app.ads.ngrams/route";
import { action as ngramsAction, loader as negativesLoader } from "~/routes/($locale)._app.ads.ngrams_.negatives[.]csv";
import { expectSignInFirst, ownerAndStranger, strangersOwnPage } from "../support/ads";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures/ads", name)));
const query = (search = "") => ngramQueryFromSearch(new URLSearchParams(search));

/** A German search terms report (Google's German headers, as tests/fixtures/ads/google-search-terms-de.csv). */
const GERMAN = [
  "Bericht zu Suchbegriffen",
  '"1. Mai 2026 - 31. Mai 2026"',
  "Suchbegriff,Übereinstimmungstyp,Hinzugefügt/Ausgeschlossen,Kampagne,Anzeigengruppe,Keyword,Impressionen,Interaktionen,Klicks,CTR,Währungscode,Durchschn. CPC,Kosten,Conversions,Conv.-Rate,Kosten/Conv.,Kampagnentyp",
  'Laufschuhe für Damen,Passende Wortgruppe,Keine,Laufschuhe,Damen,"""laufschuhe""","1.000",50,50,"5,00 %",EUR,"1,00","50,00","5,00","10,00 %","10,00",Suche',
  'LAUFSCHUHE GRÖSSE 44,Weitgehend passend,Keine,Laufschuhe,Damen,laufschuhe,500,20,20,"4,00 %",EUR,"1,00","20,00","0,00","0,00 %",0,Suche',
  'größe 44 laufschuhe,Weitgehend passend,Keine,Laufschuhe,Damen,laufschuhe,500,10,10,"2,00 %",EUR,"1,00","10,00","0,00","0,00 %",0,Suche',
].join("\n");

describeEachDatabase("n-gram analysis", (t) => {
  const { owner, stranger, clientAccount } = ownerAndStranger(t, "ngram");
  const load = async (userId: string, clientAccountId: string, filename: string, bytes: Uint8Array) =>
    storeImport(t.db, userId, await stageImport(t.db, { ownerId: userId, clientAccountId, filename, bytes }));
  async function twoReports(userId = owner.id) {
    const client = await clientAccount(userId);
    await load(userId, client.id, "google-search-terms.csv", fixture("google-search-terms.csv"));
    await load(userId, client.id, "google-search-terms-2-days.csv", fixture("google-search-terms-2-days.csv"));
    return client;
  }

  it("offers each imported report's period, latest first, and never mixes them", async () => {
    const client = await twoReports();
    const report = await ngramReport(t.db, owner.id, client.id, query());
    expect(report.periods.map((p) => p.key)).toEqual(["2026-05-01..2026-05-31", "2026-05-30..2026-05-31"]);
    // The latest end, the longer first: the month.
    expect(report.period).toMatchObject({ key: "2026-05-01..2026-05-31", start: "2026-05-01", end: "2026-05-31" });
    expect(report.period!.sources).toEqual([expect.objectContaining({ platform: "google", filename: "google-search-terms.csv" })]);
    expect(report.campaigns).toEqual(["Brand", "Generic Shoes"]);
    expect(report.totals).toEqual({
      terms: 4,
      impressions: 4500,
      clicks: 410,
      costCents: 33_000,
      conversions: 37,
      conversionValueCents: 0,
    });
    // Significance against the same report: $330 / 37 conversions, 37 / 410 clicks.
    expect(report.basis).toEqual({ cpaCents: 892, conversionRate: 37 / 410 });

    const shoes = report.rows.find((row) => row.ngram === "shoes")!;
    expect(shoes).toMatchObject({ n: 1, terms: 4, impressions: 4500, clicks: 410, costCents: 33_000, conversions: 37, cpaCents: 892 });
    const jobs = report.rows.find((row) => row.ngram === "jobs")!;
    // $10 with no conversion is more than the account's $8.92 per conversion.
    expect(jobs).toMatchObject({ terms: 1, clicks: 10, costCents: 1000, conversions: 0, wasted: "cost", campaigns: ["Generic Shoes"] });
    expect(report.rows.filter((row) => row.wasted).map((row) => row.ngram)).toEqual(["jobs", "running shoes jobs", "shoes jobs"]);
    // Sorted by cost, highest first.
    expect(report.rows[0]!.ngram).toBe("shoes");

    // The other period: its own rows only.
    const days = await ngramReport(t.db, owner.id, client.id, query("period=2026-05-30..2026-05-31"));
    expect(days.period!.key).toBe("2026-05-30..2026-05-31");
    expect(days.totals.costCents).toBe(46_000);
    expect(days.rows.map((row) => row.ngram)).not.toContain("running");
    expect(days.rows.find((row) => row.ngram === "warehouse")).toMatchObject({ costCents: 6000, wasted: "cost" });
  });

  it("filters by campaign, size and wasted spend, the flag still measured against the whole period", async () => {
    const client = await twoReports();
    const generic = await ngramReport(t.db, owner.id, client.id, query("campaign=Generic Shoes&n=2&wasted=1"));
    expect(generic.campaign).toBe("Generic Shoes");
    expect(generic.basis).toEqual({ cpaCents: 892, conversionRate: 37 / 410 });
    expect(generic.totals.costCents).toBe(18_000);
    expect(generic.rows.map((row) => [row.ngram, row.n, row.wasted])).toEqual([["shoes jobs", 2, "cost"]]);
    expect(generic).toMatchObject({ matching: 1, wasted: 1 });
    // An unknown campaign is the whole account.
    const unknown = await ngramReport(t.db, owner.id, client.id, query("campaign=Nope"));
    expect(unknown.campaign).toBeNull();
    const sorted = await ngramReport(t.db, owner.id, client.id, query("n=1&sort=ngram"));
    expect(sorted.rows.map((row) => row.ngram)).toEqual(["acme", "buy", "jobs", "men", "running", "shoes"]);
  });

  it("reads a German report in German: stop words out of 1-grams, one word whatever its case", async () => {
    const client = await clientAccount();
    await load(owner.id, client.id, "suchbegriffe.csv", new TextEncoder().encode(GERMAN));
    const report = await ngramReport(t.db, owner.id, client.id, query());
    const ngrams = report.rows.map((row) => row.ngram);
    expect(ngrams).not.toContain("für");
    expect(ngrams).toContain("für damen");
    expect(ngrams).toContain("laufschuhe für damen");
    expect(report.rows.find((row) => row.ngram === "grösse")).toMatchObject({ terms: 1, costCents: 2000 });
    expect(report.rows.find((row) => row.ngram === "44")).toMatchObject({ terms: 2, costCents: 3000, clicks: 30 });
    expect(report.rows.find((row) => row.ngram === "laufschuhe")).toMatchObject({ terms: 3, costCents: 8000 });
  });

  it("writes the chosen n-grams as campaign negatives in Editor CSV, one row per campaign they ran in", async () => {
    const client = await twoReports();
    const file = await ngramNegativesCsv(t.db, owner.id, client.id, {
      period: null,
      campaign: null,
      ngrams: ["jobs", "shoes", "not in the report"],
      matchType: "phrase",
    });
    const lines = parse(file.csv, { relax_column_count: true }) as string[][];
    expect(lines).toEqual([
      ["Campaign", "Ad Group", "Keyword", "Criterion Type"],
      ["Generic Shoes", "", "jobs", "Campaign Negative Phrase"],
      ["Brand", "", "shoes", "Campaign Negative Phrase"],
      ["Generic Shoes", "", "shoes", "Campaign Negative Phrase"],
    ]);
    expect(file.csv).toContain("\r\n");
    const exact = await ngramNegativesCsv(t.db, owner.id, client.id, {
      period: null,
      campaign: "Brand",
      ngrams: ["shoes"],
      matchType: "exact",
    });
    expect(exact.csv.trim().split("\r\n")).toEqual(["Campaign,Ad Group,Keyword,Criterion Type", "Brand,,shoes,Campaign Negative Exact"]);
  });

  it("never reads another user's client account or rows", async () => {
    const mine = await twoReports();
    const theirs = await clientAccount(stranger.id);
    await expect(ngramReport(t.db, stranger.id, mine.id, query())).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    await expect(
      ngramNegativesCsv(t.db, stranger.id, mine.id, { period: null, campaign: null, ngrams: ["jobs"], matchType: "exact" }),
    ).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    const empty = await ngramReport(t.db, stranger.id, theirs.id, query());
    expect(empty).toMatchObject({ periods: [], period: null, rows: [] });
  });

  it("the page: the owner's table, the download and its refusals, nothing of another user's", async () => {
    const client = await twoReports();
    const params = { locale: "en" };
    const get = (cookie: string, search: string) => new Request(`${APP}/en/ads/ngrams${search}`, { headers: { Cookie: cookie } });
    const post = (cookie: string, search: string, body: URLSearchParams) =>
      new Request(`${APP}/en/ads/ngrams/negatives.csv${search}`, { method: "POST", headers: { Origin: APP, Cookie: cookie }, body });

    const page = await answer(() => ngramsLoader({ request: get(owner.cookie, `?client=${client.id}&wasted=1`), params, context: {} }));
    expect(page.status).toBe(200);
    expect(page.body.client.id).toBe(client.id);
    expect(page.body.query.wastedOnly).toBe(true);
    expect(page.body.report.rows.map((row: { ngram: string }) => row.ngram)).toEqual(["jobs", "running shoes jobs", "shoes jobs"]);
    expect(page.body.meta.title).toMatch(/^N-grams \| /);

    const body = new URLSearchParams([
      ["intent", "negatives"],
      ["ngram", "jobs"],
      ["ngram", "shoes jobs"],
      ["matchType", "exact"],
    ]);
    const file = await answer(() => ngramsAction({ request: post(owner.cookie, `?client=${client.id}`, body), params, context: {} }));
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="cashwise-negatives-exact-2026-05-01_2026-05-31.csv"');
    expect((await file.response!.text()).trim().split("\r\n")).toEqual([
      "Campaign,Ad Group,Keyword,Criterion Type",
      "Generic Shoes,,jobs,Campaign Negative Exact",
      "Generic Shoes,,shoes jobs,Campaign Negative Exact",
    ]);

    // Nothing chosen, or a match type Editor has no campaign negative for: back to the page (its
    // query kept), which says why beside the button.
    const none = await answer(() =>
      ngramsAction({
        request: post(owner.cookie, `?client=${client.id}&wasted=1`, new URLSearchParams({ intent: "negatives", matchType: "phrase" })),
        params,
        context: {},
      }),
    );
    expect(none.status).toBe(302);
    expect(none.location).toBe(`/en/ads/ngrams?client=${client.id}&wasted=1`);
    const flash = none.headers.get("Set-Cookie")!.split(";")[0]!;
    const back = await answer(() =>
      ngramsLoader({ request: get(`${owner.cookie}; ${flash}`, `?client=${client.id}&wasted=1`), params, context: {} }),
    );
    expect(back.body.downloadError).toBe("ads-ngrams:errors.none");
    const broad = await answer(() =>
      ngramsAction({
        request: post(owner.cookie, `?client=${client.id}`, new URLSearchParams({ ngram: "jobs", matchType: "broad" })),
        params,
        context: {},
      }),
    );
    expect(broad.status).toBe(302);
    const broadPage = await answer(() =>
      ngramsLoader({
        request: get(`${owner.cookie}; ${broad.headers.get("Set-Cookie")!.split(";")[0]}`, `?client=${client.id}`),
        params,
        context: {},
      }),
    );
    expect(broadPage.body.downloadError).toBe("ads-ngrams:errors.matchType");
    // A GET of the file's address is the page.
    const getFile = await answer(() => negativesLoader({ request: get(owner.cookie, `?client=${client.id}`), params, context: {} }));
    expect(getFile.status).toBe(302);
    expect(getFile.location).toBe(`/en/ads/ngrams?client=${client.id}`);
    expect(page.body.downloadError).toBeNull();

    // Another user naming the owner's client account gets their own (empty) one, and an empty file.
    const theirs = await strangersOwnPage(ngramsLoader, `${APP}/en/ads/ngrams`, stranger.cookie, client.id);
    expect(theirs.body.report.period).toBeNull();
    const theirFile = await answer(() =>
      ngramsAction({ request: post(stranger.cookie, `?client=${client.id}`, body), params, context: {} }),
    );
    expect((await theirFile.response!.text()).trim()).toBe("Campaign,Ad Group,Keyword,Criterion Type");

    // A post from another site is refused; a visitor is sent to sign in.
    const cross = await answer(() =>
      ngramsAction({
        request: new Request(`${APP}/en/ads/ngrams`, {
          method: "POST",
          headers: { Origin: "https://evil.example", Cookie: owner.cookie },
          body,
        }),
        params,
        context: {},
      }),
    );
    expect(cross.status).toBe(403);
    await expectSignInFirst(ngramsLoader, `${APP}/en/ads/ngrams`);
  });
});

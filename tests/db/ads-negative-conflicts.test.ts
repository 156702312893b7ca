/**
 * Negative-keyword conflicts (app/ads/negative-conflicts.server.ts, the `negative-keyword-conflicts`
 * audit check, `/ads/negatives` and its Editor file) against a real database, on Google Ads Editor
 * exports stored the way the import page stores them: the fixture with negatives at every level and
 * shared lists, a shared-list file imported apart from the keywords, the sample data's conflict,
 * the Editor CSV that removes the blocking negatives, and nobody reading another user's rows.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "ads-negatives-test-secret-0123456789-0123456789";

import { ClientAccountNotFoundError } from "~/ads/accounts.server";
import { runAudit } from "~/ads/audit/audit.server";
import { stageImport, storeImport } from "~/ads/imports.server";
import { negativeConflictReport, negativeRemovalCsv } from "~/ads/negative-conflicts.server";
import { negativeSyntax } from "~/ads/negative-match";
import { loader as pageLoader } from "~/routes/($locale)._app.ads.negatives/route";
import { loader as fileLoader } from "~/routes/($locale)._app.ads.negatives_.editor[.]csv";
import { importSampleExports, ownerAndStranger, strangersOwnPage } from "../support/ads";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures/ads", name));
const tsv = (lines: string[][]) => new TextEncoder().encode(`${lines.map((cells) => cells.join("\t")).join("\r\n")}\r\n`);

describeEachDatabase("negative-keyword conflicts", (t) => {
  const { owner, stranger, clientAccount } = ownerAndStranger(t, "negatives");
  async function importFile(userId: string, clientAccountId: string, filename: string, bytes: Uint8Array) {
    const id = await stageImport(t.db, { ownerId: userId, clientAccountId, filename, bytes });
    return storeImport(t.db, userId, id);
  }
  const describeConflicts = (report: Awaited<ReturnType<typeof negativeConflictReport>>) =>
    report.conflicts.map(
      (c) =>
        `${c.keyword.campaign}/${c.keyword.adGroup}/${c.keyword.text} ← ${negativeSyntax(c.negative)} (${c.negative.level}${c.negative.list ? ` ${c.negative.list}` : ""})`,
    );

  it("finds the negatives that block active keywords at every level, with the file they were read from", async () => {
    const client = await clientAccount();
    await importFile(owner.id, client.id, "editor-negatives.csv", fixture("editor-negatives.csv"));
    const report = await negativeConflictReport(t.db, owner.id, client.id);
    expect(report.sources).toEqual([expect.objectContaining({ filename: "editor-negatives.csv", holds: "both" })]);
    expect(report.sources![0]!.importedAt).toBeTruthy();
    // Six enabled keywords in enabled ad groups (the Sale ad group is paused), eight negatives, one list applied.
    expect(report).toMatchObject({ activeKeywords: 6, negatives: 8, lists: ["Cheap stuff"] });
    expect(describeConflicts(report)).toEqual([
      "Boots/Hiking/cheap hiking boots ← cheap (list Cheap stuff)",
      "Shoes/Running/running shoes ← [running shoes] (ad-group)",
      'Shoes/Trail/trail running shoes ← "trail" (campaign)',
    ]);

    const csv = await negativeRemovalCsv(t.db, owner.id, client.id);
    expect(csv).toContain("\r\n");
    expect(parse(csv!)).toEqual([
      ["Campaign", "Ad Group", "Shared set name", "Keyword", "Criterion Type", "Status"],
      ["", "", "Cheap stuff", "cheap", "Negative Broad", "Removed"],
      ["Shoes", "Running", "", "running shoes", "Negative Exact", "Removed"],
      ["Shoes", "", "", "trail", "Campaign Negative Phrase", "Removed"],
    ]);
  });

  it("reads shared lists from their own file beside the latest keywords export, and a later keywords export replaces the earlier", async () => {
    const client = await clientAccount();
    const keywords = [
      ["Campaign", "Ad Group", "Keyword", "Criterion Type", "Campaign Status", "Ad Group Status", "Status"],
      ["Shoes", "Running", "running shoes", "Exact", "Enabled", "Enabled", "Enabled"],
      ["Shoes", "Running", "kids running shoes", "Phrase", "Enabled", "Enabled", "Enabled"],
    ];
    await importFile(
      owner.id,
      client.id,
      "old-keywords.csv",
      tsv([...keywords, ["Shoes", "Running", "kids", "Negative Broad", "Enabled", "Enabled", "Enabled"]]),
    );
    await importFile(owner.id, client.id, "keywords.csv", tsv(keywords));
    await importFile(
      owner.id,
      client.id,
      "lists.csv",
      tsv([
        ["Campaign", "Shared set name", "Keyword", "Criterion Type"],
        ["", "Generic", "running shoes", "Negative Exact"],
        ["Shoes", "Generic", "", ""],
      ]),
    );
    const report = await negativeConflictReport(t.db, owner.id, client.id);
    expect(report.sources!.map((s) => [s.filename, s.holds])).toEqual([
      ["lists.csv", "lists"],
      ["keywords.csv", "keywords"],
    ]);
    // The older file's ad-group negative `kids` is gone with its replacement; the list's exact negative blocks only [running shoes].
    expect(describeConflicts(report)).toEqual(["Shoes/Running/running shoes ← [running shoes] (list Generic)"]);
  });

  it("counts the conflicts in the audit: fails with any, passes with none", async () => {
    const client = await clientAccount();
    await importFile(owner.id, client.id, "editor-negatives.csv", fixture("editor-negatives.csv"));
    const failing = (await runAudit(t.db, owner.id, client.id)).checks.find((c) => c.ruleId === "negative-keyword-conflicts")!;
    expect(failing).toMatchObject({ status: "graded", audited: 1, failing: 1, grade: "C", summary: { conflicts: 3, blockedKeywords: 3 } });
    expect(failing.items.map((item) => [item.keyword, item.figures.negative])).toEqual([
      ["cheap hiking boots", "cheap"],
      ["running shoes", "[running shoes]"],
      ["trail running shoes", '"trail"'],
    ]);

    const clean = await clientAccount();
    await importFile(
      owner.id,
      clean.id,
      "clean.csv",
      tsv([
        ["Campaign", "Ad Group", "Keyword", "Criterion Type", "Status"],
        ["Shoes", "Running", "running shoes", "Exact", "Enabled"],
        ["Shoes", "Running", "running shoe", "Negative Exact", "Enabled"],
      ]),
    );
    const passing = (await runAudit(t.db, owner.id, clean.id)).checks.find((c) => c.ruleId === "negative-keyword-conflicts")!;
    expect(passing).toMatchObject({ status: "graded", failing: 0, grade: "A", summary: { conflicts: 0 } });
  });

  it("finds the sample data's conflict: the shared list's phrase negative blocking an active keyword", async () => {
    const client = await clientAccount();
    await importSampleExports(t.db, owner.id, client.id, { endDay: "2026-11-20" });
    const report = await negativeConflictReport(t.db, owner.id, client.id);
    expect(report.lists).toEqual(["Northwind - Job seekers", "Northwind - Off-topic"]);
    expect(describeConflicts(report)).toEqual([
      'Generic - Hiking Gear/Hiking Boots/trail running shoes ← "running shoes" (list Northwind - Off-topic)',
    ]);
  });

  it("the page and the file: the owner's conflicts, the empty state, 404 without conflicts, nothing of another user's", async () => {
    const client = await clientAccount();
    await importFile(owner.id, client.id, "editor-negatives.csv", fixture("editor-negatives.csv"));
    const request = (cookie: string, pathname: string, query = "") =>
      new Request(`${APP}${pathname}${query}`, { headers: { Cookie: cookie } });
    const args = (cookie: string, pathname: string, query = "") => ({
      request: request(cookie, pathname, query),
      params: { locale: "en" },
      context: {},
    });

    const page = await answer(() => pageLoader(args(owner.cookie, "/en/ads/negatives", `?client=${client.id}`)));
    expect(page.status).toBe(200);
    expect(page.body.client.id).toBe(client.id);
    expect(page.body.report.conflicts).toHaveLength(3);
    expect(page.body.meta).toBeTruthy();

    const file = await answer(() => fileLoader(args(owner.cookie, "/en/ads/negatives/editor.csv", `?client=${client.id}`)));
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toMatch(/text\/csv/);
    expect(file.headers.get("Content-Disposition")).toMatch(/attachment; filename="cashwise-negative-conflicts-client-/);
    const text = await file.response!.text();
    expect(text.split("\r\n")[0]).toBe("Campaign,Ad Group,Shared set name,Keyword,Criterion Type,Status");

    // The stranger asking for the owner's client account gets their own (empty) workspace, never the owner's rows.
    const theirs = await strangersOwnPage(pageLoader, `${APP}/en/ads/negatives`, stranger.cookie, client.id);
    expect(theirs.body.report).toMatchObject({ sources: null, conflicts: [] });
    const theirFile = await answer(() => fileLoader(args(stranger.cookie, "/en/ads/negatives/editor.csv", `?client=${client.id}`)));
    expect(theirFile.status).toBe(404);
    await expect(negativeConflictReport(t.db, stranger.id, client.id)).rejects.toBeInstanceOf(ClientAccountNotFoundError);
    await expect(negativeRemovalCsv(t.db, stranger.id, client.id)).rejects.toBeInstanceOf(ClientAccountNotFoundError);

    // Signed out: to the sign-in page.
    const signedOut = await answer(() => pageLoader(args("", "/en/ads/negatives")));
    expect(signedOut.status).toBe(302);
  });
});

/**
 * Network report imports on each database: the preview says what applying would do and changes
 * nothing; applying moves money once (a re-import changes nothing more); an upload is applied
 * once; CJ corrections in a report are summed; `npm run cashback:import` does the same from a file.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { clickOut } from "~/cashback/clicks.server";
import { applyImport, applyReport, createImport, getImport, previewReport } from "~/cashback/imports.server";
import { ReportFormatError } from "~/cashback/reports";
import { getBalances } from "~/wallet/balances.server";
import { SEED_STORES } from "../../db/seed-data/stores";
import { seedContent } from "../../db/seed";
import { describeEachDatabase, runScriptOn, withSqliteFile } from "../support/databases";
import { expectBooksBalance, inTx, newUser } from "../support/ledger";

const store = SEED_STORES[0]!;
const clickBase = {
  clientAddress: "203.0.113.9",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36",
  secret: "test-secret-0123456789-0123456789",
  appUrl: new URL("http://localhost:3000"),
  sandboxAllowed: true,
};

const awin = (rows: string[]) =>
  ["Transaction ID,Transaction Date,Click Ref,Sale Amount,Commission Amount,Currency,Status", ...rows].join("\n");

describeEachDatabase("network report imports", (t) => {
  const click = async (name: string) => {
    await seedContent(t.db);
    const user = await newUser(t.db, name);
    const result = await inTx(t.db, (tx) => clickOut(tx, { ...clickBase, userId: user, slug: store.slug }));
    if (result.outcome !== "redirect") throw new Error(result.outcome);
    return { user, clickId: result.clickId };
  };

  it("previews without changing anything, applies once, and a re-import changes nothing more", async () => {
    const a = await click("awin-a");
    const b = await click("awin-b");
    const id = () => String(Math.floor(Math.random() * 1e12));
    const [t1, t2, t3] = [id(), id(), id()];
    const report = awin([
      `${t1},2026-11-01 10:00:00,${a.clickId},100.00,8.00,USD,pending`,
      `${t2},2026-11-02 11:00:00,${b.clickId},"1,000.00",40.00,USD,approved`,
      `${t3},2026-11-03 12:00:00,not-our-click,50.00,2.00,USD,pending`,
      `${id()},2026-11-03 12:00:00,${a.clickId},50.00,2.00,GBP,pending`,
      `${id()},2026-11-04 12:00:00,${a.clickId},lots,2.00,USD,pending`,
    ]);
    const preview = await previewReport(t.db, "awin", report);
    expect(preview.rows).toBe(4);
    expect(preview.errors).toEqual([{ line: 6, code: "bad_amount", column: "Sale Amount" }]);
    expect(preview.outcomes).toEqual({ created: 1, confirmed: 1, unmatched: 1, unsupported_currency: 1 });
    // Nothing changed.
    expect(await getBalances(t.db, a.user)).toMatchObject({ pendingCashbackCents: 0, availableCents: 0 });
    expect(await t.db.selectFrom("conversions").select("id").where("networkTransactionId", "in", [t1, t2, t3]).execute()).toEqual([]);
    expect(await t.db.selectFrom("notifications").select("id").where("userId", "in", [a.user, b.user]).execute()).toEqual([]);

    expect(await applyReport(t.db, "awin", report)).toEqual({ created: 1, confirmed: 1, unmatched: 1, unsupported_currency: 1 });
    expect(await getBalances(t.db, a.user)).toMatchObject({ pendingCashbackCents: 720 });
    expect(await getBalances(t.db, b.user)).toMatchObject({ availableCents: 3_600 });
    expect(await applyReport(t.db, "awin", report)).toEqual({ unchanged: 3, unsupported_currency: 1 });

    // Next month's report: the first sale approved, the second returned.
    const later = awin([
      `${t1},2026-11-01 10:00:00,${a.clickId},100.00,8.00,USD,approved`,
      `${t2},2026-11-02 11:00:00,${b.clickId},"1,000.00",40.00,USD,declined`,
    ]);
    expect((await previewReport(t.db, "awin", later)).outcomes).toEqual({ confirmed: 1, reversed: 1 });
    expect(await applyReport(t.db, "awin", later)).toEqual({ confirmed: 1, reversed: 1 });
    expect(await getBalances(t.db, a.user)).toMatchObject({ pendingCashbackCents: 0, availableCents: 720 });
    expect(await getBalances(t.db, b.user)).toMatchObject({ availableCents: 0 });
    await expectBooksBalance(t.db);
  });

  it("an upload is kept with its preview and applied once", async () => {
    const a = await click("upload");
    const admin = await newUser(t.db, "importer");
    const report = awin([`${Date.now()},2026-11-01 10:00:00,${a.clickId},100.00,8.00,USD,pending`]);
    const importId = await createImport(t.db, {
      adminId: admin,
      network: "awin",
      filename: "../../etc/passwd<script>.csv",
      bytes: new TextEncoder().encode(report),
    });
    const kept = await getImport(t.db, importId);
    expect(kept).toMatchObject({
      status: "previewed",
      filename: ".._.._etc_passwd_script_.csv",
      result: null,
      preview: { rows: 1, outcomes: { created: 1 } },
    });
    expect(await getBalances(t.db, a.user)).toMatchObject({ pendingCashbackCents: 0 });
    const applied = await Promise.all([applyImport(t.db, { importId, adminId: admin }), applyImport(t.db, { importId, adminId: admin })]);
    expect(applied.filter((r) => r.ok)).toHaveLength(1);
    expect(applied.find((r) => !r.ok)).toEqual({ ok: false, error: "alreadyApplied" });
    expect(await getBalances(t.db, a.user)).toMatchObject({ pendingCashbackCents: 720 });
    expect(await getImport(t.db, importId)).toMatchObject({ status: "applied", result: { created: 1 } });
    const actions = await t.db
      .selectFrom("auditLog")
      .select("action")
      .where("subject", "=", `import:${importId}`)
      .orderBy("createdAt")
      .execute();
    expect(actions.map((row) => row.action)).toEqual(["report.uploaded", "report.applied"]);
    await expect(
      createImport(t.db, { adminId: admin, network: "impact", filename: "x.csv", bytes: new TextEncoder().encode(report) }),
    ).rejects.toBeInstanceOf(ReportFormatError);
  });

  it("CJ corrections in a report are summed into their original action", async () => {
    const a = await click("cj-report");
    const original = String(Date.now());
    const report = [
      "Commission ID,Action ID,Original Action ID,Event Date,SID,Sale Amount,Commission,Currency,Action Status",
      `C${original}-1,${original},,11/01/2026 10:00,${a.clickId},250.00,20.00,USD,new`,
      `C${original}-2,A${original}-2,${original},11/08/2026 10:00,${a.clickId},-50.00,-4.00,USD,new`,
    ].join("\n");
    expect(await applyReport(t.db, "cj", report)).toEqual({ created: 1, amended: 1 });
    expect(await getBalances(t.db, a.user)).toMatchObject({ pendingCashbackCents: 1_440 });
    const locked = report.replaceAll(",new", ",locked");
    expect(await applyReport(t.db, "cj", locked)).toEqual({ unchanged: 2 });
    const lockedLater = `${locked}\nC${original}-3,A${original}-3,${original},11/10/2026 10:00,${a.clickId},0.00,0.00,USD,locked`;
    expect(await applyReport(t.db, "cj", lockedLater)).toEqual({ unchanged: 2, confirmed: 1 });
    expect(await getBalances(t.db, a.user)).toMatchObject({ pendingCashbackCents: 0, availableCents: 1_440 });
    await expectBooksBalance(t.db);
  });
});

it("npm run cashback:import previews and applies a file (SQLite)", async () => {
  await withSqliteFile("import", async ({ db, filename, dir }) => {
    await seedContent(db);
    const user = await newUser(db, "cli");
    const result = await inTx(db, (tx) => clickOut(tx, { ...clickBase, userId: user, slug: store.slug }));
    if (result.outcome !== "redirect") throw new Error(result.outcome);
    const file = path.join(dir, "report.csv");
    fs.writeFileSync(file, awin([`CLI-1,2026-11-01 10:00:00,${result.clickId},100.00,8.00,USD,pending`]));
    const run = (...args: string[]) => runScriptOn(filename, "scripts/cashback-import.ts", ...args);
    const dry = run("--network", "awin", "--file", file, "--dry-run");
    expect(dry.stdout).toContain("Preview: created 1.");
    expect(dry.stdout).toContain("Dry run: nothing was changed.");
    expect(await getBalances(db, user)).toMatchObject({ pendingCashbackCents: 0 });
    const applied = run("--network", "awin", "--file", file);
    expect(applied.status).toBe(0);
    expect(applied.stdout).toContain("Applied: created 1.");
    expect(await getBalances(db, user)).toMatchObject({ pendingCashbackCents: 720 });
    const wrong = run("--network", "shareasale", "--file", file);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain("Usage: npm run cashback:import");
  });
}, 60_000);

/**
 * The ad import's throughput (part of `npm run bench`): a Google Ads search terms report of
 * 100,000 rows (UTF-8 CSV with its title and date lines and totals rows, about 12 MB) is read by
 * the parser (`parseAdsExport`), then previewed and stored through the real import (`stageImport`
 * parses it once in a worker and keeps the rows with the pending import; `storeImport` stores those
 * rows), on a throw-away SQLite file and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names one,
 * on PostgreSQL. Prints rows per second for each step and the whole (goal of #30: the whole import,
 * upload to stored rows, under 5 s).
 *
 * Options: --import-rows 100000
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ensureWorkspace } from "../app/ads/accounts.server";
import { parseAdsExport } from "../app/ads/import/read.server";
import { stageImport, storeImport } from "../app/ads/imports.server";
import { createDb, type Db } from "../app/db/db.server";
import { createUser } from "../app/users/users.server";
import { migrateToLatest } from "../db/migrate";
import { recordGoal } from "./bench-goals";
import { onThrowAwaySchema } from "./bench-postgres";

/** A search terms report of `rows` rows whose totals rows agree with them (deterministic). */
export function searchTermsReport(rows: number): Uint8Array {
  const lines = [
    "Search terms report",
    '"May 1, 2026 - July 29, 2026"',
    "Search term,Match type,Added/Excluded,Campaign,Ad group,Keyword,Impr.,Clicks,CTR,Currency code,Avg. CPC,Cost,Conversions,Conv. rate,Cost / conv.,Campaign type",
  ];
  let impressions = 0;
  let clicks = 0;
  let cost = 0;
  let conversions = 0;
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const words = [
    "hiking",
    "boots",
    "tent",
    "jacket",
    "trail",
    "camping",
    "stove",
    "backpack",
    "waterproof",
    "lightweight",
    "women",
    "men",
    "kids",
    "sale",
    "best",
    "cheap",
  ];
  for (let i = 0; i < rows; i++) {
    const term = `${words[i % 16]} ${words[(i >> 4) % 16]} ${words[(i >> 8) % 16]} ${i}`;
    const impr = 20 + Math.floor(next() * 2000);
    const click = Math.floor(impr * (0.01 + next() * 0.08));
    const costCents = click * (40 + Math.floor(next() * 300));
    const conv = click > 10 && next() < 0.3 ? Math.round(click * 0.05 * 100) / 100 : 0;
    impressions += impr;
    clicks += click;
    cost += costCents;
    conversions = Math.round((conversions + conv) * 100) / 100;
    const ctr = `${((click / impr) * 100).toFixed(2)}%`;
    const cpc = click ? (costCents / click / 100).toFixed(2) : "0";
    const campaign = `Campaign ${i % 40}`;
    lines.push(
      [
        term,
        "Phrase match",
        "None",
        campaign,
        `Group ${i % 400}`,
        `"""${words[i % 16]} ${words[(i >> 4) % 16]}"""`,
        impr.toLocaleString("en-US"),
        click.toLocaleString("en-US"),
        ctr,
        "USD",
        cpc,
        (costCents / 100).toFixed(2),
        conv.toFixed(2),
        click ? `${((conv / click) * 100).toFixed(2)}%` : "0.00%",
        conv ? (costCents / 100 / conv).toFixed(2) : "0",
        "Search",
      ]
        .map((cell) => (cell.includes(",") && !cell.startsWith('"') ? `"${cell}"` : cell))
        .join(","),
    );
  }
  const totals = [
    impressions.toLocaleString("en-US"),
    clicks.toLocaleString("en-US"),
    `${((clicks / impressions) * 100).toFixed(2)}%`,
    "USD",
    (cost / clicks / 100).toFixed(2),
    (cost / 100).toFixed(2),
    conversions.toFixed(2),
    `${((conversions / clicks) * 100).toFixed(2)}%`,
    (cost / 100 / conversions).toFixed(2),
    " --",
  ];
  const quote = (cell: string) => (cell.includes(",") ? `"${cell}"` : cell);
  lines.push(["Total: Search terms", " --", " --", " --", " --", " --", ...totals].map(quote).join(","));
  lines.push(["Total: Account", "", "", "", "", "", ...totals].map(quote).join(","));
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

async function measure(label: string, db: Db, bytes: Uint8Array, rows: number) {
  const user = await createUser(db, { email: `bench-${Date.now()}@example.com`, name: "Bench", emailVerified: true });
  const [account] = await ensureWorkspace(db, user.id, "Bench");
  const parseStart = performance.now();
  const parsed = await parseAdsExport(bytes);
  const parseMs = performance.now() - parseStart;
  if (parsed.rows.length !== rows) throw new Error(`parsed ${parsed.rows.length} rows, expected ${rows}`);
  const stageStart = performance.now();
  const importId = await stageImport(db, { ownerId: user.id, clientAccountId: account!.id, filename: "search-terms.csv", bytes });
  const stageMs = performance.now() - stageStart;
  const storeStart = performance.now();
  const stored = await storeImport(db, user.id, importId);
  const storeMs = performance.now() - storeStart;
  if (stored.rows !== rows) throw new Error(`stored ${stored.rows} rows, expected ${rows}`);
  const rate = (ms: number) => Math.round(rows / (ms / 1000)).toLocaleString("en-US");
  return {
    database: label,
    "parse only (ms)": Math.round(parseMs),
    "upload + preview (ms)": Math.round(stageMs),
    "store (ms)": Math.round(storeMs),
    "whole import (s)": Number(((stageMs + storeMs) / 1000).toFixed(2)),
    "rows/s (whole)": rate(stageMs + storeMs),
    "goal < 5 s": stageMs + storeMs < 5_000 ? "met" : "missed",
  };
}

export async function benchAdsImport(options: { rows?: number } = {}) {
  const rows = options.rows ?? 100_000;
  const bytes = searchTermsReport(rows);
  console.log(
    `\nAd import: a Google Ads search terms report of ${rows.toLocaleString("en-US")} rows (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB)\n`,
  );
  const results = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-bench-ads-import-"));
  const sqlite = createDb({ kind: "sqlite", filename: path.join(dir, "import.db") });
  await migrateToLatest(sqlite);
  results.push(await measure("SQLite", sqlite, bytes, rows));
  await sqlite.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  const postgres = await onThrowAwaySchema("bench_ads_import", undefined, (db) => measure("PostgreSQL", db, bytes, rows));
  if (postgres) results.push(postgres);
  console.table(results);
  for (const result of results)
    recordGoal({
      goal: `Ad import of ${rows.toLocaleString("en-US")} search terms, ${result.database} (upload, preview, store)`,
      target: "< 5 s",
      measured: `${result["whole import (s)"]} s (parse ${result["parse only (ms)"]} ms, store ${result["store (ms)"]} ms)`,
      met: result["whole import (s)"] < 5,
    });
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rowsArg = process.argv.indexOf("--import-rows");
  await benchAdsImport({ rows: rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : undefined });
}

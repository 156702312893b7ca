/**
 * The ad dashboard's benchmark (part of `npm run bench`, or alone: `npx tsx scripts/bench-ads.ts`):
 *  1. fills a throw-away SQLite database (and PostgreSQL when BENCH_DATABASE_URL or
 *     TEST_DATABASE_URL names one) with about 1,000,000 daily `ad_rows` across many client
 *     accounts, as monthly day-by-day imports interleaved between accounts (so one account's rows
 *     are spread over the table as they would be), written in bulk and shaped as storeImport writes
 *     them: one realistic agency client (Google campaigns and keywords, Meta ad sets, Microsoft
 *     campaigns: about 35,000 rows over a year) among hundreds of smaller ones;
 *  2. calls the dashboard's domain function (`adsDashboard`, what the `/ads` loader calls) for that
 *     client with several queries, many times each, and prints p50/p95/p99 in ms (goal: p99 < 50).
 *
 * Options: --ad-rows 1000000 --iterations 200
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import type { DashboardQuery } from "../app/ads/dashboard-query";
import { adsDashboard } from "../app/ads/dashboard.server";
import { createDb, rawClientOf, type Db } from "../app/db/db.server";
import { migrateToLatest } from "../db/migrate";
import { onThrowAwaySchema } from "./bench-postgres";
import { parseArgs } from "./lib";

const OWNER = "bench-ads-owner";
const TARGET = "bench-ads-target";
/** A year of days, May 2025 to April 2026, imported month by month. */
const FIRST_DAY = "2025-05-01";
const DAYS = 365;

interface Feed {
  platform: "google" | "meta" | "microsoft";
  kind: "campaign" | "ad-group" | "keyword";
  /** Rows per day. */
  perDay: number;
}

/** The agency's big client: 97 rows a day. */
const TARGET_FEEDS: Feed[] = [
  { platform: "google", kind: "campaign", perDay: 20 },
  { platform: "google", kind: "keyword", perDay: 60 },
  { platform: "meta", kind: "ad-group", perDay: 12 },
  { platform: "microsoft", kind: "campaign", perDay: 5 },
];
/** Every other client account: 5 rows a day. */
const OTHER_FEEDS: Feed[] = [
  { platform: "google", kind: "campaign", perDay: 2 },
  { platform: "google", kind: "keyword", perDay: 2 },
  { platform: "meta", kind: "ad-group", perDay: 1 },
];

/** The ad_rows columns the benchmark writes, each with its PostgreSQL type (the arrays `unnest` reads). */
const ROW_COLUMNS = [
  ["import_id", "text"],
  ["client_account_id", "text"],
  ["platform", "text"],
  ["kind", "text"],
  ["line", "int4"],
  ["day", "text"],
  ["campaign", "text"],
  ["ad_group", "text"],
  ["keyword", "text"],
  ["match_type", "text"],
  ["negative", "int4"],
  ["search_term", "text"],
  ["status", "text"],
  ["impressions", "int4"],
  ["clicks", "int4"],
  ["cost_cents", "int4"],
  ["conversions", "float8"],
  ["conversion_value_cents", "int4"],
  ["extras", "text"],
] as const;
const COLUMN_NAMES = ROW_COLUMNS.map(([name]) => name).join(", ");
type RowTuple = [
  string,
  string,
  string,
  string,
  number,
  string,
  string,
  string | null,
  string | null,
  string | null,
  number,
  null,
  string,
  number,
  number,
  number,
  number,
  number,
  string,
];

interface ImportTuple {
  id: string;
  clientAccountId: string;
  platform: string;
  kind: string;
  periodStart: string;
  periodEnd: string;
  rowCount: number;
  at: string;
}

const dayOf = (offset: number) => new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/** The months of the year as [first day offset, last day offset]. */
function months(): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  for (let offset = 1; offset <= DAYS; offset++) {
    if (offset === DAYS || dayOf(offset).endsWith("-01")) {
      out.push([start, offset - 1]);
      start = offset;
    }
  }
  return out;
}

/** A cheap deterministic hash for the metrics. */
function mix(a: number, b: number, c: number): number {
  let h = (a * 374_761_393 + b * 668_265_263 + c * 2_147_483_647) | 0;
  h = Math.imul(h ^ (h >>> 13), 1_274_126_177);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The bulk data, month by month, every account's imports of the month in turn: each import with its rows. */
function* generate(otherAccounts: number): Generator<[ImportTuple, RowTuple[]]> {
  const accounts: Array<{ id: string; feeds: Feed[]; n: number }> = [{ id: TARGET, feeds: TARGET_FEEDS, n: 0 }];
  for (let i = 1; i <= otherAccounts; i++) accounts.push({ id: `bench-ads-client-${i}`, feeds: OTHER_FEEDS, n: i });
  for (const [month, [first, last]] of months().entries()) {
    const at = new Date(Date.parse(`${dayOf(last)}T06:00:00Z`) + 86_400_000).toISOString();
    for (const account of accounts) {
      for (const [f, feed] of account.feeds.entries()) {
        const id = `${account.id}-${feed.platform}-${feed.kind}-${month}`;
        const rows: RowTuple[] = [];
        for (let offset = first; offset <= last; offset++) {
          const day = dayOf(offset);
          for (let j = 0; j < feed.perDay; j++) {
            const h = mix(account.n, offset * 100 + f, j);
            const impressions = 50 + (h % 4000);
            const clicks = Math.floor((impressions * (1 + (h % 9))) / 100);
            const costCents = clicks * (20 + (h % 280));
            const conversions = Math.floor((clicks * (h % 7)) / 100) + ((h >>> 8) % 2) * 0.5;
            const campaign = `Campaign ${feed.kind === "keyword" ? j % 20 : j}`;
            const adGroup = feed.kind === "campaign" ? null : `Group ${j % 6}`;
            const keyword = feed.kind === "keyword" ? `keyword ${j}` : null;
            rows.push([
              id,
              account.id,
              feed.platform,
              feed.kind,
              rows.length + 4,
              day,
              campaign,
              adGroup,
              keyword,
              keyword ? "exact" : null,
              0,
              null,
              "Enabled",
              impressions,
              clicks,
              costCents,
              conversions,
              Math.round(conversions * 4_500),
              "{}",
            ]);
          }
        }
        yield [
          {
            id,
            clientAccountId: account.id,
            platform: feed.platform,
            kind: feed.kind,
            periodStart: dayOf(first),
            periodEnd: dayOf(last),
            rowCount: rows.length,
            at,
          },
          rows,
        ];
      }
    }
  }
}

function otherAccountsFor(rows: number): number {
  const targetRows = TARGET_FEEDS.reduce((sum, feed) => sum + feed.perDay, 0) * DAYS;
  const perOther = OTHER_FEEDS.reduce((sum, feed) => sum + feed.perDay, 0) * DAYS;
  return Math.max(1, Math.round((rows - targetRows) / perOther));
}

const USERS = 100;
const createdAt = "2025-05-01T00:00:00.000Z";
const ownerOf = (accountIndex: number) => (accountIndex === 0 ? OWNER : `bench-ads-user-${accountIndex % USERS}`);
const importValues = (item: ImportTuple) => [
  item.id,
  item.clientAccountId,
  "imported",
  `${item.kind}.csv`,
  1000,
  item.id,
  item.platform,
  item.kind,
  "en",
  "day",
  "USD",
  item.periodStart,
  item.periodEnd,
  item.rowCount,
  "{}",
  item.at,
  item.at,
];
const IMPORT_SQL =
  "(id, client_account_id, status, filename, byte_size, content_hash, platform, kind, language, granularity, currency, period_start, period_end, row_count, summary, created_at, imported_at)";

function seedSqlite(file: string, otherAccounts: number): number {
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = OFF");
  const insertUser = database.prepare(
    "insert into users (id, email, name, role, locale, created_at, updated_at) values (?, ?, ?, 'user', 'en', ?, ?)",
  );
  const insertAccount = database.prepare(
    "insert into ad_client_accounts (id, owner_id, name, currency, industry, time_zone, thresholds, created_at, updated_at) values (?, ?, ?, 'USD', 'all', 'UTC', '{}', ?, ?)",
  );
  const insertImport = database.prepare(`insert into ad_imports ${IMPORT_SQL} values (${Array(17).fill("?").join(", ")})`);
  const insertRow = database.prepare(`insert into ad_rows (${COLUMN_NAMES}) values (${ROW_COLUMNS.map(() => "?").join(", ")})`);
  database.transaction(() => {
    insertUser.run(OWNER, "bench-ads-owner@example.com", "Bench agency", createdAt, createdAt);
    for (let i = 0; i < USERS; i++) insertUser.run(`bench-ads-user-${i}`, `bench-ads-${i}@example.com`, `Bench ${i}`, createdAt, createdAt);
    insertAccount.run(TARGET, OWNER, "Big client", createdAt, createdAt);
    for (let i = 1; i <= otherAccounts; i++) insertAccount.run(`bench-ads-client-${i}`, ownerOf(i), `Client ${i}`, createdAt, createdAt);
  })();
  let pending: Array<[ImportTuple, RowTuple[]]> = [];
  let pendingRows = 0;
  let total = 0;
  const flush = database.transaction(() => {
    for (const [item, rows] of pending) {
      insertImport.run(...importValues(item));
      for (const row of rows) insertRow.run(...row);
    }
  });
  for (const [item, rows] of generate(otherAccounts)) {
    pending.push([item, rows]);
    pendingRows += rows.length;
    total += rows.length;
    if (pendingRows >= 50_000) {
      flush();
      pending = [];
      pendingRows = 0;
    }
  }
  flush();
  database.pragma("wal_checkpoint(TRUNCATE)");
  database.close();
  return total;
}

async function seedPostgres(db: Db, otherAccounts: number): Promise<number> {
  const raw = rawClientOf(db);
  if (raw.kind !== "postgres") throw new Error("not PostgreSQL");
  const pool = raw.client;
  const users = [OWNER, ...Array.from({ length: USERS }, (_, i) => `bench-ads-user-${i}`)];
  await pool.query(
    "insert into users (id, email, name, role, locale, created_at, updated_at) select id, id || '@example.com', id, 'user', 'en', $2, $2 from unnest($1::text[]) as id",
    [users, createdAt],
  );
  const accounts = [TARGET, ...Array.from({ length: otherAccounts }, (_, i) => `bench-ads-client-${i + 1}`)];
  await pool.query(
    "insert into ad_client_accounts (id, owner_id, name, currency, industry, time_zone, thresholds, created_at, updated_at) select a.id, a.owner, a.id, 'USD', 'all', 'UTC', '{}', $3, $3 from unnest($1::text[], $2::text[]) as a(id, owner)",
    [accounts, accounts.map((_, i) => ownerOf(i)), createdAt],
  );
  const importSql = `insert into ad_imports ${IMPORT_SQL} select * from unnest(${["text", "text", "text", "text", "int4", "text", "text", "text", "text", "text", "text", "text", "text", "int4", "text", "text", "text"].map((type, i) => `$${i + 1}::${type}[]`).join(", ")})`;
  const rowSql = `insert into ad_rows (${COLUMN_NAMES}) select * from unnest(${ROW_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ")})`;
  let imports: unknown[][] = Array.from({ length: 17 }, () => []);
  let columns: unknown[][] = ROW_COLUMNS.map(() => []);
  let queued = 0;
  let total = 0;
  // One statement of imports, then one of their rows (column arrays through unnest), 25,000 rows at a time.
  const flush = async () => {
    if (!queued) return;
    await pool.query(importSql, imports);
    await pool.query(rowSql, columns);
    imports = Array.from({ length: 17 }, () => []);
    columns = ROW_COLUMNS.map(() => []);
    queued = 0;
  };
  for (const [item, rows] of generate(otherAccounts)) {
    importValues(item).forEach((value, i) => imports[i]!.push(value));
    for (const row of rows) row.forEach((value, i) => columns[i]!.push(value));
    queued += rows.length;
    total += rows.length;
    if (queued >= 25_000) await flush();
  }
  await flush();
  // What autovacuum does soon after a bulk load (statistics, visibility map for index-only scans),
  // done now so it does not run during the measurement.
  await sql`vacuum analyze`.execute(db);
  return total;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function timeDashboard(db: Db, label: string, iterations: number) {
  const base: DashboardQuery = { period: null, platform: null, campaign: null, sort: "spend", dir: "desc" };
  const scenarios: Array<[string, DashboardQuery]> = [
    ["latest import's month (default)", base],
    ["last 90 days", { ...base, period: { from: "2026-01-31", to: "2026-04-30" } }],
    ["whole year", { ...base, period: { from: "2025-05-01", to: "2026-04-30" } }],
    [
      "30 days, Google, one campaign",
      { ...base, period: { from: "2026-04-01", to: "2026-04-30" }, platform: "google", campaign: "Campaign 3" },
    ],
    ["all time", { ...base, period: "all" }],
    ["month, sorted by CPA", { ...base, sort: "cpa", dir: "asc" }],
  ];
  const counted: number[] = [];
  for (const [name, query] of scenarios) {
    const first = await adsDashboard(db, OWNER, TARGET, query);
    if (!first.rows) throw new Error(`${name}: no rows counted`);
    counted.push(first.rows);
  }
  // Warm up, then measure the scenarios in turn (round-robin), so a burst of load elsewhere on the
  // machine spreads over all of them instead of landing on one.
  for (let i = 0; i < 5; i++) for (const [, query] of scenarios) await adsDashboard(db, OWNER, TARGET, query);
  const times: number[][] = scenarios.map(() => []);
  for (let i = 0; i < iterations; i++) {
    for (const [s, [, query]] of scenarios.entries()) {
      const t0 = performance.now();
      await adsDashboard(db, OWNER, TARGET, query);
      times[s]!.push(performance.now() - t0);
    }
  }
  const rows = [];
  const all = times.flat();
  for (const [s, [name]] of scenarios.entries()) {
    const sorted = times[s]!.sort((a, b) => a - b);
    rows.push({
      database: label,
      "dashboard query": name,
      "rows counted": counted[s]!,
      "p50 ms": percentile(sorted, 50).toFixed(2),
      "p95 ms": percentile(sorted, 95).toFixed(2),
      "p99 ms": percentile(sorted, 99).toFixed(2),
    });
  }
  all.sort((a, b) => a - b);
  rows.push({
    database: label,
    "dashboard query": "all of the above",
    "rows counted": "",
    "p50 ms": percentile(all, 50).toFixed(2),
    "p95 ms": percentile(all, 95).toFixed(2),
    "p99 ms": percentile(all, 99).toFixed(2),
  });
  return { rows, p99: percentile(all, 99) };
}

async function countRows(db: Db) {
  const result = await db
    .selectFrom("adRows")
    .select([
      sql<string | number>`count(*)`.as("all"),
      sql<string | number>`sum(case when client_account_id = ${TARGET} then 1 else 0 end)`.as("mine"),
      sql<string | number>`count(distinct client_account_id)`.as("accounts"),
    ])
    .executeTakeFirstOrThrow();
  return { all: Number(result.all), mine: Number(result.mine), accounts: Number(result.accounts) };
}

export async function benchAdsDashboard(options: { rows?: number; iterations?: number } = {}) {
  const target = options.rows ?? 1_000_000;
  const iterations = options.iterations ?? 200;
  const others = otherAccountsFor(target);
  const results: Array<Awaited<ReturnType<typeof timeDashboard>>> = [];

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-bench-ads-"));
  try {
    const file = path.join(dir, "ads.db");
    const setup = createDb({ kind: "sqlite", filename: file });
    await migrateToLatest(setup);
    await setup.destroy();
    const t0 = performance.now();
    seedSqlite(file, others);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const db = createDb({ kind: "sqlite", filename: file });
    try {
      const counts = await countRows(db);
      console.log(
        `\nAd dashboard, SQLite: ${counts.all.toLocaleString("en")} daily ad_rows in ${counts.accounts} client accounts (${counts.mine.toLocaleString("en")} of the measured one), written in ${seconds} s`,
      );
      results.push(await timeDashboard(db, "SQLite", iterations));
    } finally {
      await db.destroy();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const postgres = await onThrowAwaySchema("bench_ads", 4, async (db) => {
    const t0 = performance.now();
    await seedPostgres(db, others);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const counts = await countRows(db);
    console.log(
      `\nAd dashboard, PostgreSQL: ${counts.all.toLocaleString("en")} daily ad_rows in ${counts.accounts} client accounts (${counts.mine.toLocaleString("en")} of the measured one), written and vacuumed in ${seconds} s`,
    );
    return timeDashboard(db, "PostgreSQL", iterations);
  });
  if (postgres) results.push(postgres);
  console.table(results.flatMap((result) => result.rows));
  const worst = Math.max(...results.map((result) => result.p99));
  console.log(
    `ad dashboard p99 over every query above: ${worst.toFixed(1)} ms (goal under 50 ms: ${worst < 50 ? "met" : "not met"}) on ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs(process.argv.slice(2));
  await benchAdsDashboard({ rows: Number(args["ad-rows"] ?? 1_000_000), iterations: Number(args.iterations ?? 200) });
}

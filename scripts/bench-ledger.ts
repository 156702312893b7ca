/**
 * The wallet's benchmark (part of `npm run bench`), on a large ledger:
 *  1. seeds 1,000,000 postings in an SQLite file (500,000 two-posting movements; 10,000 of the
 *     postings on one user's account), the bulk written directly for speed, shaped exactly as the
 *     ledger functions write them;
 *  2. times the transactions loader's query (listTransactions) with several filters: p50 and p99;
 *  3. measures the signed-in dashboard under load with autocannon, beside a bare `node:http`
 *     server answering the same bytes on the same machine;
 *  4. measures withdrawals per second on one account with 16 concurrent clients, on SQLite and
 *     (when BENCH_DATABASE_URL or TEST_DATABASE_URL names one) on PostgreSQL.
 *
 * Options: --postings 1000000 --seconds 10
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { createSession } from "../app/auth/session.server";
import { createDb, type Db } from "../app/db/db.server";
import { unitOfWork } from "../app/db/unit-of-work.server";
import { createUser } from "../app/users/users.server";
import { listTransactions, type TransactionFilters } from "../app/wallet/activity.server";
import { creditDeposit, ensureUserAccounts, requestWithdrawal } from "../app/wallet/ledger.server";
import { migrateToLatest } from "../db/migrate";
import { seedContent } from "../db/seed";
import { buildIsStale, parseArgs, serverCommand } from "./lib";

const args = parseArgs(process.argv.slice(2));
const TOTAL_POSTINGS = Number(args.postings ?? 1_000_000);
const USER_POSTINGS = 10_000;
const SECONDS = Number(args.seconds ?? 10);
const PORT = 3298;
const BARE_PORT = 3297;
const SECRET = "bench-session-secret-0123456789-0123456789";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Bulk ledger: users, their accounts, transactions, entries and postings (two per entry, summing to zero). */
export function seedBulk(file: string, targetUserId: string) {
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = OFF");
  const movements = TOTAL_POSTINGS / 2;
  const otherUsers = 999;
  const now = Date.now();
  const insertUser = database.prepare("insert into users (id, email, name, role, locale, created_at, updated_at) values (?, ?, ?, 'user', 'en', ?, ?)");
  const insertAccount = database.prepare("insert or ignore into ledger_accounts (id, user_id, kind, currency, balance_cents, created_at) values (?, ?, ?, 'USD', 0, ?)");
  const insertTx = database.prepare(
    "insert into transactions (id, user_id, type, status, direction, amount_cents, currency, description, merchant, order_id, idempotency_key, metadata, created_at, updated_at) values (?, ?, ?, ?, 'credit', ?, 'USD', ?, ?, ?, ?, '{}', ?, ?)",
  );
  const insertEntry = database.prepare("insert into ledger_entries (id, transaction_id, memo, effective_at, created_at) values (?, ?, 'bench', ?, ?)");
  const insertPosting = database.prepare("insert into postings (id, entry_id, account_id, amount_cents, created_at) values (?, ?, ?, ?, ?)");
  const addBalance = database.prepare("update ledger_accounts set balance_cents = balance_cents + ? where id = ?");
  const merchants = ["Zalando", "IKEA", "Amazon", "Nike", "Booking.com", "Adobe", "Sephora", "Expedia"];
  const types = ["cashback", "deposit", "referral", "affiliate"] as const;

  database.transaction(() => {
    const createdAt = new Date(now).toISOString();
    const users = [targetUserId];
    for (let i = 0; i < otherUsers; i++) {
      const id = `bench-user-${i}`;
      insertUser.run(id, `bench${i}@example.com`, `Bench ${i}`, createdAt, createdAt);
      users.push(id);
    }
    for (const userId of users) for (const kind of ["available", "pending_cashback", "withdrawals"]) insertAccount.run(`user:${userId}:${kind}`, userId, kind, createdAt);
    insertAccount.run("platform:affiliate_networks", null, "affiliate_networks", createdAt);
  })();

  const batch = 20_000;
  const totals = new Map<string, number>();
  for (let start = 0; start < movements; start += batch) {
    database.transaction(() => {
      for (let i = start; i < Math.min(movements, start + batch); i++) {
        const userId = i < USER_POSTINGS ? targetUserId : `bench-user-${i % otherUsers}`;
        const id = `bench-tx-${i}`;
        const created = new Date(now - (i % 400) * 86_400_000 - (i % 86_400) * 1000).toISOString();
        const amount = 100 + (i % 5000);
        const type = types[i % types.length]!;
        const status = i % 10 === 0 ? "pending" : "completed";
        const merchant = merchants[i % merchants.length]!;
        insertTx.run(id, userId, type, status, amount, `${type} ${merchant}`, merchant, `ORD-${i}`, `bench:${i}`, created, created);
        // Postings first: the entry row seals them (the database refuses an unbalanced one).
        insertPosting.run(`bench-p-${i}-a`, `bench-entry-${i}`, "platform:affiliate_networks", -amount, created);
        insertPosting.run(`bench-p-${i}-b`, `bench-entry-${i}`, `user:${userId}:available`, amount, created);
        insertEntry.run(`bench-entry-${i}`, id, created, created);
        totals.set(userId, (totals.get(userId) ?? 0) + amount);
      }
    })();
  }
  database.transaction(() => {
    let platform = 0;
    for (const [userId, amount] of totals) {
      addBalance.run(amount, `user:${userId}:available`);
      platform -= amount;
    }
    addBalance.run(platform, "platform:affiliate_networks");
  })();
  database.pragma("wal_checkpoint(TRUNCATE)");
  database.close();
}

async function timeLoader(db: Db, userId: string) {
  const scenarios: Array<[string, TransactionFilters]> = [
    ["no filter", {}],
    ["type=cashback", { type: "cashback" }],
    ["status=pending", { status: "pending" }],
    ["range=month", { range: "month" }],
    ["search 'zal'", { query: "zal" }],
    ["cashback+completed+week", { type: "cashback", status: "completed", range: "week" }],
  ];
  const rows = [];
  for (const [name, filters] of scenarios) {
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t0 = performance.now();
      await listTransactions(db, userId, filters, { page: 1 + (i % 3) });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    rows.push({ "transactions loader": name, "p50 ms": percentile(times, 50).toFixed(2), "p99 ms": percentile(times, 99).toFixed(2) });
  }
  return rows;
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 10, duration: SECONDS, headers });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, non2xx: result.non2xx };
}

export async function withdrawalsPerSecond(db: Db, label: string) {
  const user = await createUser(db, { email: `bench-wd-${crypto.randomUUID()}@example.com`, name: "Bench" });
  await unitOfWork(db, async (tx) => {
    await ensureUserAccounts(tx, user.id);
    await creditDeposit(tx, { userId: user.id, amountCents: 100_000_000, paymentId: `bench-${user.id}`, description: "bench", provider: "sandbox" });
  });
  const perClient = 40;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = 0; i < perClient; i++) {
        // What the withdraw form's action does: one unit of work per request.
        await unitOfWork(db, (tx) =>
          requestWithdrawal(tx, { userId: user.id, amountCents: 1_000, method: "paypal", destination: "b@example.com", description: "bench", idempotencyKey: crypto.randomUUID() }),
        );
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { database: label, clients: 16, withdrawals: 16 * perClient, "per second": Math.round((16 * perClient) / seconds) };
}

export async function benchLedger() {
  if (buildIsStale()) throw new Error("build first (npm run build)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-bench-ledger-"));
  const file = path.join(dir, "ledger.db");
  const db = createDb({ kind: "sqlite", filename: file });
  await migrateToLatest(db);
  await seedContent(db);
  const target = await createUser(db, { email: "bench-target@example.com", name: "Bench Target", emailVerified: true });
  await unitOfWork(db, (tx) => ensureUserAccounts(tx, target.id));
  await db.destroy();

  const seedStart = performance.now();
  seedBulk(file, target.id);
  const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);
  const reader = createDb({ kind: "sqlite", filename: file });
  const counts = await sql<{ postings: number; mine: number }>`select (select count(*) from postings) as postings, (select count(*) from postings where account_id like ${`user:${target.id}:%`}) as mine`.execute(reader);
  console.log(`\nLedger: ${counts.rows[0]!.postings} postings (${counts.rows[0]!.mine} on one user's account), seeded in ${seedSeconds} s`);
  console.table(await timeLoader(reader, target.id));

  // The signed-in dashboard under load, beside a bare node:http server answering the same bytes.
  // The session is signed with the same secret the benchmarked server uses.
  process.env.SESSION_SECRET = SECRET;
  const { setCookie } = await createSession(reader, { id: target.id, role: "user" }, { remember: true });
  const cookie = setCookie.split(";")[0]!;
  const server = spawn(serverCommand().command, serverCommand().args, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", APP_ENV: "test", PORT: String(PORT), DATABASE_URL: `file:${file}`, SESSION_SECRET: SECRET },
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const page = await fetch(`${base}/en/dashboard`, { headers: { Cookie: cookie } });
    if (page.status !== 200) throw new Error(`dashboard answered ${page.status}`);
    const bytes = Buffer.from(await page.arrayBuffer());
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": bytes.length });
      res.end(bytes);
    });
    await new Promise<void>((resolve) => bare.listen(BARE_PORT, "127.0.0.1", resolve));
    const dashboard = await load(`${base}/en/dashboard`, { Cookie: cookie });
    const baseline = await load(`http://127.0.0.1:${BARE_PORT}/`);
    bare.close();
    console.table([
      { server: "signed-in dashboard (remix-serve)", "req/s": dashboard.rps, "p99 ms": dashboard.p99, "non-2xx": dashboard.non2xx },
      { server: "bare node:http, same bytes", "req/s": baseline.rps, "p99 ms": baseline.p99, "non-2xx": baseline.non2xx },
    ]);
    console.log(`dashboard at ${((dashboard.rps / baseline.rps) * 100).toFixed(1)}% of the bare server's rate (${bytes.length} bytes per page)`);
  } finally {
    server.kill("SIGTERM");
  }

  const rows = [await withdrawalsPerSecond(reader, "SQLite")];
  await reader.destroy();
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const schema = `bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const pgDb = createDb({ kind: "postgres", connectionString: pgUrl }, { searchPath: schema, poolSize: 16 });
    try {
      await migrateToLatest(pgDb);
      rows.push(await withdrawalsPerSecond(pgDb, "PostgreSQL"));
    } finally {
      await pgDb.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  } else {
    console.log("(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL too)");
  }
  console.table(rows);
  fs.rmSync(dir, { recursive: true, force: true });
}

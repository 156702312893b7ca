/**
 * The wallet's benchmark (part of `npm run bench`), on a large ledger:
 *  1. seeds 1,000,000 postings in an SQLite file (500,000 two-posting movements; 10,000 of the
 *     postings on one user's account), the bulk written directly for speed, shaped exactly as the
 *     ledger functions write them;
 *  2. times the transactions loader's query (listTransactions) with several filters: p50 and p99;
 *  3. measures the signed-in dashboard under load with autocannon, beside a bare `node:http`
 *     server answering the same bytes on the same machine;
 *  4. measures the ledger's write paths with 16 concurrent clients, on SQLite and (when
 *     BENCH_DATABASE_URL or TEST_DATABASE_URL names one) on PostgreSQL: withdrawals per second on
 *     one account (each waits for the same account row), and top-ups per second of 1,000 different
 *     members (they share only the platform's accounts, which keep no cached balance, so nothing
 *     makes them wait for one another); the books are verified after the top-ups; and mixed
 *     movements of 1,000 members (deposits, withdrawals, cashback confirmations, 4:2:4) with their p99.
 *
 * Options: --postings 1000000 --seconds 10. Alone: `npx tsx scripts/bench-ledger.ts`, or only
 * part 4 on fresh databases: `npx tsx scripts/bench-ledger.ts --writes-only [--runs 3]`.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { createSession } from "../app/auth/session.server";
import { createDb, type Db } from "../app/db/db.server";
import { unitOfWork } from "../app/db/unit-of-work.server";
import { createUser } from "../app/users/users.server";
import { listTransactions, type TransactionFilters } from "../app/wallet/activity.server";
import { notify } from "../app/notifications/notifications.server";
import {
  confirmCashback,
  creditDeposit,
  ensureUserAccounts,
  platformAccount,
  recordCashback,
  requestWithdrawal,
} from "../app/wallet/ledger.server";
import { savePayoutMethod } from "../app/wallet/payout-methods.server";
import { verifyLedger } from "../app/wallet/verify.server";
import { migrateToLatest } from "../db/migrate";
import { onThrowAwaySchema } from "./bench-postgres";
import { seedContent } from "../db/seed";
import { printGoals, recordGoal } from "./bench-goals";
import { buildIsStale, parseArgs, spawnBenchServer } from "./lib";

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
  const insertUser = database.prepare(
    "insert into users (id, email, name, role, locale, created_at, updated_at) values (?, ?, ?, 'user', 'en', ?, ?)",
  );
  const insertAccount = database.prepare(
    "insert or ignore into ledger_accounts (id, user_id, kind, currency, balance_cents, created_at) values (?, ?, ?, 'USD', 0, ?)",
  );
  const insertTx = database.prepare(
    "insert into transactions (id, user_id, type, status, direction, amount_cents, currency, description, merchant, order_id, idempotency_key, metadata, created_at, updated_at) values (?, ?, ?, ?, 'credit', ?, 'USD', ?, ?, ?, ?, '{}', ?, ?)",
  );
  const insertEntry = database.prepare(
    "insert into ledger_entries (id, transaction_id, memo, effective_at, created_at) values (?, ?, 'bench', ?, ?)",
  );
  const insertPosting = database.prepare(
    "insert into postings (id, entry_id, account_id, amount_cents, effective_at, created_at) values (?, ?, ?, ?, ?, ?)",
  );
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
    for (const userId of users)
      for (const kind of ["available", "pending_cashback", "withdrawals"])
        insertAccount.run(`user:${userId}:${kind}`, userId, kind, createdAt);
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
        insertPosting.run(`bench-p-${i}-a`, `bench-entry-${i}`, "platform:affiliate_networks", -amount, created, created);
        insertPosting.run(`bench-p-${i}-b`, `bench-entry-${i}`, `user:${userId}:available`, amount, created, created);
        insertEntry.run(`bench-entry-${i}`, id, created, created);
        totals.set(userId, (totals.get(userId) ?? 0) + amount);
      }
    })();
  }
  // The users' accounts keep cached balances; the platform's accounts keep none (their postings are their balance).
  database.transaction(() => {
    for (const [userId, amount] of totals) addBalance.run(amount, `user:${userId}:available`);
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

/** A queue of jobs worked through by `clients` concurrent clients; answers the rate per second. */
async function perSecond(clients: number, jobs: Array<() => Promise<unknown>>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
  return Math.round(jobs.length / ((performance.now() - t0) / 1000));
}

/**
 * Withdrawals from one member's balance, 16 clients: every one waits for the same account row. Each
 * is one unit of work: the ledger's hold (the minimum and suspension check, the idempotency key, the
 * payout desk's row, the card-hold check, the conditional debit); `asTheForm` adds what the withdraw
 * form's action writes with it (the saved payout method, the notification and its mail in the outbox).
 */
export async function withdrawalsPerSecond(db: Db, label: string, options: { count?: number; asTheForm?: boolean } = {}) {
  const count = options.count ?? 2_000;
  const user = await createUser(db, { email: `bench-wd-${crypto.randomUUID()}@example.com`, name: "Bench" });
  await unitOfWork(db, async (tx) => {
    await ensureUserAccounts(tx, user.id);
    await creditDeposit(tx, {
      userId: user.id,
      amountCents: 100_000_000,
      paymentId: `bench-${user.id}`,
      description: "bench",
      provider: "sandbox",
    });
  });
  const input = { userId: user.id, amountCents: 1_000, method: "paypal" as const, destination: "b@example.com", description: "bench" };
  const rate = await perSecond(
    16,
    Array.from(
      { length: count },
      () => () =>
        unitOfWork(db, (tx) =>
          requestWithdrawal(tx, {
            ...input,
            idempotencyKey: crypto.randomUUID(),
            // The form's own rows go in before the hold, so the account row is not locked through them.
            alongside: options.asTheForm
              ? async () => {
                  await savePayoutMethod(tx, user.id, input.method, input.destination);
                  await notify(tx, user.id, "withdrawalHeld", { amountCents: input.amountCents });
                }
              : undefined,
          }),
        ),
    ),
  );
  const movement = options.asTheForm
    ? "withdrawals from one account, as the form (+ method, notice, mail)"
    : "withdrawals from one account";
  return { database: label, movement, clients: 16, count, "per second": rate };
}

/**
 * Top-ups of `users` different members, one each, 16 clients: they share only the platform's
 * payment provider account, which must not make them wait for one another.
 */
export async function depositsPerSecond(db: Db, label: string, users = 1_000) {
  const ids: string[] = [];
  for (let i = 0; i < users; i++)
    ids.push((await createUser(db, { email: `bench-dep-${crypto.randomUUID()}@example.com`, name: "Bench" })).id);
  const rate = await perSecond(
    16,
    ids.map(
      (userId) => () =>
        // What the payment webhook's unit of work does on the ledger: one unit of work per top-up.
        unitOfWork(db, (tx) =>
          creditDeposit(tx, { userId, amountCents: 2_500, paymentId: crypto.randomUUID(), description: "bench", provider: "sandbox" }),
        ),
    ),
  );
  const report = await verifyLedger(db);
  if (report.problems.length) throw new Error(`the books do not balance after the run:\n${report.problems.join("\n")}`);
  // The shared row no top-up may wait on: the provider's account keeps no cached balance, so none of them updated (or locked) it.
  const provider = await db
    .selectFrom("ledgerAccounts")
    .select("balanceCents")
    .where("id", "=", platformAccount("payment_provider"))
    .executeTakeFirstOrThrow();
  return {
    database: label,
    movement: `deposits of ${users} different members`,
    clients: 16,
    count: users,
    "per second": rate,
    sharedRowUpdated: Number(provider.balanceCents) !== 0,
  };
}

/**
 * Mixed money movements across `members` members, 16 clients (#30, part 4): deposits, withdrawals
 * and cashback confirmations in proportion 4:2:4, each member funded and each confirmation's
 * pending cashback recorded beforehand (untimed); every movement is one unit of work, timed on its
 * own for the p99. The books are verified after the run.
 */
export async function mixedPerSecond(db: Db, label: string, options: { members?: number; count?: number } = {}) {
  const members = options.members ?? 1_000;
  const count = options.count ?? 5_000;
  const ids: string[] = [];
  for (let i = 0; i < members; i++) {
    const user = await createUser(db, { email: `bench-mix-${crypto.randomUUID()}@example.com`, name: "Bench" });
    ids.push(user.id);
    await unitOfWork(db, (tx) =>
      creditDeposit(tx, {
        userId: user.id,
        amountCents: 1_000_000,
        paymentId: `fund-${user.id}`,
        description: "bench",
        provider: "sandbox",
      }),
    );
  }
  // A fixed mix, shuffled by a fixed permutation (every run the same work): 4 deposits, 2 withdrawals, 4 confirmations in 10.
  const kinds = Array.from(
    { length: count },
    (_, i) =>
      (["deposit", "deposit", "deposit", "deposit", "withdrawal", "withdrawal", "confirm", "confirm", "confirm", "confirm"] as const)[
        (i * 7) % 10
      ]!,
  );
  const memberOf = (i: number) => ids[(i * 7_919) % members]!;
  const pending = new Map<number, string>();
  for (const [i, kind] of kinds.entries()) {
    if (kind !== "confirm") continue;
    const { transaction } = await unitOfWork(db, (tx) =>
      recordCashback(tx, {
        userId: memberOf(i),
        amountCents: 900,
        commissionCents: 1_000,
        merchant: "Bench store",
        orderId: `bench-${i}`,
        conversionId: `bench-mix-${crypto.randomUUID()}`,
        description: "Cashback",
      }),
    );
    pending.set(i, transaction.id);
  }
  const latencies: number[] = [];
  const timed = (work: () => Promise<unknown>) => async () => {
    const t0 = performance.now();
    await work();
    latencies.push(performance.now() - t0);
  };
  const rate = await perSecond(
    16,
    kinds.map((kind, i) =>
      timed(() =>
        unitOfWork(db, (tx) => {
          const userId = memberOf(i);
          if (kind === "deposit")
            return creditDeposit(tx, {
              userId,
              amountCents: 2_500,
              paymentId: crypto.randomUUID(),
              description: "bench",
              provider: "sandbox",
            });
          if (kind === "withdrawal")
            return requestWithdrawal(tx, {
              userId,
              amountCents: 1_000,
              method: "paypal",
              destination: "b@example.com",
              description: "bench",
              idempotencyKey: crypto.randomUUID(),
            });
          return confirmCashback(tx, { transactionId: pending.get(i)! });
        }),
      ),
    ),
  );
  const report = await verifyLedger(db);
  if (report.problems.length) throw new Error(`the books do not balance after the mixed run:\n${report.problems.join("\n")}`);
  latencies.sort((a, b) => a - b);
  return {
    database: label,
    movement: `mixed 4:2:4 across ${members} members`,
    clients: 16,
    count,
    "per second": rate,
    p50ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99ms: Math.round(percentile(latencies, 99) * 10) / 10,
  };
}

/**
 * Part 4: the ledger's write paths under 16 concurrent clients, on `sqlite` (a migrated database)
 * and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names one, on PostgreSQL (a schema of its own).
 */
interface WriteRow {
  database: string;
  movement: string;
  clients: number;
  count: number;
  "per second": number;
  /** Deposits only: whether the platform's shared account row had its cached balance updated. */
  sharedRowUpdated?: boolean;
  p50ms?: number;
  p99ms?: number;
}

export async function benchLedgerWrites(sqlite: Db, options: { runs?: number } = {}) {
  const runs = options.runs ?? 1;
  const rows: WriteRow[] = [];
  for (let run = 0; run < runs; run++) {
    rows.push(await withdrawalsPerSecond(sqlite, "SQLite"));
    rows.push(await withdrawalsPerSecond(sqlite, "SQLite", { count: 1_000, asTheForm: true }));
    rows.push(await depositsPerSecond(sqlite, "SQLite"));
    rows.push(await mixedPerSecond(sqlite, "SQLite"));
  }
  await onThrowAwaySchema("bench", 16, async (pgDb) => {
    for (let run = 0; run < runs; run++) {
      rows.push(await withdrawalsPerSecond(pgDb, "PostgreSQL"));
      rows.push(await withdrawalsPerSecond(pgDb, "PostgreSQL", { count: 1_000, asTheForm: true }));
      rows.push(await depositsPerSecond(pgDb, "PostgreSQL"));
      rows.push(await mixedPerSecond(pgDb, "PostgreSQL"));
    }
  });
  console.table(rows.map(({ sharedRowUpdated: _, ...row }) => row));
  const targets = { SQLite: 2_000, PostgreSQL: 1_000 } as const;
  for (const database of ["SQLite", "PostgreSQL"] as const) {
    const range = (values: number[]) =>
      values.length > 1 ? `${Math.max(...values)}/s (worst ${Math.min(...values)}/s of ${values.length})` : `${values[0]}/s`;
    const of = (movement: string) => rows.filter((row) => row.database === database && row.movement === movement);
    const withdrawals = of("withdrawals from one account").map((row) => row["per second"]);
    if (!withdrawals.length) continue;
    // Reported, no longer a goal (#30): every withdrawal of one member waits for the same row.
    recordGoal({
      goal: `Withdrawals on one account, 16 clients (${database}), reported`,
      target: "no goal (one row)",
      measured: range(withdrawals),
      met: true,
    });
    const mixed = rows.filter((row) => row.database === database && row.p99ms !== undefined);
    const best = mixed.reduce((a, b) => (b["per second"] > a["per second"] ? b : a), mixed[0]!);
    recordGoal({
      goal: `Mixed deposits, withdrawals, confirmations 4:2:4 of 1,000 members, 16 clients (${database})`,
      target: `≥ ${targets[database].toLocaleString("en")}/s, p99 < 50 ms`,
      measured: `${range(mixed.map((row) => row["per second"]))}, p99 ${best.p99ms} ms`,
      met: best["per second"] >= targets[database] && (best.p99ms ?? Infinity) < 50,
    });
    const deposits = rows.filter((row) => row.database === database && row.sharedRowUpdated !== undefined);
    recordGoal({
      goal: `Deposits of 1,000 members in parallel, 16 clients (${database})`,
      target: "no shared platform row",
      measured: `${range(deposits.map((row) => row["per second"]))}; platform row updated: ${deposits.some((row) => row.sharedRowUpdated) ? "yes" : "no"}`,
      met: deposits.every((row) => !row.sharedRowUpdated),
    });
  }
  return rows;
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
  const counts = await sql<{
    postings: number;
    mine: number;
  }>`select (select count(*) from postings) as postings, (select count(*) from postings where account_id like ${`user:${target.id}:%`}) as mine`.execute(
    reader,
  );
  console.log(`\nLedger: ${counts.rows[0]!.postings} postings (${counts.rows[0]!.mine} on one user's account), seeded in ${seedSeconds} s`);
  console.table(await timeLoader(reader, target.id));

  // The signed-in dashboard under load, beside a bare node:http server answering the same bytes.
  // The session is signed with the same secret the benchmarked server uses.
  process.env.SESSION_SECRET = SECRET;
  const { setCookie } = await createSession(reader, { id: target.id, role: "user" }, { remember: true });
  const cookie = setCookie.split(";")[0]!;
  const server = spawnBenchServer({ port: PORT, databaseUrl: `file:${file}`, sessionSecret: SECRET });
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
    console.log(
      `dashboard at ${((dashboard.rps / baseline.rps) * 100).toFixed(1)}% of the bare server's rate (${bytes.length} bytes per page)`,
    );
  } finally {
    server.kill("SIGTERM");
  }

  await benchLedgerWrites(reader);
  await reader.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Alone: `npx tsx scripts/bench-ledger.ts [--postings N] [--seconds N]`, or only part 4: `--writes-only [--runs N]`. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (args["writes-only"] === true) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-bench-ledger-"));
    const db = createDb({ kind: "sqlite", filename: path.join(dir, "writes.db") });
    try {
      await migrateToLatest(db);
      await benchLedgerWrites(db, { runs: Number(args.runs ?? 1) });
      printGoals();
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } else {
    await benchLedger();
  }
}

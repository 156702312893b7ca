/**
 * `npm run bench`: measures the built server the way a load balancer sees it. Starts the app on a
 * throw-away SQLite database, sends a fixed number of requests per scenario from a bounded number
 * of concurrent clients on loopback, and prints throughput, latency percentiles and the server's
 * resident memory. Also times one password hash (the floor of every sign-in), then measures the
 * cashback endpoints (signed postbacks and "Shop now" click-outs, scripts/bench-cashback.ts) and the
 * wallet's ledger (scripts/bench-ledger.ts) and the ad dashboard with 1,000,000 daily ad rows
 * (scripts/bench-ads.ts), each on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names
 * one, on PostgreSQL.
 *
 *   npm run bench -- [--requests 500] [--concurrency 10] [--postbacks 2000] [--clickouts 1000]
 *                    [--skip-cashback] [--skip-ledger] [--skip-ads] [--ad-rows 1000000] [--import-rows 100000]
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDb } from "../app/db/db.server";
import { hashPassword } from "../app/users/password.server";
import { migrateToLatest } from "../db/migrate";
import { seedDemoData } from "../db/seed";
import { benchCashback } from "./bench-cashback";
import { benchAdsDashboard } from "./bench-ads";
import { benchAdsImport } from "./bench-ads-import";
import { benchLedger } from "./bench-ledger";
import { buildIsStale, parseArgs, serverCommand } from "./lib";

const args = parseArgs(process.argv.slice(2));
const REQUESTS = Number(args.requests ?? 500);
const CONCURRENCY = Number(args.concurrency ?? 10);
const PORT = Number(args.port ?? 3299);
const BASE = `http://127.0.0.1:${PORT}`;

const SCENARIOS: Array<{ name: string; path: string; status: number }> = [
  { name: "home document", path: "/en", status: 200 },
  { name: "locale redirect", path: "/about?x=1", status: 302 },
  { name: "page data (.data)", path: "/en/about.data", status: 200 },
  { name: "not found", path: "/en/does-not-exist", status: 404 },
  { name: "translations", path: "/locales/en/common.json", status: 200 },
  { name: "health (db)", path: "/healthz", status: 200 },
];

if (buildIsStale()) {
  const build = spawnSync("npx", ["remix", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-bench-"));
const dbFile = path.join(dir, "bench.db");
const db = createDb({ kind: "sqlite", filename: dbFile });
await migrateToLatest(db);
await seedDemoData(db);
await db.destroy();

const server = spawn(serverCommand().command, serverCommand().args, {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    APP_ENV: "test",
    PORT: String(PORT),
    DATABASE_URL: `file:${dbFile}`,
    SESSION_SECRET: "bench-session-secret-0123456789-0123456789",
  },
});

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function waitUntilUp() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not start");
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function runScenario(scenario: (typeof SCENARIOS)[number]) {
  const timings: number[] = [];
  let next = 0;
  let wrong = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const response = await fetch(`${BASE}${scenario.path}`, { redirect: "manual" });
        await response.arrayBuffer();
        timings.push(performance.now() - t0);
        if (response.status !== scenario.status) wrong++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    "req/s": Math.round(REQUESTS / seconds),
    "p50 ms": percentile(timings, 50).toFixed(1),
    "p95 ms": percentile(timings, 95).toFixed(1),
    "p99 ms": percentile(timings, 99).toFixed(1),
    "wrong status": wrong,
  };
}

try {
  await waitUntilUp();
  const idle = rssMiB(server.pid!);
  // Warm up once so the first scenario does not pay for module loading.
  for (const scenario of SCENARIOS) await fetch(`${BASE}${scenario.path}`, { redirect: "manual" });
  const rows = [];
  for (const scenario of SCENARIOS) rows.push(await runScenario(scenario));
  console.log(`\n${REQUESTS} requests per scenario, ${CONCURRENCY} concurrent clients, ${os.cpus().length} cores\n`);
  console.table(rows);
  console.log(`server RSS: ${idle.toFixed(0)} MiB idle, ${rssMiB(server.pid!).toFixed(0)} MiB after the run`);

  const hashTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await hashPassword("Bench-pass-1!");
    hashTimes.push(performance.now() - t0);
  }
  hashTimes.sort((a, b) => a - b);
  console.log(`argon2id password hash: median ${percentile(hashTimes, 50).toFixed(0)} ms (of 5)`);
  if (rows.some((row) => row["wrong status"] > 0)) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}

if (args["skip-cashback"] !== true) await benchCashback({ postbacks: Number(args.postbacks ?? 2000), clickouts: Number(args.clickouts ?? 1000) });
if (args["skip-ledger"] !== true) await benchLedger();
if (args["skip-ads"] !== true) {
  await benchAdsImport({ rows: Number(args["import-rows"] ?? 100_000) });
  await benchAdsDashboard({ rows: Number(args["ad-rows"] ?? 1_000_000) });
}

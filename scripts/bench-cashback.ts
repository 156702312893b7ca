/**
 * The cashback benchmark (part of `npm run bench`), through the built server, on SQLite and (when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server) on PostgreSQL:
 *  1. signed postbacks ingested per second: `POST /api/v1/postbacks/sandbox` from 16 concurrent
 *     clients, each body signed (`X-Cashwise-Signature`) with the secret the server is given
 *     (POSTBACK_SECRET_SANDBOX). Every postback is a sale through a real click of one of a few
 *     hundred bench members at a sandbox store; the mix is 70 % new pending sales, 20 % approvals
 *     of sales already acknowledged, 10 % exact replays (the same bytes again) of earlier
 *     postbacks. Any answer other than 2xx is an error. Afterwards the books are checked.
 *  2. "Shop now" click-outs per second: `GET /en/out/<store>` as signed-in members (one session
 *     cookie per member, rotated so no member nears the 60-an-hour click limit), expecting a 302
 *     to the sandbox merchant page with the click id.
 *
 * The server runs with JOBS=off: it queues the outbox's mail (every tracked or confirmed cashback
 * notifies the member) but does not send it; sending is the worker's work, not ingestion's.
 * On PostgreSQL it works in a throw-away database (`cashwise_bench_<pid>`, dropped afterwards), or,
 * where the role may not create databases, in a throw-away schema of the given one.
 *
 * Options (through `npm run bench`): --postbacks 2000 --clickouts 1000
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createSession } from "../app/auth/session.server";
import { clickOut } from "../app/cashback/clicks.server";
import { env, type DatabaseTarget } from "../app/config/env.server";
import { createDb, type Db } from "../app/db/db.server";
import { unitOfWork } from "../app/db/unit-of-work.server";
import { createUser } from "../app/users/users.server";
import { signPayload } from "../app/wallet/payments.server";
import { verifyLedger } from "../app/wallet/verify.server";
import { migrateToLatest } from "../db/migrate";
import { seedContent } from "../db/seed";
import { benchPostgresUrl } from "./bench-postgres";
import { spawnBenchServer } from "./lib";

const PORT = 3296;
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENTS = 16;
const SESSION_SECRET = "bench-session-secret-0123456789-0123456789";
const POSTBACK_SECRET = "bench-postback-secret-0123456789-0123456789";
const CLICKS_PER_MEMBER = 2;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** A small deterministic generator, so every run sends the same mix. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Member {
  id: string;
  cookie: string;
  clicks: string[];
}

interface Prepared {
  storeSlug: string;
  members: Member[];
}

/** Migrates, adds the stores, the members, their sessions and their clicks at one sandbox store. */
async function prepare(db: Db, memberCount: number): Promise<Prepared> {
  await migrateToLatest(db);
  await seedContent(db);
  const store = await db
    .selectFrom("stores")
    .select(["slug"])
    .where("network", "=", "sandbox")
    .where("active", "=", 1)
    .orderBy("slug")
    .executeTakeFirst();
  if (!store) throw new Error("no active sandbox store after seeding the content");
  const members: Member[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < memberCount; i++) {
    const user = await createUser(db, {
      email: `bench-shopper-${stamp}-${i}@example.com`,
      name: `Bench shopper ${i}`,
      emailVerified: true,
    });
    const { setCookie } = await createSession(db, user, { remember: true, userAgent: BROWSER, clientAddress: "127.0.0.1" });
    const clicks: string[] = [];
    for (let c = 0; c < CLICKS_PER_MEMBER; c++) {
      // The app's own "Shop now", minus the HTTP: a real, non-bot click at the sandbox store.
      const result = await unitOfWork(db, (tx) =>
        clickOut(tx, {
          userId: user.id,
          slug: store.slug,
          clientAddress: "127.0.0.1",
          userAgent: BROWSER,
          secret: SESSION_SECRET,
          appUrl: new URL(BASE),
          sandboxAllowed: true,
        }),
      );
      if (result.outcome !== "redirect" || result.bot) throw new Error(`setting up a click answered ${result.outcome}`);
      clicks.push(result.clickId);
    }
    members.push({ id: user.id, cookie: setCookie.split(";")[0]!, clicks });
  }
  return { storeSlug: store.slug, members };
}

function startServer(databaseUrl: string): ChildProcess {
  return spawnBenchServer(
    { port: PORT, databaseUrl, sessionSecret: SESSION_SECRET },
    { APP_URL: BASE, POSTBACK_SECRET_SANDBOX: POSTBACK_SECRET, JOBS: "off", TRUST_PROXY: "0" },
  );
}

async function waitUntilUp(server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start");
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

interface Sale {
  transactionId: string;
  clickId: string;
  saleAmount: number;
  commission: number;
  occurredAt: string;
}

interface Sent {
  payload: string;
  signature: string;
  signedAt: number;
}

type Kind = "pending" | "approval" | "replay";
/** Of every ten postbacks: seven new sales, two approvals, one replay. */
const MIX: Kind[] = ["pending", "pending", "approval", "pending", "pending", "replay", "pending", "approval", "pending", "pending"];

function postbackBody(sale: Sale, status: "pending" | "approved"): string {
  return JSON.stringify({
    transactionId: sale.transactionId,
    clickId: sale.clickId,
    saleAmount: sale.saleAmount,
    commission: sale.commission,
    currency: "USD",
    status,
    occurredAt: sale.occurredAt,
  });
}

async function sendPostback(payload: string, signature: string): Promise<{ status: number; outcome: string }> {
  const response = await fetch(`${BASE}/api/v1/postbacks/sandbox`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Cashwise-Signature": signature },
    body: payload,
  });
  const text = await response.text();
  let outcome = `HTTP ${response.status}`;
  try {
    const answer = JSON.parse(text) as { outcome?: string; code?: string };
    outcome = answer.outcome ?? answer.code ?? outcome;
  } catch {
    // not JSON: the status says it
  }
  return { status: response.status, outcome };
}

/** `total` postbacks from CLIENTS concurrent clients; the plan is drawn as acknowledgements come in. */
async function runPostbacks(prepared: Prepared, total: number, label: string, serverPid: number | undefined) {
  const rand = random(20261123);
  const clicks = prepared.members.flatMap((member) => member.clicks);
  const awaitingApproval: Sale[] = [];
  const acknowledged: Sent[] = [];
  const outcomes = new Map<string, number>();
  const kinds = new Map<Kind, number>();
  const timings: number[] = [];
  let sales = 0;
  let next = 0;
  let errors = 0;
  const firstError: string[] = [];

  const newSale = (): Sale => {
    const saleCents = 2_000 + Math.floor(rand() * 18_000);
    return {
      transactionId: `BENCH-${label}-${process.pid}-${++sales}`,
      clickId: clicks[Math.floor(rand() * clicks.length)]!,
      saleAmount: saleCents / 100,
      commission: Math.max(2, Math.round(saleCents * 0.08)) / 100,
      occurredAt: new Date().toISOString(),
    };
  };

  const planNext = (index: number): { kind: Kind; payload: string; signature?: string; sale?: Sale } => {
    let kind = MIX[index % MIX.length]!;
    // Nothing acknowledged yet to approve or replay (the very start): a new sale instead.
    if (kind === "approval" && !awaitingApproval.length) kind = "pending";
    if (kind === "replay" && !acknowledged.length) kind = "pending";
    if (kind === "approval") {
      const sale = awaitingApproval.splice(Math.floor(rand() * awaitingApproval.length), 1)[0]!;
      return { kind, payload: postbackBody(sale, "approved") };
    }
    if (kind === "replay") {
      const earlier = acknowledged[Math.floor(rand() * acknowledged.length)]!;
      // The network sends the same bytes with the same signature; re-signed only if it has gone stale.
      const fresh = Date.now() / 1000 - earlier.signedAt < 240;
      return { kind, payload: earlier.payload, signature: fresh ? earlier.signature : undefined };
    }
    const sale = newSale();
    return { kind, payload: postbackBody(sale, "pending"), sale };
  };

  const started = performance.now();
  const cpuBefore = cpuSeconds(serverPid);
  const clientBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < total) {
        const planned = planNext(next++);
        kinds.set(planned.kind, (kinds.get(planned.kind) ?? 0) + 1);
        const signedAt = Math.floor(Date.now() / 1000);
        const signature = planned.signature ?? signPayload(planned.payload, POSTBACK_SECRET, signedAt);
        const t0 = performance.now();
        let answer: { status: number; outcome: string };
        try {
          answer = await sendPostback(planned.payload, signature);
        } catch (error) {
          answer = { status: 0, outcome: `network error: ${error instanceof Error ? error.message : error}` };
        }
        timings.push(performance.now() - t0);
        outcomes.set(answer.outcome, (outcomes.get(answer.outcome) ?? 0) + 1);
        if (answer.status < 200 || answer.status > 299) {
          errors++;
          if (firstError.length < 3) firstError.push(`${planned.kind}: ${answer.status} ${answer.outcome}`);
          continue;
        }
        if (planned.kind !== "replay") acknowledged.push({ payload: planned.payload, signature, signedAt });
        if (planned.sale) awaitingApproval.push(planned.sale);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = cpuSeconds(serverPid) - cpuBefore;
  const clientCpu = process.cpuUsage(clientBefore);
  timings.sort((a, b) => a - b);
  for (const message of firstError) console.error(`  postback error (${label}): ${message}`);
  return {
    row: {
      scenario: `postbacks, ${label}`,
      ...latencyColumns(timings, total, seconds, serverCpu),
      errors,
    },
    sent: `${kinds.get("pending") ?? 0} new, ${kinds.get("approval") ?? 0} approvals, ${kinds.get("replay") ?? 0} replays`,
    clientCpuMs: (clientCpu.user + clientCpu.system) / 1000 / total,
    outcomes: [...outcomes].map(([outcome, count]) => `${outcome} ${count}`).join(", "),
  };
}

/** A run's throughput, latency percentiles (of sorted timings) and the server's CPU time per request. */
function latencyColumns(timings: number[], total: number, seconds: number, serverCpu: number) {
  return {
    "req/s": Math.round(total / seconds),
    "p50 ms": percentile(timings, 50).toFixed(1),
    "p95 ms": percentile(timings, 95).toFixed(1),
    "p99 ms": percentile(timings, 99).toFixed(1),
    "server CPU ms/req": ((serverCpu * 1000) / total).toFixed(1),
  };
}

/** `total` "Shop now" requests, members rotated so none nears the 60-an-hour limit. */
async function runClickOuts(prepared: Prepared, total: number, label: string, serverPid: number | undefined) {
  const expected = `${BASE}/sandbox/merchant/${encodeURIComponent(prepared.storeSlug)}?clickref=`;
  const timings: number[] = [];
  let next = 0;
  let errors = 0;
  const firstError: string[] = [];
  const started = performance.now();
  const cpuBefore = cpuSeconds(serverPid);
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < total) {
        const member = prepared.members[next++ % prepared.members.length]!;
        const t0 = performance.now();
        let status = 0;
        let location = "";
        try {
          const response = await fetch(`${BASE}/en/out/${prepared.storeSlug}`, {
            redirect: "manual",
            headers: { Cookie: member.cookie, "User-Agent": BROWSER },
          });
          await response.arrayBuffer();
          status = response.status;
          location = response.headers.get("Location") ?? "";
        } catch (error) {
          location = `network error: ${error instanceof Error ? error.message : error}`;
        }
        timings.push(performance.now() - t0);
        if (status !== 302 || !location.startsWith(expected)) {
          errors++;
          if (firstError.length < 3) firstError.push(`${status} ${location}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = cpuSeconds(serverPid) - cpuBefore;
  timings.sort((a, b) => a - b);
  for (const message of firstError) console.error(`  click-out error (${label}): ${message}`);
  return {
    scenario: `click-out 302, ${label}`,
    ...latencyColumns(timings, total, seconds, serverCpu),
    errors,
  };
}

interface Target {
  label: string;
  databaseUrl: string;
  target: DatabaseTarget;
  createOptions?: { searchPath?: string };
  cleanup: () => Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-bench-cashback-"));
  const filename = path.join(dir, "cashback.db");
  return {
    label: "SQLite",
    databaseUrl: `file:${filename}`,
    target: { kind: "sqlite", filename },
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A throw-away database on the PostgreSQL server; a throw-away schema where the role may not create databases. */
async function postgresTarget(url: string): Promise<Target> {
  const name = `cashwise_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    return {
      label: "PostgreSQL",
      databaseUrl: databaseUrl.href,
      target: { kind: "postgres", connectionString: databaseUrl.href },
      cleanup: async () => {
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  } catch (error) {
    if ((error as { code?: string }).code !== "42501") throw error;
    // No CREATEDB: a schema of its own in the given database, as the test suites do.
    await admin.query(`create schema ${name}`);
    const databaseUrl = new URL(url);
    databaseUrl.searchParams.set("options", `-c search_path=${name}`);
    return {
      label: "PostgreSQL",
      databaseUrl: databaseUrl.href,
      target: { kind: "postgres", connectionString: url },
      createOptions: { searchPath: name },
      cleanup: async () => {
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop schema if exists ${name} cascade`);
        await dropper.end();
      },
    };
  } finally {
    await admin.end();
  }
}

async function benchOne(target: Target, options: { postbacks: number; clickouts: number }) {
  // Enough members that none comes near the click-out limit (60 an hour) in the click-out run.
  const memberCount = Math.max(300, Math.ceil((options.clickouts + 200) / 50));
  const setup = createDb(target.target, { ...target.createOptions, poolSize: 4 });
  let prepared: Prepared;
  const t0 = performance.now();
  try {
    prepared = await prepare(setup, memberCount);
  } finally {
    await setup.destroy();
  }
  console.log(
    `${target.label}: ${prepared.members.length} members, ${prepared.members.length * CLICKS_PER_MEMBER} clicks at "${prepared.storeSlug}" prepared in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const server = startServer(target.databaseUrl);
  const rows = [];
  const notes: string[] = [];
  try {
    await waitUntilUp(server);
    // Warm-up: module loading and the first plans, on sales of their own (not counted).
    const warm = await runPostbacks(prepared, 50, `${target.label} warm-up`, server.pid);
    if (warm.row.errors) notes.push(`${target.label} warm-up: ${warm.row.errors} postback errors`);
    for (let i = 0; i < 20; i++) {
      const member = prepared.members[i % prepared.members.length]!;
      await (
        await fetch(`${BASE}/en/out/${prepared.storeSlug}`, {
          redirect: "manual",
          headers: { Cookie: member.cookie, "User-Agent": BROWSER },
        })
      ).arrayBuffer();
    }
    const postbacks = await runPostbacks(prepared, options.postbacks, target.label, server.pid);
    rows.push(postbacks.row);
    notes.push(
      `${target.label} postbacks sent: ${postbacks.sent}; answered: ${postbacks.outcomes}; the load generator (this process, on the same cores) used ${postbacks.clientCpuMs.toFixed(1)} ms CPU per postback`,
    );
    rows.push(await runClickOuts(prepared, options.clickouts, target.label, server.pid));
  } finally {
    await stopServer(server);
  }

  const check = createDb(target.target, target.createOptions);
  try {
    const report = await verifyLedger(check);
    const conversions = await check
      .selectFrom("conversions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    if (report.problems.length) {
      process.exitCode = 1;
      notes.push(
        `${target.label}: the books do NOT balance after the run (${report.problems.length} problems): ${report.problems.slice(0, 3).join("; ")}`,
      );
    } else {
      notes.push(
        `${target.label}: ${Number(conversions.n)} conversions; books verified (${report.entries} entries, ${report.postings} postings)`,
      );
    }
  } finally {
    await check.destroy();
  }
  return { rows, notes };
}

export async function benchCashback(options: { postbacks: number; clickouts: number }) {
  // Sessions are signed in this process with the secret the server is given.
  process.env.SESSION_SECRET = SESSION_SECRET;
  if (env().sessionSecrets[0] !== SESSION_SECRET)
    throw new Error("bench-cashback: this process parsed its environment before SESSION_SECRET was set");

  const rows = [];
  const notes: string[] = [];
  const targets: Array<() => Promise<Target>> = [sqliteTarget];
  const pgUrl = benchPostgresUrl();
  if (pgUrl) targets.push(() => postgresTarget(pgUrl));
  for (const make of targets) {
    const target = await make();
    try {
      const result = await benchOne(target, options);
      rows.push(...result.rows);
      notes.push(...result.notes);
    } finally {
      await target.cleanup();
    }
  }
  console.log(
    `\nCashback: ${options.postbacks} signed postbacks (70 % new pending, 20 % approvals, 10 % exact replays) and ${options.clickouts} signed-in click-outs per database, ${CLIENTS} concurrent clients, ${os.cpus().length} cores\n`,
  );
  console.table(rows);
  for (const note of notes) console.log(note);
  if (!pgUrl) console.log("PostgreSQL rows skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL too");
  if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
  return rows;
}

// Run on its own: `npx tsx scripts/bench-cashback.ts [--postbacks 2000] [--clickouts 1000]` (builds when stale).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve("scripts/bench-cashback.ts")) {
  const { buildIsStale, parseArgs } = await import("./lib");
  if (buildIsStale()) {
    const { spawnSync } = await import("node:child_process");
    const build = spawnSync("npx", ["remix", "build"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const args = parseArgs(process.argv.slice(2));
  await benchCashback({ postbacks: Number(args.postbacks ?? 2000), clickouts: Number(args.clickouts ?? 1000) });
}

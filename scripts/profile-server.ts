/**
 * `npm run profile` (issue #17's "profile first"): the built server on a fresh demo database,
 * started with `node --cpu-prof`, one page under load (autocannon), then the profile summed up:
 * the functions with the most self time, and self time per package (our code, React's server
 * renderer, Remix, i18next, the database driver, garbage collection…).
 *
 *   npm run profile -- [--path /en] [--signed-in] [--seconds 10] [--concurrency 10] [--top 30] [--sql]
 *
 * With `--sql`, every SQLite statement is also timed (scripts/sql-timing.cjs) and the statements
 * with the most time in all are listed, with their calls per request.
 *
 * The raw `.cpuprofile` is kept (its path is printed) for Chrome DevTools or speedscope.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { buildBoth, demoDatabase, stylesheetCookie, waitUntilUp } from "./bench-server";
import { parseArgs, spawnBenchServer } from "./lib";

const PORT = 3297;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Which part of the stack a script URL belongs to. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.includes("/build/index.js")) return "cashwise (build/index.js)";
  return url.replace(/^file:\/\//, "");
}

/** Self time per function and per package, of the samples between `from` and `to` (µs after the profile's start). */
function summarise(profile: CpuProfile, top: number, from: number, to: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= from && at <= to) self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === "(idle)").reduce((sum, [, value]) => sum + value, 0);
  const busy = total - idle;
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, time] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === "(idle)") continue;
    const pkg = packageOf(url, functionName);
    const key = `${functionName || "(anonymous)"}  ${pkg}${url ? `:${lineNumber + 1}` : ""}`;
    functions.set(key, (functions.get(key) ?? 0) + time);
    packages.set(pkg, (packages.get(pkg) ?? 0) + time);
  }
  const share = (value: number) => `${((100 * value) / busy).toFixed(1)} %`;
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, time]) => ({ name, "self ms": Math.round(time / 1000), "of busy": share(time) }));
  return { busyMs: Math.round(busy / 1000), idleMs: Math.round(idle / 1000), functions: rows(functions), packages: rows(packages) };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const pagePath = typeof args.path === "string" ? args.path : "/en";
  const seconds = Number(args.seconds ?? 10);
  const connections = Number(args.concurrency ?? 10);
  const top = Number(args.top ?? 30);
  buildBoth();

  const demo = await demoDatabase("cashwise-profile-");
  const { dir } = demo;
  const cookie = args["signed-in"] ? demo.cookie : "";

  const profileDir = path.join(dir, "cpuprofile");
  const sqlFile = path.join(dir, "sql-timing.json");
  const sqlArgs = args.sql ? ["--require", path.resolve("scripts/sql-timing.cjs")] : [];
  const server = spawnBenchServer(
    { port: PORT, databaseUrl: `file:${demo.dbFile}`, sessionSecret: demo.sessionSecret },
    { JOBS: "off", SQL_TIMING_FILE: sqlFile },
    ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, ...sqlArgs],
  );
  const base = `http://127.0.0.1:${PORT}`;
  const spawned = performance.now();
  const exited = new Promise((resolve) => server.once("exit", resolve));
  let window = { from: 0, to: Infinity };
  let requests = 0;
  try {
    await waitUntilUp(`${base}/healthz`);
    // The stylesheet cookie of a returning visitor, as the bench's throughput rows use.
    const cssCookie = await stylesheetCookie(base);
    const headers = { Cookie: [cookie, cssCookie].filter(Boolean).join("; ") };
    const check = await fetch(`${base}${pagePath}`, { headers, redirect: "manual" });
    await check.arrayBuffer();
    if (check.status !== 200) throw new Error(`${pagePath} answered ${check.status}`);
    // Warm up, then the measured load.
    await autocannon({ url: `${base}${pagePath}`, connections, duration: 3, headers });
    const from = performance.now() - spawned;
    const result = await autocannon({ url: `${base}${pagePath}`, connections, duration: seconds, headers });
    // The profile starts as the server's process does, a few milliseconds after the spawn.
    window = { from: from * 1000, to: (performance.now() - spawned) * 1000 };
    requests = result.requests.total;
    console.log(
      `${pagePath}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${
        result.non2xx + result.errors
      } errors`,
    );
  } finally {
    server.kill("SIGINT");
    await exited;
  }
  const file = fs.readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error("no profile was written");
  const summary = summarise(JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile, top, window.from, window.to);
  console.log(`under load: busy ${summary.busyMs} ms, idle ${summary.idleMs} ms`);
  console.log("Self time by package:");
  console.table(summary.packages);
  console.log("Self time by function:");
  console.table(summary.functions);
  console.log(`profile: ${path.join(profileDir, file)}`);
  if (args.sql && fs.existsSync(sqlFile)) {
    // Totals over the whole run (warm-up included); calls per request of the measured load.
    const rows = JSON.parse(fs.readFileSync(sqlFile, "utf8")) as Array<{ sql: string; calls: number; ms: number }>;
    const all = rows.reduce((sum, row) => sum + row.ms, 0);
    console.log(`SQLite statements: ${Math.round(all)} ms in all; the ${top} with the most time:`);
    console.table(
      rows
        .sort((a, b) => b.ms - a.ms)
        .slice(0, top)
        .map((row) => ({
          sql: row.sql.replace(/\s+/g, " ").slice(0, 110),
          calls: row.calls,
          "per request": (row.calls / Math.max(1, requests)).toFixed(2),
          "ms in all": Math.round(row.ms),
          "µs each": Math.round((1000 * row.ms) / row.calls),
        })),
    );
  }
}

await main();

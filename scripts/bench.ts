/**
 * `npm run bench`: measures the built server and the money paths, never as timed tests. Parts:
 *  - the server beside a bare Remix app (scripts/bench-server.ts): throughput, unloaded latency,
 *    page weight, first paint on a throttled phone, memory over many requests, and scale-out on
 *    PostgreSQL;
 *  - one password hash (the floor of every sign-in);
 *  - the cashback endpoints (signed postbacks and "Shop now" click-outs, scripts/bench-cashback.ts);
 *  - the wallet's ledger (scripts/bench-ledger.ts): the transactions query on 1,000,000 postings,
 *    withdrawals and deposits per second;
 *  - the ad suite: an import and the dashboard on 1,000,000 daily ad rows (scripts/bench-ads*.ts),
 *    and a 1,000,000-row upload to the running server with `/healthz` and memory sampled
 *    (scripts/bench-ads-upload.ts), and the n-gram analysis of 100,000 search-term rows
 *    (scripts/bench-ads-ngrams.ts).
 * Database parts run on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names one, on
 * PostgreSQL. The run ends with the goals of issue #17 in one table (docs/performance.md's goals table).
 *
 *   npm run bench -- [--seconds 10] [--concurrency 10] [--memory-requests 20000] [--skip-server]
 *                    [--skip-browser] [--skip-scale-out] [--postbacks 2000] [--clickouts 1000]
 *                    [--skip-cashback] [--skip-ledger] [--skip-ads] [--ad-rows 1000000] [--import-rows 100000]
 *                    [--upload-rows 1000000] [--ngram-rows 100000]
 */
import { performance } from "node:perf_hooks";
import { hashPassword } from "../app/users/password.server";
import { benchCashback } from "./bench-cashback";
import { benchAdsDashboard } from "./bench-ads";
import { benchAdsImport } from "./bench-ads-import";
import { benchAdsUpload } from "./bench-ads-upload";
import { benchAdsNgrams } from "./bench-ads-ngrams";
import { printGoals } from "./bench-goals";
import { benchLedger } from "./bench-ledger";
import { benchServer } from "./bench-server";
import { parseArgs } from "./lib";

const args = parseArgs(process.argv.slice(2));

if (args["skip-server"] !== true) {
  await benchServer({
    seconds: Number(args.seconds ?? 10),
    concurrency: Number(args.concurrency ?? 10),
    memoryRequests: Number(args["memory-requests"] ?? 20_000),
    skipBrowser: args["skip-browser"] === true,
    skipScaleOut: args["skip-scale-out"] === true,
  });
}

const hashTimes: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  await hashPassword("Bench-pass-1!");
  hashTimes.push(performance.now() - t0);
}
hashTimes.sort((a, b) => a - b);
console.log(`\nargon2id password hash: median ${hashTimes[2]!.toFixed(0)} ms (of 5)`);

if (args["skip-cashback"] !== true)
  await benchCashback({ postbacks: Number(args.postbacks ?? 2000), clickouts: Number(args.clickouts ?? 1000) });
if (args["skip-ledger"] !== true) await benchLedger();
if (args["skip-ads"] !== true) {
  await benchAdsImport({ rows: Number(args["import-rows"] ?? 100_000) });
  await benchAdsUpload({ rows: Number(args["upload-rows"] ?? 1_000_000) });
  await benchAdsDashboard({ rows: Number(args["ad-rows"] ?? 1_000_000) });
  await benchAdsNgrams({ rows: Number(args["ngram-rows"] ?? 100_000) });
}
printGoals();

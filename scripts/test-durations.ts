/**
 * `npm run test:durations [-- --count N] [--file F]`: the slowest browser tests of the last
 * Playwright run, read from the JSON report it writes (`test-results/e2e-report.json`, see
 * playwright.config.ts), with the run's wall time and the time per spec file. CI prints it after
 * every run. A browser test that takes more than 20 s is marked: it should be split.
 */
import fs from "node:fs";
import { parseArgs } from "./lib";

export const REPORT_FILE = "test-results/e2e-report.json";
const SPLIT_AT_MS = 20_000;

interface Suite {
  title: string;
  file?: string;
  specs?: Array<{
    title: string;
    line: number;
    file: string;
    tests: Array<{ projectName: string; results: Array<{ duration: number; status: string }> }>;
  }>;
  suites?: Suite[];
}

const args = parseArgs(process.argv.slice(2));
const file = typeof args.file === "string" ? args.file : REPORT_FILE;
const count = Number(args.count ?? 15);
if (!fs.existsSync(file)) {
  console.log(`No Playwright report at ${file}: the browser tests did not run.`);
  process.exit(0);
}
const report = JSON.parse(fs.readFileSync(file, "utf8")) as {
  suites: Suite[];
  stats: { duration: number; expected: number; unexpected: number; flaky: number };
};

const rows: Array<{ ms: number; title: string; file: string; status: string }> = [];
function walk(suite: Suite, path: string[]) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        rows.push({
          ms: result.duration,
          status: result.status,
          file: spec.file,
          title: `[${test.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].join(" › ")}`,
        });
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, child.file ? path : [...path, child.title]);
}
for (const suite of report.suites) walk(suite, []);

rows.sort((a, b) => b.ms - a.ms);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const total = rows.reduce((sum, row) => sum + row.ms, 0);
const perFile = new Map<string, number>();
for (const row of rows) perFile.set(row.file, (perFile.get(row.file) ?? 0) + row.ms);

console.log(`\nBrowser tests: ${rows.length} results in ${seconds(report.stats.duration)} wall time (${seconds(total)} of test time).`);
console.log(`\nThe ${Math.min(count, rows.length)} slowest:`);
for (const row of rows.slice(0, count)) {
  console.log(
    `${seconds(row.ms).padStart(8)}${row.ms > SPLIT_AT_MS ? " (over 20 s: split it)" : ""}  ${row.status === "passed" ? "" : `${row.status}: `}${row.title}`,
  );
}
console.log("\nTime per spec file:");
for (const [name, ms] of [...perFile].sort((a, b) => b[1] - a[1])) console.log(`${seconds(ms).padStart(8)}  ${name}`);

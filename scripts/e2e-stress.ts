/**
 * `npm run test:e2e:stress [-- --runs N] [-- playwright arguments]`: the whole browser suite, N
 * times in a row (3 by default), while two busy-loop processes compete for the machine's two
 * cores, as CI runs it (CI=true: two workers, retries 0). It stops at the first red run. A test
 * that passes here does not depend on the machine being quiet; one that fails is fixed at its
 * cause, never with a longer timeout. Prints each run's wall time.
 */
import { spawn, spawnSync } from "node:child_process";
import { parseArgs } from "./lib";

const argv = process.argv.slice(2);
const args = parseArgs(argv);
const runs = Number(args.runs ?? 3);
const passThrough = argv.filter((arg, i) => arg !== "--runs" && argv[i - 1] !== "--runs" && !arg.startsWith("--runs="));

const busy = [0, 1].map(() => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
const stop = () => busy.forEach((child) => child.kill("SIGKILL"));
process.on("exit", stop);
process.on("SIGINT", () => process.exit(130));

const times: string[] = [];
let failed = 0;
for (let run = 1; run <= runs; run++) {
  console.log(`\n::: stressed run ${run} of ${runs} (two busy loops beside it)`);
  const started = Date.now();
  const result = spawnSync("npx", ["playwright", "test", ...passThrough], { stdio: "inherit", env: { ...process.env, CI: "true" } });
  times.push(`run ${run}: ${result.status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (result.status !== 0) {
    failed = run;
    break;
  }
}
stop();
console.log(`\n${times.join("\n")}`);
process.exit(failed ? 1 : 0);

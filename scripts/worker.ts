/**
 * `npm run worker`: runs the background jobs (outbox delivery and the schedules) in a process of
 * its own, for deployments that start the app with `JOBS=off`. Any number of workers can run
 * against one PostgreSQL database (pg-boss hands each job to one of them). On SIGTERM/SIGINT it
 * stops the runner (running jobs get 5 s), closes the database and exits 0; after 9 s it exits 1
 * whatever still runs (app/config/shutdown.server.ts).
 */
import { envOrExit } from "../app/config/env.server";
import { startJobs } from "../app/job-registry.server";
import { runShutdownHooks } from "../app/config/shutdown.server";

const SHUTDOWN_DEADLINE_MS = 9_000;

const config = envOrExit();
const runner = await startJobs({ work: true }, config);
console.log(`Worker running jobs with ${runner.engine} on ${config.database.kind}.`);
// The runner's timers do not hold the process open: this does, until a signal.
const keepAlive = setInterval(() => undefined, 60_000);
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    clearInterval(keepAlive);
    const deadline = setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    void runShutdownHooks().then(() => {
      clearTimeout(deadline);
      process.exit(0);
    });
  });
}

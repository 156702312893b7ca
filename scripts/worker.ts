/**
 * `npm run worker`: runs the background jobs (outbox delivery and the schedules) in a process of
 * its own, for deployments that start the app with `JOBS=off`. Any number of workers can run
 * against one PostgreSQL database (pg-boss hands each job to one of them).
 */
import { envOrExit } from "../app/config/env.server";
import { startJobs } from "../app/jobs/jobs.server";

const config = envOrExit();
const runner = await startJobs({ work: true }, config);
console.log(`Worker running jobs with ${runner.engine} on ${config.database.kind}.`);
// The runner's timers do not hold the process open: this does, until a signal.
const keepAlive = setInterval(() => undefined, 60_000);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    clearInterval(keepAlive);
    void runner.stop().finally(() => process.exit(0));
  });
}

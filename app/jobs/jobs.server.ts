/**
 * The job queue: the one way domains and routes queue background work, and starting one runner per
 * process on the configured database. It knows no domain: which jobs exist (their handlers and
 * schedules) is the composition root's registry (`~/job-registry.server`), handed over with
 * `registerJobDefinitions` when the server or the worker loads it. The outbox is woken through the
 * runner whenever a unit of work commits mail. The runner is stopped on shutdown
 * (`~/config/shutdown.server`).
 */
import { env, type Env } from "~/config/env.server";
import { db as appDb, type Db } from "~/db/db.server";
import { mailer as appMailer, type Mailer } from "~/mail/mailer.server";
import { onShutdown, SHUTDOWN_ORDER } from "~/config/shutdown.server";
import { setOutboxSignal } from "./outbox.server";
import { inlineRunner, pgBossRunner, type JobDefinition, type JobRunner, type SendOptions } from "./runner.server";

export const OUTBOX_JOB = "outbox.deliver";
export const CONFIRM_CASHBACK_JOB = "cashback.confirm-due";
export const RENEW_PLANS_JOB = "plans.renew-due";
export const RELEASE_COMMISSIONS_JOB = "partner.release-due";
export const RECONCILE_JOB = "ledger.reconcile";

export type JobDeps = { db: Db; mailer: Mailer; appUrl: URL };
export type JobDefinitions = (deps: JobDeps) => JobDefinition[];

let registry: JobDefinitions | undefined;

/** Hands the composition root's job list to the runner (before it starts). */
export function registerJobDefinitions(definitions: JobDefinitions): void {
  registry = definitions;
}

function jobDefinitions(deps: JobDeps): JobDefinition[] {
  if (!registry) throw new Error("No job registry: import ~/job-registry.server before queueing or running jobs.");
  return registry(deps);
}

/**
 * Queues a job from a request (slow work never runs inside one). A queued copy with the same
 * singleton key makes this one unnecessary (default key: "manual").
 */
export async function queueJob(
  name: string,
  data: Record<string, unknown> = {},
  config: Env = env(),
  options: SendOptions = { singletonKey: "manual" },
): Promise<void> {
  const runner = await startJobs({ work: config.jobs === "inline" }, config);
  await runner.send(name, data, options);
}

export function createRunner(config: Env, deps: { db: Db; mailer: Mailer }): JobRunner {
  const definitions = jobDefinitions({ ...deps, appUrl: config.appUrl });
  return config.database.kind === "postgres"
    ? pgBossRunner(config.database.connectionString, definitions)
    : inlineRunner(deps.db, definitions);
}

const globalForJobs = globalThis as typeof globalThis & { __cashwiseJobs?: Promise<JobRunner> };

/**
 * Starts this process's runner once: working (handlers and schedules) when `work` is true, else
 * only able to queue jobs. Commits that write mail then wake the outbox through it.
 */
export function startJobs(options: { work: boolean }, config: Env = env()): Promise<JobRunner> {
  globalForJobs.__cashwiseJobs ??= (async () => {
    const runner = createRunner(config, { db: appDb(), mailer: appMailer() });
    // Stopped before the database closes when the process is told to stop.
    onShutdown("jobs", SHUTDOWN_ORDER.jobs, async () => {
      globalForJobs.__cashwiseJobs = undefined;
      await runner.stop();
    });
    await runner.start(options);
    setOutboxSignal(() => {
      runner.send(OUTBOX_JOB).catch((error: unknown) => console.error("could not wake the outbox", error));
    });
    return runner;
  })();
  return globalForJobs.__cashwiseJobs;
}

/** For the app server: run jobs in-process unless JOBS=off (then `npm run worker` runs them). */
export function startServerJobs(config: Env = env()): void {
  if (config.appEnv === "test" && process.env.VITEST) return;
  startJobs({ work: config.jobs === "inline" }, config).catch((error: unknown) => {
    console.error("the job runner could not start", error);
  });
}

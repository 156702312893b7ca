/**
 * The job runner: owns background work (the outbox, cashback confirmations; renewals, tips
 * and alerts as they come). One interface, two engines with the same handlers:
 *
 * - PostgreSQL: pg-boss. Several app servers and workers share the queues, each job runs once, and
 *   cron schedules are singletons across all of them.
 * - SQLite (the embedded default): an in-process runner on the `jobs` table, polled every second
 *   and woken at once when this process queues a job; cron schedules through croner.
 *
 * Handlers are idempotent (a job may run again after a crash). `npm start` runs jobs in the app
 * process (`JOBS=inline`); with `JOBS=off` the app only queues them and `npm run worker` runs them.
 */
import { randomUUID } from "node:crypto";
import { Cron } from "croner";
import pg from "pg";
import PgBoss from "pg-boss";
import { type Db, isUniqueViolation, now } from "~/db/db.server";

export interface JobDefinition {
  name: string;
  handler: (data: Record<string, unknown>) => Promise<void>;
  /** A cron pattern (UTC): the job is queued on that schedule, once across all servers. */
  cron?: string;
  /** `stately`: at most one queued and one running (wake-up signals collapse into one run). */
  policy?: "standard" | "stately";
}

export interface SendOptions {
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface JobRunner {
  readonly engine: "inline" | "pg-boss";
  /** Starts the engine; with `work`, this process also runs the handlers and the schedules. */
  start(options: { work: boolean }): Promise<void>;
  send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<void>;
  stop(): Promise<void>;
}

const RETRY_DELAYS_S = [5, 30, 120, 600];

// ——— SQLite: the in-process runner ———

export function inlineRunner(db: Db, definitions: JobDefinition[], options: { pollMs?: number } = {}): JobRunner {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const crons: Cron[] = [];
  let timer: NodeJS.Timeout | undefined;
  let working = false;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function claimNext(): Promise<{ id: string; name: string; data: string; attempts: number; maxAttempts: number } | undefined> {
    const nowIso = now();
    const candidates = await db
      .selectFrom("jobs")
      .select(["id", "name", "data", "attempts", "maxAttempts", "status"])
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "queued"), eb("runAt", "<=", nowIso)]),
          eb.and([eb("status", "=", "active"), eb("lockedUntil", "<", nowIso)]),
        ]),
      )
      .orderBy("runAt")
      .limit(5)
      .execute();
    for (const job of candidates) {
      const claimed = await db
        .updateTable("jobs")
        .set({
          status: "active",
          attempts: job.attempts + 1,
          lockedUntil: new Date(Date.now() + 10 * 60_000).toISOString(),
          updatedAt: nowIso,
        })
        .where("id", "=", job.id)
        .where("status", "=", job.status)
        .where("attempts", "=", job.attempts)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) return { ...job, attempts: job.attempts + 1 };
    }
    return undefined;
  }

  async function drain() {
    while (!stopped) {
      const job = await claimNext();
      if (!job) break;
      if (stopped) {
        // Claimed as the runner stopped: hand it back at once rather than after its lock.
        await db
          .updateTable("jobs")
          .set({ status: "queued", attempts: job.attempts - 1, lockedUntil: null, updatedAt: now() })
          .where("id", "=", job.id)
          .execute();
        break;
      }
      const definition = byName.get(job.name);
      try {
        if (!definition) throw new Error(`no handler for job ${job.name}`);
        await definition.handler(JSON.parse(job.data) as Record<string, unknown>);
        await db
          .updateTable("jobs")
          .set({ status: "done", lockedUntil: null, lastError: null, updatedAt: now() })
          .where("id", "=", job.id)
          .execute();
      } catch (error) {
        const failed = job.attempts >= job.maxAttempts;
        const delay = RETRY_DELAYS_S[Math.min(job.attempts - 1, RETRY_DELAYS_S.length - 1)]!;
        const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        console.error(`job ${job.name} (${job.id}) failed on attempt ${job.attempts}${failed ? ", giving up" : ""}`, error);
        const retry = { lockedUntil: null, lastError, runAt: new Date(Date.now() + delay * 1000).toISOString(), updatedAt: now() };
        try {
          await db
            .updateTable("jobs")
            .set({ status: failed ? "failed" : "queued", ...retry })
            .where("id", "=", job.id)
            .execute();
        } catch (updateError) {
          // A stately job with a copy already queued: that copy does the same work, this one ends here.
          if (!isUniqueViolation(updateError)) throw updateError;
          await db
            .updateTable("jobs")
            .set({ status: "failed", ...retry, lastError: `${lastError} (a queued copy runs instead)` })
            .where("id", "=", job.id)
            .execute();
        }
      }
    }
    // Keep the table small: finished jobs older than a day go.
    await db
      .deleteFrom("jobs")
      .where("status", "=", "done")
      .where("updatedAt", "<", new Date(Date.now() - 86_400_000).toISOString())
      .execute();
  }

  /** Runs due jobs now; a call while a run is going makes it go round once more. */
  function tick() {
    if (!working || stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => console.error("job runner", error))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  return {
    engine: "inline",
    async start({ work }) {
      working = work;
      if (!work) return;
      const poll = () => {
        tick();
        timer = setTimeout(poll, options.pollMs ?? 1000);
        timer.unref();
      };
      poll();
      for (const definition of definitions) {
        if (!definition.cron) continue;
        crons.push(
          new Cron(
            definition.cron,
            { timezone: "UTC", protect: true, unref: true },
            () => void this.send(definition.name, {}, { singletonKey: "schedule" }),
          ),
        );
      }
    },
    async send(name, data = {}, sendOptions = {}) {
      const singletonKey = sendOptions.singletonKey ?? (byName.get(name)?.policy === "stately" ? name : null);
      const timestamp = now();
      try {
        await db
          .insertInto("jobs")
          .values({
            id: randomUUID(),
            name,
            data: JSON.stringify(data),
            status: "queued",
            singletonKey,
            runAt: new Date(Date.now() + (sendOptions.startAfterSeconds ?? 0) * 1000).toISOString(),
            lockedUntil: null,
            lastError: null,
            createdAt: timestamp,
            updatedAt: timestamp,
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error; // already queued: the waiting one will do
      }
      if (!sendOptions.startAfterSeconds) tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const cron of crons) cron.stop();
      await running;
    },
  };
}

// ——— PostgreSQL: pg-boss ———

/**
 * Runs `work` while holding a PostgreSQL advisory lock named `name` (on a connection of its own,
 * released when it closes). Servers started together on a fresh database would otherwise create
 * the same queues at once, and pg-boss's create_queue (a queue row plus a partition attached to
 * the job table) deadlocks then: the loser's runner did not start, so that server ran no jobs and
 * could not queue any until restarted. One at a time, the later ones find the queues made.
 */
async function oneProcessAtATime(connectionString: string, name: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: "cashwise-jobs" });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext($1))", [name]);
    await work();
  } finally {
    await client.end();
  }
}

export function pgBossRunner(connectionString: string, definitions: JobDefinition[], options: { schema?: string } = {}): JobRunner {
  let boss: PgBoss | undefined;
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  return {
    engine: "pg-boss",
    async start({ work }) {
      boss = new PgBoss({
        connectionString,
        schema: options.schema ?? "pgboss",
        application_name: "cashwise-jobs",
        max: 4,
        supervise: work,
        schedule: work,
      });
      boss.on("error", (error) => console.error("pg-boss", error));
      await boss.start();
      const started = boss;
      await oneProcessAtATime(connectionString, `cashwise.jobs.queues:${options.schema ?? "pgboss"}`, async () => {
        for (const definition of definitions) {
          if (!(await started.getQueue(definition.name))) {
            await started.createQueue(definition.name, {
              name: definition.name,
              policy: definition.policy ?? "standard",
              retryLimit: RETRY_DELAYS_S.length,
              retryDelay: 5,
              retryBackoff: true,
            });
          }
        }
      });
      if (!work) return;
      for (const definition of definitions) {
        await boss.work<Record<string, unknown>>(definition.name, { pollingIntervalSeconds: 2 }, async (jobs) => {
          for (const job of jobs) await definition.handler(job.data ?? {});
        });
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: "UTC" });
      }
    },
    async send(name, data = {}, sendOptions = {}) {
      if (!boss) throw new Error("the job runner is not started");
      const singletonKey = sendOptions.singletonKey ?? (byName.get(name)?.policy === "stately" ? name : undefined);
      await boss.send(name, data, { singletonKey, startAfter: sendOptions.startAfterSeconds });
    },
    async stop() {
      // Running jobs get 5 s to finish (a job cut off runs again later: handlers are idempotent), so
      // that a process told to stop exits within its 10 s (app/config/shutdown.server.ts).
      await boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}

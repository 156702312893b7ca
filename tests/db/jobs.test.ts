/**
 * The job runner with real parts: the in-process runner on a real SQLite `jobs` table, pg-boss on
 * a real PostgreSQL (with TEST_DATABASE_URL, in a pg-boss schema of its own), and the outbox woken
 * through the runner after a unit of work commits mail.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { jobDefinitions } from "~/job-registry.server";
import { OUTBOX_JOB } from "~/jobs/jobs.server";
import { enqueueMail, outboxMailer, setOutboxSignal } from "~/jobs/outbox.server";
import { inlineRunner, pgBossRunner, type JobDefinition, type JobRunner } from "~/jobs/runner.server";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { recordingMailer } from "../support/recording-mailer";
import { gate, waitUntil } from "../support/wait";

const POLL_MS = 20;

/** Long enough for many polls of the inline runner: used only to show that something does NOT happen. */
const quietly = () => new Promise((resolve) => setTimeout(resolve, POLL_MS * 10));

function jobRows(db: Db, name: string) {
  return db.selectFrom("jobs").selectAll().where("name", "=", name).orderBy("createdAt").execute();
}

describe("inline job runner [sqlite]", () => {
  let database: TestDatabase;
  const runners: JobRunner[] = [];
  const start = async (definitions: JobDefinition[], work: boolean) => {
    const runner = inlineRunner(database.db, definitions, { pollMs: POLL_MS });
    runners.push(runner);
    await runner.start({ work });
    return runner;
  };

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("jobs").execute();
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    vi.restoreAllMocks();
  });

  it("runs a job sent to a working runner", async () => {
    const calls: Array<Record<string, unknown>> = [];
    const runner = await start([{ name: "test.record", handler: async (data) => void calls.push(data) }], true);
    expect(runner.engine).toBe("inline");

    await runner.send("test.record", { n: 1, who: "first" });
    await waitUntil(() => calls.length === 1, { message: "the handler ran" });
    expect(calls).toEqual([{ n: 1, who: "first" }]);
    const [row] = await waitUntil(async () => {
      const rows = await jobRows(database.db, "test.record");
      return rows[0]?.status === "done" && rows;
    });
    expect(row).toMatchObject({ status: "done", attempts: 1, lockedUntil: null, lastError: null, singletonKey: null });

    // Several at once: each runs once.
    await Promise.all([2, 3, 4].map((n) => runner.send("test.record", { n })));
    await waitUntil(() => calls.length === 4, { message: "all handlers ran" });
    await quietly();
    expect(calls.map((c) => c.n).sort()).toEqual([1, 2, 3, 4]);
  });

  it("retries a failing job with growing delays, then gives up after maxAttempts", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let calls = 0;
    const runner = await start(
      [
        {
          name: "test.fail",
          handler: async () => {
            calls++;
            throw new Error(`boom ${calls}`);
          },
        },
      ],
      true,
    );

    await runner.send("test.fail", { k: "v" });
    const expectedDelays = [5, 30, 120, 600];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const row = await waitUntil(
        async () => {
          const [r] = await jobRows(database.db, "test.fail");
          return r && r.attempts === attempt && (r.status === "queued" || r.status === "failed") && r;
        },
        { message: `attempt ${attempt} recorded` },
      );
      expect(calls).toBe(attempt);
      expect(row.lastError).toBe(`boom ${attempt}`);
      expect(row.lockedUntil).toBeNull();
      if (attempt < 5) {
        expect(row.status).toBe("queued");
        // Back in the queue, later: the delay grows with each attempt.
        const delayMs = Date.parse(row.runAt) - Date.parse(row.updatedAt);
        expect(delayMs).toBeGreaterThanOrEqual(expectedDelays[attempt - 1]! * 1000 - 5);
        expect(delayMs).toBeLessThanOrEqual(expectedDelays[attempt - 1]! * 1000 + 1000);
        await quietly();
        expect(calls).toBe(attempt); // not run again before its time
        // Time passes: make the retry due now.
        await database.db
          .updateTable("jobs")
          .set({ runAt: new Date(Date.now() - 1).toISOString() })
          .where("id", "=", row.id)
          .execute();
      } else {
        expect(row.status).toBe("failed");
        expect(row.maxAttempts).toBe(5);
      }
    }
    // Failed for good: never picked up again, even when "due".
    await database.db
      .updateTable("jobs")
      .set({ runAt: new Date(Date.now() - 1).toISOString() })
      .where("name", "=", "test.fail")
      .execute();
    await quietly();
    expect(calls).toBe(5);
    expect((await jobRows(database.db, "test.fail"))[0]).toMatchObject({ status: "failed", attempts: 5 });
    expect(errors).toHaveBeenCalled();
  });

  /** A working runner with one stately job whose first run waits for `hold` to open, then ends with `firstRunEnd`. */
  async function heldStatelyJob(name: string, firstRunEnd: () => void = () => undefined) {
    const hold = gate();
    const calls: number[] = [];
    const handler = async () => {
      calls.push(Date.now());
      if (calls.length === 1) {
        await hold.promise;
        firstRunEnd();
      }
    };
    const runner = await start([{ name, policy: "stately", handler }], true);
    return { hold, calls, runner };
  }

  it("a stately job sent 10 times while one runs keeps at most one queued, and runs once more", async () => {
    const { hold, calls, runner } = await heldStatelyJob("test.stately");

    await runner.send("test.stately");
    await waitUntil(() => calls.length === 1, { message: "the first run started" });
    await Promise.all(Array.from({ length: 10 }, () => runner.send("test.stately")));
    const rows = await jobRows(database.db, "test.stately");
    expect(rows.filter((r) => r.status === "active")).toHaveLength(1);
    expect(rows.filter((r) => r.status === "queued")).toHaveLength(1);
    expect(rows.every((r) => r.singletonKey === "test.stately")).toBe(true);

    hold.open();
    await waitUntil(async () => (await jobRows(database.db, "test.stately")).every((r) => r.status === "done") && calls.length === 2, {
      message: "both runs done",
    });
    await quietly();
    expect(calls).toHaveLength(2);
    expect(await jobRows(database.db, "test.stately")).toHaveLength(2);
  });

  it("a stately run that fails while a copy is queued ends failed (the copy runs), never stuck active", async () => {
    const { hold, calls, runner } = await heldStatelyJob("test.stately-fails", () => {
      throw new Error("first run fails");
    });
    await runner.send("test.stately-fails");
    await waitUntil(() => calls.length === 1, { message: "the first run started" });
    await runner.send("test.stately-fails");
    hold.open();
    await waitUntil(() => calls.length === 2, { message: "the queued copy ran" });
    const rows = await waitUntil(
      async () => {
        const all = await jobRows(database.db, "test.stately-fails");
        return all.every((r) => r.status === "done" || r.status === "failed") ? all : undefined;
      },
      { message: "both rows finished" },
    );
    expect(rows.map((r) => r.status).sort()).toEqual(["done", "failed"]);
    expect(rows.find((r) => r.status === "failed")!.lastError).toMatch(/first run fails.*queued copy/);
  });

  it("with work: false a send only queues (the handler never runs here); a worker runs it", async () => {
    const calls: Array<Record<string, unknown>> = [];
    const definitions: JobDefinition[] = [
      { name: "test.queued", handler: async (data) => void calls.push(data) },
      { name: "test.queued-stately", policy: "stately", handler: async (data) => void calls.push(data) },
    ];
    const app = await start(definitions, false);

    await app.send("test.queued", { order: 7 });
    await Promise.all(Array.from({ length: 10 }, () => app.send("test.queued-stately")));
    await quietly();
    expect(calls).toEqual([]);
    expect(await jobRows(database.db, "test.queued")).toMatchObject([
      { status: "queued", attempts: 0, data: JSON.stringify({ order: 7 }) },
    ]);
    // Ten wake-ups that nobody ran yet collapse into one queued row.
    expect(await jobRows(database.db, "test.queued-stately")).toMatchObject([{ status: "queued", attempts: 0 }]);

    // `npm run worker`: another runner on the same database does the work.
    await start(definitions, true);
    await waitUntil(() => calls.length === 2, { message: "the worker ran both" });
    expect(calls).toEqual(expect.arrayContaining([{ order: 7 }, {}]));
    await waitUntil(async () => (await database.db.selectFrom("jobs").select("status").execute()).every((r) => r.status === "done"));
  });

  it("stop() stops polling", async () => {
    const calls: string[] = [];
    const runner = await start([{ name: "test.poll", handler: async (data) => void calls.push(String(data.tag)) }], true);
    const insert = (tag: string) =>
      database.db
        .insertInto("jobs")
        .values({
          id: crypto.randomUUID(),
          name: "test.poll",
          data: JSON.stringify({ tag }),
          status: "queued",
          singletonKey: null,
          runAt: new Date().toISOString(),
          lockedUntil: null,
          lastError: null,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .execute();

    // Queued by another process (no wake-up here): found by polling.
    await insert("before");
    await waitUntil(() => calls.length === 1, { message: "polling found the job" });

    await runner.stop();
    await insert("after");
    await runner.send("test.poll", { tag: "sent after stop" });
    await quietly();
    await quietly();
    expect(calls).toEqual(["before"]);
    expect((await jobRows(database.db, "test.poll")).filter((r) => r.status === "queued")).toHaveLength(2);
  });
});

describe("outbox woken through the inline runner [sqlite]", () => {
  let database: TestDatabase;
  let runner: JobRunner;
  const mailer = recordingMailer();

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    // Polling effectively off after the first tick: only the commit's wake-up can deliver.
    runner = inlineRunner(database.db, jobDefinitions({ db: database.db, mailer, appUrl: new URL("http://localhost") }), {
      pollMs: 60_000,
    });
    await runner.start({ work: true });
    setOutboxSignal(() => void runner.send(OUTBOX_JOB));
  });
  afterAll(async () => {
    setOutboxSignal(undefined);
    await runner.stop();
    await database.destroy();
  });

  it("mail committed in a unit of work is delivered shortly after commit, without calling deliverOutbox", async () => {
    const committedAt = Date.now();
    const id = await unitOfWork(database.db, async (tx) => {
      const queued = await enqueueMail(tx, { to: "woken@example.com", subject: "Hi", text: "Woken up" });
      await outboxMailer(tx).send({ to: "woken-too@example.com", subject: "Hi", text: "Also" });
      // Nothing leaves before commit.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(mailer.sent).toEqual([]);
      return queued;
    });
    await waitUntil(() => mailer.sent.length === 2, { timeoutMs: 3_000, message: "the woken deliverer sent the mail" });
    expect(Date.now() - committedAt).toBeLessThan(3_000);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(["woken-too@example.com", "woken@example.com"]);
    expect(mailer.sent.find((m) => m.to === "woken@example.com")?.messageId).toBe(`<${id}@localhost>`);
    await waitUntil(async () => (await database.db.selectFrom("outbox").select("status").execute()).every((r) => r.status === "sent"));
    await waitUntil(async () => (await jobRows(database.db, OUTBOX_JOB)).some((r) => r.status === "done"));

    // A unit of work that rolls back wakes nobody and sends nothing.
    const jobsBefore = (await jobRows(database.db, OUTBOX_JOB)).length;
    await expect(
      unitOfWork(database.db, async (tx) => {
        await enqueueMail(tx, { to: "never@example.com", subject: "No", text: "Rolled back" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await jobRows(database.db, OUTBOX_JOB)).length).toBe(jobsBefore);
    expect(mailer.sent).toHaveLength(2);
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)("pg-boss job runner [postgres]", () => {
  const schema = `pgboss_test_${randomBytes(5).toString("hex")}`;
  const calls: Array<Record<string, unknown>> = [];
  const echo: JobDefinition = { name: "test-echo", handler: async (data) => void calls.push(data) };
  // Known only to the app server below: a queue nobody works, to watch pg-boss's stately policy.
  const wakeUp: JobDefinition = { name: "test-wake", policy: "stately", handler: async () => undefined };
  let worker: JobRunner | undefined;
  let app: JobRunner | undefined;

  const jobsIn = async (name: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ state: string; data: Record<string, unknown> | null }>(
        `select state, data from "${schema}".job where name = $1`,
        [name],
      );
      return rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    worker = pgBossRunner(PG_URL!, [echo], { schema });
    await worker.start({ work: true });
    app = pgBossRunner(PG_URL!, [echo, wakeUp], { schema });
    await app.start({ work: false });
  });
  afterAll(async () => {
    await Promise.all([app?.stop(), worker?.stop()]);
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it("runs a job once with its data, also when another (non-working) server sends it", async () => {
    expect(worker!.engine).toBe("pg-boss");
    await worker!.send("test-echo", { from: "worker", n: 1 });
    await app!.send("test-echo", { from: "app server", n: 2 });
    await waitUntil(() => calls.length >= 2, { timeoutMs: 15_000, intervalMs: 100, message: "pg-boss ran both jobs" });
    await waitUntil(async () => (await jobsIn("test-echo")).every((j) => j.state === "completed"), { timeoutMs: 5_000, intervalMs: 100 });
    expect(calls).toHaveLength(2);
    expect(calls).toEqual(
      expect.arrayContaining([
        { from: "worker", n: 1 },
        { from: "app server", n: 2 },
      ]),
    );
    expect(await jobsIn("test-echo")).toHaveLength(2);
  });

  it("a stately queue keeps one waiting job however often it is woken", async () => {
    await Promise.all(Array.from({ length: 10 }, () => app!.send("test-wake")));
    const jobs = await jobsIn("test-wake");
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.state).toBe("created");
  });

  it("refuses to send before start", async () => {
    await expect(pgBossRunner(PG_URL!, [echo], { schema }).send("test-echo")).rejects.toThrow(/not started/);
  });
});

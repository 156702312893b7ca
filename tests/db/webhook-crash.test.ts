/**
 * Crashes while applying payment webhooks: an error part-way, a failure inside the database, and a
 * deliverer process killed with SIGKILL. Whatever happened, the event is recorded only with its
 * effects, so the provider's redelivery credits each paid top-up exactly once.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { rawClientOf, type Db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createUser } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import { SIGNATURE_HEADER, applyPaymentEvent, getPayment, signPayload, type PaymentEvent } from "~/wallet/payments.server";
import { sandboxProvider } from "~/wallet/sandbox-provider.server";
import { verifyLedger } from "~/wallet/verify.server";
import { describeEachDatabase, type DialectName } from "../support/databases";
import { startTopUpAt } from "../support/payments";

const SECRET = "w".repeat(40);
const provider = sandboxProvider({ payments: { provider: "sandbox", webhookSecret: SECRET } } as never);
const TEXTS = { deposit: "Wallet top-up", refund: "Top-up refunded", dispute: "Top-up disputed" };
const ROOT = path.resolve(import.meta.dirname, "../..");
const DELIVERER = path.join(ROOT, "tests/support/webhook-deliverer.ts");

/** The event as the webhook route gets it: signed by the sandbox, then verified. */
async function verifiedEvent(body: PaymentEvent): Promise<PaymentEvent> {
  const payload = JSON.stringify(body);
  const request = new Request("http://x/api/webhooks/sandbox", {
    method: "POST",
    body: payload,
    headers: { [SIGNATURE_HEADER]: signPayload(payload, SECRET) },
  });
  const verdict = await provider.verifyWebhook(request);
  if (!verdict.verified || !verdict.event) throw new Error("expected a verified event");
  return verdict.event;
}

/** A failure the database raises itself, whenever a row is inserted into `table`, until removed. */
async function injectInsertFailure(db: Db, dialect: DialectName, table: string): Promise<() => Promise<void>> {
  if (dialect === "sqlite") {
    await sql.raw(`create trigger inject_failure before insert on ${table} begin select raise(abort, 'injected failure'); end`).execute(db);
    return async () => {
      await sql`drop trigger inject_failure`.execute(db);
    };
  }
  await sql`create function inject_failure() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(
    db,
  );
  await sql.raw(`create trigger inject_failure before insert on ${table} for each row execute function inject_failure()`).execute(db);
  return async () => {
    await sql.raw(`drop trigger inject_failure on ${table}`).execute(db);
    await sql`drop function inject_failure()`.execute(db);
  };
}

interface Delivery {
  /** What the deliverer printed as committed, in order. */
  committed: Array<{ index: number; eventId: string; outcome: string }>;
  /** The event it was applying, uncommitted, when it was killed (`stallAt` runs). */
  stalled?: { index: number; eventId: string };
  finished: boolean;
  killed: boolean;
  stderr: string;
}

/**
 * Runs the deliverer (`npx tsx tests/support/webhook-deliverer.ts`) on `events` and SIGKILLs it:
 * with `stallAt`, once it has applied that event and waits inside its open transaction; else as
 * soon as it has printed `killAfter` committed events (wherever it then is in the next one). The
 * deliverer's own pid comes from its `ready` line; the wrappers we started (npx, sh, tsx) share a
 * process group of their own, killed by its id afterwards.
 */
async function deliverAndKill(
  target: string[],
  events: PaymentEvent[],
  when: { stallAt: number } | { killAfter: number },
): Promise<Delivery> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-deliverer-"));
  const file = path.join(dir, "events.json");
  fs.writeFileSync(file, JSON.stringify(events));
  const stallArgs = "stallAt" in when ? ["--stall-at", String(when.stallAt)] : [];
  const child = spawn("npx", ["--no-install", "tsx", DELIVERER, "--events", file, ...stallArgs, ...target], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const delivery: Delivery = { committed: [], finished: false, killed: false, stderr: "" };
  let workerPid: number | undefined;
  let buffer = "";
  const kill = (pid: number | undefined) => {
    if (!pid) return;
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  const killWorker = () => {
    if (delivery.killed) return;
    delivery.killed = true;
    kill(workerPid);
  };
  child.stderr.on("data", (chunk: Buffer) => {
    delivery.stderr += chunk.toString();
  });
  child.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      const [word, ...rest] = line.split(" ");
      if (word === "ready") workerPid = Number(rest[0]);
      else if (word === "done") delivery.finished = true;
      else if (word === "stalled") {
        delivery.stalled = { index: Number(rest[0]), eventId: rest[1]! };
        killWorker();
      } else if (word === "applied") {
        // Lines still in the pipe after the kill were committed too.
        delivery.committed.push({ index: Number(rest[0]), eventId: rest[1]!, outcome: rest[2]! });
        if ("killAfter" in when && delivery.committed.length >= when.killAfter) killWorker();
      }
    }
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the deliverer did not end: ${delivery.stderr}`)), 20_000);
      child.on("close", () => {
        clearTimeout(timer);
        resolve();
      });
      child.on("error", reject);
    });
  } finally {
    kill(workerPid);
    if (child.pid) kill(-child.pid);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return delivery;
}

describeEachDatabase("webhook crashes", (t) => {
  const apply = (event: PaymentEvent) => unitOfWork(t.db, (tx) => applyPaymentEvent(tx, "sandbox", event, TEXTS));
  const start = (userId: string, amountCents: number) => startTopUpAt(t.db, provider, userId, amountCents);
  const recorded = (eventIds: string[]) =>
    t.db.selectFrom("webhookEvents").select("eventId").where("provider", "=", "sandbox").where("eventId", "in", eventIds).execute();
  const depositsOf = (paymentIds: string[]) =>
    t.db.selectFrom("transactions").select("orderId").where("type", "=", "deposit").where("orderId", "in", paymentIds).execute();
  const notificationsOf = (userId: string) => t.db.selectFrom("notifications").select("id").where("userId", "=", userId).execute();
  const newUser = async (name: string) => (await createUser(t.db, { email: `${name}-${crypto.randomUUID()}@example.com`, name })).id;
  /** A member's pending top-up and the provider's signed event saying it was paid. */
  const paidTopUp = async (name: string, amountCents: number) => {
    const user = await newUser(name);
    const { payment } = await start(user, amountCents);
    const event = await verifiedEvent({
      eventId: `evt_${crypto.randomUUID()}`,
      type: "payment.succeeded",
      paymentId: payment.id,
      amountCents,
    });
    return { user, payment, event };
  };
  type TopUp = Awaited<ReturnType<typeof paidTopUp>>;
  /** Nothing of the event stayed: no credit, no record of it, no deposit, no notification; the payment still pending. */
  const expectNothingCredited = async ({ user, payment, event }: TopUp) => {
    expect((await getBalances(t.db, user)).availableCents).toBe(0);
    expect(await recorded([event.eventId])).toEqual([]);
    expect(await depositsOf([payment.id])).toEqual([]);
    expect(await notificationsOf(user)).toEqual([]);
    expect((await getPayment(t.db, payment.id))?.status).toBe("pending");
  };
  /** The event credited exactly once, the payment paid and the books balanced. */
  const expectCreditedOnce = async ({ user, payment, event }: TopUp) => {
    expect((await getBalances(t.db, user)).availableCents).toBe(event.amountCents);
    expect(await recorded([event.eventId])).toHaveLength(1);
    expect(await depositsOf([payment.id])).toHaveLength(1);
    expect(await notificationsOf(user)).toHaveLength(1);
    expect((await getPayment(t.db, payment.id))?.status).toBe("paid");
    expect((await verifyLedger(t.db)).problems).toEqual([]);
  };

  it("a credit that fails is credited on redelivery", async () => {
    const topUp = await paidTopUp("crash", 2_500);
    const { user, event } = topUp;

    // The process applies the event, then crashes before the commit.
    await expect(
      unitOfWork(t.db, async (tx) => {
        expect(await applyPaymentEvent(tx, "sandbox", event, TEXTS)).toBe("applied");
        expect((await getBalances(tx, user)).availableCents).toBe(2_500); // credited, inside the transaction
        throw new Error("crash before commit");
      }),
    ).rejects.toThrow("crash before commit");
    await expectNothingCredited(topUp);

    // The provider redelivers it: credited once; and again: a duplicate.
    expect(await apply(event)).toBe("applied");
    expect((await getBalances(t.db, user)).availableCents).toBe(2_500);
    expect(await apply(event)).toBe("duplicate");
    await expectCreditedOnce(topUp);
  });

  // The credit's own entry, its postings, and the notification written after the credit.
  it.each(["ledger_entries", "postings", "notifications"])(
    "a database failure inserting into %s rolls the event back; the redelivery credits once",
    async (table) => {
      const topUp = await paidTopUp(`fail-${table}`, 4_200);

      const remove = await injectInsertFailure(t.db, t.dialect, table);
      try {
        await expect(apply(topUp.event)).rejects.toThrow(/injected failure/);
      } finally {
        await remove();
      }
      await expectNothingCredited(topUp);

      expect(await apply(topUp.event)).toBe("applied");
      expect(await apply(topUp.event)).toBe("duplicate");
      await expectCreditedOnce(topUp);
    },
  );

  it("kill -9 during webhook deliveries, then redelivery credits each paid top-up exactly once", async () => {
    const started = Date.now();
    const users = await Promise.all(Array.from({ length: 4 }, (_, i) => newUser(`killed-${i}`)));
    const payments: Array<{ id: string; userId: string; amountCents: number }> = [];
    for (let i = 0; i < 150; i += 15) {
      const batch = await Promise.all(
        Array.from({ length: 15 }, async (_, j) => {
          const userId = users[(i + j) % users.length]!;
          const amountCents = 500 + Math.floor(Math.random() * 50_000);
          const { payment } = await start(userId, amountCents);
          return { id: payment.id, userId, amountCents };
        }),
      );
      payments.push(...batch);
    }
    // One event per payment, plus what providers also do: the same event delivered twice, and a
    // second event (a new id) for a payment already reported.
    const events: PaymentEvent[] = payments.map((p) => ({
      eventId: `evt_${crypto.randomUUID()}`,
      type: "payment.succeeded",
      paymentId: p.id,
      amountCents: p.amountCents,
    }));
    for (let i = 0; i < 15; i++) events.splice(20 + i * 8, 0, { ...events[i * 7]! });
    for (let i = 0; i < 10; i++) {
      const p = payments[i * 13]!;
      events.splice(30 + i * 11, 0, {
        eventId: `evt_${crypto.randomUUID()}`,
        type: "payment.succeeded",
        paymentId: p.id,
        amountCents: p.amountCents,
      });
    }

    const target =
      t.dialect === "sqlite"
        ? ["--sqlite", (rawClientOf(t.db).client as { name: string }).name]
        : [
            "--postgres",
            process.env.TEST_DATABASE_URL!,
            "--schema",
            (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!.schema,
          ];
    const ids = events.map((e) => e.eventId);
    const recordedIds = async () =>
      new Set(
        (
          await t.db.selectFrom("webhookEvents").select("eventId").where("provider", "=", "sandbox").where("eventId", "in", ids).execute()
        ).map((r) => r.eventId),
      );

    // 1. Killed inside a transaction: the event it had applied (credit, payment, notification)
    // but not committed is gone; everything before it is there. Its locks died with it.
    const stallAt = 10 + Math.floor(Math.random() * 80);
    const first = await deliverAndKill(target, events, { stallAt });
    expect(first.stderr).not.toMatch(/Error/);
    expect(first).toMatchObject({ killed: true, finished: false, stalled: { index: stallAt, eventId: events[stallAt]!.eventId } });
    expect(first.committed.map((c) => c.index)).toEqual(Array.from({ length: stallAt }, (_, i) => i));
    expect([...(await recordedIds())].sort()).toEqual([...new Set(ids.slice(0, stallAt))].sort());
    const stalledPayment = events[stallAt]!.paymentId!;
    const paidBefore = events.slice(0, stallAt).some((e) => e.paymentId === stalledPayment);
    expect((await getPayment(t.db, stalledPayment))?.status).toBe(paidBefore ? "paid" : "pending");
    expect(await depositsOf([stalledPayment])).toHaveLength(paidBefore ? 1 : 0);

    // 2. A second deliverer (the provider retrying) goes through the whole list and is killed
    // wherever it is after a random number of events: its duplicates change nothing.
    const killAfter = stallAt + 5 + Math.floor(Math.random() * 40);
    const second = await deliverAndKill(target, events, { killAfter });
    expect(second.stderr).not.toMatch(/Error/);
    expect(second).toMatchObject({ killed: true, finished: false });
    expect(second.committed.length).toBeGreaterThanOrEqual(killAfter);
    expect(second.committed.length).toBeLessThan(events.length);
    expect(second.committed.slice(0, stallAt).every((c) => c.outcome === "duplicate")).toBe(true);
    const printed = new Set([...first.committed, ...second.committed].map((c) => c.eventId));
    const seen = await recordedIds();
    for (const id of printed) expect(seen.has(id)).toBe(true);
    // At most the one event whose commit it did not live to report.
    expect(seen.size - printed.size).toBeLessThanOrEqual(1);

    // The provider redelivers everything, in another order and concurrently.
    const shuffled = [...events].sort(() => Math.random() - 0.5);
    const outcomes: Array<{ eventId: string; outcome: string }> = [];
    for (let i = 0; i < shuffled.length; i += 10) {
      const chunk = shuffled.slice(i, i + 10);
      const results = await Promise.all(chunk.map((event) => apply(event)));
      outcomes.push(...results.map((outcome, j) => ({ eventId: chunk[j]!.eventId, outcome })));
    }
    expect(outcomes.every((o) => o.outcome === "applied" || o.outcome === "duplicate")).toBe(true);
    // Every event id is applied once over both processes: by the deliverer or by the redelivery.
    for (const id of new Set(events.map((e) => e.eventId))) {
      const applied = outcomes.filter((o) => o.eventId === id && o.outcome === "applied").length;
      expect(applied, `event ${id}`).toBe(seen.has(id) ? 0 : 1);
    }

    const rows = await recorded(events.map((e) => e.eventId));
    expect(rows).toHaveLength(new Set(events.map((e) => e.eventId)).size);
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(rows.length);

    const stored = await t.db
      .selectFrom("payments")
      .select(["id", "status", "transactionId"])
      .where(
        "id",
        "in",
        payments.map((p) => p.id),
      )
      .execute();
    expect(stored.filter((p) => p.status !== "paid" || !p.transactionId)).toEqual([]);
    const deposits = await depositsOf(payments.map((p) => p.id));
    expect(deposits).toHaveLength(payments.length);
    expect(new Set(deposits.map((d) => d.orderId)).size).toBe(payments.length);
    for (const userId of users) {
      const expected = payments.filter((p) => p.userId === userId).reduce((sum, p) => sum + p.amountCents, 0);
      expect((await getBalances(t.db, userId)).availableCents, `balance of ${userId}`).toBe(expected);
      expect(await notificationsOf(userId)).toHaveLength(payments.filter((p) => p.userId === userId).length);
    }
    expect((await verifyLedger(t.db)).problems).toEqual([]);
    console.info(
      `[${t.dialect}] ${events.length} events: killed mid-transaction at #${stallAt}, then after ${second.committed.length} (${seen.size} ids recorded); ` +
        `redelivery applied ${outcomes.filter((o) => o.outcome === "applied").length}; ${Date.now() - started} ms`,
    );
  }, 40_000);
});

/**
 * The outbox with real parts: a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL), a
 * real SMTP mailer speaking TCP to a real receiver (smtp-server), and the real deposit flow that
 * writes the e-mail in the same unit of work as the credit.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import type { Db } from "~/db/db.server";
import { afterCommit, unitOfWork } from "~/db/unit-of-work.server";
import {
  LEASE_MS,
  MAX_ATTEMPTS,
  backoffSeconds,
  deliverOutbox,
  enqueueMail,
  outboxCounts,
  outboxMailer,
  setOutboxSignal,
} from "~/jobs/outbox.server";
import { createMailer, type Mailer, type MailMessage } from "~/mail/mailer.server";
import { createUser } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import { applyPaymentEvent } from "~/wallet/payments.server";
import { sandboxProvider } from "~/wallet/sandbox-provider.server";
import { describeEachDatabase } from "../support/databases";
import { startTopUpAt } from "../support/payments";
import { recordingMailer } from "../support/recording-mailer";
import { startSmtpReceiver, type SmtpReceiver } from "../support/smtp";
import { gate, waitUntil } from "../support/wait";
import { freePort } from "../support/servers";

const provider = sandboxProvider({ payments: { provider: "sandbox", webhookSecret: "w".repeat(40) } } as never);
const TEXTS = { deposit: "Wallet top-up", refund: "Top-up refunded", dispute: "Top-up disputed" };

async function outboxRow(db: Db, id: string) {
  return db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

function message(to: string, subject = "Hello"): MailMessage {
  return { to, subject, text: `Hello ${to}` };
}

describeEachDatabase("outbox", (t) => {
  const cleanup: Array<() => unknown> = [];

  beforeEach(async () => {
    // The suite shares one database: each test starts with an empty outbox of its own.
    await t.db.deleteFrom("outbox").execute();
  });
  afterEach(async () => {
    setOutboxSignal(undefined);
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  it("SMTP down, a deposit completes, SMTP back: the e-mail arrives exactly once", async () => {
    const port = await freePort();
    // A real nodemailer SMTP transport; nothing listens on the port yet, so connecting is refused at once.
    const mailer = createMailer({ kind: "smtp", url: `smtp://127.0.0.1:${port}` }, "Cashwise <no-reply@cashwise.test>");
    cleanup.push(() => mailer.close());

    const email = `deposit-${crypto.randomUUID()}@example.com`;
    const user = (await createUser(t.db, { email, name: "Dee Posit" })).id;
    const { payment } = await startTopUpAt(t.db, provider, user, 2_500);
    const event = { eventId: `evt_${crypto.randomUUID()}`, type: "payment.succeeded" as const, paymentId: payment.id, amountCents: 2_500 };
    expect(await unitOfWork(t.db, (tx) => applyPaymentEvent(tx, "sandbox", event, TEXTS))).toBe("applied");

    // The credit and its e-mail committed together.
    expect((await getBalances(t.db, user)).availableCents).toBe(2_500);
    const rows = await t.db.selectFrom("outbox").selectAll().execute();
    const mine = rows.filter((row) => (JSON.parse(row.payload) as MailMessage).to === email);
    expect(mine).toHaveLength(1);
    const row = mine[0]!;
    expect(row).toMatchObject({ kind: "email", status: "pending", attempts: 0, lastError: null });
    expect((JSON.parse(row.payload) as MailMessage).subject).toBe("Money added to your wallet");

    // SMTP is down: the attempt fails fast and the row waits for its backoff.
    const downAt = Date.now();
    const started = performance.now();
    expect(await deliverOutbox(t.db, mailer, { nowMs: downAt })).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(performance.now() - started).toBeLessThan(2_000);
    const afterFailure = await outboxRow(t.db, row.id);
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null, sentAt: null });
    expect(afterFailure.lastError).toMatch(/ECONNREFUSED/);
    expect(afterFailure.nextAttemptAt).toBe(new Date(downAt + backoffSeconds(1) * 1000).toISOString());
    expect(Date.parse(afterFailure.nextAttemptAt)).toBeGreaterThan(Date.now());

    // SMTP comes back on the same port.
    const receiver: SmtpReceiver = await startSmtpReceiver({ port });
    cleanup.push(() => receiver.close());
    expect(receiver.port).toBe(port);

    // Before the backoff has passed nothing is sent.
    expect(await deliverOutbox(t.db, mailer)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(receiver.messages).toHaveLength(0);
    expect((await outboxRow(t.db, row.id)).status).toBe("pending");

    // After it, the message goes out.
    const due = Date.parse(afterFailure.nextAttemptAt) + 1;
    expect(await deliverOutbox(t.db, mailer, { nowMs: due })).toEqual({ sent: 1, retried: 0, failed: 0 });
    const sent = await outboxRow(t.db, row.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null, lockedUntil: null });
    expect(sent.sentAt).not.toBeNull();

    // Running the deliverer again, once and twice at once, sends nothing more.
    expect(await deliverOutbox(t.db, mailer, { nowMs: due + 3_600_000 })).toEqual({ sent: 0, retried: 0, failed: 0 });
    const twice = await Promise.all([
      deliverOutbox(t.db, mailer, { nowMs: due + 7_200_000 }),
      deliverOutbox(t.db, mailer, { nowMs: due + 7_200_000 }),
    ]);
    expect(twice).toEqual([
      { sent: 0, retried: 0, failed: 0 },
      { sent: 0, retried: 0, failed: 0 },
    ]);

    const received = await receiver.waitFor((mail) => mail.to.includes(email), 5_000);
    expect(received).toHaveLength(1);
    expect(receiver.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe("no-reply@cashwise.test");
    expect(mail!.subject).toBe("Money added to your wallet");
    expect(mail!.raw).toMatch(new RegExp(`^Message-ID: <${row.id}@cashwise\\.outbox>\\r?$`, "im"));
  });

  it("two deliverers at once send each of 20 messages exactly once", async () => {
    const recorder = recordingMailer();
    // The same recording mailer for both, a little slow so the two deliverers interleave.
    const slow: Mailer = {
      async send(m) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return recorder.send(m);
      },
      close() {},
    };
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await enqueueMail(t.db, message(`many-${i}@example.com`)));

    const reports = await Promise.all([deliverOutbox(t.db, slow), deliverOutbox(t.db, slow)]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(20);
    expect(reports.every((r) => r.retried === 0 && r.failed === 0)).toBe(true);

    expect(recorder.sent).toHaveLength(20);
    expect(new Set(recorder.sent.map((m) => m.to)).size).toBe(20);
    expect(recorder.sent.map((m) => m.messageId).sort()).toEqual(ids.map((id) => `<${id}@cashwise.outbox>`).sort());
    expect(await outboxCounts(t.db)).toEqual({ pending: 0, sending: 0, sent: 20, failed: 0 });
    const rows = await t.db.selectFrom("outbox").select(["attempts"]).execute();
    expect(rows.every((row) => row.attempts === 1)).toBe(true);

    // And nothing more on later runs.
    expect(await deliverOutbox(t.db, slow, { nowMs: Date.now() + 86_400_000 })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(recorder.sent).toHaveLength(20);
  });

  it("a row left in `sending` past its lease is marked failed and not sent again", async () => {
    const mailer = recordingMailer();

    // A worker really claiming a row and then hanging inside SMTP (its lease is still running).
    const hanging = await enqueueMail(t.db, message("hanging@example.com"));
    const stuck = gate();
    const hangingMailer: Mailer = {
      send: () => stuck.promise.then(() => Promise.reject(new Error("connection timed out"))),
      close() {},
    };
    const claimedAt = Date.now();
    const hangingRun = deliverOutbox(t.db, hangingMailer, { nowMs: claimedAt });
    await waitUntil(async () => (await outboxRow(t.db, hanging)).status === "sending", { message: "the hanging worker's claim" });
    const claim = await outboxRow(t.db, hanging);
    expect(claim).toMatchObject({ status: "sending", attempts: 1 });
    // The lease runs from the moment of the claim.
    expect(Date.parse(claim.lockedUntil!)).toBeGreaterThanOrEqual(claimedAt + LEASE_MS);
    expect(Date.parse(claim.lockedUntil!)).toBeLessThan(Date.now() + LEASE_MS + 1);

    // A worker that crashed while sending: the row stays `sending`, its lease long gone.
    const crashed = await enqueueMail(t.db, message("crashed@example.com"));
    await t.db
      .updateTable("outbox")
      .set({ status: "sending", attempts: 1, lockedUntil: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", crashed)
      .execute();

    // Another run now: the crashed row is given up (not sent); the live claim is left alone.
    expect(await deliverOutbox(t.db, mailer)).toEqual({ sent: 0, retried: 0, failed: 1 });
    const failed = await outboxRow(t.db, crashed);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, lockedUntil: null, sentAt: null });
    expect(failed.lastError).toMatch(/interrupted while sending.*not retried/);
    expect((await outboxRow(t.db, hanging)).status).toBe("sending");

    // Past the hanging worker's lease, its row is given up as well, still without sending.
    expect(await deliverOutbox(t.db, mailer, { nowMs: Date.parse(claim.lockedUntil!) + 1 })).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await outboxRow(t.db, hanging)).status).toBe("failed");

    // Neither is ever sent again, however late the deliverer runs.
    expect(await deliverOutbox(t.db, mailer, { nowMs: Date.now() + 30 * 86_400_000 })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(mailer.sent).toEqual([]);
    expect(await outboxCounts(t.db)).toEqual({ pending: 0, sending: 0, sent: 0, failed: 2 });

    // The hanging worker finally gets its SMTP error: its claim was given up, so its late verdict
    // changes nothing (the row is not put back to be sent again).
    stuck.open();
    await hangingRun;
    expect(await outboxRow(t.db, hanging)).toMatchObject({ status: "failed", sentAt: null });
    expect(await deliverOutbox(t.db, mailer, { nowMs: Date.now() + 30 * 86_400_000 })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(mailer.sent).toEqual([]);
  });

  it(`after ${MAX_ATTEMPTS} failed attempts the row is failed and no longer retried`, async () => {
    const down = recordingMailer({ fail: true });
    const id = await enqueueMail(t.db, message("bounces@example.com"));
    let nowMs = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const report = await deliverOutbox(t.db, down, { nowMs });
      const row = await outboxRow(t.db, id);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe("SMTP is down");
      if (attempt < MAX_ATTEMPTS) {
        expect(report).toEqual({ sent: 0, retried: 1, failed: 0 });
        expect(row.status).toBe("pending");
        expect(row.nextAttemptAt).toBe(new Date(nowMs + backoffSeconds(attempt) * 1000).toISOString());
        // One millisecond early: not due yet.
        expect(await deliverOutbox(t.db, down, { nowMs: nowMs + backoffSeconds(attempt) * 1000 - 1 })).toEqual({
          sent: 0,
          retried: 0,
          failed: 0,
        });
        nowMs = Date.parse(row.nextAttemptAt);
      } else {
        expect(report).toEqual({ sent: 0, retried: 0, failed: 1 });
        expect(row.status).toBe("failed");
      }
    }
    expect(backoffSeconds(1)).toBe(30);
    expect(backoffSeconds(2)).toBe(60);
    expect(backoffSeconds(100)).toBe(6 * 3600);

    // Even with the mail server back and a year later, a failed row stays failed.
    const up = recordingMailer();
    expect(await deliverOutbox(t.db, up, { nowMs: nowMs + 365 * 86_400_000 })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(up.sent).toEqual([]);
    expect(await outboxRow(t.db, id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("mail written in a unit of work that throws is rolled back; afterCommit hooks run only after commit", async () => {
    const wakes: string[] = [];
    setOutboxSignal(() => wakes.push("wake"));
    const mailer = recordingMailer();

    // Rolled back: neither the row nor the wake-up survive.
    const user = (await createUser(t.db, { email: `rollback-${crypto.randomUUID()}@example.com`, name: "Roll" })).id;
    const ran: string[] = [];
    await expect(
      unitOfWork(t.db, async (tx) => {
        await enqueueMail(tx, message("rolled-back@example.com"));
        await outboxMailer(tx).send(message("rolled-back-too@example.com"));
        afterCommit(tx, () => ran.push("rolled back hook"));
        await tx.updateTable("users").set({ name: "Changed" }).where("id", "=", user).execute();
        throw new Error("the change failed half-way");
      }),
    ).rejects.toThrow("the change failed half-way");
    expect(ran).toEqual([]);
    expect(wakes).toEqual([]);
    expect(await t.db.selectFrom("outbox").select("id").execute()).toEqual([]);
    expect((await t.db.selectFrom("users").select("name").where("id", "=", user).executeTakeFirstOrThrow()).name).toBe("Roll");
    expect(await deliverOutbox(t.db, mailer)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(mailer.sent).toEqual([]);

    // Committed: the hooks run once the work has returned and the transaction committed.
    const order: string[] = [];
    const id = await unitOfWork(t.db, async (tx) => {
      afterCommit(tx, () => order.push("hook"));
      const queued = await enqueueMail(tx, message("committed@example.com"));
      await enqueueMail(tx, message("committed-too@example.com"));
      order.push("work done");
      return queued;
    });
    order.push("unit of work returned");
    expect(order).toEqual(["work done", "hook", "unit of work returned"]);
    expect(wakes).toEqual(["wake"]); // one wake-up per commit, however many messages it wrote
    expect((await outboxRow(t.db, id)).status).toBe("pending");

    // A unit of work retried after a serialization failure runs the hooks of the attempt that committed, once.
    const retried: string[] = [];
    let attempt = 0;
    await unitOfWork(t.db, async (tx) => {
      attempt++;
      afterCommit(tx, () => retried.push(`hook of attempt ${attempt}`));
      await enqueueMail(tx, message(`retry-${attempt}@example.com`));
      if (attempt === 1) throw Object.assign(new Error("could not serialize access"), { code: "40001" });
    });
    expect(retried).toEqual(["hook of attempt 2"]);
    expect(wakes).toEqual(["wake", "wake"]);

    // A transaction not opened by unitOfWork cannot take hooks.
    await t.db.transaction().execute(async (tx) => {
      expect(() => afterCommit(tx, () => undefined)).toThrow(/not opened by unitOfWork/);
    });

    expect(await deliverOutbox(t.db, mailer)).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(["committed-too@example.com", "committed@example.com", "retry-2@example.com"]);
  });
});

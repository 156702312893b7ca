/**
 * The outbox: owns the `outbox` table. E-mail is never sent inside a request: the change that
 * causes a message writes it here in its own transaction (`enqueueMail(tx, …)`), and the
 * `outbox.deliver` job sends it after commit.
 *
 * Delivery: due rows are claimed one by one with a conditional update (pending → sending), so two
 * workers never send the same row; a sent row is marked sent. A failed attempt (SMTP down) goes
 * back to pending with exponential backoff, up to MAX_ATTEMPTS, then failed. A row left in
 * `sending` by a crashed worker is not sent again (each row at most once): after its lease it is
 * marked failed, visible to operators. Every message carries a Message-ID made from its row id.
 */
import { randomUUID } from "node:crypto";
import { now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import { afterCommit } from "~/db/unit-of-work.server";
import type { Mailer, MailMessage } from "~/mail/mailer.server";

export const MAX_ATTEMPTS = 8;
/** Longer than any SMTP attempt can take (nodemailer gives up on a silent socket after 10 minutes). */
export const LEASE_MS = 15 * 60_000;

/** Seconds to wait after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min … capped at 6 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(6 * 3600, 30 * 2 ** Math.max(0, attempts - 1));
}

type Signal = () => void;
let signal: Signal | undefined;

/** The job runner tells the outbox how to wake the deliverer when a transaction wrote mail. */
export function setOutboxSignal(fn: Signal | undefined): void {
  signal = fn;
}

const wake: Signal = () => signal?.();

function isTransaction(db: DbOrTx): db is Tx {
  return db.isTransaction;
}

/**
 * Writes a message to the outbox within the caller's transaction. Outside one (a plain `Db`), the
 * row is written on its own and the deliverer woken at once.
 */
export async function enqueueMail(db: DbOrTx, message: MailMessage): Promise<string> {
  const id = randomUUID();
  const timestamp = now();
  await db
    .insertInto("outbox")
    .values({
      id,
      kind: "email",
      payload: JSON.stringify(message),
      status: "pending",
      nextAttemptAt: timestamp,
      lockedUntil: null,
      lastError: null,
      createdAt: timestamp,
      sentAt: null,
    })
    .execute();
  if (isTransaction(db)) {
    try {
      afterCommit(db, wake);
    } catch {
      // A transaction not opened by unitOfWork (the seed, a test): the scheduled run picks it up.
    }
  } else {
    wake();
  }
  return id;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/** Sends what is due, oldest first; answers what happened. Safe to run from several workers at once. */
export async function deliverOutbox(
  db: Db,
  mailer: Mailer,
  options: { nowMs?: number; limit?: number; messageIdDomain?: string } = {},
): Promise<DeliveryReport> {
  const nowMs = options.nowMs ?? Date.now();
  const nowIso = new Date(nowMs).toISOString();
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };

  // A worker died while sending: the message may have left. Never send it twice.
  const stale = await db
    .updateTable("outbox")
    .set({ status: "failed", lastError: "interrupted while sending: not retried, it may have been delivered", lockedUntil: null })
    .where("status", "=", "sending")
    .where("lockedUntil", "<", nowIso)
    .executeTakeFirst();
  report.failed += Number(stale.numUpdatedRows);

  const due = await db
    .selectFrom("outbox")
    .select(["id", "payload", "attempts"])
    .where("status", "=", "pending")
    .where("nextAttemptAt", "<=", nowIso)
    .orderBy("createdAt")
    .orderBy("id")
    .limit(options.limit ?? 100)
    .execute();

  for (const row of due) {
    // The lease starts at the claim, not at the start of the batch.
    const lease = new Date(Math.max(nowMs, Date.now()) + LEASE_MS).toISOString();
    const claimed = await db
      .updateTable("outbox")
      .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1), lockedUntil: lease }))
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue; // another worker has it
    // The verdict is only written while the claim still holds: a worker that gave the row up as
    // interrupted has the last word.
    const mine = (query: ReturnType<typeof db.updateTable<"outbox">>) =>
      query.where("id", "=", row.id).where("status", "=", "sending").where("lockedUntil", "=", lease);
    const attempts = row.attempts + 1;
    const message = JSON.parse(row.payload) as MailMessage;
    try {
      await mailer.send({ ...message, messageId: `<${row.id}@${options.messageIdDomain ?? "cashwise.outbox"}>` });
      await mine(db.updateTable("outbox")).set({ status: "sent", sentAt: now(), lockedUntil: null, lastError: null }).execute();
      report.sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const failed = attempts >= MAX_ATTEMPTS;
      await mine(db.updateTable("outbox"))
        .set({
          status: failed ? "failed" : "pending",
          lockedUntil: null,
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(nowMs + backoffSeconds(attempts) * 1000).toISOString(),
        })
        .execute();
      if (failed) report.failed++;
      else report.retried++;
    }
  }
  return report;
}

/** Counts by status, for the admin dashboard and `ledger:verify`'s neighbours. */
export async function outboxCounts(db: DbOrTx): Promise<Record<"pending" | "sending" | "sent" | "failed", number>> {
  const rows = await db
    .selectFrom("outbox")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy("status")
    .execute();
  const counts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/**
 * A Mailer whose `send` writes to the outbox (in `db`, which may be the caller's transaction):
 * for flows written against the Mailer interface (codes, resets, contact, newsletter).
 */
export function outboxMailer(db: DbOrTx): Mailer {
  return {
    async send(message) {
      return { messageId: await enqueueMail(db, message) };
    },
    close() {},
  };
}

/** The back office's view of withdrawals: the pending ones, with whose they are; every decision audited. */
import { randomUUID } from "node:crypto";
import { now, type Db } from "~/db/db.server";
import type { Mailer } from "~/mail/mailer.server";
import { notify } from "~/notifications/notifications.server";
import { completeWithdrawal, rejectWithdrawal, toTransaction } from "./ledger.server";

export async function listPendingWithdrawals(db: Db) {
  const rows = await db
    .selectFrom("transactions")
    .innerJoin("users", "users.id", "transactions.userId")
    .selectAll("transactions")
    .select(["users.name as userName", "users.email as userEmail"])
    .where("transactions.type", "=", "withdrawal")
    .where("transactions.status", "=", "pending")
    .orderBy("transactions.createdAt", "asc")
    .limit(200)
    .execute();
  return rows.map((row) => {
    const transaction = toTransaction(row);
    return {
      id: transaction.id,
      amountCents: transaction.amountCents,
      createdAt: transaction.createdAt,
      method: String(transaction.metadata.method ?? ""),
      destination: String(transaction.metadata.destination ?? ""),
      userName: row.userName,
      userEmail: row.userEmail,
    };
  });
}

export async function audit(db: Db, entry: { actorId: string; action: string; subject: string; details?: Record<string, unknown> }) {
  await db
    .insertInto("auditLog")
    .values({ id: randomUUID(), actorId: entry.actorId, action: entry.action, subject: entry.subject, details: JSON.stringify(entry.details ?? {}), createdAt: now() })
    .execute();
}

export async function decideWithdrawal(
  db: Db,
  input: { adminId: string; transactionId: string; decision: "paid" | "rejected"; reason?: string; mailer?: Mailer },
) {
  const result =
    input.decision === "paid"
      ? await completeWithdrawal(db, { transactionId: input.transactionId, adminId: input.adminId })
      : await rejectWithdrawal(db, { transactionId: input.transactionId, adminId: input.adminId, reason: input.reason });
  if (!result.replayed) {
    await notify(db, result.transaction.userId, input.decision === "paid" ? "withdrawalPaid" : "withdrawalRejected", {
      amountCents: result.transaction.amountCents,
    }, { mailer: input.mailer });
    await audit(db, {
      actorId: input.adminId,
      action: input.decision === "paid" ? "withdrawal.paid" : "withdrawal.rejected",
      subject: input.transactionId,
      details: { amountCents: result.transaction.amountCents, userId: result.transaction.userId, reason: input.reason ?? null },
    });
  }
  return result;
}

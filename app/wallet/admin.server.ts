/**
 * The payout desk: owns the back office's view of withdrawals and its decisions. A withdrawal goes
 * pending → processing (approved; the user can no longer cancel) → paid (with the payout's
 * reference) or rejected (with a reason; the funds return). Each decision is one unit of work:
 * the ledger entry, the desk's state, the user's notification (and its e-mail in the outbox) and
 * the audit row commit together.
 */
import type { DbOrTx, Tx } from "~/db/db.server";
import { audit } from "~/audit/audit.server";
import type { WithdrawalState } from "~/db/schema";
import { notify } from "~/notifications/notifications.server";
import { approveWithdrawal, completeWithdrawal, rejectWithdrawal, type MoneyResult } from "./ledger.server";

export interface DeskWithdrawal {
  id: string;
  state: WithdrawalState;
  amountCents: number;
  createdAt: string;
  method: "paypal" | "bank";
  destination: string;
  payoutReference: string | null;
  reason: string | null;
  userName: string;
  userEmail: string;
}

/** The desk's queue: the open ones (pending and processing) by default, oldest first. */
export async function listWithdrawals(db: DbOrTx, filter: { states?: WithdrawalState[] } = {}): Promise<DeskWithdrawal[]> {
  const states = filter.states?.length ? filter.states : (["pending", "processing"] as WithdrawalState[]);
  const rows = await db
    .selectFrom("withdrawals")
    .innerJoin("users", "users.id", "withdrawals.userId")
    .select([
      "withdrawals.transactionId as id",
      "withdrawals.state",
      "withdrawals.amountCents",
      "withdrawals.createdAt",
      "withdrawals.method",
      "withdrawals.destination",
      "withdrawals.payoutReference",
      "withdrawals.reason",
      "users.name as userName",
      "users.email as userEmail",
    ])
    .where("withdrawals.state", "in", states)
    .orderBy("withdrawals.createdAt", "asc")
    .limit(200)
    .execute();
  return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
}

/** The state of one withdrawal on the desk (the user's own withdrawals only, when `userId` is given). */
export async function withdrawalState(db: DbOrTx, transactionId: string, userId?: string): Promise<WithdrawalState | undefined> {
  let query = db.selectFrom("withdrawals").select("state").where("transactionId", "=", transactionId);
  if (userId) query = query.where("userId", "=", userId);
  return (await query.executeTakeFirst())?.state;
}

export type DeskDecision =
  | { decision: "approve" }
  | { decision: "paid"; payoutReference: string }
  | { decision: "reject"; reason: string };

export async function decideWithdrawal(tx: Tx, input: { adminId: string; transactionId: string } & DeskDecision): Promise<MoneyResult> {
  const { adminId, transactionId } = input;
  const result =
    input.decision === "approve"
      ? await approveWithdrawal(tx, { transactionId, adminId })
      : input.decision === "paid"
        ? await completeWithdrawal(tx, { transactionId, adminId, payoutReference: input.payoutReference })
        : await rejectWithdrawal(tx, { transactionId, adminId, reason: input.reason });
  if (result.replayed) return result;
  const { userId, amountCents } = result.transaction;
  if (input.decision === "paid") await notify(tx, userId, "withdrawalPaid", { amountCents });
  if (input.decision === "reject") await notify(tx, userId, "withdrawalRejected", { amountCents, reason: input.reason });
  if (input.decision === "approve") await notify(tx, userId, "withdrawalProcessing", { amountCents });
  await audit(tx, {
    actorId: adminId,
    action: `withdrawal.${input.decision === "approve" ? "approved" : input.decision === "paid" ? "paid" : "rejected"}`,
    subject: transactionId,
    details: {
      amountCents,
      userId,
      ...(input.decision === "paid" ? { payoutReference: input.payoutReference } : {}),
      ...(input.decision === "reject" ? { reason: input.reason } : {}),
    },
  });
  return result;
}

/**
 * The payout desk: owns the back office's view of withdrawals and its decisions. A withdrawal goes
 * pending → processing (approved; the user can no longer cancel) → paid (with the payout's
 * reference) or rejected (with a reason; the funds return). Each decision is one unit of work:
 * the ledger entry, the desk's state, the user's notification (and its e-mail in the outbox) and
 * the audit row commit together. The queue is filtered (state, payout method, the member's e-mail,
 * a date range) and paged; several pending withdrawals can be approved at once (one audit row).
 * A withdrawal in a payout batch (payout-batches.server.ts) is paid or released with its batch.
 * Members of the priority loyalty levels (the caller hands them in: the scheme's rules live in
 * app/loyalty, above this module) are marked and their pending withdrawals listed first, by a join
 * on `loyalty_accounts` in the desk's query, so the order holds across pages.
 */
import { sql } from "kysely";
import { dialectOf, type DbOrTx, type Tx } from "~/db/db.server";
import { audit, auditBy, type Actor } from "~/audit/audit.server";
import { likePattern } from "~/db/like";
import type { LoyaltyLevel, WithdrawalState } from "~/db/schema";
import { notify } from "~/notifications/notifications.server";
import type { Page } from "~/db/paginate.server";
import { approveWithdrawal, completeWithdrawal, LedgerError, rejectWithdrawal, type MoneyResult } from "./ledger.server";
import { paginate } from "~/db/paginate.server";
import { NamedError } from "~/utils/named-error";

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
  /** The payout batch it is in (null: none). */
  batchId: string | null;
  /** The member's loyalty level (null: no points account yet), and whether it is one the desk handles first. */
  level: LoyaltyLevel | null;
  priority: boolean;
}

export const DESK_PAGE_SIZE = 50;

export interface DeskFilter {
  /** Default: the open ones (pending and processing). */
  states?: WithdrawalState[];
  method?: "paypal" | "bank";
  /** Part of the member's e-mail address (case-insensitive). */
  email?: string;
  /** Inclusive dates (YYYY-MM-DD, UTC) of the request. */
  from?: string;
  to?: string;
  batchId?: string;
  /** Loyalty levels whose pending withdrawals come first (PRIORITY_LEVELS in app/loyalty/rules.ts). */
  priorityLevels?: readonly LoyaltyLevel[];
  page?: number;
  pageSize?: number;
}

/**
 * The desk's queue, filtered and paged: pending withdrawals of the priority levels first, then open
 * ones oldest first (a queue), any other view newest first.
 */
export async function listWithdrawals(db: DbOrTx, filter: DeskFilter = {}): Promise<Page<DeskWithdrawal>> {
  const states = filter.states?.length ? filter.states : (["pending", "processing"] as WithdrawalState[]);
  const queue = states.every((state) => state === "pending" || state === "processing");
  const pageSize = filter.pageSize ?? DESK_PAGE_SIZE;
  const priorityLevels = [...(filter.priorityLevels ?? [])];
  let base = db
    .selectFrom("withdrawals")
    .innerJoin("users", "users.id", "withdrawals.userId")
    .leftJoin("loyaltyAccounts", "loyaltyAccounts.userId", "withdrawals.userId")
    .where("withdrawals.state", "in", states);
  if (filter.method) base = base.where("withdrawals.method", "=", filter.method);
  if (filter.email?.trim()) base = base.where(sql`lower(users.email)`, "like", sql`${likePattern(filter.email)} escape '\\'`);
  if (filter.from) base = base.where("withdrawals.createdAt", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) base = base.where("withdrawals.createdAt", "<=", `${filter.to}T23:59:59.999Z`);
  if (filter.batchId) base = base.where("withdrawals.batchId", "=", filter.batchId);
  const found = await paginate(
    base,
    (query) =>
      query
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
          "withdrawals.batchId",
          "loyaltyAccounts.level",
        ])
        .$if(priorityLevels.length > 0, (q) =>
          q.orderBy((eb) =>
            eb
              .case()
              .when(eb.and([eb("withdrawals.state", "=", "pending"), eb("loyaltyAccounts.level", "in", priorityLevels)]))
              .then(0)
              .else(1)
              .end(),
          ),
        )
        .orderBy("withdrawals.createdAt", queue ? "asc" : "desc")
        .orderBy("withdrawals.transactionId", queue ? "asc" : "desc"),
    { page: filter.page, pageSize },
  );
  return {
    ...found,
    items: found.items.map((row) => ({
      ...row,
      amountCents: Number(row.amountCents),
      level: row.level ?? null,
      priority: row.level !== null && priorityLevels.includes(row.level),
    })),
  };
}

/** The state of one withdrawal on the desk (the user's own withdrawals only, when `userId` is given). */
export async function withdrawalState(db: DbOrTx, transactionId: string, userId?: string): Promise<WithdrawalState | undefined> {
  let query = db.selectFrom("withdrawals").select("state").where("transactionId", "=", transactionId);
  if (userId) query = query.where("userId", "=", userId);
  return (await query.executeTakeFirst())?.state;
}

export type DeskDecision = { decision: "approve" } | { decision: "paid"; payoutReference: string } | { decision: "reject"; reason: string };

/** A withdrawal in a payout batch is paid (or released) with its batch, not on its own. */
export class WithdrawalInBatchError extends NamedError {
  constructor(public readonly transactionId: string) {
    super(`withdrawal ${transactionId} is in a payout batch`);
  }
}

export async function decideWithdrawal(
  tx: Tx,
  input: { adminId: string; clientAddress?: string | null; transactionId: string } & DeskDecision,
): Promise<MoneyResult> {
  const { adminId, transactionId } = input;
  // Locked (PostgreSQL; SQLite units run one at a time): a batch being made at the same moment either
  // waits for this decision (and then leaves the withdrawal out) or is seen here.
  const query = tx.selectFrom("withdrawals").select(["state", "batchId"]).where("transactionId", "=", transactionId);
  const before = await (dialectOf(tx) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  if (before?.batchId && input.decision !== "approve") throw new WithdrawalInBatchError(transactionId);
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
  const state: WithdrawalState = input.decision === "approve" ? "processing" : input.decision === "paid" ? "paid" : "rejected";
  await audit(tx, {
    actorId: adminId,
    clientAddress: input.clientAddress ?? null,
    action: `withdrawal.${input.decision === "approve" ? "approved" : input.decision === "paid" ? "paid" : "rejected"}`,
    subject: `withdrawal:${transactionId}`,
    before: before ? { state: before.state } : null,
    after: {
      state,
      ...(input.decision === "paid" ? { payoutReference: input.payoutReference } : {}),
      ...(input.decision === "reject" ? { reason: input.reason } : {}),
    },
    details: {
      amountCents,
      userId,
      ...(input.decision === "paid" ? { payoutReference: input.payoutReference } : {}),
      ...(input.decision === "reject" ? { reason: input.reason } : {}),
    },
  });
  return result;
}

/**
 * "Approve selected": each pending one of `transactionIds` goes to processing (its member told), in
 * the caller's unit of work, with one audit row for the whole action. Ones no longer pending are
 * left as they are and named in the row.
 */
export async function approveWithdrawals(
  tx: Tx,
  input: { actor: Actor; transactionIds: string[] },
): Promise<{ approved: string[]; skipped: string[] }> {
  const approved: string[] = [];
  const skipped: string[] = [];
  let totalCents = 0;
  for (const transactionId of [...new Set(input.transactionIds)]) {
    let result: MoneyResult;
    try {
      result = await approveWithdrawal(tx, { transactionId, adminId: input.actor.id });
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
      skipped.push(transactionId);
      continue;
    }
    if (result.replayed) {
      skipped.push(transactionId);
      continue;
    }
    await notify(tx, result.transaction.userId, "withdrawalProcessing", { amountCents: result.transaction.amountCents });
    approved.push(transactionId);
    totalCents += result.transaction.amountCents;
  }
  if (approved.length === 0) return { approved, skipped };
  await auditBy(tx, input.actor, {
    action: "withdrawal.approvedSelected",
    subject: approved.length === 1 ? `withdrawal:${approved[0]}` : "withdrawals",
    before: { state: "pending" },
    after: { state: "processing" },
    details: { count: approved.length, totalCents, transactionIds: approved, ...(skipped.length ? { skipped } : {}) },
  });
  return { approved, skipped };
}

/**
 * The payout desk's decisions (`/admin/withdrawals`), one handler per `intent`: approve, mark paid
 * or reject one withdrawal, approve several, and create, pay or cancel a payout batch. Each is one
 * unit of work with its audit row and the users' notifications, and answers with the notice the
 * desk shows next; a decision the ledger or the batch refuses becomes its notice too.
 */
import { z } from "zod";
import type { Actor } from "~/audit/audit.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { approveWithdrawals, decideWithdrawal, WithdrawalInBatchError } from "~/wallet/admin.server";
import { LedgerError } from "~/wallet/ledger.server";
import { cancelPayoutBatch, createPayoutBatch, PAYOUT_METHODS, PayoutBatchError, payPayoutBatch } from "~/wallet/payout-batches.server";
import { batchMessageId } from "~/wallet/payout-files.server";
import { dateParam } from "./filters";

const MAX_SELECTED = 200;

const text = (max: number, required: string) =>
  z.string({ required_error: required }).trim().min(1, required).max(max, "admin:withdrawals.tooLong");
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const DecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), transactionId: z.string().uuid() }),
  z.object({
    intent: z.literal("paid"),
    transactionId: z.string().uuid(),
    payoutReference: text(140, "admin:withdrawals.referenceRequired"),
  }),
  z.object({ intent: z.literal("reject"), transactionId: z.string().uuid(), reason: text(300, "admin:withdrawals.reasonRequired") }),
  z.object({
    intent: z.literal("approveSelected"),
    transactionId: z
      .array(z.string().uuid(), { required_error: "admin:withdrawals.selectNone" })
      .min(1, "admin:withdrawals.selectNone")
      .max(MAX_SELECTED, "admin:withdrawals.selectTooMany"),
  }),
  z.object({
    intent: z.literal("createBatch"),
    method: z.enum(PAYOUT_METHODS),
    q: optionalText(100),
    from: z
      .string()
      .optional()
      .transform((value) => dateParam(value ?? null)),
    to: z
      .string()
      .optional()
      .transform((value) => dateParam(value ?? null)),
  }),
  z.object({
    intent: z.literal("payBatch"),
    batchId: z.string().uuid(),
    payoutReference: text(140, "admin:withdrawals.referenceRequired"),
  }),
  z.object({ intent: z.literal("cancelBatch"), batchId: z.string().uuid() }),
]);

/** Which form on the page an answer belongs to. */
export function formIdOf(formData: FormData): string {
  const intent = String(formData.get("intent") ?? "");
  if (intent === "approveSelected") return "approve-selected";
  if (intent === "createBatch") return `create-batch-${String(formData.get("method") ?? "")}`;
  if (intent === "payBatch" || intent === "cancelBatch") return `batch-${String(formData.get("batchId") ?? "")}`;
  return `withdrawal-${String(formData.get("transactionId") ?? "")}`;
}

type Input = z.infer<typeof DecisionSchema>;
type Of<I extends Input["intent"]> = Extract<Input, { intent: I }>;

/** The notice the desk shows after a decision. */
export interface DeskNotice {
  key: string;
  values: Record<string, string | number> | undefined;
}

/** A decision's notice; a decision the ledger or a batch refuses has its own. */
export async function noticeOf(decide: () => Promise<DeskNotice>): Promise<DeskNotice> {
  try {
    return await decide();
  } catch (error) {
    if (error instanceof WithdrawalInBatchError) return { key: "withdrawals.inBatch", values: undefined };
    if (error instanceof PayoutBatchError) return { key: `withdrawals.batches.errors.${error.code}`, values: undefined };
    if (error instanceof LedgerError) return { key: "withdrawals.alreadyDecided", values: undefined };
    throw error;
  }
}

export async function approveSelected(actor: Actor, input: Of<"approveSelected">): Promise<DeskNotice> {
  const { approved } = await unitOfWork(db(), (tx) => approveWithdrawals(tx, { actor, transactionIds: input.transactionId }));
  return { key: approved.length ? "withdrawals.approvedSelected" : "withdrawals.noneApproved", values: { count: approved.length } };
}

export async function createBatch(actor: Actor, input: Of<"createBatch">): Promise<DeskNotice> {
  const batch = await unitOfWork(db(), (tx) =>
    createPayoutBatch(tx, { actor, method: input.method, scope: { email: input.q || undefined, from: input.from, to: input.to } }),
  );
  return { key: "withdrawals.batches.created", values: { reference: batch.reference, count: batch.itemCount } };
}

export async function payBatch(actor: Actor, input: Of<"payBatch">): Promise<DeskNotice> {
  const result = await unitOfWork(db(), (tx) =>
    payPayoutBatch(tx, { actor, batchId: input.batchId, payoutReference: input.payoutReference }),
  );
  return {
    key: result.replayed ? "withdrawals.batches.alreadyPaid" : "withdrawals.batches.paid",
    values: { reference: batchMessageId(input.batchId), count: result.paid },
  };
}

export async function cancelBatch(actor: Actor, input: Of<"cancelBatch">): Promise<DeskNotice> {
  await unitOfWork(db(), (tx) => cancelPayoutBatch(tx, { actor, batchId: input.batchId }));
  return { key: "withdrawals.batches.cancelled", values: { reference: batchMessageId(input.batchId) } };
}

/** Approve, mark paid or reject one withdrawal (`adminId` decides it). */
export async function decide(adminId: string, actor: Actor, decision: Of<"approve" | "paid" | "reject">): Promise<DeskNotice> {
  const { replayed } = await unitOfWork(db(), (tx) =>
    decideWithdrawal(tx, {
      adminId,
      clientAddress: actor.clientAddress,
      transactionId: decision.transactionId,
      ...(decision.intent === "approve"
        ? { decision: "approve" as const }
        : decision.intent === "paid"
          ? { decision: "paid" as const, payoutReference: decision.payoutReference }
          : { decision: "reject" as const, reason: decision.reason }),
    }),
  );
  const key = replayed
    ? "withdrawals.alreadyDecided"
    : decision.intent === "approve"
      ? "withdrawals.approved"
      : decision.intent === "paid"
        ? "withdrawals.markedPaid"
        : "withdrawals.rejected";
  return { key, values: undefined };
}

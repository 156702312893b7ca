/** What the wallet screens send to the browser: transactions without internal metadata. */
import type { DbOrTx } from "~/db/db.server";
import type { WithdrawalState } from "~/db/schema";
import { getSetting } from "~/settings/settings.server";
import type { LedgerTransaction } from "./ledger.server";

/** How pending cashback is expected to progress, computed on the server (one clock for the page). */
export interface PendingContext {
  confirmationDays: number;
  nowMs: number;
}

export async function pendingContext(db: DbOrTx, nowMs = Date.now()): Promise<PendingContext> {
  return { confirmationDays: await getSetting(db, "cashbackConfirmationDays"), nowMs };
}

/** Pending cashback's way to available: the expected confirmation day and the days gone by. */
export function pendingConfirmation(item: Pick<LedgerTransaction, "type" | "status" | "createdAt">, context: PendingContext | undefined) {
  if (!context || item.type !== "cashback" || item.status !== "pending") return null;
  const started = Date.parse(item.createdAt);
  const expectedBy = new Date(started + context.confirmationDays * 86_400_000).toISOString();
  const elapsedDays = Math.max(0, Math.min(context.confirmationDays, Math.floor((context.nowMs - started) / 86_400_000)));
  return { expectedBy, elapsedDays, totalDays: context.confirmationDays, overdue: context.nowMs > Date.parse(expectedBy) };
}

export function transactionView(item: LedgerTransaction & { withdrawalState?: WithdrawalState | null }, context?: PendingContext) {
  return {
    id: item.id,
    type: item.type,
    status: item.status,
    direction: item.direction,
    amountCents: item.amountCents,
    description: item.description,
    merchant: item.merchant,
    orderId: item.orderId,
    createdAt: item.createdAt,
    withdrawalState: item.withdrawalState ?? null,
    pending: pendingConfirmation(item, context),
  };
}

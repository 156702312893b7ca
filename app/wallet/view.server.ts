/** What the wallet screens send to the browser: transactions without internal metadata. */
import type { DbOrTx } from "~/db/db.server";
import type { WithdrawalState } from "~/db/schema";
import { getSetting } from "~/settings/settings.server";
import type { LedgerTransaction } from "./ledger.server";

/** How pending cashback is expected to progress, computed on the server (one clock for the page). */
export interface PendingContext {
  /** The platform's usual window, for stores without one of their own. */
  confirmationDays: number;
  /** Store name (a cashback's merchant) → the store's own usual window, as its page says. */
  storeDays?: Record<string, number>;
  nowMs: number;
}

export async function pendingContext(db: DbOrTx, nowMs = Date.now()): Promise<PendingContext> {
  const stores = await db.selectFrom("stores").select(["name", "confirmationDays"]).where("confirmationDays", "is not", null).execute();
  return {
    confirmationDays: await getSetting(db, "cashbackConfirmationDays"),
    storeDays: Object.fromEntries(stores.map((store) => [store.name, store.confirmationDays!])),
    nowMs,
  };
}

/** Pending cashback's way to available: the expected confirmation day and the days gone by. */
export function pendingConfirmation(
  item: Pick<LedgerTransaction, "type" | "status" | "createdAt"> & { merchant?: string | null },
  context: PendingContext | undefined,
) {
  if (!context || item.type !== "cashback" || item.status !== "pending") return null;
  const days = (item.merchant ? context.storeDays?.[item.merchant] : undefined) ?? context.confirmationDays;
  const started = Date.parse(item.createdAt);
  const expectedBy = new Date(started + days * 86_400_000).toISOString();
  const elapsedDays = Math.max(0, Math.min(days, Math.floor((context.nowMs - started) / 86_400_000)));
  return { expectedBy, elapsedDays, totalDays: days, overdue: context.nowMs > Date.parse(expectedBy) };
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

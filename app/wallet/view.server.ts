/** What the wallet screens send to the browser: transactions without internal metadata. */
import type { WithdrawalState } from "~/db/schema";
import type { LedgerTransaction } from "./ledger.server";

export function transactionView(item: LedgerTransaction & { withdrawalState?: WithdrawalState | null }) {
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
  };
}

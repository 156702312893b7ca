/**
 * A member's withdrawal request as the withdraw page confirms it: the hold on the ledger, the payout
 * method saved for next time and the notice, in the caller's unit of work (a replay of the same
 * idempotency key writes nothing more). The end-to-end fixtures arrange withdrawals through it too.
 */
import type { Tx } from "~/db/db.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { notify } from "~/notifications/notifications.server";
import { requestWithdrawal, type MoneyResult } from "./ledger.server";
import { savePayoutMethod } from "./payout-methods.server";

export async function requestMemberWithdrawal(
  tx: Tx,
  input: { userId: string; amountCents: number; method: "paypal" | "bank"; destination: string; idempotencyKey: string },
): Promise<MoneyResult> {
  return requestWithdrawal(tx, {
    ...input,
    description: fixedT(DEFAULT_LOCALE, "wallet")("withdraw.description"),
    // Written before the balance rows are locked (only for a new request, never for a replay),
    // so parallel withdrawals wait on the member's account for as short a time as possible.
    alongside: async () => {
      await savePayoutMethod(tx, input.userId, input.method, input.destination);
      await notify(tx, input.userId, "withdrawalHeld", { amountCents: input.amountCents });
    },
  });
}

/**
 * The withdrawal's steps (`/dashboard/withdraw`), one handler per `intent`: "review" checks the
 * form and shows the review without moving money, "confirm" places the hold (one unit of work:
 * the hold, the payout desk's row, the saved payout method and the notice), "edit" goes back to the
 * form as typed. A quick amount only fills the amount. A new payout destination needs a recent
 * proof of identity before anything is shown or held.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { requireRecentAuth } from "~/auth/guards.server";
import type { SessionRecord } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { formatAmountInput, formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { expectedPayoutDate, withdrawalSchema } from "~/wallet/amounts";
import { AccountSuspendedError, FundsOnHoldError, IdempotencyConflictError, InsufficientFundsError } from "~/wallet/ledger.server";
import { getPayoutMethod } from "~/wallet/payout-methods.server";
import { requestMemberWithdrawal } from "~/wallet/withdrawals.server";
import { redirectWithFlash } from "~/utils/http.server";

/** The step asked for: the form's own submit buttons say "review", "confirm" or "edit"; anything else is a review. */
export const WithdrawIntent = z.enum(["review", "confirm", "edit"]).catch("review");

/** What each step is given. */
export interface WithdrawAction {
  request: Request;
  session: SessionRecord;
  userId: string;
  locale: Locale;
  availableCents: number;
  /** The quick amount chosen ("" when none): it only fills the amount. */
  quick: string;
}

/** The form read with the member's balance and the minimum (a quick amount in place of the amount). */
export function readWithdrawal(formData: FormData, ctx: WithdrawAction, minimumCents: number) {
  if (ctx.quick) formData.set("amount", ctx.quick);
  return parseWithZod(formData, { schema: withdrawalSchema(ctx.locale, ctx.availableCents, minimumCents) });
}

type WithdrawalSubmission = ReturnType<typeof readWithdrawal>;

/** Back from the review to the form, with everything as it was typed (the form starts from these). */
export function edit(submission: WithdrawalSubmission) {
  const text = (name: string) => (typeof submission.payload[name] === "string" ? (submission.payload[name] as string) : "");
  return data({ result: null, review: null, edit: { amount: text("amount"), method: text("method"), destination: text("destination") } });
}

/** The form's errors; a quick amount only fills the amount: the rest is not wrong for being empty yet. */
function invalid(ctx: WithdrawAction, submission: WithdrawalSubmission) {
  const result = submission.reply();
  if (ctx.quick && result.error) result.error = { amount: result.error.amount ?? null };
  return data({ result, review: null }, { status: ctx.quick ? 200 : 400 });
}

/**
 * Paying out somewhere new, the first destination as much as a changed one, is sensitive: the
 * person must have proved who they are recently. Nothing is held or saved before; back from that
 * step, the form starts from what was typed.
 */
async function requireProofForNewDestination(ctx: WithdrawAction, submission: WithdrawalSubmission, method: string, destination: string) {
  const saved = await getPayoutMethod(db(), ctx.userId);
  if (!saved || saved.method !== method || saved.destination !== destination) {
    const typed = new URLSearchParams({ amount: String(submission.payload.amount ?? ""), method });
    requireRecentAuth(ctx.request, ctx.session, `${localePath(ctx.locale, "/dashboard/withdraw")}?${typed}`);
  }
}

export async function review(ctx: WithdrawAction, submission: WithdrawalSubmission) {
  if (submission.status !== "success") return invalid(ctx, submission);
  const { amountCents, method, destination, idempotencyKey } = submission.value;
  await requireProofForNewDestination(ctx, submission, method, destination);
  return data({
    result: submission.reply(),
    review: {
      amount: formatAmountInput(amountCents, ctx.locale),
      amountCents,
      method,
      destination,
      arrival: expectedPayoutDate(Date.now()),
      remainingCents: ctx.availableCents - amountCents,
      idempotencyKey,
    },
  });
}

export async function confirm(ctx: WithdrawAction, submission: WithdrawalSubmission) {
  if (submission.status !== "success") return invalid(ctx, submission);
  const { amountCents, method, destination, idempotencyKey } = submission.value;
  await requireProofForNewDestination(ctx, submission, method, destination);
  try {
    // One unit of work: the hold, the payout desk's row, the saved payout method and the notice.
    const { replayed } = await unitOfWork(db(), (tx) =>
      requestMemberWithdrawal(tx, { userId: ctx.userId, amountCents, method, destination, idempotencyKey }),
    );
    throw await redirectWithFlash(localePath(ctx.locale, "/dashboard"), {
      kind: "notice",
      key: replayed ? "withdraw.alreadyRequested" : "withdraw.held",
      values: { amount: formatMoney(amountCents, ctx.locale) },
    });
  } catch (error) {
    if (error instanceof FundsOnHoldError) {
      return data(
        {
          result: submission.reply({ fieldErrors: { amount: ["validation.fundsOnHold"] } }),
          review: null,
          withdrawableCents: error.withdrawableCents,
        },
        { status: 400 },
      );
    }
    if (error instanceof InsufficientFundsError) {
      return data(
        { result: submission.reply({ fieldErrors: { amount: ["validation.insufficientBalance"] } }), review: null },
        { status: 400 },
      );
    }
    if (error instanceof IdempotencyConflictError) {
      return data({ result: submission.reply({ formErrors: ["validation.formReused"] }), review: null }, { status: 409 });
    }
    // Suspended while this request was on its way (a suspended account has no session after it).
    if (error instanceof AccountSuspendedError) {
      return data({ result: submission.reply({ formErrors: ["auth:signin.suspended"] }), review: null }, { status: 403 });
    }
    throw error;
  }
}

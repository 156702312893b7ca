/**
 * The redeem form's two steps (`/loyalty`), one handler per `intent`: "review" checks the chosen
 * points (whole steps, no more than the member holds) and answers what they are worth and the
 * available balance after, with a fresh idempotency key for the next step; nothing moves. "redeem"
 * spends them (`redeemPoints`, one unit of work: the points entry and the money movement, once per
 * key) and goes back to the page with a notice. Errors come back on the `points` field, status 400.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { IdempotencyConflictError, LoyaltyError, loyaltySummary, redeemPoints } from "~/loyalty/points.server";
import { redemptionCents, type LoyaltyRules } from "~/loyalty/rules";
import { redirectWithFlash } from "~/utils/http.server";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { getBalances } from "~/wallet/balances.server";

export const REDEEM_ERRORS = {
  choose: "loyalty:redeem.errors.choose",
  step: "loyalty:redeem.errors.step",
  insufficient: "loyalty:redeem.errors.insufficient",
  reused: "loyalty:redeem.errors.reused",
} as const;

/** The form: `points` (whole steps; no more than `balance` when given) and, to redeem, the review's `idempotencyKey`. */
function redeemSchema(rules: LoyaltyRules, balance: number | null, withKey: boolean) {
  return z.object({
    points: z
      .number({ required_error: REDEEM_ERRORS.choose, invalid_type_error: REDEEM_ERRORS.step })
      .refine((points) => redemptionCents(points, rules) !== null, REDEEM_ERRORS.step)
      .refine((points) => balance === null || points <= balance, REDEEM_ERRORS.insufficient),
    idempotencyKey: withKey ? z.string({ required_error: REDEEM_ERRORS.reused }).uuid(REDEEM_ERRORS.reused) : z.string().optional(),
  });
}

interface RedeemAction {
  userId: string;
  locale: Locale;
  formData: FormData;
}

function invalid(
  submission: { reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => unknown },
  errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {},
) {
  return data({ result: submission.reply(errors), review: null }, { status: 400 });
}

/** Step 1: what the points are worth and the available balance after; the key the confirmation will carry. */
export async function review(ctx: RedeemAction) {
  const [summary, balances] = await Promise.all([loyaltySummary(db(), ctx.userId), getBalances(db(), ctx.userId)]);
  const submission = parseWithZod(ctx.formData, { schema: redeemSchema(summary.rules, summary.balancePoints, false) });
  if (submission.status !== "success") return invalid(submission);
  const { points } = submission.value;
  const cents = redemptionCents(points, summary.rules) ?? 0;
  // A credit first repays what the member owes (the ledger's receivable), then adds to the available balance.
  const availableAfterCents = balances.availableCents + cents - Math.min(balances.owedCents, cents);
  return data({
    result: submission.reply(),
    review: { points, cents, availableCents: balances.availableCents, availableAfterCents, idempotencyKey: crypto.randomUUID() },
  });
}

/** Step 2: spends the points once per key, then back to the page with what happened. */
export async function redeem(ctx: RedeemAction) {
  const summary = await loyaltySummary(db(), ctx.userId);
  // The balance is the domain's to check (under the account's lock): a replay of a spent key still answers.
  const submission = parseWithZod(ctx.formData, { schema: redeemSchema(summary.rules, null, true) });
  if (submission.status !== "success") return invalid(submission);
  const { points, idempotencyKey } = submission.value;
  try {
    const redemption = await unitOfWork(db(), (tx) => redeemPoints(tx, { userId: ctx.userId, points, idempotencyKey: idempotencyKey! }));
    throw await redirectWithFlash(localePath(ctx.locale, "/loyalty"), {
      kind: "notice",
      key: redemption.replayed ? "redeem.alreadyRedeemed" : "redeem.done",
      values: { points: numberFormat(ctx.locale).format(points), amount: formatMoney(redemption.cents, ctx.locale) },
    });
  } catch (error) {
    if (error instanceof LoyaltyError && (error.code === "insufficient_points" || error.code === "invalid_points"))
      return invalid(submission, {
        fieldErrors: { points: [error.code === "insufficient_points" ? REDEEM_ERRORS.insufficient : REDEEM_ERRORS.step] },
      });
    if (error instanceof IdempotencyConflictError) return invalid(submission, { formErrors: [REDEEM_ERRORS.reused] });
    throw error;
  }
}

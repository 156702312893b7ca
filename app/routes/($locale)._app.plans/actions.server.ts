/**
 * The plans page's actions (`/plans`), one handler per `intent`: cancel at period end or resume,
 * "Cancel and refund" (the 30-day guarantee), and pay for a plan from the wallet or at the payment
 * provider (with the form's idempotency key). A success goes back to `/plans?done=…` (or to the
 * provider's checkout); a refusal is answered with its message.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { refundAtProvider, startPlanCheckout } from "~/plans/checkout.server";
import { PlanError, cancelAndRefund, setCancelAtPeriodEnd, subscribeWithWallet } from "~/plans/subscriptions.server";
import { localePath } from "~/utils/paths";
import { IdempotencyConflictError, InsufficientFundsError } from "~/wallet/ledger.server";
import { configuredStripe, paymentProvider } from "~/wallet/sandbox-provider.server";

const PaySchema = z.object({
  intent: z.literal("pay"),
  planId: z.string({ required_error: "plans:errors.planRequired" }).uuid("plans:errors.planRequired"),
  method: z.enum(["wallet", "provider"], {
    required_error: "plans:errors.methodRequired",
    invalid_type_error: "plans:errors.methodRequired",
  }),
  idempotencyKey: z.string().uuid(),
});

export const PlanActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("resume") }),
  z.object({ intent: z.literal("refund") }),
  PaySchema,
]);

/** Any post that is not "cancel", "resume" or "refund" is the payment form's. */
export function payUnlessOtherIntent(formData: FormData): FormData {
  const intent = formData.get("intent");
  if (intent !== "cancel" && intent !== "resume" && intent !== "refund") formData.set("intent", "pay");
  return formData;
}

const PLAN_ERRORS: Record<PlanError["code"], string> = {
  not_found: "plans:errors.notFound",
  already_subscribed: "plans:errors.alreadySubscribed",
  no_subscription: "plans:errors.noSubscription",
  not_refundable: "plans:errors.notRefundable",
  free_plan: "plans:errors.notFound",
  guarantee_used: "plans:errors.guaranteeUsed",
  guarantee_used_card: "plans:errors.guaranteeUsedCard",
};

/** What each handler is given: the member, the page's language and the plans they may choose. */
export interface PlanAction {
  userId: string;
  locale: Locale;
  audience: "partner" | "business";
}

/** Back to the plans page with what was done. */
const back = (ctx: PlanAction, done: "activated" | "refunded" | "cancelled" | "resumed") =>
  redirect(localePath(ctx.locale, `/plans?done=${done}`));

/** A subscription change the plans refuse: its message (409). */
function refusal(error: unknown) {
  if (error instanceof PlanError) return data({ result: null, error: PLAN_ERRORS[error.code], usedAt: error.usedAt }, { status: 409 });
  throw error;
}

/** Cancel at the period's end, or resume. */
export async function setRenewal(ctx: PlanAction, intent: "cancel" | "resume") {
  try {
    await unitOfWork(db(), (tx) => setCancelAtPeriodEnd(tx, { userId: ctx.userId, cancel: intent === "cancel" }));
    return back(ctx, intent === "cancel" ? "cancelled" : "resumed");
  } catch (error) {
    return refusal(error);
  }
}

export async function refund(ctx: PlanAction) {
  try {
    // Slow provider work (Stripe's refund API) before the unit of work; the sandbox refunds at once.
    await refundAtProvider(db(), configuredStripe(), ctx.userId);
    await unitOfWork(db(), (tx) => cancelAndRefund(tx, { userId: ctx.userId }));
    return back(ctx, "refunded");
  } catch (error) {
    return refusal(error);
  }
}

/** Pay for a plan from the wallet, or start the provider's checkout. */
export async function pay(
  ctx: PlanAction,
  { planId, method, idempotencyKey }: z.infer<typeof PaySchema>,
  reply: (options: { formErrors: string[] }) => SubmissionResult<string[]>,
) {
  const { userId, locale, audience } = ctx;
  try {
    if (method === "wallet") {
      await unitOfWork(db(), (tx) => subscribeWithWallet(tx, { userId, planId, idempotencyKey, audience }));
      return back(ctx, "activated");
    }
    const { redirectTo } = await startPlanCheckout(db(), paymentProvider(), {
      userId,
      planId,
      key: `plan:${userId}:${idempotencyKey}`,
      kind: "initial",
      audience,
      locale,
      returnUrl: (paymentId) => localePath(locale, `/plans?payment=${paymentId}`),
      cancelUrl: localePath(locale, "/plans"),
    });
    return redirect(redirectTo);
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      return data({ result: reply({ formErrors: ["validation.insufficientBalance"] }), error: null }, { status: 400 });
    if (error instanceof IdempotencyConflictError)
      return data({ result: reply({ formErrors: ["validation.formReused"] }), error: null }, { status: 409 });
    if (error instanceof PlanError) return data({ result: reply({ formErrors: [PLAN_ERRORS[error.code]] }), error: null }, { status: 409 });
    throw error;
  }
}

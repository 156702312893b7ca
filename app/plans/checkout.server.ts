/**
 * Plans through the payment provider: a `payments` row whose purpose is `plan` (the top-up's
 * machinery: the same checkout, webhook and event record) plus its pending subscription payment.
 * The provider's verified event applies it (`applyPlanPayment`); the browser's return only reads.
 */
import { randomUUID } from "node:crypto";
import { now, type Db } from "~/db/db.server";
import type { PlanAudience } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { CURRENCY, IdempotencyConflictError } from "~/wallet/ledger.server";
import { getPayment, openCheckout, type Payment, type PaymentProvider } from "~/wallet/payments.server";
import {
  PlanError,
  assertGuaranteeUnused,
  findPlanPaymentByKey,
  getSubscription,
  recordPendingProviderPayment,
  refundablePayments,
} from "./subscriptions.server";

/**
 * Starts (or, for a key already used, finds) a provider payment for a plan: the first payment of a
 * subscription, or a renewal (`subscriptionId`). Answers the checkout's address, or `returnUrl`
 * when that payment was started before.
 */
export async function startPlanCheckout(
  db: Db,
  provider: PaymentProvider,
  input: {
    userId: string;
    planId: string;
    key: string;
    kind: "initial" | "renewal";
    subscriptionId?: string;
    audience?: PlanAudience;
    locale: string;
    returnUrl: (paymentId: string) => string;
    cancelUrl: string;
  },
): Promise<{ payment: Payment; redirectTo: string; replayed: boolean }> {
  const existing = await findPlanPaymentByKey(db, input.key);
  if (existing) {
    if (existing.planId !== input.planId || !existing.paymentId) throw new IdempotencyConflictError(input.key);
    const payment = (await getPayment(db, existing.paymentId))!;
    return { payment, redirectTo: input.returnUrl(payment.id), replayed: true };
  }
  let query = db.selectFrom("plans").selectAll().where("id", "=", input.planId).where("active", "=", 1);
  if (input.audience) query = query.where("audience", "=", input.audience);
  const plan = await query.executeTakeFirst();
  if (!plan || Number(plan.priceCents) <= 0) throw new PlanError(plan ? "free_plan" : "not_found");
  if (input.kind === "initial" && (await getSubscription(db, input.userId))) throw new PlanError("already_subscribed");
  const timestamp = now();
  const payment: Payment = {
    id: randomUUID(),
    userId: input.userId,
    provider: provider.name,
    amountCents: Number(plan.priceCents),
    currency: CURRENCY,
    reversedCents: 0,
    status: "pending",
    purpose: "plan",
    createdAt: timestamp,
  };
  try {
    await unitOfWork(db, async (tx) => {
      await tx
        .insertInto("payments")
        .values({
          ...payment,
          providerSessionId: null,
          providerChargeId: null,
          idempotencyKey: `plan:${input.key}`,
          transactionId: null,
          updatedAt: timestamp,
        })
        .execute();
      await recordPendingProviderPayment(tx, {
        userId: input.userId,
        planId: plan.id,
        paymentId: payment.id,
        key: input.key,
        kind: input.kind,
        subscriptionId: input.subscriptionId,
        amountCents: payment.amountCents,
      });
    });
  } catch (error) {
    // A concurrent submission of the same key won: answer what it started.
    if (await findPlanPaymentByKey(db, input.key)) return startPlanCheckout(db, provider, input);
    throw error;
  }
  return openCheckout(db, provider, payment, input);
}

/**
 * Before "Cancel and refund" is booked: asks the provider to give back each refundable provider
 * payment (Stripe's refund API; the sandbox refunds at once, nothing to ask). A refund the
 * provider made but whose booking then failed is booked by its `charge.refunded` event.
 * Nothing is asked when the member already used the guarantee, or a card of these payments did
 * (its fingerprint is asked of the provider first and kept on the payment): `PlanError`.
 */
export async function refundAtProvider(db: Db, provider: PaymentProvider | null, userId: string): Promise<void> {
  const rows = await refundablePayments(db, userId);
  if (!rows.length) return;
  const subscriptionId = rows[0]!.subscriptionId;
  await assertGuaranteeUnused(db, userId, subscriptionId);
  const toRefund: Array<{ rowId: string; payment: Payment & { providerChargeId: string | null } }> = [];
  const fingerprints: string[] = [];
  for (const row of rows) {
    if (row.source !== "provider" || !row.paymentId) continue;
    const found = await db
      .selectFrom("payments")
      .select([
        "id",
        "userId",
        "provider",
        "amountCents",
        "currency",
        "reversedCents",
        "status",
        "purpose",
        "createdAt",
        "providerChargeId",
        "cardFingerprint",
      ])
      .where("id", "=", row.paymentId)
      .executeTakeFirstOrThrow();
    if (found.provider === "sandbox") continue;
    if (!provider || provider.name !== found.provider || !provider.refund)
      throw new Error(`payment ${found.id} cannot be refunded through ${found.provider} here`);
    const { cardFingerprint, ...rest } = found;
    const payment = { ...rest, amountCents: Number(rest.amountCents), reversedCents: Number(rest.reversedCents) };
    let fingerprint = cardFingerprint;
    if (!fingerprint && provider.cardFingerprint) {
      fingerprint = await provider.cardFingerprint(payment);
      if (fingerprint) await db.updateTable("payments").set({ cardFingerprint: fingerprint }).where("id", "=", payment.id).execute();
    }
    if (fingerprint) fingerprints.push(fingerprint);
    toRefund.push({ rowId: row.id, payment });
  }
  await assertGuaranteeUnused(db, userId, subscriptionId, fingerprints);
  for (const { rowId, payment } of toRefund) {
    await provider!.refund!(payment, { idempotencyKey: `plan-refund:${rowId}` });
  }
}

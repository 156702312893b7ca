/**
 * Top-ups: owns `payments` and `webhook_events`, and the payment-provider interface. A top-up is a
 * payment row (one per idempotency key) and a checkout session at the provider; only a verified
 * provider event credits the wallet (through the ledger's `creditDeposit`). The browser's return
 * to the site only reads the status.
 *
 * A provider event is applied in one unit of work: the event's record, the ledger postings, the
 * payment's status and the notification (with its e-mail in the outbox) commit together. A crash
 * or an error part-way leaves no record of the event, so the provider's redelivery applies it; a
 * redelivery of an applied event is a duplicate and changes nothing. A refund or a lost dispute
 * reverses the top-up (what is still available is taken back, the rest is owed).
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { type Db, type DbOrTx, isUniqueViolation, now, type Tx } from "~/db/db.server";
import { notify } from "~/notifications/notifications.server";
import { applyPlanPayment, applyProviderPlanRefund, failPlanPayment } from "~/plans/subscriptions.server";
import { CURRENCY, IdempotencyConflictError, creditDeposit, reverseDeposit } from "./ledger.server";

export type PaymentStatus = "pending" | "paid" | "failed";

export interface Payment {
  id: string;
  userId: string;
  provider: string;
  amountCents: number;
  currency: string;
  reversedCents: number;
  status: PaymentStatus;
  /** A wallet top-up, or a plan (its subscription payment is in `subscription_payments`). */
  purpose: "topup" | "plan";
  createdAt: string;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

export type PaymentEvent =
  | {
      eventId: string;
      type: "payment.succeeded" | "payment.failed";
      paymentId: string;
      amountCents: number;
      /** ISO 4217, any case; absent in the sandbox's older events (then the payment's own). */
      currency?: string;
      /** The provider's own id of the money movement (Stripe: the PaymentIntent), for later refunds. */
      providerChargeId?: string;
      /** The card's fingerprint, when the event carries it (the money-back guarantee is once per card). */
      cardFingerprint?: string;
    }
  | {
      eventId: string;
      type: "payment.reversed";
      reason: "refund" | "dispute";
      paymentId?: string;
      providerChargeId?: string;
      /** Refunds: the total refunded so far on the charge (cumulative); disputes: the amount lost. */
      amountCents: number;
      cumulative: boolean;
      currency: string;
      cardFingerprint?: string;
    };

/** What the app needs from a payment provider. */
export interface PaymentProvider {
  name: string;
  createCheckout(payment: Payment, urls: { returnUrl: string; cancelUrl: string; locale: string }): Promise<CheckoutSession>;
  /**
   * Verifies and reads a webhook request: not verified when the signature or its timestamp does not
   * hold; verified with `event: null` for a genuine event that does not concern a top-up.
   */
  verifyWebhook(request: Request): Promise<WebhookVerdict>;
  /**
   * Gives a paid payment back in full (the money-back guarantee), asked before the refund is booked;
   * `idempotencyKey` makes a retried request refund once. Providers without it refund nothing.
   */
  refund?(payment: Payment & { providerChargeId: string | null }, input: { idempotencyKey: string }): Promise<void>;
  /** The fingerprint of the card that paid (asked before a money-back refund); null when not a card or unknown. */
  cardFingerprint?(payment: Payment & { providerChargeId: string | null }): Promise<string | null>;
}

export type WebhookVerdict =
  | { verified: false }
  | { verified: true; event: PaymentEvent | null }
  /** Genuine, but refused: a test event for a live key (or a live one for a test key). */
  | { verified: true; event: null; refused: "livemode_mismatch"; eventId: string };

export async function getPayment(db: DbOrTx, paymentId: string, userId?: string): Promise<Payment | undefined> {
  let query = db
    .selectFrom("payments")
    .select(["id", "userId", "provider", "amountCents", "currency", "reversedCents", "status", "purpose", "createdAt"])
    .where("id", "=", paymentId);
  if (userId) query = query.where("userId", "=", userId);
  const row = await query.executeTakeFirst();
  return row ? { ...row, amountCents: Number(row.amountCents), reversedCents: Number(row.reversedCents) } : undefined;
}

/**
 * Starts (or, for a key already used, finds) a top-up and its checkout. Returns where to send the
 * browser: the provider's checkout page, or the status page when that top-up already ended.
 */
export async function startTopUp(
  db: Db,
  provider: PaymentProvider,
  input: {
    userId: string;
    amountCents: number;
    idempotencyKey: string;
    locale: string;
    returnUrl: (paymentId: string) => string;
    cancelUrl: string;
  },
): Promise<{ payment: Payment; redirectTo: string; replayed: boolean }> {
  const key = `topup:${input.userId}:${input.idempotencyKey}`;
  const existing = await db.selectFrom("payments").select("id").where("idempotencyKey", "=", key).executeTakeFirst();
  if (existing) {
    const payment = (await getPayment(db, existing.id))!;
    if (payment.amountCents !== input.amountCents) throw new IdempotencyConflictError(key);
    return { payment, redirectTo: input.returnUrl(payment.id), replayed: true };
  }
  const timestamp = now();
  const payment: Payment = {
    id: randomUUID(),
    userId: input.userId,
    provider: provider.name,
    amountCents: input.amountCents,
    currency: CURRENCY,
    reversedCents: 0,
    status: "pending",
    purpose: "topup",
    createdAt: timestamp,
  };
  try {
    await db
      .insertInto("payments")
      .values({
        ...payment,
        providerSessionId: null,
        providerChargeId: null,
        idempotencyKey: key,
        transactionId: null,
        updatedAt: timestamp,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return startTopUp(db, provider, input);
    throw error;
  }
  return openCheckout(db, provider, payment, input);
}

/** Opens the provider's checkout for a payment just created and keeps its session id: where to send the payer. */
export async function openCheckout(
  db: Db,
  provider: PaymentProvider,
  payment: Payment,
  input: { returnUrl: (paymentId: string) => string; cancelUrl: string; locale: string },
): Promise<{ payment: Payment; redirectTo: string; replayed: false }> {
  const session = await provider.createCheckout(payment, {
    returnUrl: input.returnUrl(payment.id),
    cancelUrl: input.cancelUrl,
    locale: input.locale,
  });
  await db.updateTable("payments").set({ providerSessionId: session.sessionId, updatedAt: now() }).where("id", "=", payment.id).execute();
  return { payment, redirectTo: session.url, replayed: false };
}

export type EventOutcome = "applied" | "duplicate" | "unknown_payment" | "amount_mismatch" | "currency_mismatch";

export interface PaymentTexts {
  deposit: string;
  refund: string;
  dispute: string;
}

/**
 * Applies a verified provider event once, inside the caller's unit of work: a paid top-up credits
 * the wallet, a failed one is marked, a refund or lost dispute reverses it. The event is recorded
 * in the same transaction, so it counts as seen only when its effects are committed.
 */
export async function applyPaymentEvent(tx: Tx, providerName: string, event: PaymentEvent, texts: PaymentTexts): Promise<EventOutcome> {
  const recorded = await tx
    .insertInto("webhookEvents")
    .values({ id: randomUUID(), provider: providerName, eventId: event.eventId, type: event.type, receivedAt: now() })
    .onConflict((oc) => oc.columns(["provider", "eventId"]).doNothing())
    .executeTakeFirst();
  if (Number(recorded.numInsertedOrUpdatedRows ?? 0) !== 1) return "duplicate";

  let query = tx.selectFrom("payments").select(["id"]).where("provider", "=", providerName);
  if (event.paymentId) query = query.where("id", "=", event.paymentId);
  else if (event.providerChargeId) query = query.where("providerChargeId", "=", event.providerChargeId);
  else return "unknown_payment";
  const found = await query.executeTakeFirst();
  const payment = found ? await getPayment(tx, found.id) : undefined;
  if (!payment) return "unknown_payment";
  if (event.currency && event.currency.toUpperCase() !== payment.currency) return "currency_mismatch";
  if (event.cardFingerprint) {
    // Kept for the money-back guarantee's once-per-card rule.
    await tx
      .updateTable("payments")
      .set({ cardFingerprint: event.cardFingerprint })
      .where("id", "=", payment.id)
      .where("cardFingerprint", "is", null)
      .execute();
  }

  if (event.type === "payment.failed") {
    await tx
      .updateTable("payments")
      .set({ status: "failed", updatedAt: now() })
      .where("id", "=", payment.id)
      .where("status", "=", "pending")
      .execute();
    if (payment.purpose === "plan") await failPlanPayment(tx, payment.id);
    return "applied";
  }
  if (event.type === "payment.reversed") {
    // A plan payment refunded at the provider is the money-back refund (booked once, whichever side started it).
    if (payment.purpose === "plan") {
      if (payment.status === "paid") await applyProviderPlanRefund(tx, payment.id);
      return "applied";
    }
    return reverse(tx, payment, event, texts);
  }

  if (event.amountCents !== payment.amountCents) return "amount_mismatch";
  if (payment.purpose === "plan") {
    await applyPlanPayment(tx, { paymentId: payment.id, provider: providerName });
    await tx
      .updateTable("payments")
      .set({ status: "paid", updatedAt: now(), ...(event.providerChargeId ? { providerChargeId: event.providerChargeId } : {}) })
      .where("id", "=", payment.id)
      .execute();
    return "applied";
  }
  // creditDeposit is idempotent per payment: a second event for the same payment credits nothing.
  const { transaction, replayed } = await creditDeposit(tx, {
    userId: payment.userId,
    amountCents: payment.amountCents,
    paymentId: payment.id,
    description: texts.deposit,
    provider: providerName,
  });
  await tx
    .updateTable("payments")
    .set({
      status: "paid",
      transactionId: transaction.id,
      updatedAt: now(),
      ...(event.providerChargeId ? { providerChargeId: event.providerChargeId } : {}),
    })
    .where("id", "=", payment.id)
    .execute();
  if (!replayed) await notify(tx, payment.userId, "depositCompleted", { amountCents: payment.amountCents });
  return "applied";
}

async function reverse(
  tx: Tx,
  payment: Payment,
  event: Extract<PaymentEvent, { type: "payment.reversed" }>,
  texts: PaymentTexts,
): Promise<EventOutcome> {
  if (payment.status !== "paid") return "applied"; // nothing was credited: nothing to take back
  const total = Math.min(event.amountCents, payment.amountCents);
  const amountCents = event.cumulative ? total - payment.reversedCents : Math.min(total, payment.amountCents - payment.reversedCents);
  if (amountCents <= 0) return "applied";
  // Claim the amount on the payment first: two reversal events at once cannot take it twice.
  const claimed = await tx
    .updateTable("payments")
    .set((eb) => ({ reversedCents: eb("reversedCents", "+", amountCents), updatedAt: now() }))
    .where("id", "=", payment.id)
    .where("reversedCents", "=", payment.reversedCents)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw Object.assign(new Error("the payment changed during its reversal"), { code: "40001" });
  const { owedCents } = await reverseDeposit(tx, {
    userId: payment.userId,
    amountCents,
    paymentId: payment.id,
    reversalKey: `${payment.provider}:${event.eventId}`,
    reason: event.reason,
    description: event.reason === "refund" ? texts.refund : texts.dispute,
    provider: payment.provider,
  });
  await notify(tx, payment.userId, "depositReversed", { amountCents, owedCents });
  return "applied";
}

// ——— Signed webhooks (the sandbox provider's format, modelled on Stripe's) ———

export const SIGNATURE_HEADER = "Cashwise-Signature";
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** True when `header` signs `payload` with `secret` and is at most 5 minutes old (replays die). */
export function verifySignature(
  payload: string,
  header: string | null,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex"));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

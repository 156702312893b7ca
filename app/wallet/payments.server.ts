/**
 * Top-ups: owns `payments` and `webhook_events`, and the payment-provider interface. A top-up is a
 * payment row (one per idempotency key) and a checkout session at the provider; only a verified
 * provider event credits the wallet (through the ledger's `creditDeposit`), and an event is applied
 * once however often it is delivered. The browser's return to the site only reads the status.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { now, type Db } from "~/db/db.server";
import { isUniqueViolation } from "~/users/users.server";
import { creditDeposit } from "./ledger.server";

export type PaymentStatus = "pending" | "paid" | "failed";

export interface Payment {
  id: string;
  userId: string;
  provider: string;
  amountCents: number;
  status: PaymentStatus;
  createdAt: string;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

export interface PaymentEvent {
  eventId: string;
  type: "payment.succeeded" | "payment.failed";
  paymentId: string;
  amountCents: number;
}

/** What the app needs from a payment provider. */
export interface PaymentProvider {
  name: string;
  createCheckout(payment: Payment, urls: { returnUrl: string; cancelUrl: string; locale: string }): Promise<CheckoutSession>;
  /**
   * Verifies and reads a webhook request: not verified when the signature or its timestamp does not
   * hold; verified with `event: null` for a genuine event that does not concern a top-up.
   */
  verifyWebhook(request: Request): Promise<WebhookVerdict>;
}

export type WebhookVerdict = { verified: false } | { verified: true; event: PaymentEvent | null };

export async function getPayment(db: Db, paymentId: string, userId?: string): Promise<Payment | undefined> {
  let query = db.selectFrom("payments").select(["id", "userId", "provider", "amountCents", "status", "createdAt"]).where("id", "=", paymentId);
  if (userId) query = query.where("userId", "=", userId);
  const row = await query.executeTakeFirst();
  return row ? { ...row, amountCents: Number(row.amountCents) } : undefined;
}

/**
 * Starts (or, for a key already used, finds) a top-up and its checkout. Returns where to send the
 * browser: the provider's checkout page, or the status page when that top-up already ended.
 */
export async function startTopUp(
  db: Db,
  provider: PaymentProvider,
  input: { userId: string; amountCents: number; idempotencyKey: string; locale: string; returnUrl: (paymentId: string) => string; cancelUrl: string },
): Promise<{ payment: Payment; redirectTo: string; replayed: boolean }> {
  const key = `topup:${input.userId}:${input.idempotencyKey}`;
  const existing = await db.selectFrom("payments").select("id").where("idempotencyKey", "=", key).executeTakeFirst();
  if (existing) {
    const payment = (await getPayment(db, existing.id))!;
    return { payment, redirectTo: input.returnUrl(payment.id), replayed: true };
  }
  const timestamp = now();
  const payment: Payment = {
    id: randomUUID(),
    userId: input.userId,
    provider: provider.name,
    amountCents: input.amountCents,
    status: "pending",
    createdAt: timestamp,
  };
  try {
    await db
      .insertInto("payments")
      .values({ ...payment, providerSessionId: null, idempotencyKey: key, transactionId: null, updatedAt: timestamp })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return startTopUp(db, provider, input);
    throw error;
  }
  const session = await provider.createCheckout(payment, { returnUrl: input.returnUrl(payment.id), cancelUrl: input.cancelUrl, locale: input.locale });
  await db.updateTable("payments").set({ providerSessionId: session.sessionId, updatedAt: now() }).where("id", "=", payment.id).execute();
  return { payment, redirectTo: session.url, replayed: false };
}

export type EventOutcome = "applied" | "duplicate" | "unknown_payment" | "amount_mismatch";

/** Applies a verified provider event once: a paid top-up credits the wallet, a failed one is marked. */
export async function applyPaymentEvent(
  db: Db,
  providerName: string,
  event: PaymentEvent,
  description: string,
  onCredited?: (payment: Payment) => Promise<void>,
): Promise<EventOutcome> {
  try {
    await db
      .insertInto("webhookEvents")
      .values({ id: randomUUID(), provider: providerName, eventId: event.eventId, type: event.type, receivedAt: now() })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
  const payment = await getPayment(db, event.paymentId);
  if (!payment || payment.provider !== providerName) return "unknown_payment";
  if (event.type === "payment.failed") {
    await db.updateTable("payments").set({ status: "failed", updatedAt: now() }).where("id", "=", payment.id).where("status", "=", "pending").execute();
    return "applied";
  }
  if (event.amountCents !== payment.amountCents) return "amount_mismatch";
  // creditDeposit is itself idempotent per payment: a second event for the same payment credits nothing.
  const { transaction, replayed } = await creditDeposit(db, {
    userId: payment.userId,
    amountCents: payment.amountCents,
    paymentId: payment.id,
    description,
    provider: providerName,
  });
  await db
    .updateTable("payments")
    .set({ status: "paid", transactionId: transaction.id, updatedAt: now() })
    .where("id", "=", payment.id)
    .execute();
  if (!replayed) await onCredited?.(payment);
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
export function verifySignature(payload: string, header: string | null, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex"));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Money paid in as a member pays it, for database suites that need a balance made the real way. */
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Db } from "~/db/db.server";
import { applyPaymentEvent, startTopUp, type PaymentProvider } from "~/wallet/payments.server";
import { sandboxProvider } from "~/wallet/sandbox-provider.server";

/** A top-up's checkout started at `provider`, as the add-money page starts it (a new idempotency key each time). */
export function startTopUpAt(db: Db, provider: PaymentProvider, userId: string, amountCents: number) {
  return startTopUp(db, provider, {
    userId,
    amountCents,
    idempotencyKey: crypto.randomUUID(),
    locale: "en",
    returnUrl: (id) => `/en/dashboard/add-money/${id}`,
    cancelUrl: "/en/dashboard",
  });
}

/** A top-up through the sandbox provider: the checkout started, then its `payment.succeeded` event applied in one unit of work. */
export async function topUpThroughSandbox(db: Db, userId: string, amountCents: number): Promise<void> {
  const { payment } = await startTopUpAt(db, sandboxProvider(), userId, amountCents);
  const event = { eventId: `evt_${crypto.randomUUID()}`, type: "payment.succeeded" as const, paymentId: payment.id, amountCents };
  await unitOfWork(db, (tx) => applyPaymentEvent(tx, "sandbox", event, { deposit: "Top-up", refund: "Refund", dispute: "Dispute" }));
}

/**
 * Payment webhooks, whatever the provider: verify, then apply the event once. Answers are for the
 * provider's retry logic (2xx: done, 4xx: do not retry this one), not for people.
 */
import { json } from "~/api/json.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { fixedT } from "~/i18n/i18next.server";
import { mailer } from "~/mail/mailer.server";
import { notify } from "~/notifications/notifications.server";
import { applyPaymentEvent, type PaymentProvider } from "./payments.server";

export async function handlePaymentWebhook(request: Request, provider: PaymentProvider | null): Promise<Response> {
  if (!provider) return json({ code: "not_configured", message: "This payment provider is not configured." }, 404);
  const verdict = await provider.verifyWebhook(request);
  if (!verdict.verified) return json({ code: "invalid_signature", message: "The signature or its timestamp is not valid." }, 400);
  if (!verdict.event) return json({ received: true, outcome: "ignored" });
  const outcome = await applyPaymentEvent(db(), provider.name, verdict.event, fixedT(DEFAULT_LOCALE, "wallet")("deposit.description"), (payment) =>
    notify(db(), payment.userId, "depositCompleted", { amountCents: payment.amountCents }, { mailer: mailer() }),
  );
  if (outcome === "unknown_payment") return json({ code: "unknown_payment", message: "No such payment." }, 404);
  if (outcome === "amount_mismatch") return json({ code: "amount_mismatch", message: "The amount does not match the payment." }, 409);
  return json({ received: true, outcome });
}

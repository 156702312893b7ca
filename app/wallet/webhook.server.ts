/**
 * Payment webhooks, whatever the provider: verify, then apply the event in one unit of work.
 * Answers are for the provider's retry logic (2xx: done, 4xx: do not retry this one, 5xx: retry),
 * not for people. An error while applying rolls the whole event back and answers 500, so the
 * provider's redelivery applies it then. An event of the other mode than the configured key (a
 * Stripe test event reaching production) is refused with 400, logged, and changes nothing.
 */
import { json } from "~/utils/json.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { applyPaymentEvent, type PaymentProvider, type PaymentTexts } from "./payments.server";

export function paymentTexts(): PaymentTexts {
  const t = fixedT(DEFAULT_LOCALE, "wallet");
  return { deposit: t("deposit.description"), refund: t("deposit.refunded"), dispute: t("deposit.disputed") };
}

export async function handlePaymentWebhook(request: Request, provider: PaymentProvider | null): Promise<Response> {
  if (!provider) return json({ code: "not_configured", message: "This payment provider is not configured." }, 404);
  const verdict = await provider.verifyWebhook(request);
  if (!verdict.verified) return json({ code: "invalid_signature", message: "The signature or its timestamp is not valid." }, 400);
  if ("refused" in verdict) {
    console.warn(`payment webhook: ${provider.name} event ${verdict.eventId} refused (${verdict.refused})`);
    return json({ code: verdict.refused, message: "The event's mode (test or live) does not match the configured key." }, 400);
  }
  if (!verdict.event) return json({ received: true, outcome: "ignored" });
  const event = verdict.event;
  const outcome = await unitOfWork(db(), (tx) => applyPaymentEvent(tx, provider.name, event, paymentTexts()));
  if (outcome === "unknown_payment") return json({ code: "unknown_payment", message: "No such payment." }, 404);
  if (outcome === "amount_mismatch") return json({ code: "amount_mismatch", message: "The amount does not match the payment." }, 409);
  if (outcome === "currency_mismatch") return json({ code: "currency_mismatch", message: "The currency does not match the payment." }, 409);
  return json({ received: true, outcome });
}

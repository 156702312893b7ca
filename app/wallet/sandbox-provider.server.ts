/**
 * The built-in `sandbox` payment provider, the embedded default: its "hosted checkout" is a page
 * of this app (amount, Pay, Cancel, and a way to make the payment fail). Choosing an outcome
 * there makes the app call its own webhook server-to-server with an HMAC-signed, timestamped
 * event, exactly as a real provider would; the wallet is credited only by that event.
 */
import { randomUUID } from "node:crypto";
import { env } from "~/config/env.server";
import { localePath } from "~/utils/paths";
import { isLocale, DEFAULT_LOCALE } from "~/i18n/config";
import { SIGNATURE_HEADER, signPayload, verifySignature, type PaymentEvent, type PaymentProvider } from "./payments.server";

export const SANDBOX_WEBHOOK_PATH = "/api/webhooks/sandbox";

export function sandboxProvider(config = env()): PaymentProvider {
  return {
    name: "sandbox",
    async createCheckout(payment, urls) {
      const locale = isLocale(urls.locale) ? urls.locale : DEFAULT_LOCALE;
      return { sessionId: `sbx_${randomUUID()}`, url: localePath(locale, `/sandbox/checkout/${payment.id}`) };
    },
    async verifyWebhook(request) {
      const payload = await request.text();
      if (!verifySignature(payload, request.headers.get(SIGNATURE_HEADER), config.payments.webhookSecret)) return null;
      try {
        const body = JSON.parse(payload) as Partial<PaymentEvent>;
        if (typeof body.eventId !== "string" || typeof body.paymentId !== "string" || typeof body.amountCents !== "number") return null;
        if (body.type !== "payment.succeeded" && body.type !== "payment.failed") return null;
        return body as PaymentEvent;
      } catch {
        return null;
      }
    },
  };
}

/** What the sandbox checkout page does when the visitor chooses: tell the app, as the provider would. */
export async function sendSandboxEvent(
  payment: { id: string; amountCents: number },
  outcome: "payment.succeeded" | "payment.failed",
  config = env(),
): Promise<number> {
  const payload = JSON.stringify({ eventId: `evt_${randomUUID()}`, type: outcome, paymentId: payment.id, amountCents: payment.amountCents });
  const response = await fetch(new URL(SANDBOX_WEBHOOK_PATH, config.appUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: signPayload(payload, config.payments.webhookSecret) },
    body: payload,
  });
  return response.status;
}

export function paymentProvider(): PaymentProvider {
  // The Stripe Checkout adapter is the next milestone's work; until then every deployment uses the sandbox.
  return sandboxProvider();
}

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
import { stripeProvider } from "./stripe-provider.server";

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
      if (!verifySignature(payload, request.headers.get(SIGNATURE_HEADER), config.payments.webhookSecret)) return { verified: false };
      try {
        const body = JSON.parse(payload) as Partial<PaymentEvent>;
        const valid =
          typeof body.eventId === "string" &&
          typeof body.paymentId === "string" &&
          typeof body.amountCents === "number" &&
          (body.type === "payment.succeeded" || body.type === "payment.failed");
        return { verified: true, event: valid ? (body as PaymentEvent) : null };
      } catch {
        return { verified: true, event: null };
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
  const payload = JSON.stringify({
    eventId: `evt_${randomUUID()}`,
    type: outcome,
    paymentId: payment.id,
    amountCents: payment.amountCents,
  });
  const response = await fetch(new URL(SANDBOX_WEBHOOK_PATH, config.appUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: signPayload(payload, config.payments.webhookSecret) },
    body: payload,
  });
  return response.status;
}

/**
 * The sandbox provider when it is the configured one, else null: its checkout page and webhook
 * answer 404 otherwise, and it is never live in production (start-up refuses that configuration).
 */
export function configuredSandbox(config = env()): PaymentProvider | null {
  if (config.payments.provider !== "sandbox" || config.appEnv === "production") return null;
  return sandboxProvider(config);
}

/** The Stripe adapter when it is the configured provider, else null. */
export function configuredStripe(config = env()): PaymentProvider | null {
  if (config.payments.provider !== "stripe" || !config.payments.stripe) return null;
  return stripeProvider({ ...config.payments.stripe, appUrl: config.appUrl });
}

/** The configured payment provider (PAYMENT_PROVIDER; Stripe when STRIPE_SECRET_KEY is set). */
export function paymentProvider(config = env()): PaymentProvider {
  const provider = configuredStripe(config) ?? configuredSandbox(config);
  if (!provider) throw new Error("no payment provider is configured");
  return provider;
}

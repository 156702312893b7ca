/**
 * The Stripe Checkout adapter, used when STRIPE_SECRET_KEY is set. A top-up becomes a Checkout
 * Session (mode "payment", the amount in USD cents, our payment id in its metadata); its webhook
 * is verified on the raw body with STRIPE_WEBHOOK_SECRET, and only `checkout.session.completed`
 * with `payment_status: "paid"` credits the wallet. Async failures and expiries mark it failed.
 * `charge.refunded` (cumulative `amount_refunded`) and a lost `charge.dispute.closed` reverse it.
 * A money-back refund first asks which card paid (its fingerprint: the guarantee is once per card).
 * An event whose `livemode` is not the key's mode (a test event reaching a live key, or the other way
 * round) is refused before anything is read from it: test events carry no real money.
 */
import Stripe from "stripe";
import type { PaymentEvent, PaymentProvider } from "./payments.server";

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  appUrl: URL;
  /** The key's mode; derived from the key (sk_live_/rk_live_) when not given. */
  livemode?: boolean;
}

export const isLiveKey = (secretKey: string) => /^(sk|rk)_live_/.test(secretKey);

export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

export function stripeProvider(config: StripeConfig, client = new Stripe(config.secretKey)): PaymentProvider {
  return {
    name: "stripe",
    async createCheckout(payment, urls) {
      const session = await client.checkout.sessions.create({
        mode: "payment",
        client_reference_id: payment.id,
        metadata: { paymentId: payment.id },
        payment_intent_data: { metadata: { paymentId: payment.id } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: payment.amountCents,
              product_data: { name: payment.purpose === "plan" ? "Cashwise plan" : "Cashwise wallet top-up" },
            },
          },
        ],
        success_url: new URL(urls.returnUrl, config.appUrl).href,
        cancel_url: new URL(urls.cancelUrl, config.appUrl).href,
        locale: urls.locale as Stripe.Checkout.SessionCreateParams.Locale,
      });
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
      return { sessionId: session.id, url: session.url };
    },
    async refund(payment, input) {
      // The money-back guarantee: the whole charge back; Stripe's own idempotency key makes a retry refund once.
      if (!payment.providerChargeId) throw new Error(`payment ${payment.id} has no Stripe PaymentIntent to refund`);
      await client.refunds.create(
        { payment_intent: payment.providerChargeId, metadata: { paymentId: payment.id } },
        { idempotencyKey: input.idempotencyKey },
      );
    },
    async cardFingerprint(payment) {
      // The PaymentIntent's charge says which card paid (Checkout's own events do not).
      if (!payment.providerChargeId) return null;
      const intent = await client.paymentIntents.retrieve(payment.providerChargeId, { expand: ["latest_charge"] });
      const charge = intent.latest_charge;
      return (typeof charge === "object" && charge?.payment_method_details?.card?.fingerprint) || null;
    },
    async verifyWebhook(request) {
      const payload = await request.text();
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(payload, request.headers.get("stripe-signature") ?? "", config.webhookSecret);
      } catch {
        return { verified: false };
      }
      const livemode = config.livemode ?? isLiveKey(config.secretKey);
      if (event.livemode !== livemode) return { verified: true, event: null, refused: "livemode_mismatch", eventId: event.id };
      return { verified: true, event: eventFrom(event) };
    },
  };
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? undefined));

/** The provider-neutral event behind a Stripe event, or null for events that do not concern top-ups. */
export function eventFrom(event: Stripe.Event): PaymentEvent | null {
  if (event.type === "charge.refunded") {
    const charge = event.data.object as Stripe.Charge;
    return {
      eventId: event.id,
      type: "payment.reversed",
      reason: "refund",
      paymentId: charge.metadata?.paymentId || undefined,
      providerChargeId: idOf(charge.payment_intent),
      amountCents: charge.amount_refunded,
      cumulative: true,
      currency: charge.currency,
      ...(charge.payment_method_details?.card?.fingerprint ? { cardFingerprint: charge.payment_method_details.card.fingerprint } : {}),
    };
  }
  if (event.type === "charge.dispute.closed") {
    const dispute = event.data.object as Stripe.Dispute;
    if (dispute.status !== "lost") return null;
    return {
      eventId: event.id,
      type: "payment.reversed",
      reason: "dispute",
      paymentId: dispute.metadata?.paymentId || undefined,
      providerChargeId: idOf(dispute.payment_intent),
      amountCents: dispute.amount,
      cumulative: false,
      currency: dispute.currency,
    };
  }
  if (
    event.type !== "checkout.session.completed" &&
    event.type !== "checkout.session.async_payment_succeeded" &&
    event.type !== "checkout.session.async_payment_failed" &&
    event.type !== "checkout.session.expired"
  ) {
    return null;
  }
  const session = event.data.object as Stripe.Checkout.Session;
  const paymentId = session.metadata?.paymentId ?? session.client_reference_id;
  if (!paymentId) return null;
  const succeeded =
    (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") &&
    session.payment_status === "paid";
  if (event.type === "checkout.session.completed" && !succeeded) return null; // paid later, asynchronously
  return {
    eventId: event.id,
    type: succeeded ? "payment.succeeded" : "payment.failed",
    paymentId,
    amountCents: session.amount_total ?? 0,
    ...(session.currency ? { currency: session.currency } : {}),
    ...(idOf(session.payment_intent) ? { providerChargeId: idOf(session.payment_intent) } : {}),
  };
}

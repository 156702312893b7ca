/** Stripe's webhook: a verified Checkout event credits a top-up, once. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/utils/json.server";
import { handlePaymentWebhook } from "~/wallet/webhook.server";
import { configuredStripe } from "~/wallet/sandbox-provider.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, "POST");
  return handlePaymentWebhook(request, configuredStripe());
}

export async function loader({ request }: LoaderFunctionArgs) {
  return methodNotAllowed(request, "POST");
}

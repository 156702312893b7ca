/** The sandbox payment provider's webhook: a signed event credits a top-up, once (404 unless the sandbox is the configured provider). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/utils/json.server";
import { handlePaymentWebhook } from "~/wallet/webhook.server";
import { configuredSandbox } from "~/wallet/sandbox-provider.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, "POST");
  return handlePaymentWebhook(request, configuredSandbox());
}

export async function loader({ request }: LoaderFunctionArgs) {
  return methodNotAllowed(request, "POST");
}

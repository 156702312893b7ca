/** The sandbox payment provider's webhook: a signed event credits a top-up, once. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, methodNotAllowed } from "~/api/json.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { fixedT } from "~/i18n/i18next.server";
import { applyPaymentEvent } from "~/wallet/payments.server";
import { sandboxProvider } from "~/wallet/sandbox-provider.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, "POST");
  const event = await sandboxProvider().verifyWebhook(request);
  if (!event) return json({ code: "invalid_signature", message: "The signature, its timestamp or the event is not valid." }, 400);
  const outcome = await applyPaymentEvent(db(), "sandbox", event, fixedT(DEFAULT_LOCALE, "wallet")("deposit.description"));
  if (outcome === "unknown_payment") return json({ code: "unknown_payment", message: "No such payment." }, 404);
  if (outcome === "amount_mismatch") return json({ code: "amount_mismatch", message: "The amount does not match the payment." }, 409);
  return json({ received: true, outcome });
}

export async function loader({ request }: LoaderFunctionArgs) {
  return methodNotAllowed(request, "POST");
}

/** POST /api/v1/auth/resend-otp (JSON). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { resendOtpApi } from "~/api/auth-api.server";
import { apiLocale, methodNotAllowed } from "~/utils/json.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, "POST");
  return resendOtpApi(request, await apiLocale(request));
}

export async function loader({ request }: LoaderFunctionArgs) {
  return methodNotAllowed(request, "POST");
}

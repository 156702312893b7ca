/** GET /api/v1/sso/{provider}/auth-url → { "url" }: the address the app opens to sign in with the provider. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiLocale, json, methodNotAllowed } from "~/utils/json.server";
import { isSocialProvider, socialProviderConfig } from "~/auth/social.server";
import { env } from "~/config/env.server";
import { localePath } from "~/utils/paths";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = await apiLocale(request);
  if (!isSocialProvider(params.provider)) return apiError(locale, 404, "unknown_provider", "auth:api.unknownProvider");
  if (!socialProviderConfig(params.provider)) {
    return apiError(locale, 400, "provider_not_configured", "auth:social.errorMessageDefault", {}, { provider: params.provider });
  }
  const url = new URL(localePath(locale, `/auth/${params.provider}`), env().appUrl);
  return json({ url: url.href });
}

export async function action({ request }: ActionFunctionArgs) {
  return methodNotAllowed(request, "GET");
}

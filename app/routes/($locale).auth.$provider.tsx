/**
 * Social sign-in, started by the sign-in and sign-up pages' buttons (form posts). A provider whose
 * client id and secret are not configured (no page offers its button, but an old page or a link
 * may still post here) answers with the spec's failure message, as an error, on the page the
 * visitor came from.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isSocialProvider, socialProviderConfig, startSocialSignIn } from "~/auth/social.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { requireSameOrigin } from "~/security/csrf.server";
import { localePath } from "~/utils/paths";
import { readForm } from "~/utils/form-data.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";

/** GET starts the same flow: the JSON API hands this URL to the mobile apps to open in a browser. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return start(request, params, { intent: url.searchParams.get("intent"), redirectTo: url.searchParams.get("redirectTo") });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await readForm(request);
  return start(request, params, { intent: formData.get("intent"), redirectTo: formData.get("redirectTo") });
}

async function start(
  request: Request,
  params: { locale?: string; provider?: string },
  form: { intent: FormDataEntryValue | null; redirectTo: FormDataEntryValue | null },
) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  if (!isSocialProvider(params.provider)) throw notFound();
  const intent = form.intent === "signup" ? "signup" : "signin";
  if (!socialProviderConfig(params.provider)) {
    throw await redirectWithFlash(localePath(locale, `/${intent}`), {
      kind: "notice",
      key: intent === "signup" ? "social.signupFailed" : "social.errorMessageDefault",
      values: { provider: params.provider },
      tone: "error",
    });
  }
  return startSocialSignIn(request, params.provider, { locale, intent, redirectTo: form.redirectTo });
}

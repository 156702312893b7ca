/**
 * Cookie preferences: the page behind the footer's "Cookie preferences" link, and the action of
 * the consent banner's form. Works without JavaScript: the choice is saved by a form post.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ConsentForm } from "~/components/consent";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { ConsentFormSchema, choiceFromForm, readConsent, serializeConsent } from "~/privacy/consent.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { safeRedirect } from "~/utils/redirect-to";
import { readForm } from "~/utils/form-data.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return {
    meta: await pageMeta(params, "common", "consent.page"),
    consent: await readConsent(request),
    saved: url.searchParams.get("saved") === "1",
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const submission = parseWithZod(await readForm(request), { schema: ConsentFormSchema });
  if (submission.status !== "success") {
    return data({ ok: false }, { status: 400 });
  }
  const fallback = `${localePath(locale, "/cookie-preferences")}?saved=1`;
  throw redirect(safeRedirect(submission.value.redirectTo, fallback), {
    headers: { "Set-Cookie": await serializeConsent(choiceFromForm(submission.value)) },
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function CookiePreferencesPage() {
  const { t } = useTranslation("common");
  const { consent, saved } = useLoaderData<typeof loader>();
  return (
    <div className="container-page max-w-2xl py-16">
      <h1 className="text-3xl font-bold tracking-tight">{t("consent.page.title")}</h1>
      <p className="mt-3 text-slate-600">{t("consent.page.description")}</p>
      {saved ? (
        <p role="status" className="mt-6 rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900">
          {t("consent.saved")}
        </p>
      ) : null}
      <div className="mt-8 rounded-2xl border border-slate-200 p-6">
        <ConsentForm consent={consent} />
      </div>
    </div>
  );
}

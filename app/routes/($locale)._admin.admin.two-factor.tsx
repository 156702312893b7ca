/**
 * The back office requires two-factor authentication: an admin without it is sent here (with
 * `redirectTo`), sets it up with an authenticator app, saves the ten recovery codes shown once in
 * the answer (the enable form posts with `recovery=1`, so this page stays to show them), and goes
 * on to the page they asked for.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CardPage } from "~/components/admin/page-heading";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { postTwoFactorForm } from "~/auth/two-factor-form.server";
import { pendingSetup, twoFactorState } from "~/auth/two-factor.server";
import { RecoveryCodesList } from "~/components/app/recovery-codes";
import { TwoFactorPanel } from "~/components/app/two-factor-panel";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { formIntent } from "~/utils/http.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { safeRedirect } from "~/utils/redirect-to";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "admin", "app"] };
export const clientLoader = withNamespaces(handle.i18n);

function destination(request: Request, locale: Locale): string {
  const fallback = localePath(locale, "/admin/dashboard");
  const target = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), fallback);
  // Only back-office pages: this page is not a way to reach anything else.
  return new RegExp(`^/(?:${locale}/)?admin(?:/|$)`).test(target) && !target.includes("/admin/two-factor") ? target : fallback;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request, { twoFactor: false });
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const url = new URL(request.url);
  // Turned on just now (the answer showing the recovery codes): stay; otherwise, go on.
  const justEnabled = url.searchParams.get("recovery") === "1";
  if (user.twoFactor && !justEnabled) throw redirect(destination(request, locale));
  const state = await twoFactorState(db(), user.id);
  const setup = !state.enabled && state.secret ? await pendingSetup(state.secret, state.email) : null;
  const enableParams = new URLSearchParams(url.searchParams);
  enableParams.set("recovery", "1");
  return {
    meta: await pageMeta(params, "admin", "twoFactor.meta"),
    setup: setup ? { secret: setup.secret, qrDataUrl: setup.qrDataUrl } : null,
    enabled: state.enabled,
    email: state.email,
    continueTo: destination(request, locale),
    enableAction: `${url.pathname}?${enableParams.toString()}`,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireAdminForm(request, params, { twoFactor: false });
  const { locale, formData: form } = signedIn;
  // Only setting it up here: turning it off is not offered (the back office needs it).
  const intent = formIntent(form, ["2fa-start", "2fa-enable"]);
  const result = intent ? await postTwoFactorForm(request, signedIn, intent, form.get("code")) : null;
  if (!result) return data({ error: "admin:twoFactor.unknown" }, { status: 400 });
  switch (result.outcome) {
    case "error":
      return data({ error: result.error }, { status: result.status });
    case "started": {
      const url = new URL(request.url);
      url.searchParams.delete("recovery");
      throw redirect(`${url.pathname}${url.search}`);
    }
    case "enabled":
      return data({ recoveryCodes: result.recoveryCodes });
    default:
      throw redirect(destination(request, locale));
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminTwoFactor() {
  const { t, loaderData, actionData } = usePage<typeof loader, typeof action>("admin");
  const { setup, enabled, email, continueTo, enableAction } = loaderData;
  const recoveryCodes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  return (
    <CardPage title={t("twoFactor.title")} intro={t("twoFactor.intro")}>
      {enabled ? (
        <>
          <p className="font-semibold text-green-800" data-testid="two-factor-active">
            {t("app:settings.twoFactor.enabled")}
          </p>
          {recoveryCodes ? <RecoveryCodesList codes={recoveryCodes} email={email} /> : null}
          <Link to={continueTo} className="btn-primary mt-4 inline-block">
            {t("twoFactor.continue")}
          </Link>
        </>
      ) : (
        <TwoFactorPanel
          enabled={false}
          setup={setup}
          error={actionData && "error" in actionData ? actionData.error : null}
          canDisable={false}
          enableAction={enableAction}
        />
      )}
    </CardPage>
  );
}

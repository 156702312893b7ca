/**
 * Settings: dark mode, language, notification preferences, two-factor authentication (with its
 * recovery codes: shown once when it is turned on, how many are left, new ones after a recent
 * re-authentication) and the password, each its own form that works without JavaScript and is
 * stored on the account. The actions' handlers are in `actions.server.ts`.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { type useLoaderData } from "@remix-run/react";
import { requireUser, requireUserForm } from "~/auth/guards.server";
import { recoveryCodesLeft } from "~/auth/recovery-codes.server";
import { pendingSetup, twoFactorState } from "~/auth/two-factor.server";
import { RecoveryCodesList } from "~/components/app/recovery-codes";
import { TwoFactorPanel } from "~/components/app/two-factor-panel";
import { Notice } from "~/components/auth/auth-card";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { getSettings } from "~/users/settings.server";
import { metaFromLoader } from "~/utils/meta";
import { formIntent, pageWithNotice } from "~/utils/http.server";
import * as handlers from "./actions.server";
import { PasswordForm } from "./password-form";
import { Preferences } from "./preferences";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "app", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const twoFactor = await twoFactorState(db(), user.id);
  const setup = !twoFactor.enabled && twoFactor.secret ? await pendingSetup(twoFactor.secret, twoFactor.email) : null;
  return pageWithNotice(request, params, ["app", "settings.meta"], {
    settings: await getSettings(db(), user.id),
    setup: setup ? { secret: setup.secret, qrDataUrl: setup.qrDataUrl } : null,
    email: twoFactor.email,
    recoveryCodesLeft: twoFactor.enabled ? await recoveryCodesLeft(db(), user.id) : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx: handlers.SettingsAction = await requireUserForm(request, params);
  const intent = formIntent(ctx.formData, handlers.SETTINGS_INTENTS);
  switch (intent) {
    case "theme":
      return handlers.saveTheme(ctx);
    case "language":
      return handlers.saveLanguage(ctx);
    case "notifications":
      return handlers.saveNotifications(ctx);
    case "password":
      return handlers.changePassword(ctx);
    case "2fa-start":
    case "2fa-enable":
    case "2fa-disable":
    case "recovery-regenerate":
      return handlers.twoFactor(ctx, intent);
    case null:
      return data({ password: null }, { status: 400 });
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export type SettingsData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function SettingsPage() {
  const { t, loaderData, actionData } = usePage<typeof loader, typeof action>("app");
  const { settings, notice, setup, email, recoveryCodesLeft } = loaderData;
  const shown = actionData && "recoveryCodes" in actionData ? (actionData as unknown as { recoveryCodes: string[]; notice: string }) : null;
  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("settings.title")}</h1>
      {notice ? <Notice>{t(notice.key)}</Notice> : null}
      {shown ? <Notice>{t(shown.notice)}</Notice> : null}

      <Preferences settings={settings} />

      <section
        id="two-factor"
        className="scroll-mt-20 rounded-2xl border border-slate-200 bg-surface p-6"
        aria-label={t("settings.twoFactor.title")}
      >
        <h2 className="text-lg font-semibold">{t("settings.twoFactor.title")}</h2>
        <TwoFactorPanel
          enabled={settings.twoFactor}
          setup={setup}
          error={actionData && "twoFactorError" in actionData ? (actionData.twoFactorError as string) : null}
          recoveryCodesLeft={recoveryCodesLeft}
        />
        {shown ? <RecoveryCodesList codes={shown.recoveryCodes} email={email} /> : null}
      </section>

      <PasswordForm lastResult={actionData?.password ?? undefined} />
    </div>
  );
}

/**
 * Settings: dark mode, language, notification preferences, two-factor authentication (with its
 * recovery codes: shown once when it is turned on, how many are left, new ones after a recent
 * re-authentication) and the password, each its own form that works without JavaScript and is
 * stored on the account.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PasswordChangeSchema } from "~/auth/password-change-schema";
import { requireRecentAuth, requireUser } from "~/auth/guards.server";
import { recoveryCodesLeft } from "~/auth/recovery-codes.server";
import { pendingSetup, twoFactorIntent, twoFactorState } from "~/auth/two-factor.server";
import { RecoveryCodesList } from "~/components/app/recovery-codes";
import { TwoFactorPanel } from "~/components/app/two-factor-panel";
import { Notice } from "~/components/auth/auth-card";
import { FormErrors, PasswordField, SubmitButton, inputClass } from "~/components/forms";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, isLocale } from "~/i18n/config";
import { serializeLocaleCookie } from "~/i18n/locale.server";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { consumeRateLimits, refundRateLimits, type RateLimitName } from "~/security/rate-limit.server";
import { NOTIFICATION_FLAGS, type NotificationFlag } from "~/users/notification-flags";
import {
  applyPasswordChange,
  getSettings,
  preparePasswordChange,
  setLocale,
  setNotificationFlags,
  setTheme,
} from "~/users/settings.server";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { readForm } from "~/utils/form-data.server";

export const handle = { i18n: ["common", "app", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const { flash, headers } = await takeFlash(request);
  const twoFactor = await twoFactorState(db(), user.id);
  const setup = !twoFactor.enabled && twoFactor.secret ? await pendingSetup(twoFactor.secret, twoFactor.email) : null;
  return data(
    {
      meta: await pageMeta(params, "app", "settings.meta"),
      notice: flash?.kind === "notice" ? flash : null,
      settings: await getSettings(db(), user.id),
      setup: setup ? { secret: setup.secret, qrDataUrl: setup.qrDataUrl } : null,
      email: twoFactor.email,
      recoveryCodesLeft: twoFactor.enabled ? await recoveryCodesLeft(db(), user.id) : null,
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, session } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const saved = async (target = locale, key = "settings.saved") => {
    const headers = new Headers({ "Set-Cookie": await setFlash({ kind: "notice", key }) });
    if (target !== locale) headers.append("Set-Cookie", await serializeLocaleCookie(target));
    return redirect(localePath(target, "/settings"), { headers });
  };

  if (intent === "theme") {
    const theme = formData.get("theme");
    await setTheme(db(), user.id, theme === "dark" || theme === "system" ? theme : "light");
    throw await saved();
  }
  if (intent === "language") {
    const chosen = formData.get("language");
    if (!isLocale(chosen)) return data({ password: null }, { status: 400 });
    await setLocale(db(), user.id, chosen);
    throw await saved(chosen);
  }
  if (intent === "notifications") {
    const flags = Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, formData.get(flag) === "on"])) as Record<
      NotificationFlag,
      boolean
    >;
    await setNotificationFlags(db(), user.id, flags);
    throw await saved();
  }
  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: PasswordChangeSchema });
    const hideFields = ["currentPassword", "password", "confirmPassword"];
    if (submission.status !== "success") return data({ password: submission.reply({ hideFields }) }, { status: 400 });
    // The current password is the re-authentication here, throttled like sign-in.
    const limits: Array<[RateLimitName, string]> = [
      ["signInIp", clientAddress(request)],
      ["signInAccount", user.email.toLowerCase()],
    ];
    const verdict = await consumeRateLimits(db(), limits);
    if (!verdict.allowed) {
      return data({ password: submission.reply({ formErrors: ["common:errors.tooManyRequests.text"], hideFields }) }, { status: 429 });
    }
    const prepared = await preparePasswordChange(db(), { userId: user.id, ...submission.value });
    if (!prepared) {
      return data(
        { password: submission.reply({ fieldErrors: { currentPassword: ["app:settings.security.wrongCurrent"] }, hideFields }) },
        { status: 400 },
      );
    }
    await refundRateLimits(db(), limits);
    await unitOfWork(db(), (tx) =>
      applyPasswordChange(tx, { userId: user.id, sessionId: session.id, passwordHash: prepared.passwordHash }),
    );
    throw await saved(locale, "settings.security.changed");
  }
  // New recovery codes replace the old ones: only after proving again who one is.
  if (intent === "recovery-regenerate") requireRecentAuth(request, session, `${localePath(locale, "/settings")}#two-factor`);
  const twoFactor = await twoFactorIntent(db(), {
    userId: user.id,
    sessionId: session.id,
    intent,
    code: formData.get("code"),
    clientAddress: clientAddress(request),
  });
  if (twoFactor?.outcome === "started") throw redirect(`${localePath(locale, "/settings")}#two-factor`);
  if (twoFactor?.outcome === "error") return data({ password: null, twoFactorError: twoFactor.error }, { status: twoFactor.status });
  if (twoFactor?.outcome === "enabled" || twoFactor?.outcome === "regenerated") {
    // Shown once, in this answer: only their hashes are kept.
    const notice = twoFactor.outcome === "enabled" ? "settings.twoFactor.enabled" : "settings.recoveryCodes.regenerated";
    return data({ password: null, recoveryCodes: twoFactor.recoveryCodes, notice });
  }
  if (twoFactor) throw await saved(locale, "settings.twoFactor.disabled");
  return data({ password: null }, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-6" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function SettingsPage() {
  const { t } = useTranslation("app");
  const { settings, notice, setup, email, recoveryCodesLeft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shown = actionData && "recoveryCodes" in actionData ? (actionData as unknown as { recoveryCodes: string[]; notice: string }) : null;
  const [form, fields] = useForm<{ currentPassword: string; password: string; confirmPassword: string }>({
    id: "password-form",
    lastResult: actionData?.password ?? undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("settings.title")}</h1>
      {notice ? <Notice>{t(notice.key)}</Notice> : null}
      {shown ? <Notice>{t(shown.notice)}</Notice> : null}

      <Section title={t("settings.appearance.title")}>
        <Form method="post" className="flex flex-wrap items-center gap-4">
          <fieldset className="flex gap-4">
            <legend className="sr-only">{t("settings.appearance.darkMode")}</legend>
            {(["light", "dark", "system"] as const).map((theme) => (
              <label key={theme} className="flex items-center gap-2 text-sm">
                <input type="radio" name="theme" value={theme} defaultChecked={settings.theme === theme} />
                {t(`settings.appearance.${theme}`)}
              </label>
            ))}
          </fieldset>
          <button type="submit" name="intent" value="theme" className="btn-secondary">
            {t("settings.appearance.save")}
          </button>
        </Form>
      </Section>

      <Section title={t("settings.language.title")}>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t("settings.language.label")}</span>
            <select name="language" defaultValue={settings.locale} className={`${inputClass} !w-56 max-w-full`}>
              {LOCALES.map((code) => (
                <option key={code} value={code}>
                  {LOCALE_NAMES[code]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" name="intent" value="language" className="btn-secondary">
            {t("settings.language.save")}
          </button>
        </Form>
      </Section>

      <Section title={t("settings.notifications.title")}>
        <Form method="post">
          <div className="grid gap-2 sm:grid-cols-2">
            {NOTIFICATION_FLAGS.map((flag) => (
              <label key={flag} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name={flag} defaultChecked={settings.notifications[flag]} className="h-4 w-4" />
                {t(`settings.notifications.${flag}`)}
              </label>
            ))}
          </div>
          <button type="submit" name="intent" value="notifications" className="btn-secondary mt-4">
            {t("settings.notifications.save")}
          </button>
        </Form>
      </Section>

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

      <Section title={t("settings.security.title")}>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <PasswordField
            labelProps={{ children: t("settings.security.current") }}
            inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
            errors={fields.currentPassword.errors}
          />
          <PasswordField
            labelProps={{ children: t("settings.security.new") }}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.password.errors}
            hint={t("auth:fields.passwordHint")}
          />
          <PasswordField
            labelProps={{ children: t("settings.security.confirm") }}
            inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.confirmPassword.errors}
          />
          <SubmitButton name="intent" value="password">
            {t("settings.security.submit")}
          </SubmitButton>
        </Form>
      </Section>
    </div>
  );
}

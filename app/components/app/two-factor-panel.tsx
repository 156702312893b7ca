/**
 * Two-factor authentication, set up and turned off: one panel for the member settings and the
 * back office's required setup. Plain forms posting `intent` = `2fa-start`, `2fa-enable` or
 * `2fa-disable` (with `code`), and `recovery-regenerate` (new recovery codes); the route's action
 * hands them to `twoFactorIntent`.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ErrorList, SubmitButton, codeInputClass, inputClass } from "~/components/forms";

export interface TwoFactorPanelProps {
  enabled: boolean;
  setup: { secret: string; qrDataUrl: string } | null;
  error?: string | null;
  /** Admins cannot turn it off: the back office requires it. */
  canDisable?: boolean;
  /** With 2FA on: how many recovery codes are left (and the form for new ones); null hides both. */
  recoveryCodesLeft?: number | null;
  /** Where the enable form posts (the back office's setup shows the codes on its own answer). */
  enableAction?: string;
}

export function TwoFactorPanel({ enabled, setup, error, canDisable = true, recoveryCodesLeft = null, enableAction }: TwoFactorPanelProps) {
  const { t } = useTranslation("app");
  return (
    <>
      {enabled ? (
        <>
          <p className="mt-2 font-semibold text-green-800" data-testid="two-factor-active">
            {t("settings.twoFactor.active")}
          </p>
          {recoveryCodesLeft !== null ? (
            <Form method="post" className="mt-4 rounded-xl border border-slate-200 p-4">
              <h3 className="font-semibold">{t("settings.recoveryCodes.title")}</h3>
              <p className="mt-1 text-sm text-slate-700" data-testid="recovery-codes-left">
                {t("settings.recoveryCodes.left", { count: recoveryCodesLeft })}
              </p>
              <p className="mt-1 text-sm text-slate-600">{t("settings.recoveryCodes.regenerateHint")}</p>
              <SubmitButton intent="recovery-regenerate" className="btn-secondary mt-3">
                {t("settings.recoveryCodes.regenerate")}
              </SubmitButton>
            </Form>
          ) : null}
          {canDisable ? (
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
              <label className="text-sm">
                <span className="mb-1 block font-medium">{t("settings.twoFactor.codeToDisable")}</span>
                <input
                  name="code"
                  autoComplete="one-time-code"
                  maxLength={32}
                  aria-describedby="two-factor-disable-hint"
                  className={`${inputClass} font-mono`}
                />
              </label>
              <SubmitButton intent="2fa-disable" className="btn-secondary">
                {t("settings.twoFactor.disable")}
              </SubmitButton>
              <p id="two-factor-disable-hint" className="w-full text-xs text-slate-600">
                {t("settings.recoveryCodes.disableHint")}
              </p>
            </Form>
          ) : null}
        </>
      ) : setup ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-700">{t("settings.twoFactor.scan")}</p>
          <img
            src={setup.qrDataUrl}
            alt={t("settings.twoFactor.qrAlt")}
            width={200}
            height={200}
            className="rounded-lg border border-slate-200 bg-surface"
          />
          <p className="text-sm">
            {t("settings.twoFactor.manual")}{" "}
            <code className="break-all font-mono" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <Form method="post" action={enableAction} className="flex flex-wrap items-end gap-2">
            <label className="text-sm">
              <span className="mb-1 block font-medium">{t("settings.twoFactor.codeToEnable")}</span>
              <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className={codeInputClass} />
            </label>
            <SubmitButton intent="2fa-enable">{t("settings.twoFactor.enable")}</SubmitButton>
          </Form>
        </div>
      ) : (
        <Form method="post" className="mt-3">
          <p className="text-sm text-slate-700">{t("settings.twoFactor.off")}</p>
          <SubmitButton intent="2fa-start" className="btn-secondary mt-3">
            {t("settings.twoFactor.start")}
          </SubmitButton>
        </Form>
      )}
      {error ? <ErrorList errors={[error]} /> : null}
    </>
  );
}

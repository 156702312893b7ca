/**
 * Recovery codes, shown once (right after two-factor authentication is turned on, or after new
 * ones are made): the ten codes, a "Download" link (a .txt file from a data: URL, no JavaScript
 * needed) and "Print" (window.print with JavaScript; without it, the browser's own print command,
 * which prints only the codes).
 */
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/utils/use-hydrated";

export function RecoveryCodesList({ codes, email, children }: { codes: string[]; email: string; children?: React.ReactNode }) {
  const { t } = useTranslation("app");
  const hydrated = useHydrated();
  const file = [t("settings.recoveryCodes.fileTitle", { email }), "", ...codes, "", t("settings.recoveryCodes.fileNote"), ""].join("\n");
  return (
    <div className="mt-4 space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950" data-testid="recovery-codes">
      <div data-print-only>
        <h3 className="font-semibold">{t("settings.recoveryCodes.shownTitle")}</h3>
        <p className="mt-1 text-sm">{t("settings.recoveryCodes.shownIntro")}</p>
        <ul
          className="mt-3 grid grid-cols-1 gap-1 font-mono text-base min-[360px]:grid-cols-2"
          aria-label={t("settings.recoveryCodes.title")}
        >
          {codes.map((code) => (
            <li key={code} className="rounded bg-surface px-2 py-1 text-slate-900">
              {code}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <a
          className="btn-secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="cashwise-recovery-codes.txt"
        >
          {t("settings.recoveryCodes.download")}
        </a>
        {hydrated ? (
          <button type="button" className="btn-secondary" onClick={() => window.print()}>
            {t("settings.recoveryCodes.print")}
          </button>
        ) : (
          <p className="text-sm">{t("settings.recoveryCodes.printHint")}</p>
        )}
        {children}
      </div>
    </div>
  );
}

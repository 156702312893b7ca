/** The member's referral link (plain text, and a Copy button with JavaScript). */
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/utils/use-hydrated";

export function LinkCard({ link, code }: { link: string; code: string }) {
  const { t } = useTranslation("referrals");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-5 sm:p-6" aria-labelledby="link-title">
      <h2 id="link-title" className="text-lg font-semibold">
        {t("link.heading")}
      </h2>
      <p
        className="mt-3 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
        data-testid="referral-link"
      >
        {link}
      </p>
      <p className="mt-2 text-sm text-slate-600">{t("link.code", { code })}</p>
      {hydrated && typeof navigator !== "undefined" && navigator.clipboard ? (
        <button
          type="button"
          className="btn-primary mt-3"
          onClick={() => {
            void navigator.clipboard.writeText(link).then(() => setCopied(true));
          }}
        >
          <span aria-live="polite">{copied ? t("link.copied") : t("link.copy")}</span>
        </button>
      ) : null}
      <p className="mt-3 text-sm text-slate-600">{t("link.hint")}</p>
    </section>
  );
}

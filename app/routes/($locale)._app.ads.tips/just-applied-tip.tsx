import type { Tip } from "~/ads/tips.server";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { useTipText } from "./use-tip-text";

/** The tip just applied, where it was: "marked as applied", its Editor file and how to import it. */
export function JustAppliedTip({ tip, currency }: { tip: Tip; currency: string | null }) {
  const { t } = useTranslation("ads-tips");
  const locale = usePageLocale();
  const text = useTipText(currency)(tip);
  return (
    <section
      id={`tip-${tip.id}`}
      aria-labelledby={`tip-${tip.id}-title`}
      className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-5"
      data-testid="just-applied"
    >
      <h2 id={`tip-${tip.id}-title`} className="break-words font-semibold text-slate-900">
        {text.title}
      </h2>
      <p role="status" className="mt-2 text-sm font-medium text-brand-900">
        {t(tip.hasEditorFile ? "appliedWithFile" : "applied")}
      </p>
      {tip.hasEditorFile ? (
        <>
          <p className="mt-3">
            <a href={localePath(locale, `/ads/tips/${tip.id}/editor.csv`)} className="btn-primary inline-flex" download>
              {t("download")}
            </a>
          </p>
          <p className="mt-3 text-sm text-slate-700">{t("howToUpload")}</p>
        </>
      ) : null}
    </section>
  );
}

/** The tips already decided: applied ones (with their Editor file) and dismissed ones (with the reason and note). */
import type { Tip } from "~/ads/tips.server";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { localePath } from "~/utils/paths";
import { useTipText } from "./use-tip-text";
import { Section } from "~/components/section";

export function AppliedTips({ tips, currency, justAppliedId }: { tips: Tip[]; currency: string | null; justAppliedId: string | null }) {
  const { t } = useTranslation("ads-tips");
  const locale = usePageLocale();
  const text = useTipText(currency);
  if (!tips.length) return null;
  return (
    <Section id="applied-tips" title={t("appliedTitle")} className="mt-10">
      <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-surface">
        {tips.map((tip) => (
          <li key={tip.id} id={tip.id === justAppliedId ? undefined : `tip-${tip.id}`} className="px-4 py-3 text-sm">
            <p className="break-words font-medium">{text(tip).title}</p>
            <p className="mt-1 text-slate-600">
              {t("appliedOn", { date: tip.decidedAt ? formatDate(tip.decidedAt, locale) : "" })}
              {tip.hasEditorFile ? (
                <>
                  {" · "}
                  <a
                    href={`${localePath(locale, `/ads/tips/${tip.id}/editor.csv`)}`}
                    className="font-medium text-brand-700 underline"
                    download
                  >
                    {t("download")}
                  </a>
                </>
              ) : null}
            </p>
            {tip.hasEditorFile ? <p className="mt-1 text-xs text-slate-500">{t("howToUpload")}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function DismissedTips({ tips, currency }: { tips: Tip[]; currency: string | null }) {
  const { t } = useTranslation("ads-tips");
  const locale = usePageLocale();
  const text = useTipText(currency);
  if (!tips.length) return null;
  return (
    <Section id="dismissed-tips" title={t("dismissedTitle")} className="mt-10">
      <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-surface">
        {tips.map((tip) => (
          <li key={tip.id} className="px-4 py-3 text-sm">
            <p className="break-words font-medium">{text(tip).title}</p>
            <p className="mt-1 text-slate-600">
              {t("dismissedOn", {
                date: tip.decidedAt ? formatDate(tip.decidedAt, locale) : "",
                reason: tip.dismissReason ? t(`reasons.${tip.dismissReason}`) : "",
              })}
              {tip.dismissNote ? ` · “${tip.dismissNote}”` : ""}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

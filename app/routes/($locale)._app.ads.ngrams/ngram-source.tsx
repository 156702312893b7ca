/**
 * Where the n-gram figures come from (the import files, their platform and import date, the
 * period), the view's totals, and the account figures the "wasted" flag compares against.
 */
import type { NgramReport } from "~/ads/ngrams.server";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";
import { usePeriodLabel } from "./ngram-filters";

export function NgramSourceLine({ report, currency }: { report: NgramReport; currency: string | null }) {
  const { t } = useTranslation("ads-ngrams");
  const { t: tAds } = useTranslation("ads");
  const locale = usePageLocale();
  const periodLabel = usePeriodLabel();
  const number = numberFormat(locale, { maximumFractionDigits: 2 });
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  if (!report.period) return null;
  const files = report.period.sources
    .map((source) =>
      t("sourceFile", {
        filename: source.filename,
        platform: tAds(`platforms.${source.platform}`),
        date: source.importedAt ? formatDate(source.importedAt.slice(0, 10), locale) : "–",
      }),
    )
    .join(", ");
  return (
    <div className="mt-4 space-y-1 text-sm text-slate-700">
      <p data-testid="ngrams-source">{t("source", { files, period: periodLabel(report.period) })}</p>
      <p data-testid="ngrams-summary">
        {t("summary", {
          terms: number.format(report.totals.terms),
          cost: formatMoney(report.totals.costCents, locale, currency),
          conversions: number.format(report.totals.conversions),
        })}
      </p>
      <p className="max-w-3xl text-xs text-slate-600" data-testid="ngrams-basis">
        {report.basis
          ? t("basis", { cpa: formatMoney(report.basis.cpaCents, locale, currency), rate: percent.format(report.basis.conversionRate) })
          : t("noBasis")}
      </p>
    </div>
  );
}

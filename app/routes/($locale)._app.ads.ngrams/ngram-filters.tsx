/**
 * The n-gram page's GET form: the period (the imported search terms reports'), the campaign, the
 * n-gram size, the sort and "only wasted spend". Works without JavaScript.
 */
import { Form, useLocation } from "@remix-run/react";
import { NGRAM_SIZES, NGRAM_SORTS, type NgramQuery } from "~/ads/ngram-query";
import type { NgramReport } from "~/ads/ngrams.server";
import { SelectField, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";

export function usePeriodLabel() {
  const { t } = useTranslation("ads-ngrams");
  const locale = usePageLocale();
  return (period: { start: string | null; end: string | null }) =>
    period.start && period.end
      ? t("periodRange", { start: formatDate(period.start, locale), end: formatDate(period.end, locale) })
      : t("filters.allTime");
}

export function NgramFilters({ report, query, clientId }: { report: NgramReport; query: NgramQuery; clientId: string | null }) {
  const { t } = useTranslation("ads-ngrams");
  const location = useLocation();
  const periodLabel = usePeriodLabel();
  return (
    <Form
      method="get"
      action={location.pathname}
      aria-label={t("filters.label")}
      className="mt-6 grid gap-3 rounded-2xl border border-slate-200 bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      {clientId ? <input type="hidden" name="client" value={clientId} /> : null}
      <SelectField
        label={t("filters.period")}
        selectProps={{ name: "period", id: "ngrams-period", defaultValue: report.period?.key ?? "" }}
        options={report.periods.map((period) => ({ value: period.key, label: periodLabel(period) }))}
      />
      <SelectField
        label={t("filters.campaign")}
        selectProps={{ name: "campaign", id: "ngrams-campaign", defaultValue: report.campaign ?? "" }}
        options={[{ value: "", label: t("filters.allCampaigns") }, ...report.campaigns.map((name) => ({ value: name, label: name }))]}
      />
      <SelectField
        label={t("filters.n")}
        selectProps={{ name: "n", id: "ngrams-n", defaultValue: query.n }}
        options={NGRAM_SIZES.map((n) => ({ value: n, label: t(n === "all" ? "filters.nAll" : `filters.n${n}`) }))}
      />
      <SelectField
        label={t("filters.sort")}
        selectProps={{ name: "sort", id: "ngrams-sort", defaultValue: query.sort }}
        options={NGRAM_SORTS.map((sort) => ({ value: sort, label: t(`sorts.${sort}`) }))}
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="wasted"
            value="1"
            defaultChecked={query.wastedOnly}
            className="h-4 w-4 rounded border-slate-400 text-brand-700"
          />
          {t("filters.wasted")}
        </label>
        <SubmitButton className="btn-secondary px-3 py-1.5 text-sm">{t("filters.submit")}</SubmitButton>
      </div>
    </Form>
  );
}

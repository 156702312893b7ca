/**
 * The n-gram table inside the download form: a checkbox (`ngram`) per row, the figures, the
 * wasted flag, sortable headings; above it the match type (`matchType`) and the button that posts
 * the selection to `/ads/ngrams/negatives.csv` with the page's query and downloads the Google Ads
 * Editor CSV (a document request, so the file downloads with JavaScript too). Cards on a phone (DataTable).
 */
import { Form, useLocation } from "@remix-run/react";
import { NEGATIVE_MATCH_TYPES, type NgramQuery, type NgramSort } from "~/ads/ngram-query";
import type { NgramReport } from "~/ads/ngrams.server";
import type { NgramRow } from "~/ads/ngrams";
import { DataTable, type DataTableColumn } from "~/components/data-table";
import { ErrorList, SelectField, SubmitButton } from "~/components/forms";
import { Section } from "~/components/section";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { ngramSearch } from "./ngram-links";

export function NgramsTable({
  report,
  query,
  currency,
  maxRows,
  error,
  clientId,
}: {
  report: NgramReport;
  query: NgramQuery;
  currency: string | null;
  maxRows: number;
  /** A refused download's reason (a translation key). */
  error: string | null;
  clientId: string | null;
}) {
  const { t } = useTranslation("ads-ngrams");
  const locale = usePageLocale();
  const location = useLocation();
  const number = numberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = numberFormat(locale, { maximumFractionDigits: 2 });
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const money = (cents: number | null) => (cents === null ? t("table.none") : formatMoney(cents, locale, currency));
  const sortable = (key: NgramSort) => ({
    href: `${location.pathname}${ngramSearch(query, clientId, { sort: key })}`,
    direction: query.sort === key ? (key === "ngram" ? ("asc" as const) : ("desc" as const)) : null,
  });
  const figure = (key: NgramSort, cell: (row: NgramRow) => string): DataTableColumn<NgramRow> => ({
    key,
    header: t(`table.${key}`),
    numeric: true,
    sort: sortable(key),
    cell,
  });
  const count =
    report.matching > report.rows.length
      ? t("countLimited", { count: report.matching, wasted: report.wasted, shown: maxRows })
      : t("count", { count: report.matching, wasted: report.wasted });

  return (
    <Form method="post" action={`${localePath(locale, "/ads/ngrams/negatives.csv")}${location.search}`} reloadDocument className="mt-6">
      <Section id="ngrams-negatives" title={t("negatives.title")} box="card" titleClassName="text-lg font-bold">
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("negatives.text")}</p>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <SelectField
            label={t("negatives.matchType")}
            selectProps={{ name: "matchType", id: "ngrams-match-type", defaultValue: "phrase" }}
            options={NEGATIVE_MATCH_TYPES.map((type) => ({ value: type, label: t(`negatives.${type}`) }))}
          />
          <SubmitButton intent="negatives" className="btn-primary px-3 py-2 text-sm">
            {t("negatives.download")}
          </SubmitButton>
        </div>
        <ErrorList id="ngrams-errors" errors={error ? [t(error.replace(/^ads-ngrams:/, ""))] : null} />
      </Section>

      <Section id="ngrams-table" title={t("table.title")} className="mt-6" titleClassName="text-lg font-bold">
        <p className="mt-1 text-sm text-slate-600" role="status" data-testid="ngrams-count">
          {count}
        </p>
        <DataTable
          className="mt-3"
          testId="ngrams"
          caption={t("table.label")}
          scroll="70rem"
          dense
          rows={report.rows}
          rowKey={(row) => `${row.n}|${row.ngram}`}
          rowProps={(row) => ({ "data-testid": "ngram-row", "data-wasted": row.wasted ?? undefined })}
          empty={t("table.empty")}
          columns={[
            {
              key: "select",
              header: <span className="sr-only">{t("table.select")}</span>,
              label: t("table.select"),
              cell: (row) => (
                <input
                  type="checkbox"
                  name="ngram"
                  value={row.ngram}
                  aria-label={t("table.selectOne", { ngram: row.ngram })}
                  className="h-4 w-4 rounded border-slate-400 text-brand-700"
                />
              ),
            },
            {
              key: "ngram",
              header: t("table.ngram"),
              rowHeader: true,
              primary: true,
              className: "break-words font-medium",
              sort: sortable("ngram"),
              cell: (row) => row.ngram,
            },
            { key: "n", header: t("table.n"), numeric: true, cell: (row) => number.format(row.n) },
            figure("terms", (row) => number.format(row.terms)),
            figure("impressions", (row) => number.format(row.impressions)),
            figure("clicks", (row) => number.format(row.clicks)),
            figure("cost", (row) => money(row.costCents)),
            figure("conversions", (row) => decimal.format(row.conversions)),
            figure("value", (row) => money(row.conversionValueCents)),
            figure("cpa", (row) => money(row.cpaCents)),
            figure("conversionRate", (row) => (row.conversionRate === null ? t("table.none") : percent.format(row.conversionRate))),
            figure("roas", (row) => (row.roas === null ? t("table.none") : t("roasValue", { value: decimal.format(row.roas) }))),
            {
              key: "flag",
              header: t("table.flag"),
              cell: (row) =>
                row.wasted ? (
                  <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {t(row.wasted === "cost" ? "table.wastedCost" : "table.wastedClicks")}
                  </span>
                ) : null,
            },
            {
              key: "campaigns",
              header: t("table.campaigns"),
              className: "text-xs text-slate-600",
              cell: (row) => row.campaigns.join(", "),
            },
          ]}
        />
        <p className="mt-2 max-w-3xl text-xs text-slate-600">{t("stopWords")}</p>
      </Section>
    </Form>
  );
}

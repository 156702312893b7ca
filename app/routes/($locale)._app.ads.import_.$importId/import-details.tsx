/**
 * The figures of an import preview: the formatters (integers, decimals, shares, ROAS and money in
 * the file's or the client account's currency, "—" for none), the totals with the file's own
 * totals check, every warning with its line, and a sample of the rows.
 */
import type { ImportPreview } from "~/ads/imports.server";
import { importMessage } from "~/components/ads/import-messages";
import { DataTable } from "~/components/data-table";
import { ImportReconciliation } from "~/components/ads/import-reconciliation";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";
import { Section } from "~/components/section";

type Summary = NonNullable<ImportPreview["summary"]>;
type Row = Summary["sample"][number];

/** The sample's figure columns: the metric's key (its heading) and its value. */
const SAMPLE_FIGURES: Array<[string, (row: Row, f: Formatters) => string]> = [
  ["impressions", (row, f) => f.int(row.impressions)],
  ["clicks", (row, f) => f.int(row.clicks)],
  ["costCents", (row, f) => f.money(row.costCents)],
  ["conversions", (row, f) => f.dec(row.conversions)],
];

export function useFormatters(currency: string | null) {
  const locale = usePageLocale();
  const { t } = useTranslation("ads");
  const integer = numberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = numberFormat(locale, { maximumFractionDigits: 2 });
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  return {
    int: (value: number | null | undefined) => (value == null ? "—" : integer.format(value)),
    dec: (value: number | null | undefined) => (value == null ? "—" : decimal.format(value)),
    pct: (value: number | null | undefined) => (value == null ? "—" : percent.format(value)),
    roas: (value: number | null | undefined) => (value == null ? "—" : t("import.roasValue", { value: decimal.format(value) })),
    // No currency in the file nor the account: the amount without a symbol (the facts say so).
    money: (cents: number | null | undefined) => (cents == null ? "—" : formatMoney(cents, locale, currency)),
  };
}

export type Formatters = ReturnType<typeof useFormatters>;

/** The import's totals as metrics, with the file's own totals check. */
export function ImportTotals({ s, currency, f }: { s: Summary; currency: string | null; f: Formatters }) {
  const { t } = useTranslation("ads");
  const locale = usePageLocale();
  const totals: Array<[string, string]> = [
    [t("import.metrics.impressions"), f.int(s.totals.impressions)],
    [t("import.metrics.clicks"), f.int(s.totals.clicks)],
    [t("import.metrics.costCents"), f.money(s.totals.costCents)],
    [t("import.metrics.conversions"), f.dec(s.totals.conversions)],
    [t("import.metrics.conversionValueCents"), f.money(s.totals.conversionValueCents)],
    [t("import.metrics.ctr"), f.pct(s.totals.derived.ctr)],
    [t("import.metrics.avgCpc"), f.money(s.totals.derived.avgCpcCents)],
    [t("import.metrics.cpa"), f.money(s.totals.derived.cpaCents)],
    [t("import.metrics.roas"), f.roas(s.totals.derived.roas)],
  ];
  return (
    <Section id="totals" title={t("import.totals")}>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {totals.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-surface p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="mt-1 font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {s.fileTotals.length ? <p className="mt-3 text-sm text-slate-600">{t("import.fileTotals", { count: s.fileTotals.length })}</p> : null}
      {s.reconciliation ? <ImportReconciliation result={s.reconciliation} locale={locale} currency={currency} /> : null}
    </Section>
  );
}

export function ImportWarnings({ s, currency }: { s: Summary; currency: string | null }) {
  const { t } = useTranslation("ads");
  const locale = usePageLocale();
  return (
    <Section id="warnings" title={t("import.warnings", { count: s.warningCount })}>
      {s.warningCount === 0 ? (
        <p className="mt-2 text-slate-600">{t("import.noWarnings")}</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {s.warnings.map((warning, index) => (
            <li key={index} className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-950">
              {importMessage(t, locale, currency, warning)}
            </li>
          ))}
          {s.warningCount > s.warnings.length ? (
            <li className="text-slate-600">{t("import.moreWarnings", { count: s.warningCount - s.warnings.length })}</li>
          ) : null}
        </ul>
      )}
    </Section>
  );
}

export function ImportSample({ s, f }: { s: Summary; f: Formatters }) {
  const { t } = useTranslation("ads");
  return (
    <Section id="sample" title={t("import.sample", { count: s.sample.length })}>
      <DataTable
        className="mt-3"
        caption={t("import.sample", { count: s.sample.length })}
        scroll
        dense
        rows={s.sample}
        rowKey={(row) => String(row.line)}
        columns={[
          { key: "line", header: t("import.columns.line"), className: "tabular-nums text-slate-600", cell: (row) => row.line },
          s.granularity === "day" && {
            key: "day",
            header: t("import.columns.day"),
            className: "md:whitespace-nowrap",
            cell: (row: Row) => row.day,
          },
          {
            key: "item",
            header: t("import.columns.item"),
            primary: true,
            cell: (row) => (
              <>
                {[row.campaign, row.adGroup, row.keyword ?? row.searchTerm, ...Object.values(row.breakdown ?? {})]
                  .filter(Boolean)
                  .join(" › ")}
                {row.matchType ? (
                  <span className="ml-1 text-xs font-normal text-slate-500">({t(`matchTypes.${row.matchType}`)})</span>
                ) : null}
              </>
            ),
          },
          ...SAMPLE_FIGURES.map(([key, value]) => ({
            key,
            header: t(`import.metrics.${key}`),
            numeric: true,
            cell: (row: Row) => value(row, f),
          })),
        ]}
      />
    </Section>
  );
}

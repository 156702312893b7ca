/**
 * The figures of an import preview: the formatters (integers, decimals, shares, ROAS and money in
 * the file's or the client account's currency, "—" for none), the totals with the file's own
 * totals check, every warning with its line, and a sample of the rows.
 */
import type { ImportPreview } from "~/ads/imports.server";
import { importMessage } from "~/components/ads/import-messages";
import { ImportReconciliation } from "~/components/ads/import-reconciliation";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";

type Summary = NonNullable<ImportPreview["summary"]>;

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
    <section aria-labelledby="totals" className="mt-8">
      <h2 id="totals" className="text-xl font-semibold">
        {t("import.totals")}
      </h2>
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
    </section>
  );
}

export function ImportWarnings({ s, currency }: { s: Summary; currency: string | null }) {
  const { t } = useTranslation("ads");
  const locale = usePageLocale();
  return (
    <section aria-labelledby="warnings" className="mt-8">
      <h2 id="warnings" className="text-xl font-semibold">
        {t("import.warnings", { count: s.warningCount })}
      </h2>
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
    </section>
  );
}

export function ImportSample({ s, f }: { s: Summary; f: Formatters }) {
  const { t } = useTranslation("ads");
  return (
    <section aria-labelledby="sample" className="mt-8">
      <h2 id="sample" className="text-xl font-semibold">
        {t("import.sample", { count: s.sample.length })}
      </h2>
      <div
        className="mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-surface"
        tabIndex={0}
        role="region"
        aria-labelledby="sample"
      >
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("import.columns.line")}
              </th>
              {s.granularity === "day" ? (
                <th scope="col" className="px-3 py-2">
                  {t("import.columns.day")}
                </th>
              ) : null}
              <th scope="col" className="px-3 py-2">
                {t("import.columns.item")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("import.metrics.impressions")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("import.metrics.clicks")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("import.metrics.costCents")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("import.metrics.conversions")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {s.sample.map((row) => (
              <tr key={row.line}>
                <td className="px-3 py-2 tabular-nums text-slate-600">{row.line}</td>
                {s.granularity === "day" ? <td className="whitespace-nowrap px-3 py-2">{row.day}</td> : null}
                <td className="px-3 py-2">
                  {[row.campaign, row.adGroup, row.keyword ?? row.searchTerm, ...Object.values(row.breakdown ?? {})]
                    .filter(Boolean)
                    .join(" › ")}
                  {row.matchType ? <span className="ml-1 text-xs text-slate-500">({t(`matchTypes.${row.matchType}`)})</span> : null}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{f.int(row.impressions)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{f.int(row.clicks)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{f.money(row.costCents)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{f.dec(row.conversions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

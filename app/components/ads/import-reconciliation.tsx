/**
 * An import's totals check, as its preview and its import page show it: "✓ Rows add up to the
 * file's totals" with the totals row it was compared with, or the difference per metric and the
 * reason, or that the file has no totals row; and Meta's de-duplicated reach, which is never
 * compared. The result is worked out by the parser (`reconcile`, app/ads/import/reconcile.ts).
 */
import type { Reconciliation } from "~/ads/import/reconcile";
import { useTranslation } from "~/i18n/react";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";

const MONEY = new Set(["costCents", "conversionValueCents"]);

export function ImportReconciliation({ result, locale, currency }: { result: Reconciliation; locale: string; currency: string | null }) {
  const { t } = useTranslation("ads");
  const decimal = numberFormat(locale, { maximumFractionDigits: 2 });
  const value = (metric: string, amount: number) => (MONEY.has(metric) ? formatMoney(amount, locale, currency) : decimal.format(amount));
  const label = (text: string) => (text === "" ? t("import.reconciliation.summaryRow") : text);
  return (
    <section
      aria-labelledby="reconciliation"
      className="mt-4 rounded-xl border border-slate-200 bg-surface p-4 text-sm"
      data-testid="reconciliation"
    >
      <h3 id="reconciliation" className="font-semibold">
        {t("import.reconciliation.title")}
      </h3>
      {result.status === "no-totals" ? (
        <p className="mt-1 text-slate-600">{t("import.reconciliation.noTotals")}</p>
      ) : result.status === "match" ? (
        <>
          <p className="mt-1 font-medium text-green-800" data-status="match">
            {t("import.reconciliation.match")}
          </p>
          <p className="mt-1 text-slate-600">
            {result.scope === "entity"
              ? t("import.reconciliation.againstEntities", { count: result.checked })
              : t("import.reconciliation.against", { line: result.line, label: label(result.label) })}
            {result.rounding ? ` ${t("import.reconciliation.rounding")}` : ""}
          </p>
        </>
      ) : (
        <div className="mt-1 text-amber-950" data-status="differs">
          <p className="font-medium">{t("import.reconciliation.differs", { line: result.line, label: label(result.label) })}</p>
          <ul className="mt-1 list-disc pl-5">
            {result.differences.map((d) => (
              <li key={d.metric}>
                {t("import.reconciliation.difference", {
                  metric: t(`import.metrics.${d.metric}`),
                  rows: value(d.metric, d.rows),
                  file: value(d.metric, d.file),
                  difference: value(d.metric, d.difference),
                })}
              </li>
            ))}
          </ul>
          <p className="mt-1">{t(`import.reconciliation.reasons.${result.reason}`)}</p>
        </div>
      )}
      {result.status !== "no-totals" && result.reachDeduplicated ? (
        <p className="mt-1 text-slate-600">{t("import.reconciliation.reach")}</p>
      ) : null}
    </section>
  );
}

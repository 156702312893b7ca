/**
 * One row per campaign: its status (with how far the projection is from the budget), its daily
 * budget and where it was read, the month's budget, spend so far (to which day), the recent daily
 * rate (over which days) and the projected month-end spend.
 */
import type { PacingReport } from "~/ads/pacing.server";
import { DataTable } from "~/components/data-table";
import { useTranslation } from "~/i18n/react";
import { formatDate, formatShortDay } from "~/utils/dates";
import { Section } from "~/components/section";
import { pacingFormatters, STATUS_CLASSES, STATUS_KEYS } from "./pacing-format";

export function PacingTable({ report, locale, editorHref }: { report: PacingReport; locale: string; editorHref: string }) {
  const { t } = useTranslation("ads-pacing");
  const format = pacingFormatters(locale, report.currency);
  return (
    <Section id="pacing-table" title={t("table.title")} className="mt-6" titleClassName="text-lg font-bold">
      <DataTable
        className="mt-3"
        testId="pacing"
        caption={t("table.label")}
        scroll
        dense
        rows={report.campaigns}
        rowKey={(item) => item.campaign}
        rowTestId="pacing-row"
        columns={[
          {
            key: "campaign",
            header: t("table.campaign"),
            rowHeader: true,
            primary: true,
            className: "font-medium",
            cell: (item) => item.campaign,
          },
          {
            key: "status",
            header: t("table.status"),
            cell: (item) => (
              <span
                className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[item.pace.status]}`}
                data-testid="pacing-status"
              >
                {t(`status.${STATUS_KEYS[item.pace.status]}`)}
                {item.pace.deviationPercent !== null && item.pace.status !== "paused"
                  ? ` (${format.signedPercent(item.pace.deviationPercent)})`
                  : ""}
              </span>
            ),
          },
          {
            key: "daily",
            header: t("table.dailyBudget"),
            numeric: true,
            cell: (item) => (
              <>
                <span className="block">{format.money(item.pace.dailyBudgetCents)}</span>
                <span className="block text-xs text-slate-600">{t(`table.budgetFrom.${item.budgetSource}`)}</span>
              </>
            ),
          },
          {
            key: "budget",
            header: t("table.monthBudget"),
            numeric: true,
            cell: (item) => (
              <>
                <span className="block">{format.money(item.pace.monthBudgetCents)}</span>
                <span className="block text-xs text-slate-600">{t("table.limit", { limit: format.money(item.pace.monthLimitCents) })}</span>
              </>
            ),
          },
          {
            key: "spent",
            header: t("table.spent"),
            numeric: true,
            cell: (item) => (
              <>
                <span className="block" data-testid="pacing-spent">
                  {format.money(item.pace.spentCents)}
                </span>
                <span className="block text-xs text-slate-600">
                  {item.pace.dataThrough ? t("table.through", { day: formatDate(item.pace.dataThrough, locale) }) : t("table.noDaysYet")}
                </span>
              </>
            ),
          },
          {
            key: "rate",
            header: t("table.rate"),
            numeric: true,
            cell: (item) =>
              item.pace.ratePerDayCents === null ? (
                t("table.none")
              ) : (
                <>
                  <span className="block">{t("table.perDay", { amount: format.money(item.pace.ratePerDayCents) })}</span>
                  <span className="block text-xs text-slate-600">
                    {t("table.rateDays", {
                      count: item.pace.rateDays.length,
                      start: formatShortDay(item.pace.rateDays[0]!, locale),
                      end: formatShortDay(item.pace.rateDays.at(-1)!, locale),
                    })}
                  </span>
                </>
              ),
          },
          {
            key: "projected",
            header: t("table.projected"),
            numeric: true,
            cell: (item) =>
              item.pace.projectedCents === null ? (
                t("table.none")
              ) : (
                <>
                  <span className="block" data-testid="pacing-projected">
                    {format.money(item.pace.projectedCents)}
                  </span>
                  {item.pace.capped === "day" ? <span className="block text-xs text-slate-600">{t("table.dayCapped")}</span> : null}
                  {item.pace.overLimit ? (
                    <span className="block text-xs text-slate-600">
                      {t("table.overLimit", { charged: format.money(item.pace.projectedChargeCents ?? 0) })}
                    </span>
                  ) : null}
                  {item.pace.suggestedDailyBudgetCents !== null ? (
                    <span className="block text-xs font-semibold text-slate-700" data-testid="pacing-suggestion">
                      {t("table.suggestion", { amount: format.money(item.pace.suggestedDailyBudgetCents) })}
                    </span>
                  ) : null}
                </>
              ),
          },
        ]}
      />
      <p className="mt-2 max-w-3xl text-xs text-slate-600">{t("table.note", { tolerance: report.tolerancePercent })}</p>
      {report.campaigns.some((item) => item.pace.suggestedDailyBudgetCents !== null) ? (
        <p className="mt-3 text-sm">
          <a href={editorHref} className="font-medium text-brand-700 underline" download>
            {t("table.editorCsv")}
          </a>
        </p>
      ) : null}
    </Section>
  );
}

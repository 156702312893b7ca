/** The cashback pipeline per week (confirmed and pending in a chart; pending, confirmed, declined in a table). */
import { BarChart } from "~/components/charts";
import { DataTable } from "~/components/data-table";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate, formatShortDay } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import type { AdminDashboardData } from "./route";
import { Section } from "~/components/section";

export function CashbackPipeline({ overview }: Pick<AdminDashboardData, "overview">) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <Section id="dashboard-cashback" title={t("dashboard.cashback.title")} className="">
      <p className="mt-1 text-sm text-slate-600">{t("dashboard.cashback.intro")}</p>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-surface p-5">
        <BarChart
          title={t("dashboard.cashback.chart")}
          emptyText={t("dashboard.charts.empty")}
          bars={overview.cashbackWeeks.map((week) => ({
            label: formatShortDay(week.week, locale),
            value: week.confirmedCents,
            secondary: week.pendingCents,
          }))}
          formatValue={money}
          seriesLabels={{ value: t("dashboard.cashback.confirmed"), secondary: t("dashboard.cashback.pending") }}
          height={180}
        />
      </div>
      <DataTable
        className="mt-4"
        testId="cashback-weeks"
        caption={t("dashboard.cashback.table")}
        rows={overview.cashbackWeeks.slice().reverse()}
        rowKey={(week) => week.week}
        columns={[
          {
            key: "week",
            header: t("dashboard.cashback.week"),
            rowHeader: true,
            primary: true,
            className: "font-medium",
            cell: (week) => formatDate(week.week, locale),
          },
          ...(["pending", "confirmed", "declined"] as const).map((status) => ({
            key: status,
            header: t(`dashboard.cashback.${status}`),
            numeric: true,
            cell: (week: (typeof overview.cashbackWeeks)[number]) => money(week[`${status}Cents`]),
          })),
        ]}
      />
    </Section>
  );
}

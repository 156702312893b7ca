/**
 * A chart per campaign (the chart kit's LineChart): the cumulative spend of the month's covered
 * days, the month's budget as a dashed line from the first day to the last, and the projection as
 * a dotted line from the last covered day to the month's end.
 */
import type { PacingReport } from "~/ads/pacing.server";
import { LineChart } from "~/components/charts";
import { useTranslation } from "~/i18n/react";
import { formatDate, formatShortDay } from "~/utils/dates";
import { formatMoneyWhole } from "~/utils/money";
import { ChartCard, ChartSection } from "~/components/ads/chart-section";
import { pacingFormatters } from "./pacing-format";

export function PacingCharts({ report, locale }: { report: PacingReport; locale: string }) {
  const { t } = useTranslation("ads-pacing");
  const format = pacingFormatters(locale, report.currency);
  return (
    <ChartSection id="pacing-charts" title={t("charts.title")} note={t("charts.note")}>
      {report.campaigns.map((item) => (
        <ChartCard key={item.campaign} name={item.campaign} testId="pacing-chart">
          <LineChart
            title={t("charts.chartTitle", { name: item.campaign })}
            points={item.series.actual}
            seriesLabel={t("charts.spent")}
            guides={[
              { label: t("charts.budget"), points: item.series.budget, style: "dashed" },
              ...(item.series.projection.length
                ? [{ label: t("charts.projection"), points: item.series.projection, style: "dotted" as const }]
                : []),
            ]}
            formatY={format.money}
            formatYTick={(cents) => formatMoneyWhole(cents, locale, report.currency)}
            formatX={(iso) => formatDate(iso, locale)}
            formatXTick={(iso) => formatShortDay(iso, locale)}
            emptyText={t("charts.empty")}
            height={160}
          />
        </ChartCard>
      ))}
    </ChartSection>
  );
}

/**
 * A chart per competitor of its impression share over the imported periods (the client's own,
 * "You", first; the highest shares of the latest period), a bound kept in each point's words.
 */
import type { CompetitorReport, CompetitorTrend } from "~/ads/competitors.server";
import { LineChart } from "~/components/charts";
import { useTranslation } from "~/i18n/react";
import { formatDate, formatShortDay } from "~/utils/dates";
import { nameOf, rateText } from "./competitor-format";
import { ChartCard, ChartSection } from "~/components/ads/chart-section";

/** Competitors charted (the highest shares of the latest period). */
const MAX_CHARTS = 12;

export function CompetitorCharts({
  report,
  percent,
  locale,
}: {
  report: Pick<CompetitorReport, "periods" | "you" | "competitors">;
  percent: Intl.NumberFormat;
  locale: string;
}) {
  const { t } = useTranslation("ads-competitors");
  const charted: CompetitorTrend[] = [...(report.you ? [report.you] : []), ...report.competitors.slice(0, MAX_CHARTS)];
  return (
    <ChartSection id="competitors-charts" title={t("charts.title")} note={t("charts.note")}>
      {charted.map((trend) => {
        const series = report.periods.flatMap((period, i) => {
          const share = trend.points[i]?.impressionShare;
          return share ? [{ x: period.key, y: share.value, share }] : [];
        });
        const byX = new Map(series.map((point) => [point.x, point.share]));
        return (
          <ChartCard key={`${trend.isYou}-${trend.domain}`} name={nameOf(trend, t)} nameClassName="break-all" testId="competitor-chart">
            <LineChart
              title={t("charts.chartTitle", { name: nameOf(trend, t) })}
              points={series.map(({ x, y }) => ({ x, y }))}
              formatY={(n) => percent.format(n)}
              formatX={(iso) => formatDate(iso, locale)}
              formatXTick={(iso) => formatShortDay(iso, locale)}
              formatPoint={(point) => `${formatDate(point.x, locale)}, ${rateText(byX.get(point.x) ?? null, percent, t)}`}
              emptyText={t("charts.empty")}
              height={160}
            />
          </ChartCard>
        );
      })}
    </ChartSection>
  );
}

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
import { Section } from "~/components/section";
import { pacingFormatters } from "./pacing-format";

export function PacingCharts({ report, locale }: { report: PacingReport; locale: string }) {
  const { t } = useTranslation("ads-pacing");
  const format = pacingFormatters(locale, report.currency);
  return (
    <Section id="pacing-charts" title={t("charts.title")} titleClassName="text-lg font-bold">
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {report.campaigns.map((item) => (
          <div key={item.campaign} className="rounded-2xl border border-slate-200 bg-surface p-4" data-testid="pacing-chart">
            <h3 className="font-semibold">{item.campaign}</h3>
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
          </div>
        ))}
      </div>
      <p className="mt-2 max-w-3xl text-xs text-slate-600">{t("charts.note")}</p>
    </Section>
  );
}

/**
 * The ad figures the dashboard and the shared report page both draw: a KPI card (its name, value
 * and, when there is a previous period, its change, green when good news, red when bad; ▲/▼ hidden
 * from screen readers, the words say it) and the two day-by-day charts (spend and conversions) of
 * the chart kit, server-rendered SVG readable without JavaScript.
 */
import type { KpiChange, KpiFormatters } from "~/ads/kpi-format";
import { LineChart } from "~/components/charts";
import { formatDate, formatShortDay } from "~/utils/dates";
import { formatMoneyWhole } from "~/utils/money";

export function KpiCard({ label, value, change, testId }: { label: string; value: string; change: KpiChange | null; testId?: string }) {
  const tone = change?.good == null ? "text-slate-700" : change.good ? "text-green-800" : "text-red-700";
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-surface p-4" data-testid={testId}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 break-words text-lg font-bold tabular-nums sm:text-xl">{value}</dd>
      {change ? (
        <dd className={`mt-1 flex flex-wrap items-center gap-1 text-xs font-medium ${tone}`} data-testid="kpi-change">
          {change.direction === "up" || change.direction === "down" ? (
            <span aria-hidden="true">{change.direction === "up" ? "\u25B2" : "\u25BC"}</span>
          ) : null}
          <span>{change.text}</span>
        </dd>
      ) : null}
    </div>
  );
}

/** The KPI cards of a period, one per key, in a grid (`className`: its columns and gap). */
export function KpiGrid<Key extends string>({
  keys,
  label,
  value,
  change,
  testIdPrefix,
  className,
}: {
  keys: readonly Key[];
  label: (key: Key) => string;
  value: (key: Key) => string;
  change: (key: Key) => KpiChange | null;
  testIdPrefix: string;
  className: string;
}) {
  return (
    <dl className={className}>
      {keys.map((key) => (
        <KpiCard key={key} label={label(key)} value={value(key)} change={change(key)} testId={`${testIdPrefix}${key}`} />
      ))}
    </dl>
  );
}

export function AdDayCharts({
  days,
  currency,
  f,
  labels,
}: {
  days: ReadonlyArray<{ day: string; spendCents: number; conversions: number }>;
  currency: string | null;
  f: Pick<KpiFormatters, "locale" | "money" | "decimal">;
  labels: { spend: string; conversions: string; empty: string };
}) {
  const locale = f.locale;
  const charts = [
    {
      title: labels.spend,
      points: days.map((day) => ({ x: day.day, y: day.spendCents })),
      formatY: f.money,
      formatYTick: (cents: number) => formatMoneyWhole(cents, locale, currency),
      area: true,
    },
    {
      title: labels.conversions,
      points: days.map((day) => ({ x: day.day, y: day.conversions })),
      formatY: f.decimal,
      formatYTick: undefined,
      area: false,
    },
  ];
  return (
    <div className="mt-3 grid gap-4 lg:grid-cols-2">
      {charts.map((chart) => (
        <div key={chart.title} className="rounded-2xl border border-slate-200 bg-surface p-4">
          <p className="text-sm font-semibold" aria-hidden="true">
            {chart.title}
          </p>
          <LineChart
            title={chart.title}
            points={chart.points}
            formatY={chart.formatY}
            formatYTick={chart.formatYTick}
            formatX={(day) => formatDate(day, locale)}
            formatXTick={(day) => formatShortDay(day, locale)}
            emptyText={labels.empty}
            area={chart.area}
            height={180}
          />
        </div>
      ))}
    </div>
  );
}

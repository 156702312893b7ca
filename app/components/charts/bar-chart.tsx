/**
 * BarChart owns category charts (cashback per month, per store): one bar per category, optionally
 * with a stacked second part (e.g. pending on top of confirmed). geometry.ts does the maths (d3's,
 * ported), React renders an SVG that scales to any width, labels in unstretched SVG (no inline
 * styles: see shared.tsx), a legend, a hidden data table as the text alternative, and (with JS)
 * one focusable surface whose arrow keys walk the bars (one equal slot per band; shared.tsx).
 */
import { useState } from "react";
import { bandScale } from "./geometry";
import {
  EmptyChart,
  HiddenDataTable,
  PlotFrame,
  PointExplorer,
  TONES,
  Tooltip,
  VIEW_WIDTH,
  cx,
  plotHeightOf,
  round,
  valueScale,
  type ChartTone,
} from "./shared";

export interface BarChartBar {
  label: string;
  value: number;
  /** Optional second part stacked on the value (e.g. pending on top of confirmed). */
  secondary?: number;
}

export interface BarChartProps {
  bars: ReadonlyArray<BarChartBar>;
  /** Accessible name of the chart (SVG <title>, table caption). */
  title: string;
  description?: string;
  formatValue: (n: number) => string;
  /** Names of the two parts, for the legend, the tooltip and the table's column headers. */
  seriesLabels?: { value: string; secondary?: string };
  /** Accessible name of one bar; defaults to "label, [series] value, [series] secondary". */
  formatBar?: (bar: BarChartBar) => string;
  /** Plot height in px (default 200); the width follows the container. */
  height?: number;
  /** Shown instead of the chart when there are no bars. */
  emptyText?: string;
  /** "inverse" on the dark-green accent panels with white text; "default" elsewhere. */
  tone?: ChartTone;
  className?: string;
}

interface Segment {
  y: number;
  height: number;
}

function finite(n: number | undefined): number {
  return n !== undefined && Number.isFinite(n) ? n : 0;
}

export function BarChart({
  bars,
  title,
  description,
  formatValue,
  seriesLabels,
  formatBar,
  height,
  emptyText,
  tone = "default",
  className,
}: BarChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const plotHeight = plotHeightOf(height);

  if (bars.length === 0) return <EmptyChart title={title} emptyText={emptyText} height={plotHeight} tone={tone} className={className} />;

  const hasSecondary = bars.some((bar) => bar.secondary !== undefined);
  const { scale: y, ticks } = valueScale(
    bars.flatMap((bar) => [finite(bar.value), finite(bar.value) + finite(bar.secondary)]),
    plotHeight,
    formatValue,
  );
  // paddingOuter = paddingInner / 2: the steps tile the width exactly, so equal hit slots match the bands.
  const band = bandScale(bars.length, VIEW_WIDTH, 0.25, 0.125);
  const step = band.step;
  const width = round(band.bandwidth);

  const span = (from: number, to: number): Segment => {
    const a = y(from);
    const b = y(to);
    return { y: round(Math.min(a, b)), height: round(Math.abs(a - b)) };
  };

  const plotted = bars.map((bar, i) => {
    const value = finite(bar.value);
    const secondary = finite(bar.secondary);
    const x = round(band.x(i));
    const main = span(0, value);
    let extra = span(value, value + secondary);
    // A 1px gap between the two parts, so they stay apart without relying on colour.
    if (main.height > 0 && extra.height > 2) {
      const upwards = y(value + secondary) < y(value);
      extra = { y: upwards ? extra.y : round(extra.y + 1), height: round(extra.height - 1) };
    }
    const top = round(Math.min(y(0), y(value), y(value + secondary)));
    return { bar, x, center: round(x + band.bandwidth / 2), main, extra, top };
  });

  const nameOf = (bar: BarChartBar): string => {
    if (formatBar) return formatBar(bar);
    const part = (series: string | undefined, n: number) => (series ? `${series} ${formatValue(n)}` : formatValue(n));
    const parts = [bar.label, part(seriesLabels?.value, finite(bar.value))];
    if (bar.secondary !== undefined) parts.push(part(seriesLabels?.secondary, finite(bar.secondary)));
    return parts.join(", ");
  };

  // Label every bar when there is room; thin out long series, and halve them again on small screens.
  const every = bars.length <= 12 ? 1 : Math.ceil(bars.length / 12);
  const labelClass = (i: number): string | null => {
    if (i % every !== 0) return null;
    return bars.length > 6 && (i / every) % 2 === 1 ? "max-sm:hidden" : "";
  };
  const current = active === null ? undefined : plotted[active];
  const colours = TONES[tone];

  return (
    <figure className={cx("w-full min-w-0", className)}>
      {seriesLabels ? (
        <ul className={cx("mb-1 flex flex-wrap gap-x-4 gap-y-1 text-xs", colours.label)}>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cx("h-2.5 w-2.5 rounded-sm", colours.swatch)} />
            {seriesLabels.value}
          </li>
          {hasSecondary && seriesLabels.secondary ? (
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className={cx("h-2.5 w-2.5 rounded-sm", colours.secondarySwatch)} />
              {seriesLabels.secondary}
            </li>
          ) : null}
        </ul>
      ) : null}

      <PlotFrame
        title={title}
        description={description}
        plotHeight={plotHeight}
        ticks={ticks}
        emphasiseZero={y.domain()[0]! < 0}
        tone={tone}
        xLabels={plotted.flatMap((p, i) => {
          const visibility = labelClass(i);
          return visibility === null ? [] : [{ key: i, text: p.bar.label, x: p.center, anchor: "middle" as const, className: visibility }];
        })}
        onLeave={() => setActive(null)}
        overlay={
          <>
            <PointExplorer label={title} names={plotted.map((p) => nameOf(p.bar))} active={active} tone={tone} setActive={setActive} />
            {current ? (
              <Tooltip x={current.center} y={current.top} plotHeight={plotHeight} tone={tone}>
                <span className="block opacity-80">{current.bar.label}</span>
                <span className="flex items-center gap-1.5">
                  <span className={cx("h-2 w-2 rounded-sm", colours.swatch)} />
                  {seriesLabels ? <span>{seriesLabels.value}</span> : null}
                  <span className="font-semibold tabular-nums">{formatValue(finite(current.bar.value))}</span>
                </span>
                {current.bar.secondary !== undefined ? (
                  <span className="flex items-center gap-1.5">
                    <span className={cx("h-2 w-2 rounded-sm", colours.secondarySwatch)} />
                    {seriesLabels?.secondary ? <span>{seriesLabels.secondary}</span> : null}
                    <span className="font-semibold tabular-nums">{formatValue(finite(current.bar.secondary))}</span>
                  </span>
                ) : null}
              </Tooltip>
            ) : null}
          </>
        }
      >
        {current ? (
          <rect
            className={colours.highlight}
            fill="currentColor"
            x={round(current.x - (step - width) / 2)}
            y={0}
            width={round(step)}
            height={plotHeight}
          />
        ) : null}
        <g className={colours.series}>
          {plotted.map((p, i) =>
            p.main.height > 0 ? <rect key={i} x={p.x} y={p.main.y} width={width} height={p.main.height} fill="currentColor" /> : null,
          )}
        </g>
        <g className={colours.secondary}>
          {plotted.map((p, i) =>
            p.extra.height > 0 ? <rect key={i} x={p.x} y={p.extra.y} width={width} height={p.extra.height} fill="currentColor" /> : null,
          )}
        </g>
      </PlotFrame>

      <HiddenDataTable
        caption={title}
        head={
          seriesLabels ? (
            <thead>
              <tr>
                <td />
                <th scope="col">{seriesLabels.value}</th>
                {hasSecondary ? seriesLabels.secondary ? <th scope="col">{seriesLabels.secondary}</th> : <td /> : null}
              </tr>
            </thead>
          ) : null
        }
      >
        {bars.map((bar, i) => (
          <tr key={i}>
            <th scope="row">{bar.label}</th>
            <td>{formatValue(finite(bar.value))}</td>
            {hasSecondary ? <td>{bar.secondary !== undefined ? formatValue(finite(bar.secondary)) : null}</td> : null}
          </tr>
        ))}
      </HiddenDataTable>
    </figure>
  );
}

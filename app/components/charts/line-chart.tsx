/**
 * LineChart owns time-series charts (balance over time, daily cashback): geometry.ts does the
 * maths (d3's, ported), React renders an SVG that scales to any width, axis labels and dots in
 * unstretched SVG overlays (no inline styles: see shared.tsx), a hidden data table as the text
 * alternative, and (with JS) one focusable surface whose arrow keys walk the points (shared.tsx).
 */
import { useMemo, useState } from "react";
import { monotoneArea, monotoneLine, scaleLinear } from "./geometry";
import {
  EmptyChart,
  HiddenDataTable,
  PlotFrame,
  PointExplorer,
  TONES,
  Tooltip,
  VIEW_WIDTH,
  cx,
  parseIsoDate,
  percent,
  plotHeightOf,
  round,
  roundPath,
  valueScale,
  type ChartTone,
} from "./shared";

export interface LineChartPoint {
  /** ISO 8601 date ("2024-05-01") or date-time; a date-time without an offset is read as UTC. */
  x: string;
  y: number;
}

/** A straight reference line beside the series (a budget, a projection): drawn point to point, listed in the legend and the table. */
export interface LineChartGuide {
  label: string;
  points: ReadonlyArray<LineChartPoint>;
  /** `dashed` in the secondary colour (a target), `dotted` in the series' colour (where the series is heading). */
  style: "dashed" | "dotted";
}

export interface LineChartProps {
  points: ReadonlyArray<LineChartPoint>;
  /** Accessible name of the chart (SVG <title>, table caption). */
  title: string;
  description?: string;
  formatY: (n: number) => string;
  formatX: (iso: string) => string;
  /** Shorter labels for the axes (default: formatY / formatX), e.g. whole dollars and "7 Nov". */
  formatYTick?: (n: number) => string;
  formatXTick?: (iso: string) => string;
  /** Accessible name of one point; defaults to "formatX(x), formatY(y)". */
  formatPoint?: (point: LineChartPoint) => string;
  /** Plot height in px (default 200); the width follows the container. */
  height?: number;
  /** Shade the area between the line and zero. */
  area?: boolean;
  /** The series' name in the legend (shown with `guides`). */
  seriesLabel?: string;
  /** Reference lines sharing the axes (see LineChartGuide). */
  guides?: ReadonlyArray<LineChartGuide>;
  /** Shown instead of the chart when there is no (valid) point. */
  emptyText?: string;
  /** "inverse" on the dark-green accent panels with white text; "default" elsewhere. */
  tone?: ChartTone;
  className?: string;
}

/** Horizontal room (viewBox units) left of the first and right of the last point. */
const PAD_X = 8;
/** Series at most this long show every point as a dot; longer ones show the hovered/focused one. */
const MAX_DOTS = 12;

interface Plotted extends LineChartPoint {
  px: number;
  py: number;
}

export function LineChart({
  points,
  title,
  description,
  formatY,
  formatX,
  formatYTick,
  formatXTick,
  formatPoint,
  height,
  area = false,
  seriesLabel,
  guides = [],
  emptyText,
  tone = "default",
  className,
}: LineChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const plotHeight = plotHeightOf(height);

  const data = useMemo(
    () =>
      points
        .map((point) => ({ point, t: parseIsoDate(point.x) }))
        .filter(({ point, t }) => Number.isFinite(t) && Number.isFinite(point.y))
        .sort((a, b) => a.t - b.t),
    [points],
  );

  const guideData = guides.map((guide) => ({
    guide,
    points: guide.points
      .map((point) => ({ point, t: parseIsoDate(point.x) }))
      .filter(({ point, t }) => Number.isFinite(t) && Number.isFinite(point.y))
      .sort((a, b) => a.t - b.t),
  }));
  const everyT = [...data, ...guideData.flatMap((item) => item.points)].map((item) => item.t);
  if (everyT.length === 0) return <EmptyChart title={title} emptyText={emptyText} height={plotHeight} tone={tone} className={className} />;

  const { scale: y, ticks } = valueScale(
    [...data, ...guideData.flatMap((item) => item.points)].map(({ point }) => point.y),
    plotHeight,
    formatYTick ?? formatY,
  );
  // A UTC time scale is a linear scale over epoch milliseconds.
  const x = scaleLinear([Math.min(...everyT), Math.max(...everyT)], [PAD_X, VIEW_WIDTH - PAD_X]);
  const plotted: Plotted[] = data.map(({ point, t }) => ({ ...point, px: round(x(t)), py: round(y(point.y)) }));
  const zeroY = round(y(0));
  const guidePaths = guideData.map(({ guide, points: guidePoints }) => ({
    guide,
    path: guidePoints.map(({ point, t }, i) => `${i === 0 ? "M" : "L"}${round(x(t))},${round(y(point.y))}`).join(""),
  }));

  const linePath = plotted.length ? roundPath(monotoneLine(plotted.map((p) => [p.px, p.py]))) : "";
  const areaPath = area
    ? roundPath(
        monotoneArea(
          plotted.map((p) => [p.px, p.py]),
          zeroY,
        ),
      )
    : "";

  const last = plotted.length - 1;
  const labelIndexes = [...new Set([0, Math.floor(last / 2), last])];
  const xLabels = guides.length
    ? // With guides the axis spans every line: its first, middle and last dates.
      [0, 0.5, 1].map((f, i) => {
        const t = Math.min(...everyT) + f * (Math.max(...everyT) - Math.min(...everyT));
        const iso = new Date(Math.round(t / 86_400_000) * 86_400_000).toISOString().slice(0, 10);
        return {
          key: i,
          text: (formatXTick ?? formatX)(iso),
          x: round(x(t)),
          anchor: i === 0 ? "start" : i === 2 ? "end" : "middle",
        } as const;
      })
    : labelIndexes.map((i) => {
        const p = plotted[i]!;
        const anchor = plotted.length === 1 ? "middle" : i === 0 ? "start" : i === last ? "end" : "middle";
        return { key: i, text: (formatXTick ?? formatX)(p.x), x: plotted.length === 1 ? VIEW_WIDTH / 2 : p.px, anchor } as const;
      });
  const nameOf = (p: LineChartPoint) => (formatPoint ? formatPoint({ x: p.x, y: p.y }) : `${formatX(p.x)}, ${formatY(p.y)}`);
  const current = active === null ? undefined : plotted[active];
  const colours = TONES[tone];

  return (
    <figure className={cx("w-full min-w-0", className)}>
      {guides.length ? (
        <ul className={cx("mb-1 flex flex-wrap gap-x-4 gap-y-1 text-xs", colours.label)}>
          {seriesLabel ? (
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className={cx("h-0.5 w-4", colours.swatch)} />
              {seriesLabel}
            </li>
          ) : null}
          {guides.map((guide) => (
            <li key={guide.label} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={cx(
                  "w-4 border-t-2",
                  guide.style === "dashed" ? "border-dashed border-amber-600" : "border-dotted border-brand-600",
                )}
              />
              {guide.label}
            </li>
          ))}
        </ul>
      ) : null}
      <PlotFrame
        title={title}
        description={description}
        plotHeight={plotHeight}
        ticks={ticks}
        emphasiseZero={y.domain()[0]! < 0}
        tone={tone}
        xLabels={xLabels}
        onLeave={() => setActive(null)}
        overlay={
          <>
            {/* Guide and dots: an unstretched overlay (no viewBox), x in percent of the width, y in px. */}
            <svg aria-hidden="true" width="100%" height={plotHeight} className="pointer-events-none absolute inset-0 overflow-visible">
              {current ? (
                <line
                  x1={percent(current.px, VIEW_WIDTH)}
                  x2={percent(current.px, VIEW_WIDTH)}
                  y1={0}
                  y2={plotHeight}
                  stroke="currentColor"
                  strokeWidth={1}
                  shapeRendering="crispEdges"
                  className={colours.guide}
                />
              ) : null}
              <g className={colours.dot} strokeWidth={2}>
                {plotted.map((p, i) =>
                  plotted.length <= MAX_DOTS || i === active ? (
                    <circle key={i} cx={percent(p.px, VIEW_WIDTH)} cy={p.py} r={i === active ? 7 : 5} />
                  ) : null,
                )}
              </g>
            </svg>
            {plotted.length ? (
              <PointExplorer label={title} names={plotted.map(nameOf)} active={active} tone={tone} setActive={setActive} />
            ) : null}
            {current ? (
              <Tooltip x={current.px} y={current.py} plotHeight={plotHeight} tone={tone}>
                <span className="block opacity-80">{formatX(current.x)}</span>
                <span className="block font-semibold tabular-nums">{formatY(current.y)}</span>
              </Tooltip>
            ) : null}
          </>
        }
      >
        {guidePaths.map(({ guide, path }) => (
          <path
            key={guide.label}
            d={path}
            className={guide.style === "dashed" ? colours.secondary : colours.series}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeDasharray={guide.style === "dashed" ? "6 4" : "2 4"}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <g className={colours.series}>
          {area ? <path d={areaPath} fill="currentColor" fillOpacity={0.15} stroke="none" /> : null}
          <path
            d={linePath}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        </g>
      </PlotFrame>

      <HiddenDataTable caption={title}>
        {plotted.map((p, i) => (
          <tr key={i}>
            <th scope="row">{formatX(p.x)}</th>
            <td>{formatY(p.y)}</td>
          </tr>
        ))}
        {guideData.flatMap(({ guide, points: guidePoints }) =>
          guidePoints.map(({ point }, i) => (
            <tr key={`${guide.label}-${i}`}>
              <th scope="row">
                {guide.label}: {formatX(point.x)}
              </th>
              <td>{formatY(point.y)}</td>
            </tr>
          )),
        )}
      </HiddenDataTable>
    </figure>
  );
}

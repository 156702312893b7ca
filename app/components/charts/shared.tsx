/**
 * Internals of the chart kit (not re-exported from index.ts): the value scale and its few labelled
 * gridlines, ISO date parsing that gives the same instant on server and client, number rounding for
 * markup, and the pieces both charts share (the plot between its axes, the point explorer, value
 * tooltip, empty state, the hidden data table).
 * Everything here is deterministic, so the server HTML and the first client render are identical.
 *
 * No `style` attribute in server HTML: the Content-Security-Policy (`style-src 'self'`) makes
 * browsers ignore inline style attributes. Positions are SVG attributes instead (px, or percentages
 * of the rendered width in SVGs without a viewBox, which never stretch text), sizes are SVG
 * attributes or fixed Tailwind classes, and hit areas are equal flex slots. Only what appears after
 * an interaction (the tooltip) may use `style`: React sets it through the CSSOM, which CSP allows.
 */
import { scaleLinear, type LinearScale } from "./geometry";
import { useId, type Dispatch, type KeyboardEvent, type PointerEvent, type ReactNode, type SetStateAction } from "react";
import { useHydrated } from "~/utils/use-hydrated";

/** Charts draw into a viewBox this wide; CSS stretches it to the container (preserveAspectRatio="none"). */
export const VIEW_WIDTH = 600;
/** Room (in px: the viewBox height equals the rendered height) above the top and below the bottom value. */
export const PLOT_PAD = 6;
export const DEFAULT_HEIGHT = 200;
const MIN_HEIGHT = 48;

/**
 * Colour roles per tone, all palette tokens: "default" for surfaces and pages (flips with dark mode),
 * "inverse" for the fixed dark-green accent panels that carry white text (same in both themes).
 */
export type ChartTone = "default" | "inverse";
export const TONES = {
  default: {
    series: "text-brand-600",
    secondary: "text-amber-600",
    swatch: "bg-brand-600",
    secondarySwatch: "bg-amber-600",
    dot: "fill-brand-600 stroke-surface",
    grid: "text-slate-200",
    zero: "text-slate-400",
    label: "text-slate-600",
    guide: "text-slate-300",
    highlight: "text-slate-100",
    focus: "",
    tooltip: "bg-night text-white",
    empty: "border-slate-300 text-slate-600",
  },
  inverse: {
    series: "text-white",
    secondary: "text-white/50",
    swatch: "bg-white",
    secondarySwatch: "bg-white/50",
    dot: "fill-white stroke-accent-strong",
    grid: "text-white/25",
    zero: "text-white/60",
    label: "text-white/80",
    guide: "text-white/50",
    highlight: "text-white/10",
    focus: "focus-visible:outline-white",
    tooltip: "bg-surface text-slate-900",
    empty: "border-white/40 text-white/90",
  },
} as const satisfies Record<ChartTone, Record<string, string>>;

export function plotHeightOf(height: number | undefined): number {
  return Number.isFinite(height) ? Math.max(MIN_HEIGHT, Math.round(height!)) : DEFAULT_HEIGHT;
}

export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}

/** Rounds for markup (2 decimals, never "-0"); non-finite input becomes 0 so no "NaN" reaches the HTML. */
export function round(n: number, digits = 2): number {
  if (!Number.isFinite(n)) return 0;
  const factor = 10 ** digits;
  const rounded = Math.round(n * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** A share of the viewBox width or plot height as a CSS percentage. */
export function percent(part: number, whole: number): string {
  return `${whole > 0 ? round((part / whole) * 100, 3) : 0}%`;
}

/** Rounds the numbers of an SVG path string to 2 decimals (shorter markup, same on server and client). */
export function roundPath(d: string | null): string {
  return (d ?? "").replace(/-?\d*\.\d+(?:e-?\d+)?/gi, (n) => String(round(Number(n))));
}

/**
 * ISO 8601 date or date-time → epoch ms. Date-only strings are UTC by spec; a date-time without an
 * offset would be read in the runtime's time zone (server and browser differ), so it is read as UTC.
 */
export function parseIsoDate(iso: string): number {
  const hasTime = iso.includes("T");
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(iso);
  return Date.parse(hasTime && !hasZone ? `${iso}Z` : iso);
}

export interface Tick {
  value: number;
  label: string;
  /** Distance from the top of the plot, px. */
  y: number;
}

/**
 * The y scale of a chart: always includes 0 (amounts are compared with nothing, and negative values
 * fall below a visible zero line), "nice" bounds, and 2–5 gridlines (usually 3–4) with distinct labels.
 * Integer data (cents) gets integer gridlines only. All-zero data gets one gridline at 0, at the bottom.
 */
export function valueScale(
  values: readonly number[],
  height: number,
  format: (n: number) => string,
): { scale: LinearScale; ticks: Tick[] } {
  const finite = values.filter(Number.isFinite);
  const lo = Math.min(0, ...finite);
  let hi = Math.max(0, ...finite);
  const flat = lo === hi;
  if (flat) hi = 1;
  const integers = finite.every(Number.isInteger);

  const range: [number, number] = [height - PLOT_PAD, PLOT_PAD];
  let scale = scaleLinear([lo, hi], range);
  let values_: number[] = [0];
  if (!flat) {
    // The tightest "nice" domain that needs at most 5 gridlines (fewer gridlines break ties).
    let best: { scale: LinearScale; ticks: number[]; span: number } | undefined;
    for (const count of [5, 4, 3, 2]) {
      const candidate = scaleLinear([lo, hi], range).nice(count);
      let ticks = candidate.ticks(count);
      if (integers) ticks = ticks.filter(Number.isInteger);
      if (ticks.length < 2 || ticks.length > 5) continue;
      const [from, to] = candidate.domain() as [number, number];
      const span = to - from;
      if (!best || span < best.span || (span === best.span && ticks.length < best.ticks.length)) best = { scale: candidate, ticks, span };
    }
    if (best) {
      scale = best.scale;
      values_ = best.ticks;
    } else {
      scale = scaleLinear([lo, hi], range).nice(2);
      values_ = scale.ticks(2).filter((tick) => !integers || Number.isInteger(tick));
    }
  }

  const seen = new Set<string>();
  const ticks: Tick[] = [];
  for (const value of values_) {
    const label = format(value);
    if (seen.has(label)) continue;
    seen.add(label);
    ticks.push({ value, label, y: round(scale(value)) });
  }
  return { scale, ticks };
}

/**
 * Y-axis labels beside the plot, as SVG text in an SVG without a viewBox (so text never stretches,
 * and y is in px like the plot's). An invisible HTML copy of the labels sizes the column; the grid
 * row stretches the column to the plot's height. Hidden from assistive technology: the chart's
 * table is the text alternative.
 */
function YAxis({ ticks, tone }: { ticks: Tick[]; tone: ChartTone }) {
  return (
    <div aria-hidden="true" className={cx("relative text-xs tabular-nums", TONES[tone].label)}>
      <div className="invisible h-0 overflow-hidden">
        {ticks.map((tick) => (
          <div key={tick.value} className="whitespace-nowrap">
            {tick.label}
          </div>
        ))}
      </div>
      <svg width="100%" height="100%" className="absolute inset-0 overflow-visible" fill="currentColor">
        {ticks.map((tick) => (
          <text key={tick.value} x="100%" y={tick.y} textAnchor="end" dominantBaseline="central">
            {tick.label}
          </text>
        ))}
      </svg>
    </div>
  );
}

/**
 * Labels under the plot, as SVG text positioned in percent of the plot's rendered width
 * (an SVG without a viewBox: the text keeps its size at any width).
 */
export type XLabel = { key: string | number; text: string; x: number; anchor: "start" | "middle" | "end"; className?: string };

function XLabels({ labels, tone }: { labels: ReadonlyArray<XLabel>; tone: ChartTone }) {
  return (
    <svg
      aria-hidden="true"
      width="100%"
      height={16}
      fill="currentColor"
      className={cx("mt-1 block overflow-visible text-xs", TONES[tone].label)}
    >
      {labels.map((label) => (
        <text
          key={label.key}
          x={percent(label.x, VIEW_WIDTH)}
          y={8}
          textAnchor={label.anchor}
          dominantBaseline="central"
          className={label.className || undefined}
        >
          {label.text}
        </text>
      ))}
    </svg>
  );
}

/**
 * The chart's one keyboard and pointer surface, over the whole plot (one tab stop per chart, and a
 * tap target as large as the plot): the pointer picks the point or bar under it (equal slots, no
 * positions to set, so no style), the arrow keys move between them (Left/Right, Home/End; Escape
 * lets go), and its value text says the one shown (date and value). With JavaScript only: without
 * it the chart's table is its text and there is nothing to focus.
 */
export function PointExplorer({
  label,
  names,
  active,
  tone,
  setActive,
}: {
  /** The chart's name (the surface is named like the chart). */
  label: string;
  names: readonly string[];
  active: number | null;
  tone: ChartTone;
  setActive: Dispatch<SetStateAction<number | null>>;
}) {
  const hydrated = useHydrated();
  if (!hydrated || names.length === 0) return null;
  const last = names.length - 1;
  const slotAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const share = box.width > 0 ? (event.clientX - box.left) / box.width : 0;
    return Math.min(last, Math.max(0, Math.floor(share * names.length)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, (from: number) => number> = {
      ArrowRight: (from) => Math.min(last, from + 1),
      ArrowUp: (from) => Math.min(last, from + 1),
      ArrowLeft: (from) => Math.max(0, from - 1),
      ArrowDown: (from) => Math.max(0, from - 1),
      Home: () => 0,
      End: () => last,
    };
    if (event.key === "Escape") {
      setActive(null);
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setActive((was) => move(was ?? last));
  };
  const shown = active ?? last;
  return (
    // A slider over the points: screen readers pass it the arrow keys and say its value text (the
    // point's date and value) at each move.
    <div
      role="slider"
      aria-label={label}
      aria-orientation="horizontal"
      aria-valuemin={1}
      aria-valuemax={names.length}
      aria-valuenow={shown + 1}
      aria-valuetext={names[shown]}
      tabIndex={0}
      data-testid="chart-explorer"
      className={cx("absolute inset-0 cursor-crosshair rounded-sm", TONES[tone].focus)}
      onPointerMove={(event) => setActive(slotAt(event))}
      onPointerDown={(event) => setActive(slotAt(event))}
      // The latest point first: what a person looking at a balance wants to know.
      onFocus={() => setActive((was) => was ?? last)}
      onBlur={() => setActive(null)}
      onKeyDown={onKeyDown}
    />
  );
}

/** Gridlines across the plot; the zero line is stronger when there are negative values. */
function Gridlines({ ticks, emphasiseZero, tone }: { ticks: Tick[]; emphasiseZero: boolean; tone: ChartTone }) {
  return (
    <g className={TONES[tone].grid}>
      {ticks.map((tick) => (
        <line
          key={tick.value}
          x1={0}
          x2={VIEW_WIDTH}
          y1={tick.y}
          y2={tick.y}
          stroke="currentColor"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
          shapeRendering="crispEdges"
          className={emphasiseZero && tick.value === 0 ? TONES[tone].zero : undefined}
        />
      ))}
    </g>
  );
}

/**
 * The value shown while a point or bar is hovered or focused. Hidden from assistive technology (the
 * focused element's aria-label says the same) and from the pointer (it never steals the hover).
 * It opens towards the middle of the plot, so it never overflows a narrow screen.
 */
export function Tooltip({
  x,
  y,
  plotHeight,
  tone,
  children,
}: {
  /** Anchor, in viewBox units (x: 0–VIEW_WIDTH, y: px from the top). */
  x: number;
  y: number;
  plotHeight: number;
  tone: ChartTone;
  children: ReactNode;
}) {
  const share = x / VIEW_WIDTH;
  const horizontal = share < 0.25 ? "" : share > 0.75 ? "-translate-x-full" : "-translate-x-1/2";
  const below = y < plotHeight * 0.35;
  return (
    <div
      aria-hidden="true"
      className={cx(
        "pointer-events-none absolute z-10 whitespace-nowrap rounded-md px-2 py-1 text-xs leading-snug shadow-lg",
        TONES[tone].tooltip,
        horizontal,
        below ? "mt-3" : "-translate-y-full -mt-3",
      )}
      style={{ left: percent(x, VIEW_WIDTH), top: y }}
    >
      {children}
    </div>
  );
}

/** Minimum heights of the empty state (fixed classes, so Tailwind sees them), largest first. */
const EMPTY_HEIGHTS = [
  [120, "min-h-[120px]"],
  [96, "min-h-24"],
  [80, "min-h-20"],
  [64, "min-h-16"],
  [48, "min-h-12"],
] as const;

/** What a chart shows instead of an empty plot: the caller's text in a box of about the chart's height (at most 120 px). */
export function EmptyChart({
  title,
  emptyText,
  height,
  tone,
  className,
}: {
  title: string;
  emptyText?: string;
  height: number;
  tone: ChartTone;
  className?: string;
}) {
  return (
    <figure className={cx("w-full min-w-0", className)}>
      <div
        className={cx(
          "flex items-center justify-center rounded-lg border border-dashed px-4 text-center text-sm",
          TONES[tone].empty,
          (EMPTY_HEIGHTS.find(([px]) => px <= height) ?? EMPTY_HEIGHTS[EMPTY_HEIGHTS.length - 1]!)[1],
        )}
      >
        {emptyText ? <p>{emptyText}</p> : <span className="sr-only">{title}</span>}
      </div>
    </figure>
  );
}

/**
 * The plot between its axes, the same in every chart: the y axis beside the stretched drawing (an
 * image named by its title and description: the gridlines, then the chart's series as `children`),
 * what the chart lays over the drawing (`overlay`: guides, the point explorer, the tooltip), and
 * the x labels under it. Leaving it with the mouse calls `onLeave` (the chart clears its point).
 */
export function PlotFrame({
  title,
  description,
  plotHeight,
  ticks,
  emphasiseZero,
  tone,
  xLabels,
  onLeave,
  overlay,
  children,
}: {
  title: string;
  description?: string;
  plotHeight: number;
  ticks: Tick[];
  emphasiseZero: boolean;
  tone: ChartTone;
  xLabels: XLabel[];
  onLeave: () => void;
  overlay: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 py-2">
      <YAxis ticks={ticks} tone={tone} />
      <div className="relative" onMouseLeave={onLeave}>
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={description ? `${id}-desc` : undefined}
          viewBox={`0 0 ${VIEW_WIDTH} ${plotHeight}`}
          width="100%"
          height={plotHeight}
          preserveAspectRatio="none"
          className="block overflow-visible"
        >
          <title id={`${id}-title`}>{title}</title>
          {description ? <desc id={`${id}-desc`}>{description}</desc> : null}
          <Gridlines ticks={ticks} emphasiseZero={emphasiseZero} tone={tone} />
          {children}
        </svg>
        {overlay}
      </div>

      <div aria-hidden="true" />
      <XLabels labels={xLabels} tone={tone} />
    </div>
  );
}

/**
 * The chart's text alternative: its data as a table, visually hidden. A table ignores sr-only's
 * 1 px width (tables grow to their content), so it is hidden in a box that does not.
 */
export function HiddenDataTable({ caption, head, children }: { caption: string; head?: ReactNode; children: ReactNode }) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        {head}
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * ProgressMeter owns "how far along" bars (balance towards the payout threshold, a goal): a track
 * with a fill, exposed as role="meter" with its numbers. The track (slate-200) and the fill
 * (brand-600) are palette tokens that flip together in dark mode, so the empty part stays visibly
 * distinct from the filled part in both themes; in forced-colours mode they become system colours.
 * The fill is an SVG rect with a percentage width (an attribute, not an inline style, which the
 * Content-Security-Policy would make browsers ignore).
 */
import { cx } from "./shared";

export interface ProgressMeterProps {
  value: number;
  max: number;
  /** Accessible name (e.g. "Progress towards your first payout"). */
  label: string;
  /** Spoken value (e.g. "$7.50 of $10.00"); without it assistive technology reads the number. */
  valueText?: string;
  className?: string;
}

export function ProgressMeter({ value, max, label, valueText, className }: ProgressMeterProps) {
  const top = Number.isFinite(max) && max > 0 ? max : 0;
  const now = Number.isFinite(value) ? Math.min(Math.max(value, 0), top) : 0;
  const share = top > 0 ? now / top : 0;
  const width = `${Math.round(share * 10_000) / 100}%`;
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={top}
      aria-valuenow={now}
      aria-valuetext={valueText}
      className={cx(
        "relative h-2.5 w-full overflow-hidden rounded-full bg-slate-200 forced-colors:border forced-colors:border-[CanvasText]",
        className,
      )}
    >
      <svg aria-hidden="true" width="100%" height="100%" className="absolute inset-0 block">
        <g className="fill-brand-600 forced-color-adjust-none forced-colors:fill-[Highlight]">
          <rect width={width} height="100%" rx={5} />
          {/* Tiny values keep a visible sliver (at least 6 px). */}
          {now > 0 ? <rect width={6} height="100%" rx={3} /> : null}
        </g>
      </svg>
    </div>
  );
}

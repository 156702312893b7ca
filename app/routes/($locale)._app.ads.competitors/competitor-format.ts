/**
 * How the competitors page words a competitor: a rate (a bound kept, `< 10%`), the change in
 * impression share since it first appeared, its flags (new entrant, gaining, overtaking) and its
 * name ("You" for the client's own row).
 */
import type { TFunction } from "i18next";
import type { CompetitorTrend } from "~/ads/competitors.server";
import type { BoundedValue } from "~/ads/import/types";
import { formatBounded } from "~/ads/kpi-format";

export function rateText(value: BoundedValue | null, percent: Intl.NumberFormat, t: TFunction): string {
  if (!value) return t("value.none");
  return formatBounded(value, (n) => percent.format(n), {
    below: (text) => t("value.below", { value: text }),
    above: (text) => t("value.above", { value: text }),
  });
}

export function changeText(change: CompetitorTrend["change"], number: Intl.NumberFormat, t: TFunction): string {
  if (!change) return t("value.none");
  if (change.min === change.max) return t("change.points", { value: number.format(change.min) });
  return t("change.range", { min: number.format(change.min), max: number.format(change.max) });
}

export function flagsOf(trend: CompetitorTrend, t: TFunction): string[] {
  return [
    trend.newEntrant ? t("flags.newEntrant") : null,
    trend.gainingShare ? t("flags.gaining") : null,
    trend.overtaking ? t("flags.overtaking") : null,
  ].filter(Boolean) as string[];
}

export const nameOf = (trend: CompetitorTrend, t: TFunction) => (trend.isYou ? t("you") : trend.domain);

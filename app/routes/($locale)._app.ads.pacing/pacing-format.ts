/** How the pacing page words a campaign's figures: money in the client account's currency, a signed percentage, the status's key. */
import type { PaceStatus } from "~/ads/pacing";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";

export const STATUS_KEYS: Record<PaceStatus, string> = {
  "on-pace": "onPace",
  under: "under",
  over: "over",
  paused: "paused",
  "no-data": "noData",
};

export const STATUS_CLASSES: Record<PaceStatus, string> = {
  "on-pace": "bg-brand-50 text-brand-800",
  under: "bg-amber-100 text-amber-900",
  over: "bg-red-100 text-red-900",
  paused: "bg-slate-100 text-slate-700",
  "no-data": "bg-slate-100 text-slate-700",
};

export interface PacingFormatters {
  money: (cents: number) => string;
  signedPercent: (points: number) => string;
}

export function pacingFormatters(locale: string, currency: string | null): PacingFormatters {
  const signed = numberFormat(locale, { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" });
  return {
    money: (cents) => formatMoney(cents, locale, currency),
    signedPercent: (points) => signed.format(points / 100),
  };
}

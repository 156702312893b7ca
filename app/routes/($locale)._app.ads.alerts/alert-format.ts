/**
 * How the alerts page words an alert and a firing: each kind's translation key, money in the
 * client account's currency and percent points, a threshold in words, and the data a firing was
 * measured on.
 */
import type { TFunction } from "i18next";
import { ALERT_KIND_KEYS, ALERT_UNITS, NO_CONVERSION_DAYS, type AdAlertKind } from "~/ads/alert-form";
import type { FiringBasis } from "~/ads/alerts.server";
import { formatDate } from "~/utils/dates";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";

/** The translation key of each kind (`kinds.*`, `help.*`). */
export const KIND_KEYS = ALERT_KIND_KEYS;

/** A stored firing's bound (`above`, `below`), exact when absent or unknown. */
export const boundOf = (bound: string | undefined) => (bound === "above" || bound === "below" ? bound : "exact");

export interface Formatters {
  money: (cents: number) => string;
  percent: (points: number) => string;
}

export function formatters(locale: string, currency: string | null): Formatters {
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  return {
    money: (cents) => formatMoney(cents, locale, currency),
    percent: (points) => percent.format(points / 100),
  };
}

/** An alert's threshold in words: "$150.00", "20%", "7 days without a conversion while spending more than $50.00". */
export function thresholdText(
  alert: { kind: AdAlertKind; threshold: number; days: number | null },
  format: Formatters,
  t: TFunction,
): string {
  if (alert.kind === "no-conversions") {
    const days = t("threshold.noConversions", { count: alert.days ?? NO_CONVERSION_DAYS.default });
    return alert.threshold > 0 ? `${days}, ${t("threshold.minSpend", { amount: format.money(alert.threshold) })}` : days;
  }
  return ALERT_UNITS[alert.kind] === "money" ? format.money(alert.threshold) : format.percent(alert.threshold);
}

export function basisText(basis: FiringBasis, locale: string, t: TFunction): string {
  if ("day" in basis) return formatDate(basis.day, locale);
  if ("start" in basis) return t("firings.period", { start: formatDate(basis.start, locale), end: formatDate(basis.end, locale) });
  return t("firings.allTime");
}

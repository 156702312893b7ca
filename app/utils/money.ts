/** The one money formatter: integer cents in, the locale's way of writing dollars out ($, 2 decimals). */
import { numberFormat } from "~/utils/intl";
export function formatMoney(cents: number, locale: string, currency = "USD"): string {
  return numberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** A cashback rate in basis points (450 = 4.5 %) as the locale writes percentages. */
export function formatRate(basisPoints: number, locale: string): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** Whole dollars ("$2,000"), for chart axes where cents are noise. */
export function formatMoneyWhole(cents: number, locale: string, currency = "USD"): string {
  return numberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 }).format(
    Math.round(cents / 100),
  );
}

/** A signed change in percent as the locale writes it ("12.5%", "12,5 %"), without its sign. */
export function formatPercentChange(percent: number, locale: string): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(Math.abs(percent) / 100);
}

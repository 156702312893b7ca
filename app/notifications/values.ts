/**
 * A notification's stored values for its texts, formatted in the reader's language (server and
 * browser): `amountCents: 2500` becomes `amount: "$25.00"` (in `currency` when the values carry
 * one, e.g. an ad alert's "EUR"), `dropPercent: 34.5` becomes `drop: "34.5%"`, and a date
 * `latestDay: "2026-06-04"` becomes `latest: "June 4, 2026"`.
 */
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { numberFormat } from "~/utils/intl";

export function notificationValues(params: Record<string, string | number>, locale: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  const currency = typeof params.currency === "string" && /^[A-Z]{3}$/.test(params.currency) ? params.currency : undefined;
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith("Cents") && typeof value === "number") values[key.slice(0, -"Cents".length)] = formatMoney(value, locale, currency);
    else if (key.endsWith("Percent") && typeof value === "number") {
      values[key.slice(0, -"Percent".length)] = numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(value / 100);
    } else if (key.endsWith("Day") && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value))
      values[key.slice(0, -"Day".length)] = formatDate(value, locale);
    else if (key === "points" && typeof value === "number") values[key] = numberFormat(locale).format(value);
    else values[key] = value;
  }
  return values;
}

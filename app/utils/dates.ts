/** The one date formatter: ISO timestamps in, the locale's long date out (in UTC, so server and browser agree). */
import { dateTimeFormat } from "~/utils/intl";
export function formatDate(iso: string, locale: string): string {
  return dateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(iso));
}

/** A short day without the year ("Nov 7", "7. Nov."), for chart axes. */
export function formatShortDay(iso: string, locale: string): string {
  return dateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(iso));
}

/** The one date formatter: ISO timestamps in, the locale's long date out (in UTC, so server and browser agree). */
import { dateTimeFormat } from "~/utils/intl";
export function formatDate(iso: string, locale: string): string {
  return dateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(iso));
}

/**
 * A period of days ("May 1, 2026 – May 31, 2026"; one date when both are the same day). Not
 * `Intl.DateTimeFormat#formatRange`: Node's ICU puts thin spaces around its dash and Chromium's
 * plain ones, so a page rendered on the server would not hydrate.
 */
export function formatDayRange(start: string, end: string, locale: string): string {
  return start === end ? formatDate(start, locale) : `${formatDate(start, locale)} – ${formatDate(end, locale)}`;
}

/** A short day without the year ("Nov 7", "7. Nov."), for chart axes. */
export function formatShortDay(iso: string, locale: string): string {
  return dateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(iso));
}

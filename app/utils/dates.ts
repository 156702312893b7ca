/**
 * The one date module: formatting (ISO timestamps in, the locale's words out, in UTC so server and
 * browser agree) and calendar days (`YYYY-MM-DD` and months `YYYY-MM` as strings, UTC arithmetic:
 * a day is never shifted by the machine's time zone).
 */
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

/**
 * A date and time in UTC, marked as such, the same on the server and in the browser: "medium" (the
 * default) "Nov 7, 2026, 2:05 PM UTC"; "long" "November 7, 2026 at 02:05 PM UTC" (the message desk).
 */
export function formatDateTime(iso: string, locale: string, style: "medium" | "long" = "medium"): string {
  if (style === "long") {
    return dateTimeFormat(locale, {
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
      timeZoneName: "short",
    }).format(new Date(iso));
  }
  return `${dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC`;
}

/** A date and time in a time zone, unmarked ("23 Nov 2026, 14:05"); in UTC when the zone is unknown. */
export function formatZonedDateTime(iso: string, locale: string, timeZone: string): string {
  try {
    return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
  } catch {
    return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso));
  }
}

/**
 * A month (`YYYY-MM`) in the language: "long" (the default) with its year, "October 2026",
 * "Oktober 2026" (statements, reports); "short" the month alone, "Oct", "okt." (chart axes).
 */
export function monthName(month: string, locale: string, style: "long" | "short" = "long"): string {
  const options: Intl.DateTimeFormatOptions =
    style === "long" ? { month: "long", year: "numeric", timeZone: "UTC" } : { month: "short", timeZone: "UTC" };
  return dateTimeFormat(locale, options).format(new Date(`${month}-01T00:00:00Z`));
}

// ——— Calendar days ———

const DAY_MS = 86_400_000;

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** YYYY-MM-DD of `nowMs` in `timeZone` (UTC when the zone is unknown). */
export function zonedDay(nowMs: number, timeZone: string): string {
  const format = (zone: string) => {
    const parts = dateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(
      new Date(nowMs),
    );
    const part = (type: string) => parts.find((item) => item.type === type)!.value;
    return `${part("year")}-${part("month")}-${part("day")}`;
  };
  try {
    return format(timeZone);
  } catch {
    return format("UTC");
  }
}

/** The number of days of a month (`2028-02` → 29). */
export function daysInMonth(month: string): number {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

export const monthStart = (month: string) => `${month}-01`;
export const monthEnd = (month: string) => `${month}-${String(daysInMonth(month)).padStart(2, "0")}`;

/** The month before (`2026-01` → `2025-12`). */
export function previousMonth(month: string): string {
  return addDays(monthStart(month), -1).slice(0, 7);
}

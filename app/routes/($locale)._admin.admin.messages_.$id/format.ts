/** The message desk's dates. */
import { dateTimeFormat } from "~/utils/intl";

/** A date and time in the page's locale, in UTC (so the server and the browser agree). */
export function formatDateTime(iso: string, locale: string): string {
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

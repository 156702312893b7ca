/** The message desk's dates: long, with the time, in UTC (the date module's "long" date and time). */
import { formatDateTime as formatUtcDateTime } from "~/utils/dates";

export const formatDateTime = (iso: string, locale: string) => formatUtcDateTime(iso, locale, "long");

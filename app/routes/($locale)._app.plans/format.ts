/** The plans page's dates: long, in UTC (the same on the server and in the browser). */
import { dateTimeFormat } from "~/utils/intl";

export const formatDate = (iso: string, locale: string) =>
  dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

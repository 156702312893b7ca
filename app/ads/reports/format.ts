/**
 * How a white-label report writes its figures, shared by the PDF (server) and the shared page
 * (browser): KPI values, changes, the period, in the report's language, texts from `ads-reports`.
 * Pure TypeScript, safe in the browser bundle.
 */
import type { TFunction } from "i18next";
import { formatDate } from "~/utils/dates";
import type { KpiKey } from "../dashboard.server";
import type { DayRange } from "../dashboard-query";
import { kpiFormatters, kpiTexts, PERFORMANCE_KPI_KEYS } from "../kpi-format";

/** The KPIs a report shows, in order (the dashboard's, without the campaign count). */
export const REPORT_KPI_KEYS = PERFORMANCE_KPI_KEYS satisfies readonly KpiKey[];
export type ReportKpiKey = (typeof REPORT_KPI_KEYS)[number];

/** The ad suite's KPI formatters (~/ads/kpi-format) with the report's words, dates and period. */
export function reportFormatters(locale: string, currency: string | null, t: TFunction) {
  return {
    ...kpiFormatters(locale, currency, kpiTexts(t, "ads-reports:doc.")),
    date: (iso: string) => formatDate(iso, locale),
    range: (range: DayRange) => t("ads-reports:doc.range", { from: formatDate(range.from, locale), to: formatDate(range.to, locale) }),
  };
}

/** White or ink, whichever reads better on a #rrggbb background (the grade badge on the brand colour). */
export function readableOn(hex: string): string {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.4 ? "#0f172a" : "#ffffff";
}

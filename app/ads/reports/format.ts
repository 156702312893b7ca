/**
 * How a white-label report writes its figures, shared by the PDF (server) and the shared page
 * (browser): KPI values, changes, the period, in the report's language, texts from `ads-reports`.
 * Pure TypeScript, safe in the browser bundle.
 */
import type { TFunction } from "i18next";
import { formatDate } from "~/utils/dates";
import { formatMoney, formatPercentChange } from "~/utils/money";
import type { DayRange } from "../dashboard-query";

/** The KPIs a report shows, in order, and whether their rise is good news (null: neither). */
export const REPORT_KPI_TONES = {
  spendCents: null,
  impressions: true,
  clicks: true,
  ctr: true,
  avgCpcCents: false,
  conversions: true,
  cpaCents: false,
  conversionValueCents: true,
  roas: true,
} as const;
export type ReportKpiKey = keyof typeof REPORT_KPI_TONES;
export const REPORT_KPI_KEYS = Object.keys(REPORT_KPI_TONES) as ReportKpiKey[];

export function reportFormatters(
  locale: string,
  currency: string,
  t: TFunction
) {
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const missing = t("ads-reports:doc.notAvailable");
  const or = (value: number | null, format: (value: number) => string) =>
    value === null ? missing : format(value);
  const f = {
    money: (cents: number | null) =>
      or(cents, (value) => formatMoney(Math.round(value), locale, currency)),
    integer: (n: number | null) => or(n, (value) => integer.format(value)),
    decimal: (n: number | null) => or(n, (value) => decimal.format(value)),
    percent: (n: number | null) => or(n, (value) => percent.format(value)),
    date: (iso: string) => formatDate(iso, locale),
    range: (range: DayRange) =>
      t("ads-reports:doc.range", {
        from: formatDate(range.from, locale),
        to: formatDate(range.to, locale),
      }),
    kpi(key: ReportKpiKey, value: number | null): string {
      switch (key) {
        case "spendCents":
        case "avgCpcCents":
        case "cpaCents":
        case "conversionValueCents":
          return f.money(value);
        case "ctr":
          return f.percent(value);
        case "conversions":
          return f.decimal(value);
        case "roas":
          return or(value, (n) =>
            t("ads-reports:doc.roasValue", { value: decimal.format(n) })
          );
        default:
          return f.integer(value);
      }
    },
    /** A KPI's change as a phrase, and whether it is good news (null: neither or no change). */
    change(
      key: ReportKpiKey,
      change: number | null
    ): {
      text: string;
      good: boolean | null;
      direction: "up" | "down" | "flat" | null;
    } {
      if (change === null)
        return {
          text: t("ads-reports:doc.change.none"),
          good: null,
          direction: null,
        };
      if (change === 0)
        return {
          text: t("ads-reports:doc.change.flat"),
          good: null,
          direction: "flat",
        };
      const up = change > 0;
      const tone = REPORT_KPI_TONES[key];
      return {
        text: t(
          up ? "ads-reports:doc.change.up" : "ads-reports:doc.change.down",
          { value: formatPercentChange(change, locale) }
        ),
        good: tone === null ? null : up === tone,
        direction: up ? "up" : "down",
      };
    },
  };
  return f;
}

/** White or ink, whichever reads better on a #rrggbb background (the grade badge on the brand colour). */
export function readableOn(hex: string): string {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.4 ? "#0f172a" : "#ffffff";
}

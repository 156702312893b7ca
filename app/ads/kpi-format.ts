/**
 * How the ad suite writes a KPI and its change, one way for the dashboard, the shared report page
 * and the PDF: money in the account's currency, counts, rates, ROAS, and the change against the
 * previous period with whether it is good news (a dearer click is not), and a value the platform
 * gives only as a bound (`< 10%`, `> 90%`) with its bound, the one way every page, e-mail and
 * document shows one. The words come from the caller (each page has its own namespace). Pure
 * TypeScript, safe in the browser bundle.
 */
import type { KpiKey } from "./dashboard.server";
import type { BoundedValue } from "./import/types";
import { formatMoney, formatPercentChange } from "~/utils/money";
import { numberFormat } from "~/utils/intl";

/** The KPIs of a period's performance, in the order pages show them (the dashboard adds the campaign count). */
export const PERFORMANCE_KPI_KEYS = [
  "spendCents",
  "impressions",
  "clicks",
  "ctr",
  "avgCpcCents",
  "conversions",
  "cpaCents",
  "conversionValueCents",
  "roas",
] as const;

/** Whether a KPI's rise is good news (null: neither). */
export const KPI_TONES: Record<KpiKey, boolean | null> = {
  spendCents: null,
  impressions: true,
  clicks: true,
  ctr: true,
  avgCpcCents: false,
  conversions: true,
  cpaCents: false,
  conversionValueCents: true,
  roas: true,
  campaigns: null,
};

export interface KpiTexts {
  /** A value that cannot be computed (no clicks, no conversions…). */
  missing: string;
  roas: (value: string) => string;
  change: { none: string; flat: string; up: (value: string) => string; down: (value: string) => string };
}

/**
 * The texts from a namespace's `notAvailable`, `roasValue` and `change.*` keys, under `prefix`
 * (`"ads-reports:doc."` for the report, nothing for a page's own namespace).
 */
export function kpiTexts(t: (key: string, values?: Record<string, unknown>) => string, prefix = ""): KpiTexts {
  return {
    missing: t(`${prefix}notAvailable`),
    roas: (value) => t(`${prefix}roasValue`, { value }),
    change: {
      none: t(`${prefix}change.none`),
      flat: t(`${prefix}change.flat`),
      up: (value) => t(`${prefix}change.up`, { value }),
      down: (value) => t(`${prefix}change.down`, { value }),
    },
  };
}

export interface KpiChange {
  text: string;
  /** Good news, bad news, or neither (null; also when unchanged or not comparable). */
  good: boolean | null;
  direction: "up" | "down" | "flat" | null;
}

export function kpiFormatters(locale: string, currency: string | null, texts: KpiTexts) {
  const integer = numberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = numberFormat(locale, { maximumFractionDigits: 2 });
  const percent = numberFormat(locale, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const or = (value: number | null, format: (value: number) => string) => (value === null ? texts.missing : format(value));
  const f = {
    locale,
    money: (cents: number | null) => or(cents, (value) => formatMoney(Math.round(value), locale, currency)),
    integer: (n: number | null) => or(n, (value) => integer.format(value)),
    decimal: (n: number | null) => or(n, (value) => decimal.format(value)),
    percent: (n: number | null) => or(n, (value) => percent.format(value)),
    roas: (n: number | null) => or(n, (value) => texts.roas(decimal.format(value))),
    kpi(key: KpiKey, value: number | null): string {
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
          return f.roas(value);
        default:
          return f.integer(value);
      }
    },
    /** A KPI's change (a fraction; null when there is nothing to compare with) as a phrase. */
    change(key: KpiKey, change: number | null): KpiChange {
      if (change === null) return { text: texts.change.none, good: null, direction: null };
      if (change === 0) return { text: texts.change.flat, good: null, direction: "flat" };
      const up = change > 0;
      const tone = KPI_TONES[key];
      const value = formatPercentChange(change, locale);
      return {
        text: up ? texts.change.up(value) : texts.change.down(value),
        good: tone === null ? null : up === tone,
        direction: up ? "up" : "down",
      };
    },
  };
  return f;
}
export type KpiFormatters = ReturnType<typeof kpiFormatters>;

/** The dashboard's KPIs, in order (browser-safe: pages must not read the `.server` module's list). */
export const DASHBOARD_KPIS = Object.keys(KPI_TONES) as KpiKey[];

/** How a bounded value's bound is written around the formatted number (`< {{value}}`, `> {{value}}` in the caller's texts). */
export interface BoundTexts {
  below: (value: string) => string;
  above: (value: string) => string;
}

/**
 * A value the platform gives only as a bound, with its bound: `< 10%` stays "< 10%" (never "10%"),
 * `> 90%` stays "> 90%"; an exact value is just the number. `format` writes the number (a percent
 * formatter for shares).
 */
export function formatBounded(value: BoundedValue, format: (value: number) => string, texts: BoundTexts): string {
  const text = format(value.value);
  if (value.bound === "below") return texts.below(text);
  if (value.bound === "above") return texts.above(text);
  return text;
}

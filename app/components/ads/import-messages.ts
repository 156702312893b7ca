/**
 * The ad-export parser's errors and warnings as sentences: the parser speaks in codes with
 * parameters (`ads.import.badNumber` at line 12, column "Cost", expected "an amount", got "12,3,4");
 * this turns them into the `ads` namespace's messages, formatting money in the file's currency and
 * ratios as percentages. Used by the import form (errors) and the preview (warnings).
 */
import type { TFunction } from "i18next";
import { formatMoney } from "~/utils/money";
import { numberFormat } from "~/utils/intl";

/** The parser's `expected` phrases, by the key that translates each. */
const EXPECTED: Record<string, string> = {
  "a date": "date",
  "a number with a decimal comma": "decimalComma",
  "a number with a decimal point": "decimalPoint",
  "a number": "number",
  "a whole number": "wholeNumber",
  "a whole number from 1 to 10": "qualityScore",
  "a percentage": "percentage",
  "an amount": "amount",
  "CSV or tab-separated text": "text",
  "a Google Ads, Google Ads Editor, Meta Ads Manager or Microsoft Advertising report": "knownReport",
  "a header row with known column names": "headerRow",
  "a header row": "headerRow",
  "a currency code": "currencyCode",
  "a rating": "rating",
  "an ad strength": "adStrength",
};

export interface ImportMessageInput {
  code: string;
  [param: string]: unknown;
}

const MONEY_METRICS = new Set(["costCents", "conversionValueCents"]);
/** The derived figures a `derivedMismatch` names (`metric`): which are money, which rates. */
const DERIVED_MONEY = new Set(["avgCpc", "avgCost", "costPerConversion"]);
const DERIVED_RATES = new Set(["ctr", "interactionRate", "conversionRate"]);

/** The message's key and its values (for `ErrorList`, which translates keys). */
export function importMessageParts(
  t: TFunction,
  locale: string,
  currency: string | null,
  item: ImportMessageInput,
): { key: string; values: Record<string, unknown> } {
  const short = item.code.replace(/^ads\.import\./, "");
  const expected =
    typeof item.expected === "string"
      ? EXPECTED[item.expected]
        ? t(`ads:import.expected.${EXPECTED[item.expected]}`)
        : item.expected
      : "";
  // A file without a currency: amounts without a symbol, never as dollars.
  const money = (cents: unknown) => (typeof cents === "number" ? formatMoney(cents, locale, currency) : "—");
  const number = (value: unknown) => (typeof value === "number" ? numberFormat(locale, { maximumFractionDigits: 2 }).format(value) : "—");
  const values: Record<string, unknown> = {
    ...item,
    expected,
    got: typeof item.got === "string" ? item.got.slice(0, 60) : item.got,
    line: item.line ?? "?",
  };
  if (short === "totalsMismatch") {
    const metric = String(item.metric);
    const format = MONEY_METRICS.has(metric) ? money : number;
    Object.assign(values, {
      metric: t(`ads:import.metrics.${metric}`),
      file: format(item.file),
      computed: format(item.computed),
      difference: format(item.difference),
    });
  }
  if (short === "hiddenRows") {
    Object.assign(values, {
      cost: money(item.costCents),
      share:
        typeof item.costShare === "number"
          ? numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(item.costShare)
          : "—",
    });
  }
  if (typeof item.max === "number") values.max = numberFormat(locale, { maximumFractionDigits: 0 }).format(item.max);
  if (short === "derivedMismatch") {
    // Cost per click and per conversion are cents (money); CTR and conversion rate fractions.
    const metric = String(item.metric);
    const percent = (value: unknown) =>
      typeof value === "number" ? numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(value) : "—";
    const format = DERIVED_MONEY.has(metric) ? money : DERIVED_RATES.has(metric) ? percent : number;
    Object.assign(values, { file: format(item.file), computed: format(item.computed) });
  }
  // A download that is not performance data: what it is, and the report to download instead.
  if (short === "notPerformance")
    Object.assign(values, {
      report: t(`ads:import.refused.${String(item.report)}`),
      instead: t(`ads:import.instead.${String(item.instead)}`),
    });
  return { key: `ads:import.messages.${short}`, values };
}

export function importMessage(t: TFunction, locale: string, currency: string | null, item: ImportMessageInput): string {
  const { key, values } = importMessageParts(t, locale, currency, item);
  return t(key, values);
}

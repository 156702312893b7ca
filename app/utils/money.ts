/**
 * The one money formatter: integer cents in (hundredths of the currency's unit, whatever its own
 * minor units), the locale's way of writing the amount out. Dollars (the wallet's currency, and the
 * default) keep the plain `$` every page has always shown; another currency is written with its
 * symbol as Intl gives it in the locale (CAD: `CA$` in en and de, `$CA` in fr; IDR, KWD: the code
 * where the locale has no symbol) and with its own minor units (IDR and JPY none, KWD three).
 * Without a currency (an ad export that states none, `null`) the amount is written without any
 * symbol, never as dollars: the page says the currency is not stated.
 */
import { numberFormat } from "~/utils/intl";

/** The currency's own number of decimals, as Intl has it (USD 2, JPY and IDR 0, KWD 3); 2 for none. */
const digitsOf = new Map<string, number>();

export function currencyDigits(currency: string | null): number {
  if (!currency) return 2;
  // Asked for every amount on a page: resolvedOptions() builds a new object each time (3.5 % of the
  // dashboard's server time in the profile of 2026-11-28), so each currency's answer is kept.
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits = numberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    if (digitsOf.size < 500) digitsOf.set(currency, digits);
  }
  return digits;
}

function moneyOptions(currency: string | null, digits: number): Intl.NumberFormatOptions {
  if (!currency) return { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return {
    style: "currency",
    currency,
    currencyDisplay: currency === "USD" ? "narrowSymbol" : "symbol",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  };
}

export function formatMoney(cents: number, locale: string, currency: string | null = "USD"): string {
  return numberFormat(locale, moneyOptions(currency, currencyDigits(currency))).format(cents / 100);
}

/**
 * Cents as machine formats write them (CSV cells, payout files, form values): a point, always two
 * decimals, no grouping, no symbol ("1234.50", "-12.50", "0.05"). Integer cents are written without
 * floating point.
 */
export function centsToDecimalString(cents: number): string {
  if (!Number.isSafeInteger(cents)) return (cents / 100).toFixed(2);
  const whole = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** A cashback rate in basis points (450 = 4.5 %) as the locale writes percentages. */
export function formatRate(basisPoints: number, locale: string): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** Whole units ("$2,000"), for chart axes where cents are noise (the currency written as `formatMoney` does). */
export function formatMoneyWhole(cents: number, locale: string, currency: string | null = "USD"): string {
  return numberFormat(locale, moneyOptions(currency, 0)).format(Math.round(cents / 100));
}

/** A signed change in percent as the locale writes it ("12.5%", "12,5 %"), without its sign. */
export function formatPercentChange(percent: number, locale: string): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(Math.abs(percent) / 100);
}

/**
 * The one amount parser, for the server and the browser alike: what a person typed, read in the
 * page's locale. The locale's decimal separator ("12,50" in de, nl, fr and es; "12.50" in en), its
 * grouping separator in groups of three ("1.250,00"; in French a space, the narrow no-break space
 * included) and an optional dollar sign ("$", "US$", "USD") before or after are accepted. Nothing
 * is ever reinterpreted: a separator the locale does not use, a group that is not three digits, more
 * decimals than cents, or a lone group without cents ("1.250" in de, "1,250" in en: a reader of the
 * other convention sees 1.25 there) is refused, so what is typed can never change its magnitude.
 */
export type AmountProblem = "format" | "ambiguous" | "tooLarge";
export type ParsedAmount = { ok: true; cents: number } | { ok: false; problem: AmountProblem };

/** The most whole units an amount may have (nine digits: under a billion). */
const MAX_WHOLE_DIGITS = 9;
const SPACES = /[\u0020\u00a0\u2009\u202f]/g;

interface Separators {
  decimal: string;
  group: string;
}
const separatorCache = new Map<string, Separators>();

/** The locale's decimal and grouping separators, as Intl writes them (French spaces become " "). */
export function amountSeparators(locale: string): Separators {
  let separators = separatorCache.get(locale);
  if (!separators) {
    const parts = numberFormat(locale, { useGrouping: true, minimumFractionDigits: 2 }).formatToParts(1_234_567.5);
    const decimal = parts.find((part) => part.type === "decimal")?.value ?? ".";
    const group = (parts.find((part) => part.type === "group")?.value ?? ",").replace(SPACES, " ");
    separators = { decimal, group };
    if (separatorCache.size < 50) separatorCache.set(locale, separators);
  }
  return separators;
}

/** A number with at most `decimals` decimals, scaled to an integer (12,5 with 2 → 1250), in the locale's writing. */
export function parseLocaleDecimal(
  input: string,
  locale: string,
  decimals: number,
): { ok: true; value: number } | { ok: false; problem: AmountProblem } {
  const { decimal, group } = amountSeparators(locale);
  const text = input.replace(SPACES, " ").trim();
  if (!text || text.length > 40) return { ok: false, problem: "format" };
  const [whole = "", fraction, ...rest] = text.split(decimal);
  if (rest.length) return { ok: false, problem: "format" };
  if (fraction !== undefined && !new RegExp(`^\\d{1,${decimals}}$`).test(fraction)) {
    // "1.250" in en: three decimals where cents have two; a German reader means 1250.
    return { ok: false, problem: fraction.length === 3 && /^\d{3}$/.test(fraction) && /^\d{1,3}$/.test(whole) ? "ambiguous" : "format" };
  }
  let digits = whole;
  if (whole.includes(group)) {
    const groups = whole.split(group);
    if (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((part) => !/^\d{3}$/.test(part))) return { ok: false, problem: "format" };
    // One group and no decimals reads as a decimal number in the other convention.
    if (groups.length === 2 && fraction === undefined) return { ok: false, problem: "ambiguous" };
    digits = groups.join("");
  }
  if (!/^\d*$/.test(digits) || (digits === "" && fraction === undefined)) return { ok: false, problem: "format" };
  const significant = digits.replace(/^0+(?=\d)/, "");
  if (significant.length > MAX_WHOLE_DIGITS) return { ok: false, problem: "tooLarge" };
  const value = Number(significant || "0") * 10 ** decimals + Number((fraction ?? "").padEnd(decimals, "0") || "0");
  return { ok: true, value };
}

/** An amount of dollars typed in the page's locale, in integer cents (see above). */
export function parseAmount(input: unknown, locale: string): ParsedAmount {
  if (typeof input !== "string") return { ok: false, problem: "format" };
  const text = input
    .replace(SPACES, " ")
    .trim()
    .replace(/^(?:US\s?\$|USD|\$)\s*/i, "")
    .replace(/\s*(?:US\s?\$|USD|\$)$/i, "");
  const parsed = parseLocaleDecimal(text, locale, 2);
  return parsed.ok ? { ok: true, cents: parsed.value } : parsed;
}

/** Cents as an amount field holds them: the locale's decimal separator, no grouping, no sign ("12,50"). */
export function formatAmountInput(cents: number, locale: string): string {
  return numberFormat(locale, { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

/**
 * What an amount field lets through as the person types: only characters that can never be part of
 * an amount are dropped (letters other than a currency code, other symbols); separators, spaces and
 * digits stay exactly as typed, so the filter cannot change an amount's magnitude.
 */
export function filterAmountInput(value: string): string {
  return value.replace(/[^\d.,\s\u00a0\u202f\u2009$USDusd]/g, "");
}

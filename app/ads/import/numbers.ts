/**
 * Ad-export numbers: owns reading the numbers ad platforms write (en `1,234.56`, de/nl/es
 * `1.234,56`, fr `1 234,56` with a space, NBSP or narrow NBSP), deciding the decimal separator
 * per column from all its cells, missing values (`--`, ` --`, `-`, empty), percentages and
 * bounded values (`< 10%`, `> 90%`), and money as integer cents (from the digits, no floating
 * point). Pure TypeScript.
 */
import type { BoundedValue } from "./types";

export type DecimalSeparator = "." | ",";

const SPACES = " \u00A0\u202F\u2009";
const MINUS = /^[-\u2212]/;

/** `--`, ` --`, `-`, `—` and empty cells are missing values. */
export function isMissing(raw: string | undefined | null): boolean {
  if (raw == null) return true;
  const value = raw.trim();
  return value === "" || value === "--" || value === "-" || value === "\u2014" || value === "\u2013";
}

/** The number part of a cell: trimmed, without a trailing `%` or a leading `<`/`>` bound. */
function core(raw: string): string {
  return raw
    .trim()
    .replace(/^[<>]\s*/, "")
    .replace(/\s*%$/, "")
    .trim();
}

type Evidence = DecimalSeparator | "ambiguous" | "integer" | "bad";

/** The cells most exports are made of: digits, optionally one decimal part, optionally `%`. */
const PLAIN = /^(\d+)(?:([.,])(\d+))?%?$/;

/** What one cell says about its column's decimal separator. */
export function cellEvidence(raw: string): Evidence {
  const plain = PLAIN.exec(raw);
  if (plain) {
    if (!plain[2]) return "integer";
    // `1,234` / `1.234`: thousands in one locale, a decimal in the other.
    return plain[1]!.length <= 3 && plain[3]!.length === 3 ? "ambiguous" : (plain[2] as DecimalSeparator);
  }
  const body = core(raw).replace(MINUS, "").replace(/^\+/, "");
  if (!/^[\d.,\u0020\u00A0\u202F\u2009]+$/.test(body) || !/^\d/.test(body) || !/\d$/.test(body)) return "bad";
  const lastDot = body.lastIndexOf(".");
  const lastComma = body.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? "." : ",";
  if (lastDot < 0 && lastComma < 0) return "integer";
  const sep = lastDot >= 0 ? "." : ",";
  const count = body.split(sep).length - 1;
  // `1,234` / `1.234.567`: thousands in one locale, a decimal (or junk) in the other.
  if (/^\d{1,3}([.,]\d{3})+$/.test(body)) return count > 1 ? (sep === "." ? "," : ".") : "ambiguous";
  return count === 1 ? sep : "bad";
}

export interface ColumnDecision {
  separator: DecimalSeparator;
  /** Index of the first cell that contradicts the decision (a column mixing `1.5` and `1,5`). */
  conflictAt: number | null;
}

/**
 * The decimal separator of a column from all its cells: unambiguous cells (`12,5`, `1.234,56`,
 * `0.75`) decide; when there are none (`1,234` only, or integers), the file's locale does.
 */
export function decideSeparator(cells: readonly string[], hint: DecimalSeparator): ColumnDecision {
  let dots = 0;
  let commas = 0;
  let firstDot = -1;
  let firstComma = -1;
  cells.forEach((cell, index) => {
    if (isMissing(cell)) return;
    const evidence = cellEvidence(cell);
    if (evidence === ".") {
      dots++;
      if (firstDot < 0) firstDot = index;
    } else if (evidence === ",") {
      commas++;
      if (firstComma < 0) firstComma = index;
    }
  });
  if (dots === 0 && commas === 0) return { separator: hint, conflictAt: null };
  if (dots > 0 && commas > 0) {
    const separator: DecimalSeparator = dots > commas || (dots === commas && hint === ".") ? "." : ",";
    return { separator, conflictAt: separator === "." ? firstComma : firstDot };
  }
  return { separator: dots > 0 ? "." : ",", conflictAt: null };
}

export interface Decimal {
  negative: boolean;
  /** Integer digits, no leading zeros beyond one. */
  integer: string;
  /** Fraction digits as written (may be empty). */
  fraction: string;
}

const GROUPED_DOT = new RegExp(`^(\\d{1,3}(?:[,${SPACES}]\\d{3})+|\\d+)(?:\\.(\\d+))?$`);
const GROUPED_COMMA = new RegExp(`^(\\d{1,3}(?:[.${SPACES}]\\d{3})+|\\d+)(?:,(\\d+))?$`);

/** A cell as an exact decimal with the column's separator, or null when it is not a number. Ignores `%` and `<`/`>`. */
export function parseDecimal(raw: string, separator: DecimalSeparator): Decimal | null {
  const plain = PLAIN.exec(raw);
  if (plain && (!plain[2] || plain[2] === separator)) {
    const integer = plain[1]!.replace(/^0+(?=\d)/, "");
    if (integer.length > 13) return null;
    return { negative: false, integer, fraction: plain[3] ?? "" };
  }
  let body = core(raw);
  let negative = false;
  if (MINUS.test(body)) {
    negative = true;
    body = body.slice(1).trim();
  } else if (body.startsWith("+")) body = body.slice(1).trim();
  const match = (separator === "." ? GROUPED_DOT : GROUPED_COMMA).exec(body);
  if (!match) return null;
  const integer = match[1]!.replace(/[^\d]/g, "").replace(/^0+(?=\d)/, "");
  if (integer.length > 13) return null;
  return { negative, integer, fraction: match[2] ?? "" };
}

export function decimalToNumber(decimal: Decimal): number {
  const value = Number(`${decimal.integer}.${decimal.fraction || "0"}`);
  return decimal.negative && value !== 0 ? -value : value;
}

/** Integer cents, rounding half away from zero on the third decimal. */
export function decimalToCents(decimal: Decimal): number {
  const fraction = decimal.fraction.padEnd(3, "0");
  let cents = Number(decimal.integer) * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1;
  return decimal.negative && cents !== 0 ? -cents : cents;
}

/** A plain number (`1.234,5` with `,` → 1234.5); null when missing; undefined when not a number. */
export function parseNumber(raw: string, separator: DecimalSeparator): number | null | undefined {
  if (isMissing(raw)) return null;
  if (/[<>%]/.test(raw)) return undefined;
  const decimal = parseDecimal(raw, separator);
  return decimal ? decimalToNumber(decimal) : undefined;
}

/** Money as integer cents; null when missing; undefined when not a number. */
export function parseCents(raw: string, separator: DecimalSeparator): number | null | undefined {
  if (isMissing(raw)) return null;
  if (/[<>%]/.test(raw)) return undefined;
  const decimal = parseDecimal(raw, separator);
  return decimal ? decimalToCents(decimal) : undefined;
}

/**
 * A percentage as a fraction (`77.77%` → 0.7777; Meta writes `2.48` for 2.48%, also read as a
 * percentage), with its bound: `< 10%` → { value: 0.1, bound: "below" }. Null when missing.
 */
export function parseBoundedPercent(raw: string, separator: DecimalSeparator): BoundedValue | null | undefined {
  if (isMissing(raw)) return null;
  const trimmed = raw.trim();
  const bound = trimmed.startsWith("<") ? "below" : trimmed.startsWith(">") ? "above" : "exact";
  const decimal = parseDecimal(trimmed, separator);
  if (!decimal) return undefined;
  return { value: round(decimalToNumber(decimal) / 100, 12), bound };
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * Ad-export dates: owns reading the date-range line of Google Ads reports (`July 8, 2025 - July 31,
 * 2025`, `1 May 2026 - 8 May 2026`, localized month names in en, nl, de, fr and es, `All time` and
 * its translations), Microsoft's `Report Time` value and single day cells (`2026-05-01`,
 * `01.05.2026`, Microsoft's `5/1/2026`). Dates are returned as `YYYY-MM-DD`. Pure TypeScript.
 */
import type { Period } from "./types";

/**
 * Month names and abbreviations (lower-case, without dots or accents). en is from real exports;
 * the nl, de, fr and es names are the languages' standard names and Google's usual abbreviations
 * (unverified against real localized exports).
 */
const MONTHS: Record<string, number> = {};
const MONTH_NAMES: string[][] = [
  ["january", "jan", "januari", "januar", "janvier", "janv", "enero", "ene", "jänner"],
  ["february", "feb", "februari", "februar", "fevrier", "fevr", "fev", "febrero"],
  ["march", "mar", "maart", "mrt", "marz", "mrz", "mars", "marzo"],
  ["april", "apr", "avril", "avr", "abril", "abr"],
  ["may", "mei", "mai", "mayo"],
  ["june", "jun", "juni", "juin", "junio"],
  ["july", "jul", "juli", "juillet", "juil", "julio"],
  ["august", "aug", "augustus", "aout", "agosto", "ago"],
  ["september", "sep", "sept", "septembre", "septiembre", "setiembre"],
  ["october", "oct", "oktober", "okt", "octobre", "octubre"],
  ["november", "nov", "novembre", "noviembre"],
  ["december", "dec", "dezember", "dez", "decembre", "diciembre", "dic"],
];
MONTH_NAMES.forEach((names, index) => names.forEach((name) => (MONTHS[name] = index + 1)));

/** `All time` and its translations (en seen in real exports; the others unverified). */
const ALL_TIME = new Set([
  "all time",
  "alle tijd",
  "volledige periode",
  "gesamter zeitraum",
  "gesamte laufzeit",
  "toute la periode",
  "depuis le debut",
  "todo el periodo",
  "todo el tiempo",
]);

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u00A0\u202F]/g, " ")
    .trim();
}

function iso(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** One date as written in a cell or a date line; null when it is not one. */
export function parseDay(text: string): string | null {
  const value = fold(text);
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[t ]\d{1,2}:[\d:.]*(?:z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (m) return iso(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value); // de numeric, day first
  if (m) return iso(+m[3]!, +m[2]!, +m[1]!);
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value); // Microsoft's US format, month first
  if (m) return iso(+m[3]!, +m[1]!, +m[2]!);
  m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(value); // nl numeric, day first
  if (m) return iso(+m[3]!, +m[2]!, +m[1]!);
  // Words: a month name, a day (1–31) and a four-digit year in any order (`July 8, 2025`,
  // `8 juli 2025`, `8. Juli 2025`, `1er mai 2026`, `1 de mayo de 2026`).
  const tokens = value
    .replace(/[.,]/g, " ")
    .split(/\s+/)
    .filter((token) => token !== "" && token !== "de" && token !== "del");
  let year = 0;
  let month = 0;
  let day = 0;
  for (const token of tokens) {
    const number = /^(\d{1,4})(?:er|e|st|nd|rd|th)?$/.exec(token);
    if (number) {
      const n = Number(number[1]);
      if (number[1]!.length === 4 && !year) year = n;
      else if (n >= 1 && n <= 31 && !day) day = n;
      else return null;
    } else if (MONTHS[token] && !month) month = MONTHS[token]!;
    else return null;
  }
  return year && month && day ? iso(year, month, day) : null;
}

/**
 * A date-range line: `start - end` (hyphen, en or em dash, or Microsoft's comma), a single day, or
 * `All time` → "all-time". Null when the text is not a date range.
 */
export function parseDateRange(text: string): Period | null {
  const value = fold(text.replace(/^"|"$/g, ""));
  if (value === "") return null;
  if (ALL_TIME.has(value)) return "all-time";
  const single = parseDay(value);
  if (single) return { start: single, end: single };
  const parts = value.split(/\s+[-\u2013\u2014]\s+|\s*[\u2013\u2014]\s*|\s*,\s*(?=\d{1,2}\/)/);
  if (parts.length !== 2) return null;
  const start = parseDay(parts[0]!);
  const end = parseDay(parts[1]!);
  if (!start || !end || end < start) return null;
  return { start, end };
}

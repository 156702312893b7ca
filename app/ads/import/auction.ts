/**
 * Auction insights values: owns what is particular to Google Ads Auction insights exports: the own
 * row's label (`You`) and a time segment's first day (`Week`, `Month`, `Quarter`, `Year` columns).
 * The English forms are from the fact sheet; the nl, de, fr and es words are UNVERIFIED (the usual
 * Google Ads UI wording). Pure TypeScript.
 */
import { parseDay } from "./dates";

/** The advertiser's own row (`You`; nl `U`/`Jij`, de `Sie`/`Ich`, fr `Vous`, es `Usted`/`Tú`: unverified). */
const YOU = /^(you|u|jij|sie|ich|vous|usted|tu|tú)$/i;

export function isOwnRow(domain: string): boolean {
  return YOU.test(domain.trim());
}

const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u00A0\u202F]/g, " ")
    .trim();

/** `Week of May 4, 2026`, `Semaine du 4 mai 2026`, `Woche vom 04.05.2026`, `Week van 4 mei 2026`, `Semana del 4 de mayo de 2026`. */
const WEEK_PREFIX = /^(week of|week van|week beginning|semaine du|woche vom|woche ab|semana del|semana de)\s+/;

export type SegmentUnit = "day" | "week" | "month" | "quarter" | "year";

/**
 * The first day (YYYY-MM-DD) of a time segment as written; null when the cell is not one.
 * Days and weeks: a date (`2026-05-04`, `May 4, 2026`, `Week of May 4, 2026`, a range's first day);
 * months: `May 2026`, `2026-05`, `05/2026`, `mai 2026`; quarters: `Q2 2026`, `2026 Q2`, `K2 2026`,
 * `T2 2026`; years: `2026`.
 */
export function segmentStart(raw: string, unit: SegmentUnit): string | null {
  const value = fold(raw).replace(WEEK_PREFIX, "");
  if (value === "") return null;
  if (unit === "day" || unit === "week") {
    const day = parseDay(value);
    if (day) return day;
    // A week written as its range (`May 4, 2026 - May 10, 2026`): its first day.
    const first = value.split(/\s+[-\u2013\u2014]\s+/)[0]!;
    return first !== value ? parseDay(first) : null;
  }
  if (unit === "month") {
    let m = /^(\d{4})[-/.](\d{1,2})$/.exec(value);
    if (m) return parseDay(`${m[1]}-${m[2]!.padStart(2, "0")}-01`);
    m = /^(\d{1,2})[-/.](\d{4})$/.exec(value);
    if (m) return parseDay(`${m[2]}-${m[1]!.padStart(2, "0")}-01`);
    const day = parseDay(value);
    if (day) return `${day.slice(0, 7)}-01`;
    return parseDay(`1 ${value}`);
  }
  if (unit === "quarter") {
    const m = /^(?:[qkt]([1-4])[\s/-]*(\d{4})|(\d{4})[\s/-]*[qkt]([1-4]))$/.exec(value);
    if (!m) return null;
    const quarter = Number(m[1] ?? m[4]);
    const year = m[2] ?? m[3];
    return `${year}-${String((quarter - 1) * 3 + 1).padStart(2, "0")}-01`;
  }
  const m = /^(\d{4})$/.exec(value);
  return m && Number(m[1]) >= 1990 ? `${m[1]}-01-01` : null;
}

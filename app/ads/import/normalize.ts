/**
 * Ad-export normalization: owns turning the records of an ad export (cells with their line numbers,
 * as `readCsvRecords` gives them) into an `AdsImport`: finding the header row, detecting the platform and
 * kind from the content (never the file name; downloads that are not row-level performance data,
 * such as asset reports, Overview cards and change histories, are refused with
 * `ads.import.notPerformance`), reading values per column (a search ad's `Interactions` as its
 * clicks where the file has no `Clicks`), keeping totals rows
 * aside, recomputing derived metrics and checking them and the totals against the file's own.
 * Pure TypeScript; `read.server.ts` does the bytes.
 */
import {
  ALL_KEYS,
  DESCRIPTION_KEY,
  DESCRIPTION_POSITION_KEY,
  FIELD_TYPES,
  FORMAT_TABLES,
  HEADLINE_KEY,
  HEADLINE_POSITION_KEY,
  META_BREAKDOWN_FIELDS,
  MICROSOFT_AD_KEY,
  MICROSOFT_DESCRIPTION_KEY,
  MICROSOFT_HEADLINE_KEY,
  refusedReportOf,
  resolveColumns,
  titleKey,
  type ColumnFormat,
  type Field,
  type Resolution,
} from "./columns";
import { isOwnRow, segmentStart, type SegmentUnit } from "./auction";
import { parseDateRange, parseDay } from "./dates";
import { decideSeparator, isMissing, parseBoundedPercent, parseCents, parseNumber, round, type DecimalSeparator } from "./numbers";
import { compareTotals, sumMetrics } from "./reconcile";
import {
  AdsImportError,
  type AdFields,
  type AdPlatform,
  type AdReportKind,
  type AdStrength,
  type AdsImport,
  type BoundedValue,
  type BreakdownDimension,
  type DerivedMetrics,
  type FileTotals,
  type ImportWarning,
  type MatchType,
  type Metrics,
  type NormalizedRow,
  type Period,
  type QualityRating,
  type RowExtras,
  type TotalsScope,
} from "./types";

export interface SourceRecord {
  /** 1-based line where the record starts. */
  line: number;
  cells: string[];
}

/** Records searched for the header row (Microsoft's header block is about ten lines). */
export const HEADER_SCAN_RECORDS = 15;

const TOTALS_LABEL = /^(total|totaal|gesamt|summe|totale)\s*:/i;
const ACCOUNT_WORDS = /^(account|konto|compte|cuenta|conta)$/;
/**
 * The privacy row of a search terms report (`Total: Other search terms`), after its totals word,
 * accents folded. en is from real exports; de `Sonstige Suchbegriffe` from a real German export
 * (issue #26, and a public German write-up of one); `Sonstige Suchanfragen` is the wording of
 * Google's German help (answer 2472708) for the same privacy-hidden queries. The other wordings
 * (nl `Overige/Andere zoektermen`, fr `Autres termes de recherche`, es `Otros términos de
 * búsqueda`, de `Andere Suchbegriffe`) are UNVERIFIED: the UI's usual wording.
 */
const HIDDEN_WORDS =
  /^\(?(other search terms|overige zoektermen|andere zoektermen|sonstige suchbegriffe|andere suchbegriffe|sonstige suchanfragen|andere suchanfragen|autres termes de recherche|otros terminos de busqueda)\)?$/;
/**
 * Amounts written with a currency sign (`US$1,234.56`, `€12.34`, `1.234,56 €`): Google's Overview
 * cards download them so; its reports write bare numbers with a `Currency code` column.
 */
const CURRENCY_SIGN = /^[-\u2212]?\s*(?:[A-Z]{0,3}\$|[€£¥₹₩₺₽]|CHF\s)|\s?(?:[€£¥₹₩₺₽$]|zł|CHF)$/;
/** Ad and campaign types whose interactions are clicks (search, text and Shopping ads; nl, de, fr, es unverified)… */
const CLICK_TYPES = /search|zoek|such|recherche|busqueda|text|tekst|shopping/;
/** …unless they are views, calls or engagements. */
const NOT_CLICK_TYPES = /video|youtube|call|anruf|appel|llamada|oproep|bellen|lightbox|engagement/;

const FOLDED = new Map<string, string>();
/** Lower case without accents; remembered (the same few words fill a column of 100,000 rows). */
const fold = (text: string) => {
  let folded = FOLDED.get(text);
  if (folded === undefined) {
    folded = text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .trim();
    if (FOLDED.size > 10_000) FOLDED.clear();
    FOLDED.set(text, folded);
  }
  return folded;
};

/**
 * Whether a Google row's `Interactions` are clicks (a file without a `Clicks` column): keywords and
 * search terms are Search; otherwise the row's ad type, else its campaign type, must be a search,
 * text or Shopping one. Null types (neither column) say nothing: the interactions stay apart.
 */
export function interactionsAreClicks(kind: AdReportKind, adType: string | null, campaignType: string | null): boolean {
  if (kind === "keyword" || kind === "search-term") return true;
  const type = adType ?? campaignType;
  if (type == null) return false;
  const value = fold(type);
  return !NOT_CLICK_TYPES.test(value) && CLICK_TYPES.test(value);
}

const isBlank = (record: SourceRecord) => record.cells.every((cell) => cell.trim() === "");

/** Index of the header: the first record with at least two known column names. */
export function findHeader(records: readonly SourceRecord[]): number {
  const limit = Math.min(records.length, HEADER_SCAN_RECORDS);
  for (let i = 0; i < limit; i++) {
    const known = new Set(
      records[i]!.cells.map((cell) => titleKey(cell.replace(/\s*\([A-Z]{3}\)\s*$/, ""))).filter((key) => ALL_KEYS.has(key)),
    );
    if (known.size >= 2) return i;
  }
  return -1;
}

interface Preamble {
  title: string | null;
  period: Period | null;
  microsoft: boolean;
}

function readPreamble(records: readonly SourceRecord[]): Preamble {
  const preamble: Preamble = { title: null, period: null, microsoft: false };
  for (const record of records) {
    const text = record.cells
      .filter((cell) => cell.trim() !== "")
      .join(",")
      .trim();
    if (text === "") continue;
    const keyValue = /^(Report Name|Report Time)\s*:\s*(.*)$/i.exec(text);
    if (keyValue) {
      preamble.microsoft = true;
      if (/name/i.test(keyValue[1]!)) preamble.title = keyValue[2]!.trim();
      else preamble.period = parseDateRange(keyValue[2]!) ?? preamble.period;
      continue;
    }
    if (/^[A-Za-z ]+:(\s|$)/.test(text) && preamble.microsoft) continue; // Time Zone:, Rows:, …
    const period = parseDateRange(text);
    if (period) preamble.period ??= period;
    else preamble.title ??= text;
  }
  return preamble;
}

interface Detection {
  platform: AdPlatform;
  format: ColumnFormat;
  kind: AdReportKind;
  resolution: Resolution;
}

function hasMetrics(resolution: Resolution): boolean {
  const c = resolution.columns;
  return Boolean(c.impressions || c.clicks || c.cost);
}

function entityKind(c: Resolution["columns"], extra: { ad: boolean }): AdReportKind {
  if (c.searchTerm) return "search-term";
  if (extra.ad) return "ad";
  if (c.keyword) return "keyword";
  if (c.adGroup) return "ad-group";
  return "campaign";
}

function detect(header: readonly string[], preamble: Preamble, headerLine: number): Detection {
  const keys = header.map(titleKey);
  // Auction insights: `Display URL domain` with at least one of its rates (Shopping has three).
  const auction = resolveColumns(FORMAT_TABLES.auction, header);
  if (
    auction.columns.domain &&
    (auction.columns.auctionImpressionShare || auction.columns.overlapRate || auction.columns.outrankingShare)
  ) {
    return { platform: "google", format: "auction", resolution: auction, kind: "auction-insights" };
  }
  // Google Keyword Planner: estimates per keyword, no metrics (the dashboard and audit skip its kind).
  const planner = resolveColumns(FORMAT_TABLES.planner, header);
  if (planner.columns.keyword && planner.columns.searchVolume)
    return { platform: "google", format: "planner", resolution: planner, kind: "keyword-planner" };
  const microsoft = resolveColumns(FORMAT_TABLES.microsoft, header);
  if (
    preamble.microsoft ||
    (microsoft.columns.cost && microsoft.columns.campaign && !resolveColumns(FORMAT_TABLES.google, header).columns.cost)
  ) {
    if (!microsoft.columns.cost && !microsoft.columns.impressions && !microsoft.columns.clicks) {
      throw new AdsImportError("ads.import.missingColumn", { line: headerLine, column: "Spend", expected: "Impressions, Clicks or Spend" });
    }
    // The Ad performance report (`Ad ID`, `Ad title`, `Title part 1`, `Ad type`…); a keyword report with ad columns stays a keyword report.
    const ad = !microsoft.columns.keyword && Boolean(microsoft.columns.adType || keys.some((key) => MICROSOFT_AD_KEY.test(key)));
    return { platform: "microsoft", format: "microsoft", resolution: microsoft, kind: entityKind(microsoft.columns, { ad }) };
  }
  const meta = resolveColumns(FORMAT_TABLES.meta, header);
  if (meta.columns.reportingStarts || meta.columns.cost) {
    const c = meta.columns;
    if (!c.cost && !c.impressions)
      throw new AdsImportError("ads.import.missingColumn", {
        line: headerLine,
        column: "Amount spent",
        expected: "Amount spent or Impressions",
      });
    const kind: AdReportKind = c.adName ? "ad" : c.adGroup ? "ad-group" : "campaign";
    return { platform: "meta", format: "meta", resolution: meta, kind };
  }
  // Google downloads that are not row-level performance data: refused, naming the report to download.
  const refused = refusedReportOf(header);
  if (refused) throw new AdsImportError("ads.import.notPerformance", { line: headerLine, report: refused, instead: "campaigns" });
  const google = resolveColumns(FORMAT_TABLES.google, header);
  const editor = resolveColumns(FORMAT_TABLES.editor, header);
  if (
    !hasMetrics(google) &&
    (editor.columns.criterionType || editor.columns.sharedSet || editor.columns.networks || editor.columns.adGroupType)
  ) {
    const c = editor.columns;
    const kind: AdReportKind =
      c.sharedSet && !c.adGroup
        ? "editor-negative-lists"
        : c.criterionType || c.keyword
          ? "editor-keywords"
          : c.adGroup
            ? "editor-ad-groups"
            : "editor-campaigns";
    // A shared negative keyword list's own export names no campaign (the list is shared).
    if (!c.campaign && !c.sharedSet)
      throw new AdsImportError("ads.import.missingColumn", { line: headerLine, column: "Campaign", expected: "Campaign" });
    return { platform: "google", format: "editor", resolution: editor, kind };
  }
  if (hasMetrics(google)) {
    const ad = Boolean(google.columns.adStrength || google.columns.adType || keys.some((key) => HEADLINE_KEY.test(key)));
    const kind = entityKind(google.columns, { ad });
    if (!google.columns.campaign && kind !== "campaign") {
      throw new AdsImportError("ads.import.missingColumn", { line: headerLine, column: "Campaign", expected: "Campaign" });
    }
    return { platform: "google", format: "google", resolution: google, kind };
  }
  throw new AdsImportError("ads.import.unknownFormat", {
    line: headerLine,
    expected: "a Google Ads, Google Ads Editor, Meta Ads Manager or Microsoft Advertising report",
  });
}

// ---------------------------------------------------------------------------------------------
// Values

export function parseKeyword(raw: string): { text: string; matchType: MatchType } {
  const value = raw.trim();
  let m = /^\[(.*)\]$/s.exec(value);
  if (m) return { text: m[1]!.trim(), matchType: "exact" };
  m = /^"(.*)"$/s.exec(value);
  if (m) return { text: m[1]!.trim(), matchType: "phrase" };
  if (/(^|\s)\+\S/.test(value)) return { text: value.replace(/(^|\s)\+(?=\S)/g, "$1").trim(), matchType: "broad-modified" };
  return { text: value, matchType: "broad" };
}

/** A match-type word (`Exact match`, `Phrase match (close variant)`, Editor `Negative Phrase`, localized) → type. */
export function matchTypeWord(raw: string): MatchType | null {
  const value = fold(raw);
  if (/exact|exacte|genau|exacta/.test(value)) return "exact";
  if (/phrase|woordgroep|wortgruppe|expression|frase/.test(value)) return "phrase";
  if (/modified|bmm/.test(value)) return "broad-modified";
  if (/broad|breed|weitgehend|large|amplia|general/.test(value)) return "broad";
  return null;
}

/** QS parts: `Above average`/`Average`/`Below average` and translations (nl, de, fr, es unverified); Microsoft writes 3/2/1. */
export function qualityRating(raw: string): QualityRating | null | undefined {
  if (isMissing(raw)) return null;
  const value = fold(raw);
  if (value === "3" || /above|boven|uber|superieur|encima/.test(value)) return "above";
  if (value === "1" || /below|onder|unter|inferieur|debajo/.test(value)) return "below";
  if (value === "2" || /^(average|gemiddeld|durchschnittlich|moyen|moyenne|media|promedio)$/.test(value)) return "average";
  return undefined;
}

/** Meta's ranking words (`Above average`, `Average`, `Below average - Bottom 35% of ads`); `-` and `Unknown` are no data. */
export function metaRanking(raw: string): QualityRating | null | undefined {
  if (isMissing(raw) || /^(unknown|onbekend|unbekannt|inconnu|desconocid[oa])$/.test(fold(raw))) return null;
  return qualityRating(raw);
}

/** A `;`-joined list (`Status reasons`, Editor `Networks`, `Ad strength improvements`); Editor's `[]` is an empty list. */
export function splitList(raw: string, options: { lowerCase?: boolean } = {}): string[] | null {
  if (isMissing(raw)) return null;
  if (raw.trim() === "[]") return [];
  return raw
    .split(";")
    .map((part) => (options.lowerCase ? part.trim().toLowerCase() : part.trim()))
    .filter((part) => part !== "");
}

/** Ad strength words (en seen; nl, de, fr, es unverified). */
export function adStrength(raw: string): AdStrength | null | undefined {
  if (isMissing(raw)) return null;
  const value = fold(raw);
  if (/^(excellent|uitstekend|sehr gut|excellente|excelente)$/.test(value)) return "excellent";
  if (/^(good|goed|gut|bonne|buena)$/.test(value)) return "good";
  if (/^(average|gemiddeld|durchschnittlich|moyenne|media|promedio)$/.test(value)) return "average";
  if (/^(poor|slecht|schlecht|faible|baja|mala)$/.test(value)) return "poor";
  if (/^(pending|in behandeling|ausstehend|en attente|pendiente)$/.test(value)) return "pending";
  return undefined;
}

/**
 * Keyword Planner volume buckets' bounds: `1K` → 1000, `10K` → 10000, `1M` → 1000000. The other
 * languages' abbreviations (`1 Tsd.`, `1 Mio.`, `1 k`, `1 mil`, `1 mln`) are UNVERIFIED, read too.
 */
function bucketBound(raw: string, separator: DecimalSeparator): number | undefined {
  const m = /^([\d.,\s\u00A0\u202F]+?)\s*(k|tsd\.?|mil|m|mio\.?|mln\.?)?$/i.exec(raw.trim());
  if (!m) return undefined;
  const value = parseNumber(m[1]!, separator);
  if (value == null) return undefined;
  const unit = (m[2] ?? "").toLowerCase().replace(/\.$/, "");
  const factor = unit === "m" || unit === "mio" || unit === "mln" ? 1_000_000 : unit ? 1000 : 1;
  return Math.round(value * factor);
}

export interface PlannerVolume {
  searchVolume: number;
  volumeLow: number | null;
  volumeHigh: number | null;
}

/**
 * `Avg. monthly searches`: an integer (`1,300`), or a bucket (`1K – 10K`, en dash; a hyphen too),
 * taken as half its upper bound (10 – 100 → 50, 100 – 1K → 500, 1K – 10K → 5000, 10K – 100K →
 * 50000, the fact sheet's mapping). Null when empty, undefined when unreadable.
 */
export function plannerVolume(raw: string, separator: DecimalSeparator): PlannerVolume | null | undefined {
  if (isMissing(raw)) return null;
  const bucket = /^(.+?)\s*[\u2013\u2014-]\s*(.+)$/.exec(raw.trim());
  if (bucket) {
    const low = bucketBound(bucket[1]!, separator);
    const high = bucketBound(bucket[2]!, separator);
    if (low === undefined || high === undefined || high < low) return undefined;
    return { searchVolume: Math.round(high / 2), volumeLow: low, volumeHigh: high };
  }
  const value = parseNumber(raw, separator);
  if (value == null || !Number.isInteger(value) || value < 0) return undefined;
  return { searchVolume: value, volumeLow: null, volumeHigh: null };
}

/**
 * Keyword Planner `Competition` (`Low`/`Medium`/`High`; the other languages' words unverified).
 * `Unknown` (too little data, common on low-volume ideas) is a value: no competition known, null.
 */
export function plannerCompetition(raw: string): "low" | "medium" | "high" | null | undefined {
  if (isMissing(raw)) return null;
  const value = fold(raw);
  if (/^(unknown|onbekend|unbekannt|inconnue?|desconocid[oa])$/.test(value)) return null;
  if (/^(low|laag|niedrig|faible|baja)$/.test(value)) return "low";
  if (/^(medium|gemiddeld|mittel|moyenne|media)$/.test(value)) return "medium";
  if (/^(high|hoog|hoch|elevee|alta)$/.test(value)) return "high";
  return undefined;
}

export function deriveMetrics(m: Metrics): DerivedMetrics {
  const div = (a: number | null, b: number | null) => (a == null || b == null || b === 0 ? null : a / b);
  const ctr = div(m.clicks, m.impressions);
  const cpc = div(m.costCents, m.clicks);
  const cpa = div(m.costCents, m.conversions);
  const rate = div(m.conversions, m.clicks);
  const roas = div(m.conversionValueCents, m.costCents);
  return {
    ctr: ctr == null ? null : round(ctr, 10),
    avgCpcCents: cpc == null ? null : Math.round(cpc),
    cpaCents: cpa == null ? null : Math.round(cpa),
    conversionRate: rate == null ? null : round(rate, 10),
    roas: roas == null ? null : round(roas, 10),
  };
}

// ---------------------------------------------------------------------------------------------
// Normalization

/** The import the records make. The data rows' cells are trimmed in place (they are read once). */
export function normalizeRecords(input: readonly SourceRecord[]): AdsImport {
  const records = input.filter((record) => !isBlank(record));
  if (records.length === 0) throw new AdsImportError("ads.import.empty", { line: 1, expected: "a header row" });
  const headerIndex = findHeader(records);
  if (headerIndex < 0) {
    throw new AdsImportError("ads.import.unknownFormat", { line: records[0]!.line, expected: "a header row with known column names" });
  }
  const headerRecord = records[headerIndex]!;
  const header = headerRecord.cells.map((cell) => cell.trim());
  const preamble = readPreamble(records.slice(0, headerIndex));
  const { platform, format, kind, resolution } = detect(header, preamble, headerRecord.line);
  const c = resolution.columns;
  const hint: DecimalSeparator = resolution.language === "en" ? "." : ",";
  // Meta breakdowns: the dimension columns present, in the file's order.
  const breakdownFields = format === "meta" ? META_BREAKDOWN_FIELDS.filter(([field]) => c[field]) : [];
  breakdownFields.sort((a, b) => c[a[0]]!.index - c[b[0]]!.index);
  const breakdown: BreakdownDimension[] | null = breakdownFields.length ? breakdownFields.map(([, dimension]) => dimension) : null;
  const warnings: ImportWarning[] = [];

  // Data records: drop Microsoft's footer; keep totals rows aside.
  const body: SourceRecord[] = [];
  const totalsRecords: { record: SourceRecord; label: string }[] = [];
  // Each cell is trimmed once, here (one pass per record: the rows are read fifty-odd times below).
  for (let r = headerIndex + 1; r < records.length; r++) {
    const record = records[r]!;
    const cells = record.cells;
    let filled = 0;
    let label: string | undefined;
    for (let i = 0; i < cells.length; i++) {
      const value = (cells[i] = cells[i]!.trim());
      if (value === "") continue;
      filled++;
      if (label === undefined && !isMissing(value)) label = value;
    }
    if (filled === 1 && label !== undefined && /^\u00A9|microsoft corporation/i.test(label)) continue;
    if (label && TOTALS_LABEL.test(label)) totalsRecords.push({ record, label });
    else body.push(record);
  }

  const cell = (record: SourceRecord, field: Field): string => {
    const column = c[field];
    return column ? (record.cells[column.index] ?? "") : "";
  };

  // An Overview card's download (a card title, amounts with their currency sign, a few rows) is no report.
  if (format === "google") {
    const moneyFields = (Object.keys(c) as Field[]).filter((field) => FIELD_TYPES[field] === "money");
    for (const record of body.slice(0, 50))
      for (const field of moneyFields)
        if (CURRENCY_SIGN.test(cell(record, field)))
          throw new AdsImportError("ads.import.notPerformance", { line: record.line, report: "overviewCard", instead: "campaigns" });
  }
  const text = (record: SourceRecord, field: Field): string | null => {
    const value = cell(record, field);
    return isMissing(value) || (format === "editor" && value === "[]") ? null : value;
  };

  // One decimal separator per numeric column, from all its cells (rows and totals).
  const separators = new Map<Field, DecimalSeparator>();
  const all = [...body, ...totalsRecords.map((t) => t.record)];
  for (const [field, column] of Object.entries(c) as [Field, NonNullable<(typeof c)[Field]>][]) {
    const type = FIELD_TYPES[field];
    if (type === "text" || type === "day") continue;
    const cells = all.map((record) => cell(record, field));
    const decision = decideSeparator(cells, hint);
    if (decision.conflictAt != null) {
      throw new AdsImportError("ads.import.badNumber", {
        line: all[decision.conflictAt]!.line,
        column: column.title,
        expected: decision.separator === "." ? "a number with a decimal point" : "a number with a decimal comma",
        got: cells[decision.conflictAt],
      });
    }
    separators.set(field, decision.separator);
  }

  const bad = (record: SourceRecord, field: Field, expected: string): never => {
    throw new AdsImportError(expected === "a date" ? "ads.import.badDate" : "ads.import.badNumber", {
      line: record.line,
      column: c[field]!.title,
      expected,
      got: cell(record, field),
    });
  };
  const num = (record: SourceRecord, field: Field): number | null => {
    if (!c[field]) return null;
    const type = FIELD_TYPES[field];
    const raw = cell(record, field);
    if (format === "editor" && raw === "[]") return null; // Editor's empty value
    const sep = separators.get(field) ?? hint;
    if (type === "money") {
      const cents = parseCents(raw, sep);
      return cents === undefined ? bad(record, field, "an amount") : cents;
    }
    if (type === "percent") {
      const value = parseBoundedPercent(raw, sep);
      return value === undefined ? bad(record, field, "a percentage") : (value?.value ?? null);
    }
    const value = parseNumber(raw, sep);
    if (value === undefined) return bad(record, field, type === "integer" ? "a whole number" : "a number");
    if (value != null && type === "integer" && !Number.isInteger(value)) return bad(record, field, "a whole number");
    return value;
  };
  const bounded = (record: SourceRecord, field: Field): BoundedValue | null => {
    if (!c[field]) return null;
    if (format === "editor" && cell(record, field) === "[]") return null;
    const value = parseBoundedPercent(cell(record, field), separators.get(field) ?? hint);
    return value === undefined ? bad(record, field, "a percentage") : value;
  };
  const day = (record: SourceRecord, field: Field): string | null => {
    const raw = text(record, field);
    if (raw == null) return null;
    return parseDay(raw) ?? bad(record, field, "a date");
  };
  /** A cell that does not read as `expected`: a warning, and no value. */
  const badValue = (record: SourceRecord, field: Field, expected: string): null => {
    warnings.push({ code: "ads.import.badValue", line: record.line, column: c[field]!.title, expected, got: cell(record, field) });
    return null;
  };
  const rating = (record: SourceRecord, field: Field): QualityRating | null => {
    const value = qualityRating(cell(record, field));
    return value === undefined ? badValue(record, field, "a rating") : value;
  };
  const ranking = (record: SourceRecord, field: Field): QualityRating | null => {
    if (!c[field]) return null;
    const value = metaRanking(cell(record, field));
    return value === undefined ? badValue(record, field, "a ranking") : value;
  };
  const list = (record: SourceRecord, field: Field, options: { lowerCase?: boolean } = {}): string[] | null =>
    c[field] ? splitList(cell(record, field), options) : null;
  /** Auction insights: the first day of the row's time segment (week, month, quarter or year), null without one. */
  const auctionSegment = (record: SourceRecord): string | null => {
    const unit = (["week", "month", "quarter", "year"] as const).find((candidate) => c[candidate]);
    if (!unit) return null;
    const raw = text(record, unit);
    if (raw == null) return null;
    return segmentStart(raw, unit as SegmentUnit) ?? bad(record, unit, "a date");
  };

  // Google files without `Clicks`: a search or text row's interactions are its clicks (the totals
  // rows' too when every row's are), a video's views or a call ad's calls are not.
  const interactionsMayBeClicks = format === "google" && !c.clicks && Boolean(c.interactions);
  const rowInteractionsAreClicks = (record: SourceRecord) =>
    interactionsMayBeClicks && interactionsAreClicks(kind, text(record, "adType"), text(record, "campaignType"));
  const everyRowClicks = interactionsMayBeClicks && body.length > 0 && body.every(rowInteractionsAreClicks);

  const metricsOf = (record: SourceRecord, totals = false): Metrics => {
    const purchases = num(record, "purchases");
    let conversions = c.conversions ? num(record, "conversions") : purchases;
    if (format === "meta" && conversions == null && c.results) {
      const indicator = text(record, "resultIndicator") ?? "";
      if (/conversion|purchase|lead|complete_registration/i.test(indicator)) conversions = num(record, "results");
    }
    const asClicks = totals ? everyRowClicks : rowInteractionsAreClicks(record);
    return {
      impressions: num(record, "impressions"),
      clicks: asClicks ? num(record, "interactions") : num(record, "clicks"),
      costCents: num(record, "cost"),
      conversions,
      conversionValueCents: num(record, "conversionValue"),
    };
  };

  const headlineColumns: number[] = [];
  const descriptionColumns: number[] = [];
  const headlinePositionColumns: number[] = [];
  const descriptionPositionColumns: number[] = [];
  const microsoftTitleColumns: number[] = [];
  header.forEach((title, index) => {
    const key = titleKey(title);
    const h = HEADLINE_KEY.exec(key);
    if (h) headlineColumns[Number(h[1]) - 1] = index;
    const d = DESCRIPTION_KEY.exec(key);
    if (d) descriptionColumns[Number(d[1]) - 1] = index;
    const hp = HEADLINE_POSITION_KEY.exec(key);
    if (hp) headlinePositionColumns[Number(hp[1]) - 1] = index;
    const dp = DESCRIPTION_POSITION_KEY.exec(key);
    if (dp) descriptionPositionColumns[Number(dp[1]) - 1] = index;
    if (format !== "microsoft") return;
    // Microsoft: `Title part 1…3`, or without them `Ad title`/`Headline`; `Ad description`, `Ad description 2`.
    const mh = MICROSOFT_HEADLINE_KEY.exec(key);
    if (mh?.[1]) headlineColumns[Number(mh[1]) - 1] = index;
    else if (mh) microsoftTitleColumns.push(index);
    const md = MICROSOFT_DESCRIPTION_KEY.exec(key);
    if (md) descriptionColumns[md[1] ? Number(md[1]) - 1 : 0] = index;
  });
  const listed = (record: SourceRecord, indexes: number[]) =>
    indexes
      .filter((index) => index !== undefined)
      .map((index) => (record.cells[index] ?? "").trim())
      .filter((value) => !isMissing(value));
  /** Pinned assets: position cells that are set (` --` is unpinned); null when the file has no position columns. */
  const pinned = (record: SourceRecord, indexes: number[]) =>
    indexes.some((index) => index !== undefined) ? listed(record, indexes).length : null;

  const currencies = new Map<string, { line: number; column: string }>();
  for (const column of Object.values(c))
    if (column?.currency) currencies.set(column.currency, { line: headerRecord.line, column: column.title });
  const noteCurrency = (record: SourceRecord) => {
    const raw = text(record, "currency");
    if (raw == null) return;
    const code = raw.toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) {
      warnings.push({ code: "ads.import.badValue", line: record.line, column: c.currency!.title, expected: "a currency code", got: raw });
      return;
    }
    if (!currencies.has(code)) currencies.set(code, { line: record.line, column: c.currency!.title });
  };

  /**
   * Meta's summary rows ("Include summary row" in the export dialog): the metrics' totals with the
   * breakdown cells empty, either of the whole file (entity cells empty too) or, in a breakdown
   * export, of one campaign, ad set or ad (entity cells filled). Without a breakdown, a row with
   * every entity cell empty is the file's summary. They are totals, never rows.
   */
  const entityFields = (["campaign", "adGroup", "adName"] as const).filter((field) => c[field]);
  const metaSummaries: { record: SourceRecord; entity: boolean }[] = [];
  const metaSummary = (record: SourceRecord): { entity: boolean } | null => {
    if (format !== "meta" || (!breakdownFields.length && !entityFields.length)) return null;
    if (breakdownFields.some(([field]) => text(record, field) != null)) return null;
    const entity = entityFields.some((field) => text(record, field) != null);
    if (entity && !breakdownFields.length) return null;
    return { entity };
  };

  const rows: NormalizedRow[] = [];
  const planner = format === "planner";
  for (const record of body) {
    // Keyword Planner's segmentation rows (no keyword, `Segmentation` filled) are not keywords.
    if (planner && text(record, "keyword") == null) continue;
    const summary = metaSummary(record);
    if (summary) {
      metaSummaries.push({ record, entity: summary.entity });
      continue;
    }
    noteCurrency(record);
    let keyword: string | null = null;
    let matchType: MatchType | null = null;
    let negative = false;
    const rawKeyword = text(record, "keyword");
    if (rawKeyword != null) {
      const parsed = parseKeyword(rawKeyword);
      keyword = parsed.text;
      matchType = planner ? null : parsed.matchType; // a Keyword Planner idea has no match type
    }
    const matchWord = text(record, "matchType") ?? text(record, "criterionType");
    if (matchWord != null) {
      // The column wins for search terms (how the term matched) and when the keyword has no punctuation.
      const fromWord = matchTypeWord(matchWord);
      if (fromWord && (kind === "search-term" || matchType === null || matchType === "broad")) matchType = fromWord;
      // `Negative Phrase`, and Editor's campaign-level `Campaign Negative Broad`.
      if (/^(?:campaign |account )?(?:negative|negatief|ausschlie|negatif|negativ)/i.test(fold(matchWord))) negative = true;
    }
    // Every keyword of a shared negative keyword list is a negative, whatever its criterion type says (`Phrase`).
    const sharedSet = text(record, "sharedSet");
    if (sharedSet != null && keyword != null) negative = true;

    let ad: AdFields | null = null;
    if (kind === "ad") {
      let strength: AdStrength | null = null;
      if (c.adStrength) {
        const value = adStrength(cell(record, "adStrength"));
        if (value === undefined) badValue(record, "adStrength", "an ad strength");
        else strength = value;
      }
      ad = {
        name: text(record, "adName"),
        type: text(record, "adType"),
        headlines: listed(record, headlineColumns).length > 0 ? listed(record, headlineColumns) : listed(record, microsoftTitleColumns),
        descriptions: listed(record, descriptionColumns),
        finalUrl: text(record, "finalUrl"),
        path1: text(record, "path1"),
        path2: text(record, "path2"),
        strength,
      };
    }

    let rowDay = c.day ? day(record, "day") : null;
    if (format === "auction" && rowDay == null) rowDay = auctionSegment(record);
    if (format === "meta" && rowDay == null && c.reportingStarts && c.reportingEnds) {
      const starts = day(record, "reportingStarts");
      const ends = day(record, "reportingEnds");
      if (starts && ends && starts === ends) rowDay = starts;
    }

    const qs = num(record, "qualityScore");
    if (qs != null && (!Number.isInteger(qs) || qs < 1 || qs > 10)) bad(record, "qualityScore", "a whole number from 1 to 10");
    const extras: RowExtras = {
      campaignType: text(record, "campaignType"),
      servingStatus: text(record, "servingStatus"),
      device: text(record, "device"),
      budgetCents: c.budget && /^\d|^[<>-]/.test(cell(record, "budget")) ? num(record, "budget") : null, // Meta: `Using campaign budget`
      budgetType: text(record, "budgetType"),
      bidStrategyType: text(record, "bidStrategyType"),
      maxCpcCents: num(record, "maxCpc"),
      impressionShare: bounded(record, "impressionShare") ?? bounded(record, "auctionImpressionShare"),
      lostIsBudget: bounded(record, "lostIsBudget"),
      lostIsRank: bounded(record, "lostIsRank"),
      qualityScore: qs,
      expectedCtr: c.expectedCtr ? rating(record, "expectedCtr") : null,
      adRelevance: c.adRelevance ? rating(record, "adRelevance") : null,
      landingPageExperience: c.landingPageExperience ? rating(record, "landingPageExperience") : null,
      results: num(record, "results"),
      resultIndicator: text(record, "resultIndicator"),
      reach: num(record, "reach"),
      frequency: num(record, "frequency"),
      clicksAll: num(record, "clicksAll"),
      interactions: num(record, "interactions"),
      statusReasons: list(record, "statusReasons", { lowerCase: true }),
      addedExcluded: text(record, "addedExcluded")?.toLowerCase() ?? null,
      networks: list(record, "networks"),
      network: text(record, "network"),
      targetingMethod: text(record, "targetingMethod"),
      broadMatchKeywords: text(record, "broadMatchKeywords"),
      targetCpaCents: num(record, "targetCpa"),
      targetRoas: c.targetRoas ? (bounded(record, "targetRoas")?.value ?? null) : null,
      approvalStatus: text(record, "approvalStatus"),
      campaignStatus: text(record, "campaignStatus"),
      adGroupStatus: text(record, "adGroupStatus"),
      sharedSet,
      adStrengthImprovements: list(record, "adStrengthImprovements"),
      headlineColumns:
        kind === "ad" && headlineColumns.some((i) => i !== undefined) ? headlineColumns.filter((i) => i !== undefined).length : null,
      descriptionColumns:
        kind === "ad" && descriptionColumns.some((i) => i !== undefined) ? descriptionColumns.filter((i) => i !== undefined).length : null,
      pinnedHeadlines: kind === "ad" ? pinned(record, headlinePositionColumns) : null,
      pinnedDescriptions: kind === "ad" ? pinned(record, descriptionPositionColumns) : null,
      qualityRanking: ranking(record, "qualityRanking"),
      engagementRateRanking: ranking(record, "engagementRateRanking"),
      conversionRateRanking: ranking(record, "conversionRateRanking"),
      // Auction insights.
      domain: text(record, "domain"),
      isYou: format === "auction" ? isOwnRow(cell(record, "domain")) : null,
      overlapRate: bounded(record, "overlapRate"),
      positionAboveRate: bounded(record, "positionAboveRate"),
      topOfPageRate: bounded(record, "topOfPageRate"),
      absTopOfPageRate: bounded(record, "absTopOfPageRate"),
      outrankingShare: bounded(record, "outrankingShare"),
      searchVolume: null,
      volumeLow: null,
      volumeHigh: null,
      volumeEstimated: null,
      competition: null,
      competitionIndex: null,
      bidLowCents: null,
      bidHighCents: null,
      threeMonthChange: null,
      yoyChange: null,
      breakdown: breakdownFields.length
        ? Object.fromEntries(breakdownFields.map(([field, dimension]) => [dimension, text(record, field) ?? ""]))
        : null,
    };
    if (planner) {
      const volume = plannerVolume(cell(record, "searchVolume"), hint);
      if (volume === undefined) badValue(record, "searchVolume", "a number of searches");
      else if (volume) Object.assign(extras, volume, { volumeEstimated: true });
      const competition = c.competition ? plannerCompetition(cell(record, "competition")) : null;
      if (competition === undefined) badValue(record, "competition", "Low, Medium or High");
      else extras.competition = competition;
      const index = num(record, "competitionIndex");
      if (index != null && (index < 0 || index > 100)) bad(record, "competitionIndex", "a whole number from 0 to 100");
      extras.competitionIndex = index;
      extras.bidLowCents = num(record, "bidLow");
      extras.bidHighCents = num(record, "bidHigh");
      for (const field of ["threeMonthChange", "yoyChange"] as const) {
        // `∞`: the month a year (or three months) before had no searches; no finite change to show.
        const raw = c[field] ? cell(record, field).trim() : "";
        const change = raw === "∞" ? null : parseBoundedPercent(raw, separators.get(field) ?? hint);
        if (change === undefined) badValue(record, field, "a percentage");
        extras[field] = change?.value ?? null;
      }
    }

    const metrics = metricsOf(record);
    const derived = deriveMetrics(metrics);
    // Where interactions are the clicks, `Interaction rate` is the CTR and `Avg. cost` the CPC.
    const asClicks = rowInteractionsAreClicks(record);
    checkDerived(
      record,
      metrics,
      derived,
      {
        ctr: c.ctr ? num(record, "ctr") : asClicks ? num(record, "interactionRate") : null,
        avgCpc: c.avgCpc ? num(record, "avgCpc") : asClicks ? num(record, "avgCost") : null,
        cpa: num(record, "costPerConversion"),
        rate: num(record, "conversionRate"),
        roas: num(record, "roas"),
        interactions: num(record, "interactions"),
      },
      c,
      warnings,
    );

    rows.push({
      line: record.line,
      day: rowDay,
      campaign: text(record, "campaign"),
      adGroup: text(record, "adGroup"),
      keyword,
      matchType,
      negative,
      searchTerm: text(record, "searchTerm"),
      ad,
      status: text(record, "status"),
      metrics,
      derived,
      extras,
    });
  }

  if (currencies.size > 1) {
    const [first, second] = [...currencies.entries()];
    throw new AdsImportError("ads.import.mixedCurrencies", {
      line: second![1].line,
      column: second![1].column,
      expected: first![0],
      got: second![0],
    });
  }
  const currency = currencies.size === 1 ? [...currencies.keys()][0]! : null;
  const editor = format === "editor";
  if (!currency && !editor && format !== "auction") warnings.push({ code: "ads.import.noCurrency" }); // auction insights hold no money

  // Period: the date line (Google, Microsoft), Meta's reporting dates, or the Day column.
  let period: Period | null = preamble.period;
  if (!period && format === "meta" && c.reportingStarts && c.reportingEnds && body.length > 0) {
    const starts = body.map((record) => day(record, "reportingStarts")).filter((d): d is string => d != null);
    const ends = body.map((record) => day(record, "reportingEnds")).filter((d): d is string => d != null);
    if (starts.length > 0 && ends.length > 0) period = { start: starts.sort()[0]!, end: ends.sort().at(-1)! };
  }
  const days = rows
    .map((row) => row.day)
    .filter((d): d is string => d != null)
    .sort();
  if (!period && days.length > 0) period = { start: days[0]!, end: days.at(-1)! };
  if (!period && !editor) warnings.push({ code: "ads.import.noPeriod" });
  const granularity = rows.length > 0 && rows.every((row) => row.day != null) ? "day" : "period";

  // Totals rows: kept as the file's own, compared with the rows.
  const fileTotals: FileTotals[] = [];
  for (const { record, label } of totalsRecords) {
    const rest = fold(label.replace(TOTALS_LABEL, ""));
    let scope: TotalsScope = "segment";
    if (ACCOUNT_WORDS.test(rest)) scope = "account";
    else if (HIDDEN_WORDS.test(rest)) scope = "hidden";
    else if (!fileTotals.some((t) => t.scope === "rows")) scope = "rows";
    fileTotals.push({ line: record.line, label, scope, metrics: metricsOf(record, true) });
  }
  // Meta's summary rows: the file's (several without entities: one per day) and the entities'.
  const fileLevel = metaSummaries.filter((summary) => !summary.entity);
  for (const { record, entity } of metaSummaries) {
    const perDay = !entity && fileLevel.length > 1;
    const starts = c.reportingStarts ? day(record, "reportingStarts") : null;
    const ends = c.reportingEnds ? day(record, "reportingEnds") : null;
    const summaryDay = (c.day ? day(record, "day") : null) ?? (starts && starts === ends ? starts : null);
    const names = { campaign: text(record, "campaign"), adGroup: text(record, "adGroup"), ad: text(record, "adName") };
    fileTotals.push({
      line: record.line,
      label: [names.campaign, names.adGroup, names.ad, perDay ? summaryDay : null].filter(Boolean).join(" › "),
      scope: entity || perDay ? "entity" : "account",
      metrics: metricsOf(record),
      ...(entity || perDay ? { entity: { ...names, day: granularity === "day" ? summaryDay : null } } : {}),
      reach: num(record, "reach"),
    });
  }
  const computed = sumMetrics(rows);
  const computedTotals = { ...computed, derived: deriveMetrics(computed) };
  for (const totals of fileTotals) {
    if (totals.scope !== "hidden") continue;
    const visible = fileTotals.find((t) => t.scope === "rows")?.metrics.costCents ?? computed.costCents ?? 0;
    const hiddenCost = totals.metrics.costCents ?? 0;
    warnings.push({
      code: "ads.import.hiddenRows",
      line: totals.line,
      label: totals.label,
      impressions: totals.metrics.impressions,
      clicks: totals.metrics.clicks,
      costCents: totals.metrics.costCents,
      costShare: visible + hiddenCost > 0 ? round(hiddenCost / (visible + hiddenCost), 4) : null,
    });
  }
  // Each totals row against the rows it covers (the account's total includes what the platform
  // hides, Google's "Other search terms"): a difference beyond rounding is a warning on its line.
  for (const comparison of compareTotals(rows, computed, fileTotals)) {
    for (const m of comparison.metrics) {
      if (!m.differs) continue;
      warnings.push({
        code: "ads.import.totalsMismatch",
        line: comparison.line,
        label: comparison.label,
        scope: comparison.scope,
        metric: m.metric,
        file: m.file,
        computed: m.metric === "conversions" ? round(m.rows + m.hidden, 6) : m.rows + m.hidden,
        difference: m.difference,
      });
    }
  }

  return {
    platform,
    kind,
    language: resolution.language,
    granularity,
    currency,
    period,
    title: preamble.title,
    breakdown,
    rows,
    fileTotals,
    computedTotals,
    warnings,
  };
}

/** The file's own CTR, CPC, CPA, conversion rate and ROAS against ours; a difference beyond rounding is a warning. */
function checkDerived(
  record: SourceRecord,
  m: Metrics,
  d: DerivedMetrics,
  file: {
    ctr: number | null;
    avgCpc: number | null;
    cpa: number | null;
    rate: number | null;
    roas: number | null;
    interactions: number | null;
  },
  c: Resolution["columns"],
  warnings: ImportWarning[],
): void {
  const warn = (field: Field, fileValue: number, computed: number) =>
    warnings.push({
      code: "ads.import.derivedMismatch",
      line: record.line,
      column: c[field]!.title,
      // Which figure it is (the preview writes money as money and rates as percentages).
      metric: field,
      file: fileValue,
      computed: round(computed, 6),
    });
  // Percentages are written with two decimals (0.005% = 0.00005); amounts to the cent.
  if (file.ctr != null && d.ctr != null && Math.abs(file.ctr - d.ctr) > 0.0000501) warn(c.ctr ? "ctr" : "interactionRate", file.ctr, d.ctr);
  if (file.avgCpc != null && m.costCents != null && m.clicks) {
    const exact = m.costCents / m.clicks;
    if (Math.abs(file.avgCpc - exact) > 1) warn(c.avgCpc ? "avgCpc" : "avgCost", file.avgCpc, Math.round(exact));
  }
  if (file.cpa != null && m.costCents != null && m.conversions) {
    const exact = m.costCents / m.conversions;
    if (Math.abs(file.cpa - exact) > 1) warn("costPerConversion", file.cpa, Math.round(exact));
  }
  const base = file.interactions ?? m.clicks;
  if (file.rate != null && m.conversions != null && base) {
    const exact = m.conversions / base;
    if (Math.abs(file.rate - exact) > 0.0000501) warn("conversionRate", file.rate, exact);
  }
  if (file.roas != null && m.conversionValueCents != null && m.costCents) {
    const exact = m.conversionValueCents / m.costCents;
    if (Math.abs(file.roas - exact) > 0.00501) warn("roas", file.roas, exact);
  }
}

/**
 * Affiliate network transaction reports (CSV files a person downloads from Awin, Impact or CJ, or
 * writes from their APIs): owns reading such a file into typed rows, and nothing else (no database,
 * no ledger, no UI). `parseReport(network, input)` decodes the bytes (UTF-8 with or without a BOM,
 * UTF-16LE/BE with a BOM or recognisably without one, else Windows-1252 as Excel saves it), finds
 * the header (case, spaces, underscores and punctuation ignored; up to 10 title lines before it are
 * skipped), and turns each data row into a `ReportRow` or, when a value is wrong, into `RowError`s
 * naming the file line and the column. A file that cannot be read as such a report at all throws a
 * `ReportFormatError`. Pure: the same input always gives the same output.
 *
 * Layouts accepted (header titles, compared lower-case with everything but letters and digits
 * removed, so `Click Ref`, `clickRef`, `click_ref` and `CLICKREF` are one title; the first title of a
 * list found in the header wins):
 *
 * | field            | Awin                                                        | Impact                                  | CJ |
 * |------------------|-------------------------------------------------------------|-----------------------------------------|----|
 * | transaction id   | Transaction ID, id                                          | Action Id, Id                           | Original Action ID, else Action ID, else Commission ID (see below) |
 * | part id          | —                                                           | —                                       | Commission ID, commissionId (required) |
 * | click id (opt.)  | Click Ref, clickRef, Click Reference, clickRefs.clickRef    | SubId1, Sub Id 1                        | SID, shopperId, Shopper ID |
 * | sale amount      | Sale Amount, saleAmount, saleAmount.amount, transactionAmount | Sale Amount, Amount                   | Sale Amount, saleAmountPubCurrency, saleAmountUsd, Sale Amount (USD) |
 * | commission       | Commission Amount, commissionAmount, commission, commissionAmount.amount | Payout, Action Earnings    | Commission, Publisher Commission, pubCommissionAmountPubCurrency, pubCommissionAmountUsd, Publisher Commission (USD) |
 * | currency         | Currency, Commission Currency, commissionAmount.currency    | Currency                                | Currency, pubCurrency; not needed with a USD amount column (then USD) |
 * | status           | Status, commissionStatus, commission_status, Transaction Status | State, Status, Action Status       | Action Status, actionStatus, Status |
 * | date             | Transaction Date, transactionDate, date                     | Event Date, EventDate, Action Date      | Event Date, eventDate |
 *
 * Sources: Awin's "Transactions report" export (`id`, `sale_amount`, `commission`, `date`,
 * `commission_status` with 0/1/2 for pending/approved/declined) and its publisher API
 * (`id`, `clickRefs.clickRef`, `saleAmount`, `commissionAmount`, `commissionStatus`,
 * `transactionDate`); Impact's action listing reports (`Action Id`, `Sub Id 1`, `Sale Amount`,
 * `Payout`, `Action Date`, `Status`) and Action object (`Id`, `SubId1`, `Amount`, `Payout`,
 * `Currency`, `State`, `EventDate`); CJ's Commission Detail API records (`commissionId`,
 * `actionId`, `originalActionId`, `shopperId`/`sid`, `saleAmount*`, `pubCommissionAmount*`,
 * `actionStatus`, `eventDate`). With no currency column, CJ's USD amount columns are preferred.
 *
 * Values:
 * - Statuses: Awin pending/approved/declined/deleted (deleted → declined) and 0/1/2; Impact
 *   PENDING/APPROVED/REVERSED; CJ new/extended → pending, locked/closed → approved. Any case.
 * - CJ corrections are records of their own (`original` false, `Original Action ID` set), often
 *   negative, with their own status word: `transactionId` is the original's action id (so the
 *   records group) and `partId` the record's commission id (so they are summed, not overwritten).
 * - Amounts: `12.50`, `1,234.56`, `-3.20`, `(3.20)`, `$12.50`, `€12.50`, `12.5 USD`, `USD 12.50`
 *   → integer cents, from the digits (no floating point). More than two decimals is `bad_amount`
 *   unless the extra digits are zeros (`7.500`); so are `12,50` (decimal comma), junk, more than
 *   twelve integer digits, and negative amounts from Awin or Impact. A code or €/£ in the amount
 *   must agree with the row's currency (else `bad_currency`). An empty sale amount is 0 (leads);
 *   an empty commission is `missing_value`.
 * - Dates (naive times are taken as UTC): ISO 8601 (`2024-05-01T10:00:00Z`, `…+02:00`, `…T10:00`),
 *   `YYYY-MM-DD HH:mm[:ss]`, `YYYY-MM-DD`; slashed dates are ambiguous, so they are read
 *   month-first for Impact and CJ (`MM/DD/YYYY HH:mm[:ss] [AM|PM]`, their US interfaces) and
 *   day-first for Awin (`DD/MM/YYYY HH:mm[:ss]`, also `DD.MM.YYYY`); two-digit years are refused.
 * - Cells are kept without control characters (NUL included); `="…"` (Excel's text guard) is
 *   unwrapped; ids and words are trimmed, inner line breaks become spaces. Blank lines are skipped.
 * - `RowError.column` is the column's title as written in the file; `ReportFormatError.columns`
 *   (missing_columns) lists canonical names: transactionId, commissionId, saleAmount, commission,
 *   currency, status, occurredAt.
 */
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from "~/utils/csv-records";
import { NamedError } from "~/utils/named-error";

export const REPORT_NETWORKS = ["awin", "impact", "cj"] as const;
export type ReportNetwork = (typeof REPORT_NETWORKS)[number];
/** The same union as `ReportedStatus` in conversions.server.ts, kept here so this module stays pure. */
export type ReportedStatus = "pending" | "approved" | "declined";

export interface ReportRow {
  /** 1-based line in the file where the record starts (the header is line 1 when nothing precedes it). */
  line: number;
  /** The network's transaction id (CJ: the original action id, so corrections group with it). */
  transactionId: string;
  /** CJ only: this record's own commission id (corrections are separate records to be summed); null for Awin/Impact. */
  partId: string | null;
  /** Our click id from the network's sub-id column; null when empty or when the file has no such column. */
  clickId: string | null;
  /** Integer cents; CJ corrections may be negative. */
  saleAmountCents: number;
  /** Integer cents of the publisher commission; CJ corrections may be negative. */
  commissionCents: number;
  /** ISO 4217 code, upper-case. */
  currency: string;
  status: ReportedStatus;
  /** The network's status word as written (trimmed). */
  statusWord: string;
  /** ISO 8601 UTC (`toISOString()`) of the transaction/event date. */
  occurredAt: string;
  /** JSON of the record as a header → value object (values without control characters, otherwise as written). */
  raw: string;
}

export interface RowError {
  line: number;
  code: "missing_value" | "bad_amount" | "bad_date" | "unknown_status" | "bad_currency";
  /** The column's title as written in the file's header. */
  column: string;
}

export interface ParsedReport {
  network: ReportNetwork;
  rows: ReportRow[];
  errors: RowError[];
}

export type ReportFormatErrorCode = "not_csv" | "missing_columns" | "empty" | "too_many_rows";

export class ReportFormatError extends NamedError {
  readonly code: ReportFormatErrorCode;
  /** For missing_columns: the canonical names of the required columns not found. */
  readonly columns: string[];

  constructor(code: ReportFormatErrorCode, columns: string[] = [], message?: string) {
    super(message ?? (columns.length > 0 ? `${code}: ${columns.join(", ")}` : code));
    this.code = code;
    this.columns = columns;
  }
}

/** Data rows (blank lines not counted) a report may have. */
export const MAX_REPORT_ROWS = 20_000;

/** Title lines a header may be preceded by (report names, date ranges). */
const MAX_PREAMBLE_RECORDS = 10;
/** Integer digits an amount may have (cents stay far below Number.MAX_SAFE_INTEGER). */
const MAX_AMOUNT_DIGITS = 12;
/** Amounts and dates longer than this are junk (and kept away from the regular expressions). */
const MAX_VALUE_CHARS = 64;

// ---------------------------------------------------------------------------------------------
// Layouts

type Field =
  | "transactionId"
  | "commissionId"
  | "originalActionId"
  | "actionId"
  | "clickId"
  | "saleAmount"
  | "commission"
  | "currency"
  | "status"
  | "occurredAt";

interface Alias {
  title: string;
  /** The currency an amount column is in by its name (CJ's `…Usd` columns). */
  currency?: string;
}

interface Layout {
  aliases: Partial<Record<Field, Alias[]>>;
  /** Fields whose column must be found (currency only when no amount column implies one). */
  required: Field[];
  statuses: ReadonlyMap<string, ReportedStatus>;
  dayFirst: boolean;
  negativeAllowed: boolean;
}

const titles = (...names: string[]): Alias[] => names.map((title) => ({ title }));
const usd = (...names: string[]): Alias[] => names.map((title) => ({ title, currency: "USD" }));
/** A Map, so that words like `constructor` are not found on an object's prototype. */
const statusWords = (words: Record<string, ReportedStatus>): ReadonlyMap<string, ReportedStatus> => new Map(Object.entries(words));

const LAYOUTS: Record<ReportNetwork, Layout> = {
  awin: {
    aliases: {
      transactionId: titles("Transaction ID", "id"),
      clickId: titles("Click Ref", "Click Reference", "clickRefs.clickRef"),
      saleAmount: titles("Sale Amount", "saleAmount.amount", "transactionAmount"),
      commission: titles("Commission Amount", "commission", "commissionAmount.amount"),
      currency: titles("Currency", "Commission Currency", "commissionAmount.currency"),
      status: titles("Status", "commissionStatus", "Transaction Status"),
      occurredAt: titles("Transaction Date", "date"),
    },
    required: ["transactionId", "saleAmount", "commission", "currency", "status", "occurredAt"],
    statuses: statusWords({
      pending: "pending",
      approved: "approved",
      declined: "declined",
      deleted: "declined",
      "0": "pending",
      "1": "approved",
      "2": "declined",
    }),
    dayFirst: true,
    negativeAllowed: false,
  },
  impact: {
    aliases: {
      transactionId: titles("Action Id", "Id"),
      clickId: titles("SubId1"),
      saleAmount: titles("Sale Amount", "Amount"),
      commission: titles("Payout", "Action Earnings"),
      currency: titles("Currency"),
      status: titles("State", "Status", "Action Status"),
      occurredAt: titles("Event Date", "Action Date"),
    },
    required: ["transactionId", "saleAmount", "commission", "currency", "status", "occurredAt"],
    statuses: statusWords({ pending: "pending", approved: "approved", reversed: "declined" }),
    dayFirst: false,
    negativeAllowed: false,
  },
  cj: {
    aliases: {
      commissionId: titles("Commission ID"),
      originalActionId: titles("Original Action ID"),
      actionId: titles("Action ID"),
      clickId: titles("SID", "shopperId"),
      saleAmount: [...titles("Sale Amount", "saleAmountPubCurrency"), ...usd("saleAmountUsd")],
      commission: [
        ...titles("Commission", "Publisher Commission", "pubCommissionAmountPubCurrency"),
        ...usd("pubCommissionAmountUsd", "Publisher Commission USD", "Commission USD"),
      ],
      currency: titles("Currency", "pubCurrency"),
      status: titles("Action Status", "Status"),
      occurredAt: titles("Event Date"),
    },
    required: ["commissionId", "saleAmount", "commission", "currency", "status", "occurredAt"],
    statuses: statusWords({ new: "pending", extended: "pending", locked: "approved", closed: "approved" }),
    dayFirst: false,
    negativeAllowed: true,
  },
};

/** The header titles accepted for each field of a network's layout, preferred first (for help texts). */
export function reportColumnTitles(network: ReportNetwork): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(LAYOUTS[network].aliases).map(([field, aliases]) => [field, aliases.map((alias) => alias.title)]),
  );
}

/** A header title as compared: NFKC, lower-case, letters and digits only. */
export function normalizeTitle(title: string): string {
  return title
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

interface Column {
  index: number;
  title: string;
  alias: Alias;
}

interface Resolution {
  columns: Partial<Record<Field, Column>>;
  missing: string[];
}

function resolveHeader(layout: Layout, header: string[]): Resolution {
  const positions = new Map<string, number>();
  header.forEach((title, index) => {
    const key = normalizeTitle(title);
    if (key !== "" && !positions.has(key)) positions.set(key, index);
  });
  const find = (field: Field, preferCurrency = false): Column | undefined => {
    const aliases = layout.aliases[field] ?? [];
    const ordered = preferCurrency ? [...aliases.filter((a) => a.currency), ...aliases.filter((a) => !a.currency)] : aliases;
    for (const alias of ordered) {
      const index = positions.get(normalizeTitle(alias.title));
      if (index !== undefined) return { index, title: header[index] || alias.title, alias };
    }
    return undefined;
  };

  const columns: Partial<Record<Field, Column>> = {};
  columns.currency = find("currency");
  // Without a currency column, an amount column that names its currency is the one to read.
  columns.commission = find("commission", columns.currency === undefined);
  columns.saleAmount = find("saleAmount", columns.commission?.alias.currency !== undefined);
  for (const field of ["transactionId", "commissionId", "originalActionId", "actionId", "clickId", "status", "occurredAt"] as const) {
    columns[field] = find(field);
  }

  const missing: string[] = [];
  for (const field of layout.required) {
    if (columns[field] !== undefined) continue;
    if (field === "currency" && columns.commission?.alias.currency !== undefined) continue;
    missing.push(field);
  }
  return { columns, missing };
}

// ---------------------------------------------------------------------------------------------
// Decoding

/** Windows-1252's 0x80–0x9F (the rest of the byte range is Latin-1). */
const CP1252_HIGH =
  "\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F" +
  "\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178";

function decodeCp1252(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b)));
  }
  return out;
}

function decodeUtf16(bytes: Uint8Array, bigEndian: boolean): string {
  const even = bytes.length - (bytes.length % 2);
  let le = bytes.subarray(0, even);
  if (bigEndian) {
    le = new Uint8Array(even);
    for (let i = 0; i < even; i += 2) {
      le[i] = bytes[i + 1]!;
      le[i + 1] = bytes[i]!;
    }
  }
  return new TextDecoder("utf-16le").decode(le);
}

/** UTF-16 without a BOM: ASCII text has a zero in every other byte. */
function sniffUtf16(bytes: Uint8Array): "le" | "be" | null {
  const n = Math.min(bytes.length, 1024) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros >= pairs * 0.9 && evenZeros <= pairs * 0.1) return "le";
  if (evenZeros >= pairs * 0.9 && oddZeros <= pairs * 0.1) return "be";
  return null;
}

/** Bytes as text: UTF-8 (BOM or not), UTF-16LE/BE (BOM or recognisably without), else Windows-1252. Also used by app/ads/import. */
export function decode(input: Uint8Array): string {
  if (input.length >= 2 && input[0] === 0xff && input[1] === 0xfe) return decodeUtf16(input.subarray(2), false);
  if (input.length >= 2 && input[0] === 0xfe && input[1] === 0xff) return decodeUtf16(input.subarray(2), true);
  if (input.length >= 3 && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) {
    return new TextDecoder("utf-8").decode(input.subarray(3));
  }
  const utf16 = sniffUtf16(input);
  if (utf16) return decodeUtf16(input, utf16 === "be");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(input);
  } catch {
    return decodeCp1252(input); // Excel's "CSV" on Windows
  }
}

/** Starts of files people upload by mistake: zip (xlsx), OLE (xls), PDF, gzip, PNG, JPEG, GIF. */
/** As decoded here (Windows-1252 when not UTF-8), or with replacement characters from a UTF-8 decoder. */
const BINARY_MAGIC = [
  /^PK\u0003\u0004/,
  /^\u00D0\u00CF\u0011\u00E0/,
  /^%PDF-/,
  /^\u001F[\u2039\uFFFD]/,
  /^[\u2030\uFFFD]PNG/,
  /^\u00FF\u00D8\u00FF/,
  /^GIF8[79]a/,
];

/** Control characters other than tab and line breaks, and replacement characters. */
const SUSPICIOUS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/g;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFEFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function looksBinary(text: string): boolean {
  if (BINARY_MAGIC.some((magic) => magic.test(text))) return true;
  const sample = text.slice(0, 65_536);
  const suspicious = sample.match(SUSPICIOUS)?.length ?? 0;
  return suspicious > sample.length * 0.05;
}

/** The separator the first lines use most (outside quotes): comma, semicolon or tab. */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  let lines = 0;
  for (let i = 0; i < text.length && lines < MAX_PREAMBLE_RECORDS + 1; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "\n") lines++;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ",";
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

// ---------------------------------------------------------------------------------------------
// Values

/** A cell as a value: Excel's `="…"` guard unwrapped, line breaks and tabs as spaces, trimmed. */
function cellValue(cell: string | undefined): string {
  let value = (cell ?? "").replace(/[\t\n\r]+/g, " ").trim();
  const guarded = /^="(.*)"$/s.exec(value);
  if (guarded) value = guarded[1]!.trim();
  return value;
}

/** Currency symbols an amount or a currency cell may carry ($ names no one currency). */
const SYMBOL_CURRENCY: ReadonlyMap<string, string | null> = new Map([
  ["$", null],
  ["€", "EUR"],
  ["£", "GBP"],
]);

let isoCurrencies: Set<string> | null | undefined;
function knownCurrency(code: string): boolean {
  if (isoCurrencies === undefined) {
    try {
      isoCurrencies = new Set(Intl.supportedValuesOf("currency"));
    } catch {
      isoCurrencies = null;
    }
  }
  return isoCurrencies === null || isoCurrencies.has(code);
}

/** A currency cell as an ISO code, or null when it is not one. */
export function parseCurrency(value: string): string | null {
  const symbol = SYMBOL_CURRENCY.get(value);
  if (symbol) return symbol;
  if (!/^[A-Za-z]{3}$/.test(value)) return null;
  const code = value.toUpperCase();
  return knownCurrency(code) ? code : null;
}

const AMOUNT =
  /^(?:([A-Za-z]{3})\s*)?([-+])?\s*([$€£])?\s*([-+])?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)\s*([$€£])?(?:\s*([A-Za-z]{3}))?$/;

export interface ParsedAmount {
  cents: number;
  /** The currency the amount names (a code, € or £), if any. */
  currency: string | null;
}

/**
 * An amount as integer cents, computed from its digits (with `subCents`, CJ's tenths of a cent are
 * rounded half up). Null for anything else than a plain
 * decimal with at most two significant decimals, optional thousands commas, one sign (or
 * accounting parentheses), and at most one currency symbol and one currency code.
 */
export function parseAmount(value: string, options: { subCents?: boolean } = {}): ParsedAmount | null {
  if (value.length > MAX_VALUE_CHARS) return null;
  let text = value
    .replace(/[\u00A0\u202F]/g, " ")
    .replace(/\u2212/g, "-")
    .trim();
  let negative = false;
  const parenthesised = /^\((.*)\)$/.exec(text);
  if (parenthesised) {
    negative = true;
    text = parenthesised[1]!.trim();
  }
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const [, preCode, sign1, preSymbol, sign2, number, postSymbol, postCode] = match;
  if ((sign1 && sign2) || (preSymbol && postSymbol) || (preCode && postCode)) return null;
  const sign = sign1 ?? sign2;
  if (sign && negative) return null;
  if (sign === "-") negative = true;

  let currency: string | null = null;
  const code = preCode ?? postCode;
  if (code) {
    currency = parseCurrency(code);
    if (!currency) return null;
  }
  const symbol = preSymbol ?? postSymbol;
  if (symbol) {
    const named = SYMBOL_CURRENCY.get(symbol) ?? null;
    if (named && currency && named !== currency) return null;
    currency = currency ?? named;
  }

  const [integerPart = "", fraction = ""] = number!.replace(/,/g, "").split(".");
  if (fraction.length > 2 && !/^0+$/.test(fraction.slice(2)) && (!options.subCents || fraction.length > 6)) return null;
  const integer = integerPart.replace(/^0+(?=\d)/, "");
  if (integer.length > MAX_AMOUNT_DIGITS) return null;
  // CJ states commissions to the tenth of a cent (7.781): rounded half up to the cent, as paid.
  const roundUp = options.subCents && Number(fraction[2] ?? "0") >= 5 ? 1 : 0;
  const cents = Number(integer || "0") * 100 + Number(fraction.slice(0, 2).padEnd(2, "0")) + roundUp;
  return { cents: negative && cents !== 0 ? -cents : cents, currency };
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function utcIso(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, millis = 0, offsetMinutes = 0): string | null {
  if (year < 1970 || year > 2999 || month < 1 || month > 12) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
  if (day < 1 || day > days || hour > 23 || minute > 59 || second > 59) return null;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000).toISOString();
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const SLASH_DATE = /^(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?:[ T,]\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?$/i;

/**
 * A date as ISO 8601 UTC, or null. Naive times are UTC. `dayFirst` reads `01/02/2024` as the 1st of
 * February (Awin) instead of January 2nd (Impact, CJ); dotted dates are always day-first.
 */
export function parseReportDate(value: string, dayFirst: boolean): string | null {
  if (value.length > MAX_VALUE_CHARS) return null;
  const iso = ISO_DATE.exec(value);
  if (iso) {
    const [, y, mo, d, h, mi, s, fraction, zone] = iso;
    let offset = 0;
    if (zone && /^[+-]/.test(zone)) {
      const digits = zone.slice(1).replace(":", "");
      const hours = Number(digits.slice(0, 2));
      const minutes = Number(digits.slice(2) || "0");
      if (hours > 14 || minutes > 59) return null;
      offset = (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
    }
    const millis = fraction ? Number(fraction.slice(0, 3).padEnd(3, "0")) : 0;
    return utcIso(Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), millis, offset);
  }
  const slashed = SLASH_DATE.exec(value);
  if (slashed) {
    const [, a, separator, b, y, h, mi, s, meridiem] = slashed;
    if (separator === "." && !dayFirst) return null;
    let hour = Number(h ?? 0);
    if (meridiem) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (meridiem.toUpperCase() === "PM" ? 12 : 0);
    }
    const month = Number(dayFirst ? b : a);
    const day = Number(dayFirst ? a : b);
    return utcIso(Number(y), month, day, hour, Number(mi ?? 0), Number(s ?? 0));
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Parsing

type SourceRecord = CsvRecord;

/** The file's records (`readCsvRecords`); broken quoting or an endless record is `not_csv`. */
function readRecords(text: string, delimiter: string): SourceRecord[] {
  try {
    return readCsvRecords(text, { delimiter });
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new ReportFormatError("not_csv", [], `not_csv: ${error.reason} near line ${error.line}`);
    throw error;
  }
}

const isBlank = (record: SourceRecord) => record.cells.every((cell) => cell.trim() === "");

/** The record's header → value object as JSON (duplicate or empty titles made unique). */
function rawJson(header: string[], cells: string[]): string {
  const seen = new Map<string, number>();
  const entries: [string, string][] = [];
  const width = Math.max(header.length, cells.length);
  for (let i = 0; i < width; i++) {
    let key = (header[i] ?? "").trim() || `column ${i + 1}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count > 1) key = `${key} (${count})`;
    entries.push([key, cells[i] ?? ""]);
  }
  return JSON.stringify(Object.fromEntries(entries));
}

function parseRecord(
  network: ReportNetwork,
  layout: Layout,
  columns: Partial<Record<Field, Column>>,
  header: string[],
  record: SourceRecord,
): { row: ReportRow | null; errors: RowError[] } {
  const failures: { error: RowError; index: number }[] = [];
  const fail = (code: RowError["code"], column: Column) =>
    failures.push({ error: { line: record.line, code, column: column.title }, index: column.index });
  const get = (column: Column | undefined) => (column ? cellValue(record.cells[column.index]) : "");

  // Ids.
  let transactionId: string;
  let partId: string | null = null;
  if (network === "cj") {
    const commissionColumn = columns.commissionId!;
    partId = get(commissionColumn);
    transactionId = get(columns.originalActionId) || get(columns.actionId) || partId;
    if (partId === "") fail("missing_value", commissionColumn);
  } else {
    transactionId = get(columns.transactionId);
    if (transactionId === "") fail("missing_value", columns.transactionId!);
  }
  const clickId = get(columns.clickId) || null;

  // Currency: the column's, else the one the commission column or value names.
  const commissionColumn = columns.commission!;
  const saleColumn = columns.saleAmount!;
  const commissionText = get(commissionColumn);
  const saleText = get(saleColumn);
  const subCents = network === "cj";
  const commission = commissionText === "" ? null : parseAmount(commissionText, { subCents });
  const sale = saleText === "" ? { cents: 0, currency: null } : parseAmount(saleText, { subCents });

  let currency: string | null = commissionColumn.alias.currency ?? null;
  if (currency === null && columns.currency) {
    const currencyText = get(columns.currency);
    if (currencyText !== "") {
      currency = parseCurrency(currencyText);
      if (currency === null) fail("bad_currency", columns.currency);
    } else {
      currency = commission?.currency ?? null;
      if (currency === null) fail("missing_value", columns.currency);
    }
  }
  // (Without a currency column the commission column names its currency, so it is set.)

  // Amounts.
  const checkAmount = (parsed: ParsedAmount | null, text: string, column: Column): number => {
    if (text === "") {
      fail("missing_value", column);
      return 0;
    }
    if (parsed === null || (!layout.negativeAllowed && parsed.cents < 0)) {
      fail("bad_amount", column);
      return 0;
    }
    const named = parsed.currency ?? column.alias.currency ?? null;
    if (named !== null && currency !== null && named !== currency) fail("bad_currency", column);
    return parsed.cents;
  };
  const commissionCents = checkAmount(commission, commissionText, commissionColumn);
  const saleAmountCents = saleText === "" ? 0 : checkAmount(sale, saleText, saleColumn);

  // Status.
  const statusColumn = columns.status!;
  const statusWord = get(statusColumn);
  const status = statusWord === "" ? undefined : layout.statuses.get(statusWord.toLowerCase());
  if (statusWord === "") fail("missing_value", statusColumn);
  else if (status === undefined) fail("unknown_status", statusColumn);

  // Date.
  const dateColumn = columns.occurredAt!;
  const dateText = get(dateColumn);
  const occurredAt = dateText === "" ? null : parseReportDate(dateText, layout.dayFirst);
  if (dateText === "") fail("missing_value", dateColumn);
  else if (occurredAt === null) fail("bad_date", dateColumn);

  if (failures.length > 0 || status === undefined || occurredAt === null || currency === null) {
    // In the file's column order (a stable sort keeps one column's failures in the order found).
    return { row: null, errors: failures.sort((a, b) => a.index - b.index).map((f) => f.error) };
  }
  return {
    row: {
      line: record.line,
      transactionId,
      partId,
      clickId,
      saleAmountCents,
      commissionCents,
      currency,
      status,
      statusWord,
      occurredAt,
      raw: rawJson(header, record.cells),
    },
    errors: [],
  };
}

/**
 * Reads a network's transaction report. Rows with a wrong value are left out of `rows` and listed
 * in `errors` (each wrong value once, with the record's first line). Throws `ReportFormatError`
 * when the input is not a CSV report (not_csv), has nothing in it (empty), has more than
 * MAX_REPORT_ROWS data rows (too_many_rows) or lacks a required column (missing_columns); a
 * TypeError for a network that is not one of REPORT_NETWORKS (a programming error).
 */
export function parseReport(network: ReportNetwork, input: string | Uint8Array): ParsedReport {
  if (!(REPORT_NETWORKS as readonly string[]).includes(network)) throw new TypeError(`unknown report network: ${String(network)}`);
  const layout = LAYOUTS[network];

  let text = typeof input === "string" ? input : decode(input);
  text = text.replace(/^\uFEFF+/, "");
  if (looksBinary(text)) throw new ReportFormatError("not_csv");
  text = text.replace(/\r\n?/g, "\n").replace(CONTROL, "").replace(LONE_SURROGATE, "\uFFFD");
  if (text.trim() === "") throw new ReportFormatError("empty");

  const records = readRecords(text, detectDelimiter(text)).filter((record) => !isBlank(record));
  if (records.length === 0) throw new ReportFormatError("empty");

  // The header: the first record naming every required column, after at most a few title lines.
  const titlesOf = (record: SourceRecord) => record.cells.map((cell) => cell.replace(/[\t\n\r]+/g, " ").trim());
  let headerAt = -1;
  let resolution = resolveHeader(layout, titlesOf(records[0]!));
  for (let i = 0; i < Math.min(records.length, MAX_PREAMBLE_RECORDS + 1); i++) {
    const candidate = i === 0 ? resolution : resolveHeader(layout, titlesOf(records[i]!));
    if (candidate.missing.length === 0) {
      headerAt = i;
      resolution = candidate;
      break;
    }
  }
  if (headerAt < 0) throw new ReportFormatError("missing_columns", resolution.missing);

  const header = titlesOf(records[headerAt]!);
  const data = records.slice(headerAt + 1);
  if (data.length > MAX_REPORT_ROWS) throw new ReportFormatError("too_many_rows", [], `too_many_rows: ${data.length} > ${MAX_REPORT_ROWS}`);

  const { columns } = resolution;
  const rows: ReportRow[] = [];
  const errors: RowError[] = [];
  for (const record of data) {
    const result = parseRecord(network, layout, columns, header, record);
    if (result.row) rows.push(result.row);
    errors.push(...result.errors);
  }
  return { network, rows, errors };
}

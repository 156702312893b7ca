/**
 * Ad-export reading: owns turning an uploaded file (a Buffer or a Node Readable, at most 20 MB)
 * into an `AdsImport`: bytes decoded with the affiliate-report decoder (`decode` in
 * app/cashback/reports.ts: UTF-16LE with BOM `FF FE`, UTF-8 with or without BOM), the delimiter
 * sniffed (comma, TAB or semicolon: the one whose header row has the most known column names),
 * records read by `readCsvRecords` (app/utils/csv-records.ts) with their line numbers, then `normalizeRecords`. Reading
 * stops at a row limit (`maxRows`: the per-file cap or what is left of the day's budget) and reports
 * its progress; `checkHead` reads only the first 16 KB (the upload's quick check in the request).
 * Server only (Node streams); the whole file is read in a worker thread (`parse-worker.ts`).
 */
import { Readable } from "node:stream";
import { CsvSyntaxError, normalizeLineBreaks, readCsvRecords, type ReadCsvOptions } from "~/utils/csv-records";
import { decode } from "~/cashback/reports";
import { ALL_KEYS, titleKey } from "./columns";
import { HEADER_SCAN_RECORDS, normalizeRecords, type SourceRecord } from "./normalize";
import { AdsImportError, type AdsImport } from "./types";

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
const DELIMITERS = [",", "\t", ";"] as const;
/** The bytes `checkHead` reads. */
export const HEAD_BYTES = 16 * 1024;
/** Rows between two progress reports. */
const PROGRESS_EVERY = 5_000;

export interface ReadLimits {
  /** Data rows (records below the header, totals rows included) read at most. */
  maxRows?: number;
  /** The error when there are more (default `ads.import.tooManyRows`). */
  limitCode?: "ads.import.tooManyRows" | "ads.import.dailyBudget";
  /** Called every few thousand rows: rows read so far and the share of the text read (0 to 1). */
  onProgress?: (rows: number, share: number) => void;
}

async function readBytes(input: Buffer | Uint8Array | Readable, maxBytes: number): Promise<Uint8Array> {
  if (!(input instanceof Readable)) {
    if (input.byteLength > maxBytes)
      throw new AdsImportError("ads.import.tooLarge", { expected: `at most ${maxBytes} bytes`, got: String(input.byteLength) });
    return input;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    size += buffer.byteLength;
    if (size > maxBytes) {
      input.destroy();
      throw new AdsImportError("ads.import.tooLarge", { expected: `at most ${maxBytes} bytes`, got: `more than ${maxBytes}` });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Splits a line on a delimiter outside double quotes (enough to score header candidates). */
function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let current = "";
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) {
      cells.push(current);
      current = "";
    } else current += ch;
  }
  cells.push(current);
  return cells;
}

/**
 * The delimiter under which one of the first lines has the most known column names (comma on a
 * tie), and that line's number (1-based; 1 when no line has any).
 */
export function sniffLayout(text: string): { delimiter: string; headerLine: number } {
  const lines = text
    .slice(0, 256 * 1024)
    .split(/\r?\n/)
    .slice(0, HEADER_SCAN_RECORDS + 5);
  let best: string = ",";
  let bestLine = 1;
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    lines.forEach((line, index) => {
      const score = new Set(
        splitLine(line, delimiter)
          .map((cell) => titleKey(cell.replace(/\s*\([A-Z]{3}\)\s*$/, "")))
          .filter((key) => ALL_KEYS.has(key)),
      ).size;
      if (score > bestScore) {
        best = delimiter;
        bestLine = index + 1;
        bestScore = score;
      }
    });
  }
  return { delimiter: best, headerLine: bestLine };
}

export function sniffDelimiter(text: string): string {
  return sniffLayout(text).delimiter;
}

const SUSPICIOUS = /[\u0000-\u0008\u000E-\u001F\uFFFD]/g;

/**
 * Reads the text's records (`readCsvRecords`, the one CSV reader), each with its first line number.
 * The lines above the header (title, date range, Microsoft's header block) are read apart from the
 * table, so that a stray quote in a title cannot swallow the rows. Broken quoting is
 * `ads.import.badCsv` at its line; more rows than `maxRows` stop reading at the first one too many.
 */
export async function readRecords(text: string, delimiter: string, headerLine = 1, limits: ReadLimits = {}): Promise<SourceRecord[]> {
  const source = normalizeLineBreaks(text);
  const maxRows = limits.maxRows ?? Number.POSITIVE_INFINITY;
  let preamble: SourceRecord[] = [];
  let table = source;
  if (headerLine > 1) {
    let cut = -1;
    for (let i = 1; i < headerLine && (cut = source.indexOf("\n", cut + 1)) !== -1; i++);
    preamble = read(cut === -1 ? source : source.slice(0, cut), { delimiter });
    table = cut === -1 ? "" : source.slice(cut + 1);
  }
  // Records of the table, the header first.
  let tableRecords = 0;
  let limited: SourceRecord | null = null;
  const before = source.length - table.length;
  const rows = read(table, {
    delimiter,
    firstLine: headerLine,
    onRecord: (record, share) => {
      tableRecords++;
      if (tableRecords - 1 > maxRows) {
        limited = record;
        return false;
      }
      if (limits.onProgress && tableRecords % PROGRESS_EVERY === 0)
        limits.onProgress(tableRecords - 1, (before + share * table.length) / Math.max(1, source.length));
    },
  });
  if (limited)
    throw new AdsImportError(limits.limitCode ?? "ads.import.tooManyRows", { line: (limited as SourceRecord).line, max: limits.maxRows });
  limits.onProgress?.(Math.max(0, tableRecords - 1), 1);
  return preamble.length ? [...preamble, ...rows] : rows;
}

function read(text: string, options: ReadCsvOptions): SourceRecord[] {
  try {
    return readCsvRecords(text, options);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw new AdsImportError("ads.import.badCsv", { line: error.line, expected: "CSV or tab-separated text", got: error.reason });
  }
}

/** Reads an ad-platform export. Throws `AdsImportError` for files that are not one (or are broken). */
export async function parseAdsExport(
  input: Buffer | Uint8Array | Readable,
  options: { maxBytes?: number } & ReadLimits = {},
): Promise<AdsImport> {
  const bytes = await readBytes(input, options.maxBytes ?? MAX_IMPORT_BYTES);
  const text = textOf(bytes);
  const layout = sniffLayout(text);
  return normalizeRecords(await readRecords(text, layout.delimiter, layout.headerLine, options));
}

function textOf(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) throw new AdsImportError("ads.import.empty", { line: 1, expected: "a header row" });
  const text = decode(bytes).replace(/^\uFEFF/, "");
  const sample = text.slice(0, 65_536);
  if (/^(PK\u0003\u0004|%PDF-)/.test(text) || (sample.match(SUSPICIOUS)?.length ?? 0) > sample.length * 0.01) {
    throw new AdsImportError("ads.import.notText", { line: 1, expected: "CSV or tab-separated text" });
  }
  return text;
}

/**
 * The quick check of an upload, cheap enough for the request: the first 16 KB (a few hundred rows;
 * 64 KB of short rows held the server's thread for 100-190 ms) are read as the whole file would be
 * (decoded, sniffed, parsed and normalized, cut at their last line break), so a file
 * that is not a supported export, or is broken near its start, is refused with where it went wrong.
 * Returns what the head says (platform, kind, language…); a file of at most 16 KB is read whole.
 */
export async function checkHead(bytes: Uint8Array): Promise<AdsImport> {
  if (bytes.byteLength <= HEAD_BYTES) return parseAdsExport(bytes);
  // An even length: a UTF-16 file is not cut inside a character.
  let text = textOf(bytes.subarray(0, HEAD_BYTES));
  const lastBreak = text.lastIndexOf("\n");
  if (lastBreak > 0) text = text.slice(0, lastBreak + 1);
  const layout = sniffLayout(text);
  return normalizeRecords(await readRecords(text, layout.delimiter, layout.headerLine));
}

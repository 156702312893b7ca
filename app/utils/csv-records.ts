/**
 * The one CSV reader (ad exports and affiliate network reports): owns turning a decoded text into
 * records of cells, each with the line it starts on (1-based), with Papa Parse. Line breaks are made
 * `\n` first (Excel's `\r\n`, old Macs' `\r`, and files that mix them); a leading BOM is dropped;
 * blank lines are skipped; quotes inside an unquoted cell are kept as written (`5" screen`).
 *
 * Papa Parse is about six times faster than csv-parse here (a 13 MB ad export: 300 ms against
 * 1.5–2 s). But it cannot read a cell whose quote closes mid-cell (`"q"x`, which Excel writes):
 * when it reports broken quoting, the text is read again by csv-parse with relaxed quotes, which
 * keeps such a cell as written. What even that cannot read (a quote left open) and a record of more
 * than a million characters are `CsvSyntaxError` at their line.
 */
import type * as CsvParseSync from "csv-parse/sync";
import Papa from "papaparse";
import { NamedError } from "./named-error";

export interface CsvRecord {
  /** The line the record starts on (1-based, counted in the whole text). */
  line: number;
  cells: string[];
}

/** Characters a record may hold at most (a broken quote would otherwise swallow the whole file). */
export const MAX_RECORD_CHARS = 1_000_000;

export class CsvSyntaxError extends NamedError {
  constructor(
    /** The line where reading went wrong. */
    readonly line: number,
    /** csv-parse's code (`CSV_QUOTE_NOT_CLOSED`, `CSV_INVALID_CLOSING_QUOTE`…) or `TooLong`. */
    readonly reason: string,
  ) {
    super(`${reason} near line ${line}`);
  }
}

export interface ReadCsvOptions {
  delimiter: string;
  /** The line number of the text's first line (when it is a part of a file). */
  firstLine?: number;
  /**
   * Called with each record as it is read and the share of the text read so far (0 to 1);
   * returning `false` stops reading (the record is kept).
   */
  onRecord?: (record: CsvRecord, share: number) => boolean | void;
}

/** The text with `\n` line breaks only, and without a leading BOM. */
export function normalizeLineBreaks(text: string): string {
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return unmarked.includes("\r") ? unmarked.replace(/\r\n?/g, "\n") : unmarked;
}

/** Reads the records of `text`. Throws `CsvSyntaxError` for broken quoting or an endless record. */
export function readCsvRecords(text: string, options: ReadCsvOptions): CsvRecord[] {
  const source = normalizeLineBreaks(text);
  const records: CsvRecord[] = [];
  let failure: CsvSyntaxError | null = null;
  // The line where Papa Parse found quoting it could not read.
  let broken: number | null = null;
  // The line at an index of the text, counted forward from the last record's end.
  let position = 0;
  let line = options.firstLine ?? 1;
  const lineAt = (index: number) => {
    for (let next = source.indexOf("\n", position); next !== -1 && next < index; next = source.indexOf("\n", next + 1)) line++;
    position = Math.max(position, index);
    return line;
  };
  Papa.parse<string[]>(source, {
    delimiter: options.delimiter,
    newline: "\n",
    quoteChar: '"',
    skipEmptyLines: true,
    step(result, parser) {
      const cells = result.data;
      // The record's end is after its line break.
      const end = result.meta.cursor;
      const last = source.charCodeAt(end - 1) === 10 ? end - 1 : end;
      const quoteError = result.errors.find((error) => error.type === "Quotes");
      let length = 0;
      for (const cell of cells) length += cell.length;
      if (quoteError) {
        broken = lineAt(Math.min(quoteError.index ?? last, last));
        parser.abort();
        return;
      }
      if (length > MAX_RECORD_CHARS) {
        failure = new CsvSyntaxError(lineAt(last), "TooLong");
        parser.abort();
        return;
      }
      // The record's last line, less the line breaks inside its cells.
      let spanned = 0;
      for (const cell of cells) if (cell.includes("\n")) spanned += cell.split("\n").length - 1;
      const record = { line: lineAt(last) - spanned, cells };
      records.push(record);
      if (options.onRecord?.(record, end / Math.max(1, source.length)) === false) parser.abort();
    },
  });
  if (failure) throw failure;
  return broken === null ? records : readRelaxed(source, options, records.length, broken);
}

/**
 * csv-parse's sync API, loaded on first use rather than imported: its modules call Node's `Buffer`
 * as they load, and this module is imported by modules whose constants reach browser bundles, where
 * a static import would throw "Buffer is not defined".
 */
let csvParseSync: typeof CsvParseSync.parse | undefined;
function csvParse(): typeof CsvParseSync.parse {
  if (!csvParseSync) {
    const require = process.getBuiltinModule("node:module").createRequire(import.meta.url);
    csvParseSync = (require("csv-parse/sync") as typeof CsvParseSync).parse;
  }
  return csvParseSync;
}

/**
 * The slow, lenient reading of a text Papa Parse found broken quoting in. The records before the
 * broken one read alike in both, and were already handed to `onRecord`.
 */
function readRelaxed(source: string, options: ReadCsvOptions, reported: number, brokenLine: number): CsvRecord[] {
  let parsed: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    parsed = csvParse()(source, {
      delimiter: options.delimiter,
      info: true,
      raw: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARS,
    }) as unknown as typeof parsed;
  } catch (error) {
    // Where the quoting first went wrong (csv-parse tells where it gave up: the end of the file).
    const code = (error as { code?: unknown } | null)?.code;
    throw new CsvSyntaxError(brokenLine, typeof code === "string" ? code : "unreadable");
  }
  const records: CsvRecord[] = [];
  for (const { record, raw, info } of parsed) {
    // `info.lines` is the record's last line; the raw text (less the blank lines skipped before
    // it and its own line break) tells how many lines it spans.
    const own = raw.replace(/^\n+/, "").replace(/\n$/, "");
    const spanned = own.match(/\n/g)?.length ?? 0;
    const entry = { line: (options.firstLine ?? 1) - 1 + Math.max(1, info.lines - spanned), cells: record };
    records.push(entry);
    if (records.length > reported && options.onRecord?.(entry, 1) === false) break;
  }
  return records;
}

/** Network transaction reports: each layout, encodings, amounts and dates to cents and UTC, row errors with their line, format errors. */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_REPORT_ROWS,
  REPORT_NETWORKS,
  ReportFormatError,
  parseAmount,
  parseReport,
  parseReportDate,
  reportColumnTitles,
  type ReportNetwork,
} from "~/cashback/reports";

const sample = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../docs/samples", name), "utf8");

/** The ReportFormatError code `fn` throws (fails when it throws something else or nothing). */
function formatError(fn: () => unknown): ReportFormatError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ReportFormatError);
    return error as ReportFormatError;
  }
  throw new Error("expected a ReportFormatError");
}

function utf16le(text: string, bom = true): Uint8Array {
  const body = Buffer.from(text, "utf16le");
  return bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body;
}

/** A sample export of `network` (docs/samples/`file`) read without row errors, holding `rows` rows. */
function readSample(network: ReportNetwork, file: string, rows: number) {
  const report = parseReport(network, sample(file));
  expect(report.errors).toEqual([]);
  expect(report.rows).toHaveLength(rows);
  return report;
}

/** The row errors of a `network` report none of whose rows is read. */
function rowErrorsOnly(network: ReportNetwork, input: string) {
  const report = parseReport(network, input);
  expect(report.rows).toEqual([]);
  return report.errors;
}

const AWIN_HEADER = "Transaction ID,Click Ref,Sale Amount,Commission Amount,Currency,Status,Transaction Date";
const IMPACT_HEADER = "Action Id,SubId1,Sale Amount,Payout,Currency,State,Event Date";
const CJ_HEADER = "Commission ID,Action ID,Original Action ID,SID,Sale Amount,Commission,Currency,Action Status,Event Date";

describe("Awin reports", () => {
  it("reads the sample export: ids, click refs, cents, statuses and day-first dates", () => {
    const report = readSample("awin", "awin-report.csv", 6);
    expect(report.network).toBe("awin");
    expect(report.rows[0]).toMatchObject({
      line: 2,
      transactionId: "681234501",
      partId: null,
      clickId: "CLICKID_1",
      saleAmountCents: 8490,
      commissionCents: 425,
      currency: "USD",
      status: "pending",
      statusWord: "pending",
      occurredAt: "2025-02-03T09:14:00.000Z",
    });
    // "1,249.00" is quoted because of its thousands comma.
    expect(report.rows[1]).toMatchObject({ saleAmountCents: 124_900, commissionCents: 6245, status: "approved" });
    expect(report.rows[2]).toMatchObject({ status: "declined", statusWord: "declined" });
    // deleted is a decline; the quoted advertiser name with a comma stays one cell.
    expect(report.rows[3]).toMatchObject({ status: "declined", statusWord: "deleted", clickId: "CLICKID_4" });
    expect(JSON.parse(report.rows[3]!.raw)).toMatchObject({ "Advertiser Name": "Harbour & Pine Outfitters, Ltd", Status: "deleted" });
    // An empty click ref is null.
    expect(report.rows[4]).toMatchObject({ clickId: null, occurredAt: "2025-02-12T08:05:00.000Z" });
  });

  it("accepts the API field names and the report download's snake_case, with 0/1/2 statuses", () => {
    const api = parseReport(
      "awin",
      "id,clickRef,saleAmount,commissionAmount,commission currency,commissionStatus,transactionDate\n" +
        "9001,abc,10.00,0.50,EUR,Approved,2025-03-01T12:30:00Z\n",
    );
    expect(api.rows[0]).toMatchObject({
      transactionId: "9001",
      clickId: "abc",
      currency: "EUR",
      status: "approved",
      statusWord: "Approved",
    });

    const download = parseReport(
      "awin",
      "id,publisher_id,sale_amount,commission,currency,commission_status,date,click_ref\n" +
        "1,5,10,1,GBP,0,2025-03-01 10:00:00,r1\n" +
        "2,5,10,1,GBP,1,2025-03-01 10:00:00,r2\n" +
        "3,5,10,1,GBP,2,2025-03-01 10:00:00,r3\n",
    );
    expect(download.errors).toEqual([]);
    expect(download.rows.map((row) => row.status)).toEqual(["pending", "approved", "declined"]);
    expect(download.rows.map((row) => row.clickId)).toEqual(["r1", "r2", "r3"]);
  });

  it("reads a UTF-16LE export with a BOM (tab-separated, as Excel's Unicode text)", () => {
    const text = [AWIN_HEADER.replaceAll(",", "\t"), "77\tCLICKID_9\t£1,050.00\t52.50\tGBP\tapproved\t28/02/2025 23:59:59"].join("\r\n");
    const report = parseReport("awin", utf16le(text));
    expect(report.errors).toEqual([]);
    expect(report.rows).toEqual([
      expect.objectContaining({
        line: 2,
        transactionId: "77",
        clickId: "CLICKID_9",
        saleAmountCents: 105_000,
        commissionCents: 5250,
        currency: "GBP",
        occurredAt: "2025-02-28T23:59:59.000Z",
      }),
    ]);
  });

  it("reads UTF-16LE without a BOM, UTF-8 with a BOM and Windows-1252 bytes", () => {
    const text = `${AWIN_HEADER}\n5,c,€12.00,1.20,EUR,pending,01/03/2025 10:00\n`;
    for (const bytes of [
      utf16le(text, false),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]),
      Buffer.from(text.replace("€", "\u0080"), "latin1"), // 0x80 is € in Windows-1252
    ]) {
      const report = parseReport("awin", bytes);
      expect(report.errors).toEqual([]);
      expect(report.rows[0]).toMatchObject({ saleAmountCents: 1200, currency: "EUR", occurredAt: "2025-03-01T10:00:00.000Z" });
    }
    // A string with a BOM too.
    expect(parseReport("awin", `\uFEFF${text}`).rows).toHaveLength(1);
  });

  it("refuses negative amounts (only CJ corrections are negative)", () => {
    const errors = rowErrorsOnly(
      "awin",
      `${AWIN_HEADER}\n1,c,-10.00,1.00,GBP,approved,2025-01-01\n2,c,10.00,(1.00),GBP,approved,2025-01-01\n`,
    );
    expect(errors).toEqual([
      { line: 2, code: "bad_amount", column: "Sale Amount" },
      { line: 3, code: "bad_amount", column: "Commission Amount" },
    ]);
  });
});

describe("Impact reports", () => {
  it("reads the sample export: dotted action ids, Sub Id 1, month-first dates, REVERSED as declined", () => {
    const report = readSample("impact", "impact-report.csv", 5);
    expect(report.rows[0]).toMatchObject({
      transactionId: "1000.4636.158133",
      partId: null,
      clickId: "CLICKID_1",
      saleAmountCents: 19_900,
      commissionCents: 1194,
      currency: "USD",
      status: "pending",
      occurredAt: "2025-02-03T10:15:00.000Z",
    });
    expect(report.rows[2]).toMatchObject({ saleAmountCents: 102_000, status: "declined", statusWord: "REVERSED" });
    expect(report.rows[4]).toMatchObject({ clickId: null, occurredAt: "2025-02-14T12:00:00.000Z" });
  });

  it("accepts the API's Action object fields", () => {
    const report = parseReport(
      "impact",
      "Id,CampaignId,State,Payout,Amount,Currency,EventDate,SubId1\n1000.1.2,55,APPROVED,3.00,30.00,usd,2025-03-04T05:06:07-08:00,CLICKID_1\n",
    );
    expect(report.rows[0]).toMatchObject({
      transactionId: "1000.1.2",
      commissionCents: 300,
      saleAmountCents: 3000,
      currency: "USD",
      status: "approved",
      occurredAt: "2025-03-04T13:06:07.000Z",
    });
  });

  it("does not find status words or currencies on an object's prototype", () => {
    const errors = rowErrorsOnly(
      "impact",
      `${IMPACT_HEADER}\n1,c,10,1,USD,constructor,2025-01-01\n2,c,10,1,USD,__proto__,2025-01-01\n3,c,10,1,constructor,toString,2025-01-01\n`,
    );
    expect(errors).toEqual([
      { line: 2, code: "unknown_status", column: "State" },
      { line: 3, code: "unknown_status", column: "State" },
      { line: 4, code: "bad_currency", column: "Currency" },
      { line: 4, code: "unknown_status", column: "State" },
    ]);
  });

  it("reports unknown statuses and bad currencies per row", () => {
    const errors = rowErrorsOnly(
      "impact",
      `${IMPACT_HEADER}\n1,c,10,1,USD,LOCKED,2025-01-01\n2,c,10,1,dollars,PENDING,2025-01-01\n3,c,10 EUR,1,USD,PENDING,2025-01-01\n4,c,10,1,USD,,2025-01-01\n`,
    );
    expect(errors).toEqual([
      { line: 2, code: "unknown_status", column: "State" },
      { line: 3, code: "bad_currency", column: "Currency" },
      { line: 4, code: "bad_currency", column: "Sale Amount" },
      { line: 5, code: "missing_value", column: "State" },
    ]);
  });
});

describe("CJ reports", () => {
  it("groups corrections with their original (transactionId) and keeps each record's commission id (partId)", () => {
    const report = readSample("cj", "cj-report.csv", 6);
    const parts = report.rows.filter((row) => row.transactionId === "4200000001");
    expect(parts.map((row) => row.partId)).toEqual(["3100000001", "3100000002", "3100000003"]);
    expect(parts.map((row) => row.commissionCents)).toEqual([2000, -400, -200]);
    // The records sum: 20.00 − 4.00 − 2.00 commission on 250 − 50 − 25 of sales.
    expect(parts.reduce((sum, row) => sum + row.commissionCents, 0)).toBe(1400);
    expect(parts.reduce((sum, row) => sum + row.saleAmountCents, 0)).toBe(17_500);
    // A correction keeps its own status word.
    expect(parts.map((row) => row.status)).toEqual(["approved", "approved", "pending"]);
    expect(report.rows.map((row) => row.status)).toEqual(["approved", "approved", "pending", "pending", "approved", "pending"]);
    expect(report.rows[3]).toMatchObject({ transactionId: "4200000004", statusWord: "extended", clickId: "CLICKID_2" });
    expect(report.rows[0]!.occurredAt).toBe("2025-02-10T14:22:00.000Z");
  });

  it("falls back to the commission id when there is no action id column", () => {
    const report = parseReport(
      "cj",
      "commissionId,originalActionId,shopperId,saleAmountPubCurrency,pubCommissionAmountPubCurrency,pubCurrency,actionStatus,eventDate\n" +
        "C1,,CLICKID_1,100.00,8.00,EUR,new,2025-01-05T10:00:00Z\n" +
        "C2,C1,CLICKID_1,-100.00,-8.00,EUR,new,2025-01-09T10:00:00Z\n",
    );
    expect(report.errors).toEqual([]);
    expect(report.rows.map((row) => [row.transactionId, row.partId, row.commissionCents, row.currency])).toEqual([
      ["C1", "C1", 800, "EUR"],
      ["C1", "C2", -800, "EUR"],
    ]);
  });

  it("reads USD amount columns without a currency column, trailing zero decimals allowed", () => {
    const report = parseReport(
      "cj",
      "commissionId,actionId,sid,saleAmountUsd,pubCommissionAmountUsd,actionStatus,eventDate\nC9,A9,s,75.4700,7.500,closed,2025-01-05T10:00:00Z\nC10,A10,s,75.47,7.781,closed,2025-01-05T10:00:00Z\n",
    );
    // CJ's third decimal (a tenth of a cent) is rounded half up to the cent.
    expect(report.rows).toEqual([
      expect.objectContaining({ transactionId: "A9", saleAmountCents: 7547, commissionCents: 750, currency: "USD" }),
      expect.objectContaining({ transactionId: "A10", saleAmountCents: 7547, commissionCents: 778, currency: "USD" }),
    ]);
    expect(report.errors).toEqual([]);
  });
});

describe("row errors", () => {
  it("names the file line (blank lines and multi-line quoted cells counted) and the column", () => {
    const csv = [
      AWIN_HEADER,
      "1,c1,10.00,1.00,GBP,pending,2025-01-01",
      "",
      '2,"multi',
      'line",10.00,1.00,GBP,pending,2025-01-01',
      "3,c3,12.345,1.00,GBP,pending,2025-01-01",
      "   ",
      "4,c4,10.00,1.00,GBP,pending,31/02/2025 10:00",
      "5,c5,ten,1.00,GBP,pending,not a date",
      "6,c6,10.00,,GBP,approved,2025-01-01",
      ",c7,10.00,1.00,GBP,approved,2025-01-01",
      "8,c8,10.00,1.00,GBP,approved,2025-01-08",
    ].join("\r\n");
    const report = parseReport("awin", csv);
    expect(report.rows.map((row) => [row.line, row.transactionId])).toEqual([
      [2, "1"],
      [4, "2"],
      [12, "8"],
    ]);
    expect(report.rows[1]!.clickId).toBe("multi line");
    expect(report.errors).toEqual([
      { line: 6, code: "bad_amount", column: "Sale Amount" },
      { line: 8, code: "bad_date", column: "Transaction Date" },
      { line: 9, code: "bad_amount", column: "Sale Amount" },
      { line: 9, code: "bad_date", column: "Transaction Date" },
      { line: 10, code: "missing_value", column: "Commission Amount" },
      { line: 11, code: "missing_value", column: "Transaction ID" },
    ]);
  });

  it("takes the currency from the commission when the currency cell is empty", () => {
    const report = parseReport(
      "impact",
      `${IMPACT_HEADER}\n1,c,10.00,1.00 EUR,,APPROVED,2025-01-01\n2,c,10.00,1.00,,APPROVED,2025-01-01\n`,
    );
    expect(report.rows).toEqual([expect.objectContaining({ transactionId: "1", currency: "EUR", commissionCents: 100 })]);
    expect(report.errors).toEqual([{ line: 3, code: "missing_value", column: "Currency" }]);
  });

  it("treats an empty sale amount as 0 and a short row's missing cells as missing values", () => {
    const report = parseReport("impact", `${IMPACT_HEADER}\n1,c,,2.00,USD,APPROVED,2025-01-01\n2,c,10.00\n`);
    expect(report.rows).toEqual([expect.objectContaining({ transactionId: "1", saleAmountCents: 0, commissionCents: 200 })]);
    expect(report.errors.map((error) => [error.line, error.code, error.column])).toEqual([
      [3, "missing_value", "Payout"],
      [3, "missing_value", "Currency"],
      [3, "missing_value", "State"],
      [3, "missing_value", "Event Date"],
    ]);
  });

  it("strips NUL bytes and control characters from values", () => {
    const csv = `${AWIN_HEADER}\n12\u00003,CLICK\u0000ID\u0007_1,10.00\u0000,1.00,GBP,approved\u0000,2025-01-01\n`;
    const report = parseReport("awin", csv);
    expect(report.errors).toEqual([]);
    expect(report.rows[0]).toMatchObject({ transactionId: "123", clickId: "CLICKID_1", saleAmountCents: 1000, statusWord: "approved" });
    expect(report.rows[0]!.raw).not.toMatch(/\\u000|\u0000/);
    // The same as bytes.
    expect(parseReport("awin", Buffer.from(csv, "utf8")).rows[0]!.clickId).toBe("CLICKID_1");
  });

  it('keeps the raw row verbatim as a header → value object, Excel\'s ="…" guard unwrapped only in values', () => {
    const report = parseReport("awin", `${AWIN_HEADER},__proto__\n="00123", c ,10.00,1.00,GBP,approved,2025-01-01,x\n`);
    const row = report.rows[0]!;
    expect(row.transactionId).toBe("00123");
    expect(row.clickId).toBe("c");
    // Entries, not an object literal: `__proto__` is a title like any other, kept as an own key.
    expect(Object.entries(JSON.parse(row.raw) as object)).toEqual([
      ["Transaction ID", '="00123"'],
      ["Click Ref", " c "],
      ["Sale Amount", "10.00"],
      ["Commission Amount", "1.00"],
      ["Currency", "GBP"],
      ["Status", "approved"],
      ["Transaction Date", "2025-01-01"],
      ["__proto__", "x"],
    ]);
  });
});

describe("layouts and format errors", () => {
  it("matches titles ignoring case, spaces, underscores; skips title lines before the header; reads semicolons", () => {
    const report = parseReport(
      "impact",
      "Action Listing report;;\nPeriod: 02/01/2025 - 02/28/2025;;\n\nACTION_ID;sub_id_1;SALE_AMOUNT;payout;CURRENCY;status;event_date\n7;c;5,00;0,50;USD;APPROVED;02/01/2025\n8;c;5.00;0.50;USD;APPROVED;02/01/2025\n",
    );
    // A decimal comma is refused rather than read as thousands.
    expect(report.errors).toEqual([
      { line: 5, code: "bad_amount", column: "SALE_AMOUNT" },
      { line: 5, code: "bad_amount", column: "payout" },
    ]);
    expect(report.rows).toEqual([expect.objectContaining({ line: 6, transactionId: "8", saleAmountCents: 500 })]);
  });

  it("lists the canonical names of missing required columns", () => {
    const error = formatError(() => parseReport("awin", "Transaction ID,Click Ref,Status\n1,c,approved\n"));
    expect(error.code).toBe("missing_columns");
    expect(error.columns).toEqual(["saleAmount", "commission", "currency", "status", "occurredAt"].filter((c) => c !== "status"));
    expect(formatError(() => parseReport("cj", IMPACT_HEADER)).columns).toEqual(["commissionId", "commission", "status"]);
    // An Awin file given as Impact's.
    expect(formatError(() => parseReport("impact", sample("awin-report.csv"))).code).toBe("missing_columns");
  });

  it("a header without rows is an empty report; nothing at all is `empty`", () => {
    expect(parseReport("cj", `${CJ_HEADER}\n`)).toEqual({ network: "cj", rows: [], errors: [] });
    for (const input of ["", "\uFEFF", " \r\n\r\n\t ", new Uint8Array(), Uint8Array.from([0xff, 0xfe])]) {
      expect(formatError(() => parseReport("awin", input)).code).toBe("empty");
    }
  });

  it("refuses more than MAX_REPORT_ROWS data rows (blank lines not counted)", () => {
    const line = "1,c,10.00,1.00,GBP,approved,2025-01-01";
    const atLimit = `${AWIN_HEADER}\n${`${line}\n`.repeat(MAX_REPORT_ROWS)}\n\n`;
    expect(parseReport("awin", atLimit).rows).toHaveLength(MAX_REPORT_ROWS);
    const error = formatError(() => parseReport("awin", `${atLimit}${line}\n`));
    expect(error.code).toBe("too_many_rows");
  });

  it("says not_csv for spreadsheets, PDFs, binary junk and broken quoting", () => {
    const inputs: (string | Uint8Array)[] = [
      Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]), // .xlsx (zip)
      Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), // .xls
      Buffer.from("%PDF-1.7\n1 0 obj\n"),
      Uint8Array.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00]), // gzip
      Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256),
      `${AWIN_HEADER}\n1,"unclosed,10.00,1.00,GBP,approved,2025-01-01\n`,
    ];
    for (const input of inputs) expect(formatError(() => parseReport("awin", input)).code).toBe("not_csv");
    // Stray quotes inside a cell are kept as written (Excel writes such files), not refused.
    const lenient = parseReport(
      "awin",
      `${AWIN_HEADER}\n1,ab"c,10.00,1.00,GBP,approved,2025-01-01\n2,"q"x,10.00,1.00,GBP,approved,2025-01-01\n`,
    );
    expect(lenient.rows.map((row) => row.clickId)).toEqual(['ab"c', '"q"x']);
  });

  it("tells the titles it accepts, for help texts", () => {
    expect(reportColumnTitles("awin").clickId).toEqual(["Click Ref", "Click Reference", "clickRefs.clickRef"]);
    expect(reportColumnTitles("cj").commissionId).toEqual(["Commission ID"]);
    expect(Object.keys(reportColumnTitles("impact"))).toEqual([
      "transactionId",
      "clickId",
      "saleAmount",
      "commission",
      "currency",
      "status",
      "occurredAt",
    ]);
  });

  it("refuses a network it does not know as a programming error", () => {
    expect(() => parseReport("rakuten" as ReportNetwork, AWIN_HEADER)).toThrow(TypeError);
  });
});

describe("amounts", () => {
  it.each([
    ["12.50", 1250, null],
    ["12.5", 1250, null],
    ["12", 1200, null],
    ["0.07", 7, null],
    [".5", 50, null],
    ["1,234.56", 123_456, null],
    ["1,234,567.89", 123_456_789, null],
    ["-3.20", -320, null],
    ["(3.20)", -320, null],
    ["\u22123.20", -320, null],
    ["$12.50", 1250, null],
    ["-$12.50", -1250, null],
    ["$-12.50", -1250, null],
    ["€12.50", 1250, "EUR"],
    ["12.50 £", 1250, "GBP"],
    ["12.5 USD", 1250, "USD"],
    ["usd 12.50", 1250, "USD"],
    ["0.1", 10, null],
    ["0.29", 29, null],
    ["1.005000", null, null],
    ["7.500", 750, null],
    ["-0.00", 0, null],
    ["999999999999.99", 99_999_999_999_999, null],
  ])("%j is %j cents", (text, cents, currency) => {
    const parsed = parseAmount(text);
    if (cents === null) expect(parsed).toBeNull();
    else expect(parsed).toEqual({ cents, currency });
    if (parsed) expect(Object.is(parsed.cents, -0)).toBe(false);
  });

  it.each([
    "",
    "abc",
    "12,50",
    "1,23.45",
    "12.345",
    "1.2.3",
    "--1",
    "-(1)",
    "$12$",
    "€12 USD",
    "12 XYZ",
    "1e3",
    "0x10",
    "NaN",
    "Infinity",
    "1 234.56",
    "1000000000000.00",
    "5.",
    "12.50.",
    "+-1",
  ])("%j is not an amount", (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it("turns every two-decimal amount into its exact cents (no float rounding)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 }), fc.boolean(), (cents, grouped) => {
        const abs = Math.abs(cents);
        const whole = String(Math.floor(abs / 100));
        const digits = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : whole;
        const text = `${cents < 0 ? "-" : ""}${digits}.${String(abs % 100).padStart(2, "0")}`;
        expect(parseAmount(text)).toEqual({ cents: cents === 0 ? 0 : cents, currency: null });
      }),
    );
  });
});

describe("dates", () => {
  it.each([
    ["2025-02-03T09:14:00Z", false, "2025-02-03T09:14:00.000Z"],
    ["2025-02-03T09:14:00.123456+02:00", false, "2025-02-03T07:14:00.123Z"],
    ["2025-02-03T09:14:00-0530", false, "2025-02-03T14:44:00.000Z"],
    ["2025-02-03T09:14", false, "2025-02-03T09:14:00.000Z"],
    ["2025-02-03 09:14:05", false, "2025-02-03T09:14:05.000Z"],
    ["2025-02-03 09:14:05 UTC", false, "2025-02-03T09:14:05.000Z"],
    ["2025-02-03", false, "2025-02-03T00:00:00.000Z"],
    ["02/03/2025 09:14", false, "2025-02-03T09:14:00.000Z"],
    ["2/3/2025", false, "2025-02-03T00:00:00.000Z"],
    ["02/03/2025 9:14 PM", false, "2025-02-03T21:14:00.000Z"],
    ["02/03/2025 12:05 AM", false, "2025-02-03T00:05:00.000Z"],
    ["02/03/2025 09:14", true, "2025-03-02T09:14:00.000Z"],
    ["28/02/2025 23:59:59", true, "2025-02-28T23:59:59.000Z"],
    ["29.02.2024 10:00", true, "2024-02-29T10:00:00.000Z"],
  ])("%j (day first: %j) is %j", (text, dayFirst, iso) => {
    expect(parseReportDate(text, dayFirst)).toBe(iso);
  });

  it.each([
    ["28/02/2025", false],
    ["02/28/2025", true],
    ["2025-02-29", false],
    ["2025-13-01", false],
    ["2025-01-01T24:00:00Z", false],
    ["01/02/25", false],
    ["01.02.2025", false],
    ["13:00 02/03/2025", false],
    ["02/03/2025 13:00 PM", false],
    ["1969-12-31", false],
    ["yesterday", false],
    ["2025-02-03T09:14:00+15:00", false],
  ])("%j (day first: %j) is refused", (text, dayFirst) => {
    expect(parseReportDate(text, dayFirst)).toBeNull();
  });
});

describe("anything in, a report or a ReportFormatError out", () => {
  const onlyFormatErrors = (network: ReportNetwork, input: string | Uint8Array) => {
    try {
      const report = parseReport(network, input);
      for (const row of report.rows) {
        expect(Number.isSafeInteger(row.commissionCents) && Number.isSafeInteger(row.saleAmountCents)).toBe(true);
        expect(row.line).toBeGreaterThanOrEqual(2);
        expect(new Date(row.occurredAt).toISOString()).toBe(row.occurredAt);
        expect(row.currency).toMatch(/^[A-Z]{3}$/);
        expect(row.transactionId).not.toBe("");
        expect(row.transactionId + (row.clickId ?? "")).not.toMatch(/[\u0000-\u001F]/);
        expect(() => JSON.parse(row.raw) as unknown).not.toThrow();
      }
    } catch (error) {
      if (!(error instanceof ReportFormatError)) throw error;
    }
  };
  const network = fc.constantFrom(...REPORT_NETWORKS);

  it("for arbitrary strings", () => {
    fc.assert(fc.property(network, fc.string({ unit: "binary", maxLength: 400 }), onlyFormatErrors), { numRuns: 300 });
  });

  it("for arbitrary bytes", () => {
    fc.assert(fc.property(network, fc.uint8Array({ maxLength: 600 }), onlyFormatErrors), { numRuns: 300 });
  });

  it("for CSV made of the headers' titles and plausible or broken cells", () => {
    const cell = fc.oneof(
      fc.constantFrom("", "12.50", "-3.20", "1,234.56", "$5", "12.5 USD", "USD", "gbp", "pending", "APPROVED", "locked", "deleted"),
      fc.constantFrom("2025-01-02", "01/02/2025 10:00", "31/12/2025", "2025-02-30", "\u0000", '"', '""', "\r", "\n", ";", "\t", '="1"'),
      fc.string({ maxLength: 12 }),
    );
    const header = fc.constantFrom(AWIN_HEADER, IMPACT_HEADER, CJ_HEADER);
    const csv = fc
      .tuple(header, fc.array(fc.array(cell, { maxLength: 10 }), { maxLength: 8 }), fc.constantFrom(",", "\n", "\r\n"))
      .map(([head, rows, eol]) => [head, ...rows.map((cells) => cells.join(","))].join(eol));
    fc.assert(fc.property(network, csv, onlyFormatErrors), { numRuns: 500 });
  });
});

describe("CJ's tenths of a cent", () => {
  it("are rounded half up to the cent for CJ only (its API states 7.781); other networks refuse them", () => {
    expect(parseAmount("7.781", { subCents: true })).toEqual({ cents: 778, currency: null });
    expect(parseAmount("75.475", { subCents: true })).toEqual({ cents: 7548, currency: null });
    expect(parseAmount("-0.125", { subCents: true })).toEqual({ cents: -13, currency: null });
    expect(parseAmount("7.781")).toBeNull();
    expect(parseAmount("7.7812345", { subCents: true })).toBeNull();
  });
});

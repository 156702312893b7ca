/** The transactions CSV: columns as before, formula-like cells neutralised, amounts left as numbers. */
import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/translator.server";
import { transactionsCsv } from "~/wallet/csv.server";
import type { LedgerTransaction } from "~/wallet/ledger.server";

const t = fixedT("en", "wallet");

function item(overrides: Partial<LedgerTransaction>): LedgerTransaction {
  // Not an object literal returned as is: type-checks whether or not LedgerTransaction has `currency` yet.
  const fixture: Omit<LedgerTransaction, "currency"> & { currency: string } = {
    id: "tx-1",
    userId: "user-1",
    type: "cashback",
    status: "completed",
    direction: "credit",
    amountCents: 1250,
    currency: "USD",
    description: "Cashback",
    merchant: null,
    orderId: null,
    metadata: {},
    createdAt: "2024-05-01T10:00:00.000Z",
    updatedAt: "2024-05-01T10:00:00.000Z",
  };
  return { ...fixture, ...overrides };
}

/** The records of the CSV text, split on the record delimiter (the test values hold no quote-protected newlines). */
const rows = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .replace(/\n$/, "")
    .split("\n");

describe("transactions CSV", () => {
  it("keeps the byte order mark, the translated header row and the column order", () => {
    const csv = transactionsCsv([item({ merchant: "Acme", orderId: "A-1" })], t);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(rows(csv)).toEqual([
      "Date,Type,Status,Amount,Currency,Description,Merchant,Order ID,Transaction ID",
      `2024-05-01T10:00:00.000Z,${t("types.cashback")},${t("statuses.completed")},12.50,USD,Cashback,Acme,A-1,tx-1`,
    ]);
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ["+1", "'+1"],
    ["-1+2", "'-1+2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    // A carriage return makes csv-stringify quote the cell too.
    ["\rcmd", `"'\rcmd"`],
    ["＝1+1", "'＝1+1"],
  ])("neutralises a description or merchant starting with a formula character: %j", (value, cell) => {
    const csv = transactionsCsv([item({ description: value, merchant: value, orderId: value })], t);
    const line = csv.replace(/^\uFEFF/, "").split("\n")[1]!;
    expect(line).toBe(`2024-05-01T10:00:00.000Z,${t("types.cashback")},${t("statuses.completed")},12.50,USD,${cell},${cell},${cell},tx-1`);
    // No cell of the row starts with a formula character once unquoted.
    expect(line).not.toMatch(/(^|,)"?[=+@\t\r]/);
  });

  it("writes amounts as signed plain numbers with two decimals, not as escaped text", () => {
    const csv = transactionsCsv(
      [
        item({ id: "a", direction: "debit", amountCents: 1250 }),
        item({ id: "b", direction: "credit", amountCents: 5 }),
        item({ id: "c", direction: "debit", amountCents: 123_456_789 }),
      ],
      t,
    );
    const amounts = rows(csv)
      .slice(1)
      .map((line) => line.split(",")[3]);
    expect(amounts).toEqual(["-12.50", "0.05", "-1234567.89"]);
    for (const amount of amounts) expect(Number.isFinite(Number(amount))).toBe(true);
  });
});

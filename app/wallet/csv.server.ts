/**
 * The transactions CSV (csv-stringify): owns the export's columns, header row, cell formatting
 * and its protection against formula injection. Pure: items and a translator in, the file's text
 * out; the route reads the items and answers with the file.
 *
 * Formula injection (https://owasp.org/www-community/attacks/CSV_Injection): a description,
 * merchant or order ID is partly user- or partner-supplied, and a cell starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return (or their full-width forms) is run as a formula by spreadsheet
 * programs. csv-stringify's `escape_formulas` prefixes such cells with `'`, which spreadsheets
 * show as text.
 */
import { stringify } from "csv-stringify/sync";
import type { TFunction } from "i18next";
import type { LedgerTransaction } from "./ledger.server";
import { counterparty, description, labelText, storeOrderId } from "./display";
import { centsToDecimalString } from "~/utils/money";

export const CSV_COLUMNS = ["date", "type", "status", "amount", "currency", "description", "merchant", "orderId", "id"] as const;

/** The CSV file's text: a UTF-8 byte order mark (so spreadsheet programs read UTF-8), the translated header row, one row per item. */
export function transactionsCsv(items: readonly LedgerTransaction[], t: TFunction): string {
  const csv = stringify(
    items.map((item) => [
      item.createdAt,
      t(`types.${item.type}`),
      t(`statuses.${item.status}`),
      // The amount is signed ("-12.50" for a debit) and passed as a *number*: csv-stringify's
      // `escape_formulas` leaves a leading `-` alone when the field is a number (a number is
      // data, not a formula), whereas the string "-12.50" would become "'-12.50", which
      // spreadsheets then read as text and no longer sum. `cast.number` below writes the cents with
      // two decimals, as before. Every other cell is a string and is escaped.
      (item.direction === "credit" ? 1 : -1) * item.amountCents,
      "USD",
      labelText(description(item), t),
      labelText(counterparty(item), t, ""),
      storeOrderId(item) ?? "",
      item.id,
    ]),
    {
      header: true,
      columns: CSV_COLUMNS.map((key) => t(`csv.${key}`)),
      escape_formulas: true,
      // The amount is the only number in a row.
      cast: { number: centsToDecimalString },
    },
  );
  return `\uFEFF${csv}`;
}

/**
 * Wallet documents as PDF (pdfkit): a receipt for one transaction and a monthly statement. Texts
 * come translated from the caller; amounts through the one money formatter. Every text is written
 * through ./pdf-fonts.server in embedded Noto fonts, so names and merchants in any Latin script,
 * Chinese or Arabic print as they are.
 */
import PDFDocument from "pdfkit";
import type { TFunction } from "i18next";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import type { Statement } from "./balances.server";
import type { LedgerTransaction } from "./ledger.server";
import { writeText } from "./pdf-fonts.server";

const signed = (item: LedgerTransaction, locale: string) => `${item.direction === "credit" ? "+" : "-"}${formatMoney(item.amountCents, locale)}`;

function render(build: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 50, info: { Producer: "Cashwise", Creator: "Cashwise" } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    build(doc);
    doc.end();
  });
}

function header(doc: PDFKit.PDFDocument, title: string, subtitle: string) {
  doc.fillColor("#047857").fontSize(20);
  writeText(doc, "Cashwise", 700);
  doc.moveDown(0.5).fillColor("#0f172a").fontSize(16);
  writeText(doc, title, 700);
  doc.fontSize(10).fillColor("#475569");
  writeText(doc, subtitle, 400);
  doc.moveDown(1).fillColor("#0f172a");
}

export function receiptPdf(
  item: LedgerTransaction,
  owner: { name: string; email: string },
  t: TFunction,
  locale: string,
): Promise<Buffer> {
  return render((doc) => {
    header(doc, t("pdf.receiptTitle"), t("pdf.generated", { date: formatDate(new Date().toISOString(), locale) }));
    const rows: Array<[string, string]> = [
      [t("pdf.customer"), `${owner.name} <${owner.email}>`],
      [t("csv.id"), item.id],
      [t("csv.date"), formatDate(item.createdAt, locale)],
      [t("csv.type"), t(`types.${item.type}`)],
      [t("csv.status"), t(`statuses.${item.status}`)],
      [t("csv.merchant"), item.merchant ?? "-"],
      [t("csv.orderId"), item.orderId ?? "-"],
      [t("csv.description"), item.description],
      [t("csv.amount"), signed(item, locale)],
      [t("csv.currency"), "USD"],
    ];
    doc.fontSize(11);
    for (const [label, value] of rows) {
      const y = doc.y;
      writeText(doc, label, 700, { width: 150 }, { x: 50, y });
      writeText(doc, value, 400, { width: 335 }, { x: 210, y });
      doc.moveDown(0.4);
    }
  });
}

/**
 * The monthly statement of the available balance: opening balance, every movement of the month
 * with the balance after it, closing balance (opening + lines = closing, from the ledger's postings).
 */
export function statementPdf(
  input: { owner: { name: string; email: string }; month: string; statement: Statement },
  t: TFunction,
  locale: string,
): Promise<Buffer> {
  const { statement } = input;
  return render((doc) => {
    const monthName = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${input.month}-01T00:00:00Z`));
    header(doc, t("pdf.statementTitle", { month: monthName }), `${input.owner.name} <${input.owner.email}>`);
    doc.fontSize(11);
    writeText(doc, `${t("pdf.opening")}: ${formatMoney(statement.openingCents, locale)}`, 400);
    writeText(doc, `${t("pdf.closing")}: ${formatMoney(statement.closingCents, locale)}`, 400);
    doc.moveDown(1);
    if (statement.lines.length === 0) {
      writeText(doc, t("pdf.noTransactions"), 400);
      return;
    }
    doc.fontSize(10);
    const columns: Array<{ x: number; width: number; align?: "right" }> = [
      { x: 50, width: 80 },
      { x: 135, width: 90 },
      { x: 230, width: 135 },
      { x: 370, width: 85, align: "right" },
      { x: 460, width: 85, align: "right" },
    ];
    const row = (values: string[], weight: 400 | 700) => {
      if (doc.y > 760) doc.addPage();
      const y = doc.y;
      let bottom = y;
      values.forEach((value, i) => {
        const column = columns[i]!;
        writeText(doc, value, weight, { width: column.width, align: column.align }, { x: column.x, y });
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom;
      doc.moveDown(0.4);
    };
    row([t("csv.date"), t("csv.type"), t("csv.merchant"), t("csv.amount"), t("pdf.balance")], 700);
    for (const line of statement.lines) {
      const amount = `${line.amountCents >= 0 ? "+" : "\u2212"}${formatMoney(Math.abs(line.amountCents), locale)}`;
      row([formatDate(line.effectiveAt, locale), t(`types.${line.transaction.type}`), line.transaction.merchant ?? "-", amount, formatMoney(line.balanceCents, locale)], 400);
    }
  });
}

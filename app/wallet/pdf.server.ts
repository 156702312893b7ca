/**
 * Wallet documents as PDF (pdfkit, its built-in Helvetica): a receipt for one transaction and a
 * monthly statement. Texts come translated from the caller; amounts through the one money formatter.
 */
import PDFDocument from "pdfkit";
import type { TFunction } from "i18next";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import type { LedgerTransaction } from "./ledger.server";

// Helvetica's encoding has no U+2212 minus sign nor narrow spaces: write them plainly.
const plain = (text: string) => text.replace(/\u2212/g, "-").replace(/[\u202f\u00a0]/g, " ");
const signed = (item: LedgerTransaction, locale: string) => plain(`${item.direction === "credit" ? "+" : "-"}${formatMoney(item.amountCents, locale)}`);

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
  doc.fillColor("#047857").font("Helvetica-Bold").fontSize(20).text("Cashwise");
  doc.moveDown(0.5).fillColor("#0f172a").fontSize(16).text(plain(title));
  doc.font("Helvetica").fontSize(10).fillColor("#475569").text(plain(subtitle));
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
      doc.font("Helvetica-Bold").text(plain(label), 50, y, { width: 150 });
      doc.font("Helvetica").text(plain(value), 210, y, { width: 335 });
      doc.moveDown(0.4);
    }
  });
}

export function statementPdf(
  input: {
    owner: { name: string; email: string };
    month: string;
    openingCents: number;
    closingCents: number;
    items: LedgerTransaction[];
  },
  t: TFunction,
  locale: string,
): Promise<Buffer> {
  return render((doc) => {
    const monthName = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${input.month}-01T00:00:00Z`));
    header(doc, t("pdf.statementTitle", { month: monthName }), `${input.owner.name} <${input.owner.email}>`);
    doc.fontSize(11).font("Helvetica");
    doc.text(plain(`${t("pdf.opening")}: ${formatMoney(input.openingCents, locale)}`));
    doc.text(plain(`${t("pdf.closing")}: ${formatMoney(input.closingCents, locale)}`));
    doc.moveDown(1);
    if (input.items.length === 0) {
      doc.text(plain(t("pdf.noTransactions")));
      return;
    }
    doc.font("Helvetica-Bold").fontSize(10);
    const columns = [50, 140, 250, 350, 470];
    const headerY = doc.y;
    [t("csv.date"), t("csv.type"), t("csv.merchant"), t("csv.status"), t("csv.amount")].forEach((label, i) =>
      doc.text(plain(label), columns[i]!, headerY, { width: 110 }),
    );
    doc.moveDown(0.6).font("Helvetica");
    for (const item of input.items) {
      if (doc.y > 760) doc.addPage();
      const y = doc.y;
      [formatDate(item.createdAt, locale), t(`types.${item.type}`), item.merchant ?? "-", t(`statuses.${item.status}`), signed(item, locale)].forEach((value, i) =>
        doc.text(plain(value), columns[i]!, y, { width: i === 4 ? 80 : 105 }),
      );
      doc.moveDown(0.4);
    }
  });
}

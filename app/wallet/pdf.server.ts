/**
 * Wallet documents as PDF (pdfkit): a receipt for one transaction and a monthly statement, laid
 * out like a bank's: a header on every page (the Cashwise mark, the document's title, the holder
 * and the document's date or period), the body, and a footer on every page ("Page X of Y" and the
 * company's legal line). Texts come translated from the caller; amounts through the one money
 * formatter, dates through the one date formatter. Every text is written through
 * the shared page frame (~/utils/pdf-frame.server) in embedded Noto fonts, so names and merchants in any Latin script, Chinese or
 * Arabic print as they are.
 *
 * Layout is done here rather than by pdfkit's line wrapper: each text is cut into lines measured
 * with the fonts it is drawn in (several per text), then drawn line by line at known positions. So
 * a table row's height is known before it is drawn, and a row that does not fit on the page moves
 * whole to the next one (with the table's header row drawn again) instead of being split.
 */
import type { TFunction } from "i18next";
import { formatDate, monthName } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import type { Statement } from "./balances.server";
import type { LedgerTransaction } from "./ledger.server";
import {
  bodyBottom,
  fit,
  footerFrame,
  graphemes,
  LEFT,
  newPage,
  PAGE_HEIGHT,
  putLine as put,
  putLineRight as putRight,
  renderPdf,
  RIGHT,
  rule,
  textWidth,
  WIDTH,
  type Style,
} from "~/utils/pdf-frame.server";
import { counterparty, description, labelText, storeOrderId } from "./display";

/** The header sits above the top margin and the footer below the bottom one: the body flows between. */
const MARGINS = { top: 136, bottom: 86, left: LEFT, right: 50 };
const HEADER_TOP = 40;
const FOOTER_TOP = PAGE_HEIGHT - 74;

const COLOUR = {
  brand: "#047857",
  ink: "#0f172a",
  muted: "#475569",
  faint: "#64748b",
  rule: "#e2e8f0",
  zebra: "#f8fafc",
  panel: "#f1f5f9",
  white: "#ffffff",
};

const STATUS_COLOUR: Record<string, { fill: string; text: string }> = {
  completed: { fill: "#d1fae5", text: "#065f46" },
  pending: { fill: "#fef3c7", text: "#92400e" },
  failed: { fill: "#fee2e2", text: "#991b1b" },
};

const MINUS = "\u2212";

interface Holder {
  name: string;
  email: string;
}

/** Lines of one style, already cut to a width. */
interface Paragraph extends Style {
  lines: string[];
}

// --- Measuring and drawing text --------------------------------------------------------------

/** The distance between two lines' baselines at a size. */
const leading = (size: number) => size * 1.32;
/** The height of `count` lines at a size: the first line's ascent to the last line's descent. */
const blockHeight = (count: number, size: number) => (count > 0 ? (count - 1) * leading(size) + size * 1.22 : 0);
/**
 * The text cut into lines no wider than `width`: between words where it can, a word (or a run of
 * ideographs, which has no spaces) too long for a line cut between its characters.
 */
function wrap(doc: PDFKit.PDFDocument, text: string, style: Pick<Style, "weight" | "size">, width: number): string[] {
  const fits = (candidate: string) => textWidth(doc, candidate, style.weight, style.size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    if (fits(word)) {
      line = word;
      continue;
    }
    for (const char of graphemes(word)) {
      if (line && !fits(line + char)) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

function paragraph(doc: PDFKit.PDFDocument, text: string, style: Style, width: number): Paragraph {
  return { ...style, lines: wrap(doc, text, style, width) };
}

const paragraphsHeight = (paragraphs: Paragraph[], gap = 2) =>
  paragraphs.reduce((height, p, i) => height + blockHeight(p.lines.length, p.size) + (i > 0 ? gap : 0), 0);

/** Paragraphs one below the other from (x, y), left- or right-aligned (then x is the right edge). */
function putParagraphs(
  doc: PDFKit.PDFDocument,
  paragraphs: Paragraph[],
  x: number,
  y: number,
  align: "left" | "right" = "left",
  gap = 2,
): void {
  let top = y;
  for (const p of paragraphs) {
    p.lines.forEach((line, i) => (align === "right" ? putRight : put)(doc, line, p, x, top + i * leading(p.size)));
    top += blockHeight(p.lines.length, p.size) + gap;
  }
}

// --- The page frame: header and footer -------------------------------------------------------

interface Frame {
  title: string;
  holder: Holder;
  /** Under the holder, on the right: the document's date, its period. */
  dates: string[];
  legalLine: string;
  t: TFunction;
}

/** The Cashwise mark: a rounded green square with a white "C", drawn as vector paths. */
function mark(doc: PDFKit.PDFDocument, x: number, y: number, size: number): void {
  const cx = x + size / 2;
  const cy = y + size / 2;
  const r = size * 0.23;
  const open = Math.PI / 4;
  const [sx, sy, ex, ey] = [cx + r * Math.cos(open), cy - r * Math.sin(open), cx + r * Math.cos(open), cy + r * Math.sin(open)];
  doc.save();
  doc.roundedRect(x, y, size, size, size * 0.24).fill(COLOUR.brand);
  doc
    .path(`M ${sx} ${sy} A ${r} ${r} 0 1 0 ${ex} ${ey}`)
    .lineWidth(size * 0.11)
    .lineCap("round")
    .stroke(COLOUR.white);
  doc.restore();
}

function header(doc: PDFKit.PDFDocument, frame: Frame): void {
  const markSize = 30;
  mark(doc, LEFT, HEADER_TOP, markSize);
  const word: Style = { weight: 700, size: 17, colour: COLOUR.brand };
  put(doc, "Cashwise", word, LEFT + markSize + 9, HEADER_TOP + markSize / 2 - word.size * 0.5);

  const leftWidth = WIDTH * 0.52;
  const title = fit(doc, frame.title, { weight: 700, size: 15, colour: COLOUR.ink }, leftWidth, 10);
  put(doc, title.text, title.style, LEFT, HEADER_TOP + 46);

  // The holder and the dates, right-aligned: the name on up to two lines, anything else on one
  // (shrunk, at worst cut, to fit).
  const rightWidth = WIDTH - leftWidth - 16;
  const nameStyle: Style = { weight: 700, size: 10, colour: COLOUR.ink };
  const nameLines = wrap(doc, frame.holder.name, nameStyle, rightWidth);
  if (nameLines.length > 2) nameLines.splice(1, nameLines.length, nameLines.slice(1).join(" "));
  const lines: Array<{ text: string; style: Style; gap: number }> = [
    { text: frame.t("pdf.customer"), style: { weight: 400, size: 7.5, colour: COLOUR.faint }, gap: 0 },
    ...nameLines.map((text, i) => ({ text, style: nameStyle, gap: i === 0 ? 1.5 : 0 })),
    { text: frame.holder.email, style: { weight: 400, size: 8.5, colour: COLOUR.muted }, gap: 1 },
    ...frame.dates.map((text, i) => ({
      text,
      style: { weight: 400 as const, size: 8, colour: COLOUR.muted },
      gap: i === 0 ? (nameLines.length > 1 ? 3 : 6) : 1,
    })),
  ];
  let y = HEADER_TOP;
  for (const line of lines) {
    y += line.gap;
    const fitted = fit(doc, line.text, line.style, rightWidth, line.style === nameStyle ? line.style.size : undefined);
    putRight(doc, fitted.text, fitted.style, RIGHT, y);
    y += blockHeight(1, fitted.style.size);
  }
  rule(doc, MARGINS.top - 18, COLOUR.brand, 1);
}

function footer(doc: PDFKit.PDFDocument, frame: Frame, page: number, pages: number): void {
  const pageStyle: Style = { weight: 400, size: 8, colour: COLOUR.muted };
  const legalWidth = footerFrame(doc, FOOTER_TOP, frame.t("pdf.page", { page, pages }), pageStyle);
  const legal = paragraph(doc, frame.legalLine, { weight: 400, size: 7, colour: COLOUR.faint }, legalWidth);
  // Room for five lines under the rule; a longer legal line is cut.
  if (legal.lines.length > 5)
    legal.lines = [...legal.lines.slice(0, 4), fit(doc, legal.lines.slice(4).join(" "), legal, legalWidth, legal.size).text];
  putParagraphs(doc, [legal], LEFT, FOOTER_TOP + 8);
}

/** A PDF in the wallet's frame: its header and footer on every page. */
function render(frame: Frame, locale: string, build: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return renderPdf({
    margins: MARGINS,
    locale,
    info: { Title: frame.title, Author: frame.holder.name, Producer: "Cashwise", Creator: "Cashwise" },
    build,
    decorate: (doc, page, pages) => {
      header(doc, frame);
      footer(doc, frame, page, pages);
    },
  });
}

const today = (locale: string) => formatDate(new Date().toISOString(), locale);

// --- The receipt -----------------------------------------------------------------------------

const signed = (item: LedgerTransaction, locale: string) =>
  `${item.direction === "credit" ? "+" : MINUS}${formatMoney(item.amountCents, locale, item.currency)}`;

/**
 * The receipt of one transaction: its amount, large, with its type and status, then a two-column
 * table of its details.
 */
export function receiptPdf(item: LedgerTransaction, owner: Holder, t: TFunction, locale: string, legalLine: string): Promise<Buffer> {
  const frame: Frame = { title: t("pdf.receiptTitle"), holder: owner, dates: [t("pdf.generated", { date: today(locale) })], legalLine, t };
  return render(frame, locale, (doc) => {
    // The amount panel: type and status on the left, the amount large on the right.
    const top = doc.y;
    const panelHeight = 74;
    const pad = 16;
    doc.save().roundedRect(LEFT, top, WIDTH, panelHeight, 6).fill(COLOUR.panel).restore();
    const amountLabel: Style = { weight: 400, size: 8.5, colour: COLOUR.muted };
    putRight(doc, t("csv.amount"), amountLabel, RIGHT - pad, top + pad);
    const amount = fit(
      doc,
      signed(item, locale),
      { weight: 700, size: 24, colour: item.direction === "credit" ? COLOUR.brand : COLOUR.ink },
      WIDTH / 2 - pad,
    );
    putRight(doc, amount.text, amount.style, RIGHT - pad, top + pad + 16 + (24 - amount.style.size) / 2);

    const type = fit(doc, t(`types.${item.type}`), { weight: 700, size: 13, colour: COLOUR.ink }, WIDTH / 2 - 2 * pad);
    put(doc, type.text, type.style, LEFT + pad, top + pad);
    const statusStyle: Style = { weight: 700, size: 8, colour: (STATUS_COLOUR[item.status] ?? STATUS_COLOUR.pending!).text };
    const status = t(`statuses.${item.status}`);
    const pillWidth = textWidth(doc, status, statusStyle.weight, statusStyle.size) + 16;
    const pillTop = top + pad + 24;
    doc
      .save()
      .roundedRect(LEFT + pad, pillTop, pillWidth, 17, 8.5)
      .fill((STATUS_COLOUR[item.status] ?? STATUS_COLOUR.pending!).fill)
      .restore();
    put(doc, status, statusStyle, LEFT + pad + 8, pillTop + 17 / 2 - statusStyle.size * 0.55);
    doc.y = top + panelHeight + 22;

    // The details: a fixed label column, the value column.
    put(doc, t("pdf.details"), { weight: 700, size: 11, colour: COLOUR.ink }, LEFT, doc.y);
    doc.y += 20;
    rule(doc, doc.y, COLOUR.ink, 0.75);
    const labelWidth = 140;
    const valueX = LEFT + labelWidth + 12;
    const valueWidth = RIGHT - valueX;
    const label: Style = { weight: 700, size: 9, colour: COLOUR.muted };
    const value: Style = { weight: 400, size: 10, colour: COLOUR.ink };
    // Identifiers in full, smaller, cut between characters when a line cannot hold them.
    const code: Style = { weight: 400, size: 8.5, colour: COLOUR.ink };
    const rows: Array<[string, Array<[string, Style]>]> = [
      [
        t("pdf.customer"),
        [
          [owner.name, value],
          [owner.email, { ...value, size: 9, colour: COLOUR.muted }],
        ],
      ],
      [t("csv.id"), [[item.id, code]]],
      [t("csv.date"), [[formatDate(item.createdAt, locale), value]]],
      [t("csv.type"), [[t(`types.${item.type}`), value]]],
      [t("csv.status"), [[t(`statuses.${item.status}`), value]]],
      [t("csv.merchant"), [[labelText(counterparty(item), t, "-"), value]]],
      [t("csv.orderId"), [[storeOrderId(item) ?? "-", storeOrderId(item) ? code : value]]],
      [t("csv.description"), [[labelText(description(item), t), value]]],
      [t("csv.amount"), [[signed(item, locale), { ...value, weight: 700 }]]],
      [t("csv.currency"), [[item.currency, value]]],
    ];
    const rowPad = 7;
    for (const [name, values] of rows) {
      const labelParagraphs = [paragraph(doc, name, label, labelWidth)];
      const valueParagraphs = values.map(([text, style]) => paragraph(doc, text, style, valueWidth));
      const height = Math.max(paragraphsHeight(labelParagraphs), paragraphsHeight(valueParagraphs)) + 2 * rowPad;
      if (doc.y + height > bodyBottom(doc)) newPage(doc);
      const y = doc.y;
      putParagraphs(doc, labelParagraphs, LEFT, y + rowPad + 0.5);
      putParagraphs(doc, valueParagraphs, valueX, y + rowPad);
      doc.y = y + height;
      rule(doc, doc.y);
    }
  });
}

// --- The statement ---------------------------------------------------------------------------

export interface StatementTotals {
  openingCents: number;
  /** The sum of the month's positive lines. */
  creditsCents: number;
  /** The sum of the month's negative lines, as a positive number. */
  debitsCents: number;
  closingCents: number;
}

/** The statement's summary: opening + credits − debits = closing (else the statement is not issued). */
export function statementTotals(statement: Statement): StatementTotals {
  const creditsCents = statement.lines.reduce((sum, line) => sum + Math.max(line.amountCents, 0), 0);
  const debitsCents = statement.lines.reduce((sum, line) => sum + Math.max(-line.amountCents, 0), 0);
  if (statement.openingCents + creditsCents - debitsCents !== statement.closingCents) {
    throw new Error(`Statement does not add up: ${statement.openingCents} + ${creditsCents} - ${debitsCents} != ${statement.closingCents}`);
  }
  return { openingCents: statement.openingCents, creditsCents, debitsCents, closingCents: statement.closingCents };
}

interface Column {
  x: number;
  width: number;
  align: "left" | "right";
}

/** Date, description, money in, money out, balance: the description takes what the others leave. */
function statementColumns(): Column[] {
  const widths = [92, 0, 78, 78, 84];
  widths[1] = WIDTH - widths.reduce((sum, width) => sum + width, 0);
  let x = LEFT;
  return widths.map((width, i) => {
    const column: Column = { x, width, align: i >= 2 ? "right" : "left" };
    x += width;
    return column;
  });
}

const CELL_PAD_X = 5;
const CELL_PAD_Y = 5;

/** A table row: its cells' paragraphs, its height, and how to draw it at a y. */
function tableRow(doc: PDFKit.PDFDocument, columns: Column[], cells: Array<Array<[string, Style]>>) {
  const laid = cells.map((cell, i) =>
    cell.filter(([text]) => text !== "").map(([text, style]) => paragraph(doc, text, style, columns[i]!.width - 2 * CELL_PAD_X)),
  );
  const height = Math.max(...laid.map((paragraphs) => paragraphsHeight(paragraphs, 1.5))) + 2 * CELL_PAD_Y;
  const draw = (y: number, fill?: string) => {
    if (fill) doc.save().rect(LEFT, y, WIDTH, height).fill(fill).restore();
    laid.forEach((paragraphs, i) => {
      const column = columns[i]!;
      const x = column.align === "right" ? column.x + column.width - CELL_PAD_X : column.x + CELL_PAD_X;
      putParagraphs(doc, paragraphs, x, y + CELL_PAD_Y, column.align, 1.5);
    });
    rule(doc, y + height, COLOUR.rule, 0.5);
  };
  return { height, draw };
}

/**
 * The monthly statement of the available balance: a summary (opening balance, money in, money
 * out, closing balance), then every movement of the month with the balance after it, in a table
 * whose header row starts every page it runs over.
 */
export function statementPdf(
  input: { owner: Holder; month: string; statement: Statement },
  t: TFunction,
  locale: string,
  legalLine: string,
): Promise<Buffer> {
  const { statement } = input;
  const totals = statementTotals(statement);
  const [year, month] = input.month.split("-").map(Number) as [number, number];
  const period = t("pdf.period", {
    start: formatDate(new Date(Date.UTC(year, month - 1, 1)).toISOString(), locale),
    end: formatDate(new Date(Date.UTC(year, month, 0)).toISOString(), locale),
  });
  const frame: Frame = {
    title: t("pdf.statementTitle", { month: monthName(input.month, locale) }),
    holder: input.owner,
    dates: [period, t("pdf.generated", { date: today(locale) })],
    legalLine,
    t,
  };
  const money = (cents: number) => formatMoney(cents, locale);

  return render(frame, locale, (doc) => {
    // The summary box: four cells, opening + credits − debits = closing.
    const top = doc.y;
    const cellWidth = WIDTH / 4;
    const pad = 12;
    const labelStyle: Style = { weight: 400, size: 8, colour: COLOUR.muted };
    const cells: Array<{ label: string; value: string; colour: string }> = [
      { label: t("pdf.opening"), value: money(totals.openingCents), colour: COLOUR.ink },
      { label: t("pdf.credits"), value: `+${money(totals.creditsCents)}`, colour: COLOUR.ink },
      { label: t("pdf.debits"), value: `${MINUS}${money(totals.debitsCents)}`, colour: COLOUR.ink },
      { label: t("pdf.closing"), value: money(totals.closingCents), colour: COLOUR.brand },
    ];
    const labels = cells.map((cell) => paragraph(doc, cell.label, labelStyle, cellWidth - 2 * pad));
    const labelsHeight = Math.max(...labels.map((label) => paragraphsHeight([label])));
    const valueSize = 13;
    const boxHeight = pad + labelsHeight + 8 + blockHeight(1, valueSize) + pad;
    doc.save().roundedRect(LEFT, top, WIDTH, boxHeight, 6).lineWidth(0.75).fillAndStroke(COLOUR.zebra, COLOUR.rule).restore();
    cells.forEach((cell, i) => {
      const x = LEFT + i * cellWidth;
      if (i > 0)
        doc
          .save()
          .moveTo(x, top + pad)
          .lineTo(x, top + boxHeight - pad)
          .lineWidth(0.5)
          .strokeColor(COLOUR.rule)
          .stroke()
          .restore();
      putParagraphs(doc, [labels[i]!], x + pad, top + pad);
      const value = fit(doc, cell.value, { weight: 700, size: valueSize, colour: cell.colour }, cellWidth - 2 * pad);
      put(doc, value.text, value.style, x + pad, top + pad + labelsHeight + 8 + (valueSize - value.style.size) / 2);
    });
    doc.y = top + boxHeight + 24;

    put(doc, t("pdf.transactions"), { weight: 700, size: 11, colour: COLOUR.ink }, LEFT, doc.y);
    doc.y += 20;
    if (statement.lines.length === 0) {
      rule(doc, doc.y, COLOUR.ink, 0.75);
      put(doc, t("pdf.noTransactions"), { weight: 400, size: 10, colour: COLOUR.muted }, LEFT + CELL_PAD_X, doc.y + 10);
      return;
    }

    const columns = statementColumns();
    const head: Style = { weight: 700, size: 8, colour: COLOUR.muted };
    const headRow = tableRow(doc, columns, [
      [[t("csv.date"), head]],
      [[t("csv.description"), head]],
      [[t("pdf.moneyIn"), head]],
      [[t("pdf.moneyOut"), head]],
      [[t("pdf.balance"), head]],
    ]);
    const drawHead = () => {
      doc.save().rect(LEFT, doc.y, WIDTH, headRow.height).fill(COLOUR.panel).restore();
      headRow.draw(doc.y);
      rule(doc, doc.y + headRow.height, COLOUR.ink, 0.75);
      doc.y += headRow.height;
    };
    const text: Style = { weight: 400, size: 8.5, colour: COLOUR.ink };
    const detail: Style = { weight: 400, size: 7.5, colour: COLOUR.faint };
    const strong: Style = { ...text, weight: 700 };
    const rows = [
      tableRow(doc, columns, [
        [[formatDate(`${input.month}-01T00:00:00.000Z`, locale), text]],
        [[t("pdf.opening"), strong]],
        [],
        [],
        [[money(totals.openingCents), strong]],
      ]),
      ...statement.lines.map((line) => {
        const party = counterparty(line.transaction);
        return tableRow(doc, columns, [
          [[formatDate(line.effectiveAt, locale), text]],
          [
            [[t(`types.${line.transaction.type}`), party ? labelText(party, t) : null].filter(Boolean).join(" \u00b7 "), text],
            [labelText(description(line.transaction), t), detail],
          ],
          line.amountCents > 0 ? [[`+${money(line.amountCents)}`, { ...text, colour: COLOUR.brand }]] : [],
          line.amountCents < 0 ? [[`${MINUS}${money(-line.amountCents)}`, text]] : [],
          [[money(line.balanceCents), text]],
        ]);
      }),
      tableRow(doc, columns, [
        [[formatDate(new Date(Date.UTC(year, month, 0)).toISOString(), locale), text]],
        [[t("pdf.closing"), strong]],
        [[`+${money(totals.creditsCents)}`, strong]],
        [[`${MINUS}${money(totals.debitsCents)}`, strong]],
        [[money(totals.closingCents), strong]],
      ]),
    ];
    drawHead();
    rows.forEach((row, i) => {
      if (doc.y + row.height > bodyBottom(doc)) {
        newPage(doc);
        drawHead();
      }
      const last = i === rows.length - 1;
      row.draw(doc.y, i === 0 || last ? COLOUR.panel : i % 2 === 0 ? COLOUR.zebra : undefined);
      doc.y += row.height;
    });
  });
}

/**
 * The legal line the PDFs' footers carry: the company, its address, its registration (or, on a
 * demonstration installation, the translated notice that there is none) and its safeguarding
 * arrangement when there is one.
 */
export function pdfLegalLine(
  config: { company: { name: string; registration: string | null; safeguarding: string | null; isDemo: boolean }; companyAddress: string },
  demoNotice: string,
): string {
  const { company } = config;
  const registration = company.isDemo || !company.registration ? demoNotice : company.registration;
  return [company.name, config.companyAddress, registration, company.safeguarding].filter(Boolean).join(" \u00b7 ");
}

/**
 * The page frame every PDF shares (the wallet's receipts and statements, the ad reports): A4 with
 * 50-point side margins, text measured and fitted in the embedded fonts (./pdf-fonts.server), rules,
 * pages added with the body's top kept, and the render itself: the body is written first (adding
 * pages as it goes), then every page gets its header and footer, now that the number of pages is
 * known, with "Page X of Y" at the footer's right. What a header and a footer say is the caller's.
 */
import PDFDocument from "pdfkit";
import { textRuns, writeText, type FontWeight } from "./pdf-fonts.server";

export const PAGE_WIDTH = 595.28; // A4, points
export const PAGE_HEIGHT = 841.89;
export const LEFT = 50;
export const RIGHT = PAGE_WIDTH - 50;
export const WIDTH = RIGHT - LEFT;
const RULE = "#e2e8f0";

/** One style of text: weight, size (points) and colour. */
export interface Style {
  weight: FontWeight;
  size: number;
  colour: string;
}

/** The width of a text in the fonts it is drawn in, at a size. */
export function textWidth(doc: PDFKit.PDFDocument, text: string, weight: FontWeight, size: number): number {
  doc.fontSize(size);
  return textRuns(text, weight).reduce((width, run) => {
    // Registering again under the same name is harmless: pdfkit opens a name's font once per document.
    doc.registerFont(run.face.name, run.face.data).font(run.face.name);
    return width + doc.widthOfString(run.text);
  }, 0);
}

export const graphemes = (text: string) =>
  Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (s) => s.segment);

/** The text at its size when it fits the width, else smaller (down to `minSize`), else cut short with an ellipsis. */
export function fit(
  doc: PDFKit.PDFDocument,
  text: string,
  style: Style,
  width: number,
  minSize = style.size * 0.75,
): { text: string; style: Style } {
  let size = style.size;
  while (size > minSize && textWidth(doc, text, style.weight, size) > width) size -= 0.5;
  let fitted = text;
  if (textWidth(doc, fitted, style.weight, size) > width) {
    const chars = graphemes(text);
    while (chars.length > 1 && textWidth(doc, `${chars.join("").trimEnd()}\u2026`, style.weight, size) > width) chars.pop();
    fitted = `${chars.join("").trimEnd()}\u2026`;
  }
  return { text: fitted, style: { ...style, size } };
}

/**
 * One line of text with its block's top at (x, y), on one line whatever its width. pdfkit puts a
 * line's baseline one font ascent (1.16 em for Noto Sans) below the y it is given: drawn 0.3 em
 * higher, a line's tallest glyphs start about where the block starts. pdfkit's cursor moves below
 * the line, as after any text.
 */
export function putLine(doc: PDFKit.PDFDocument, text: string, style: Style, x: number, y: number): void {
  doc.fontSize(style.size).fillColor(style.colour);
  writeText(doc, text, style.weight, { lineBreak: false }, { x, y: y - style.size * 0.3 });
}

/** One line of text ending at `right`. */
export function putLineRight(doc: PDFKit.PDFDocument, text: string, style: Style, right: number, y: number): void {
  putLine(doc, text, style, right - textWidth(doc, text, style.weight, style.size), y);
}

export function rule(doc: PDFKit.PDFDocument, y: number, colour = RULE, width = 0.5, from = LEFT, to = RIGHT): void {
  doc.save().moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(colour).stroke().restore();
}

/** The lowest y the body may reach on a page. */
export const bodyBottom = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;

/** A new page, the body continuing at its top margin. */
export function newPage(doc: PDFKit.PDFDocument): void {
  doc.addPage();
  doc.y = doc.page.margins.top;
}

/**
 * The footer's frame: a rule at `top` and the page text ("Page 2 of 3") at the right, 8 points
 * below it. Returns the width left for the footer's own text at the left.
 */
export function footerFrame(doc: PDFKit.PDFDocument, top: number, pageText: string, style: Style): number {
  rule(doc, top);
  const pageWidth = textWidth(doc, pageText, style.weight, style.size);
  putLineRight(doc, pageText, style, RIGHT, top + 8);
  return WIDTH - pageWidth - 24;
}

/**
 * A PDF: `build` writes the body between the margins (adding pages with `newPage`), then
 * `decorate` draws each page's header and footer, given the page's number and the number of pages.
 */
export function renderPdf(options: {
  margins: { top: number; bottom: number; left: number; right: number };
  locale: string;
  info: PDFKit.DocumentInfo;
  build: (doc: PDFKit.PDFDocument) => void;
  decorate: (doc: PDFKit.PDFDocument, page: number, pages: number) => void;
}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margins: options.margins, bufferPages: true, lang: options.locale, info: options.info });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      doc.y = options.margins.top;
      options.build(doc);
      const { start, count } = doc.bufferedPageRange();
      for (let i = start; i < start + count; i++) {
        doc.switchToPage(i);
        options.decorate(doc, i - start + 1, count);
      }
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

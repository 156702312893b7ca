/**
 * The white-label report as PDF (pdfkit): owns its layout. A header on every page (the agency's
 * logo and name, the client account and the period, a rule in the agency's primary colour), the
 * body (title and period, the KPIs with their changes, spend and conversions per day as vector line
 * charts, the top campaigns, the audit grade and its trend, the tips applied in the period) and a
 * footer on every page (the agency's footer text and "Page X of Y"). Every text comes from the
 * `ads-reports` namespace in the report's language, and is written through the shared page frame
 * (~/utils/pdf-frame.server: embedded Noto fonts, any script; the render and "Page X of Y"). As in the wallet's PDFs, the
 * layout is computed here (texts fitted to measured widths, blocks moved whole to the next page
 * when they do not fit) rather than left to pdfkit's line wrapper. Chart maths: d3-scale and
 * d3-shape, whose SVG path strings pdfkit draws as vectors. Renders take a render slot (at most two
 * at once per process) and never decode an oversized logo (`reportPdf`).
 */
import { scaleLinear } from "d3-scale";
import { line as d3Line, area as d3Area } from "d3-shape";
import type { TFunction } from "i18next";
import { formatShortDay } from "~/utils/dates";
import {
  bodyBottom,
  fit,
  footerFrame,
  LEFT,
  newPage,
  PAGE_HEIGHT,
  putLine,
  renderPdf,
  RIGHT,
  rule,
  textWidth,
  WIDTH,
  type Style,
} from "~/utils/pdf-frame.server";
import type { DbOrTx } from "~/db/db.server";
import type { Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import type { DayRange } from "../dashboard-query";
import { withPdfRenderSlot } from "~/utils/pdf-slots.server";
import { getBrand, getLogo, logoForPdf, type Brand, type Logo } from "./brand.server";
import { breakdownLabel } from "../breakdown-label";
import { REPORT_KPI_KEYS, readableOn, reportFormatters } from "./format";
import { reportData, type ReportData } from "./report.server";

const MARGINS = { top: 120, bottom: 80, left: LEFT, right: 50 };
const HEADER_TOP = 36;
const FOOTER_TOP = PAGE_HEIGHT - 62;

const INK = "#0f172a";
const MUTED = "#475569";
const FAINT = "#64748b";
const RULE = "#e2e8f0";
const PANEL = "#f8fafc";
const GOOD = "#166534";
const BAD = "#b91c1c";

// --- Text ------------------------------------------------------------------------------------

/** One line with its top at (x, y), fitted to `width` when given. */
function put(doc: PDFKit.PDFDocument, text: string, style: Style, x: number, y: number, width?: number): number {
  const fitted = width === undefined ? { text, style } : fit(doc, text, style, width);
  // pdfkit moves its cursor to where it wrote: put it back, the layout places every line itself
  // (else each line drifts the next by its size, as the KPI panels did in a staircase).
  const cursor = { x: doc.x, y: doc.y };
  putLine(doc, fitted.text, fitted.style, x, y);
  doc.x = cursor.x;
  doc.y = cursor.y;
  return textWidth(doc, fitted.text, fitted.style.weight, fitted.style.size);
}

function putRight(doc: PDFKit.PDFDocument, text: string, style: Style, right: number, y: number, width?: number): void {
  const fitted = width === undefined ? { text, style } : fit(doc, text, style, width);
  put(doc, fitted.text, fitted.style, right - textWidth(doc, fitted.text, fitted.style.weight, fitted.style.size), y);
}

/** The text cut into lines no wider than `width` (between words). */
function wrap(doc: PDFKit.PDFDocument, text: string, style: Style, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || textWidth(doc, candidate, style.weight, style.size) <= width) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.map((item) => fit(doc, item, style, width).text);
}

// --- Frame -----------------------------------------------------------------------------------

interface Frame {
  brand: Brand;
  /** The logo decoded once for the whole document (pdfkit decodes a Buffer again on every page). */
  logo: OpenedImage | null;
  client: string;
  period: string;
  t: TFunction;
}

/** An image pdfkit has decoded (`doc.openImage`, missing from its types). */
interface OpenedImage {
  width: number;
  height: number;
}

/** Decodes the logo once for the document, or null when its bytes are not an image after all. */
function openLogo(doc: PDFKit.PDFDocument, logo: Logo | null): OpenedImage | null {
  if (!logo) return null;
  try {
    return (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(logo.bytes);
  } catch {
    // A file that starts like an image but is not one: the report goes without the logo.
    return null;
  }
}

function header(doc: PDFKit.PDFDocument, frame: Frame): void {
  let x = LEFT;
  if (frame.logo) {
    // pdfkit takes an opened image where its types say a Buffer.
    doc.image(frame.logo as unknown as Buffer, LEFT, HEADER_TOP, {
      fit: [110, 40],
      valign: "center",
    });
    x = LEFT + 120;
  }
  const leftWidth = WIDTH * 0.55 - (x - LEFT);
  put(doc, frame.brand.agencyName, { weight: 700, size: 15, colour: frame.brand.primaryColor }, x, HEADER_TOP + 12, leftWidth);
  const rightWidth = WIDTH * 0.42;
  putRight(doc, frame.client, { weight: 700, size: 10, colour: INK }, RIGHT, HEADER_TOP + 6, rightWidth);
  putRight(doc, frame.period, { weight: 400, size: 8.5, colour: MUTED }, RIGHT, HEADER_TOP + 22, rightWidth);
  rule(doc, MARGINS.top - 22, frame.brand.primaryColor, 1.5);
}

function footer(doc: PDFKit.PDFDocument, frame: Frame, page: number, pages: number): void {
  const style: Style = { weight: 400, size: 8, colour: MUTED };
  const footerWidth = footerFrame(doc, FOOTER_TOP, frame.t("ads-reports:doc.page", { page, pages }), style);
  const lines = wrap(doc, frame.brand.footer, { ...style, size: 7.5, colour: FAINT }, footerWidth).slice(0, 3);
  lines.forEach((text, i) => put(doc, text, { ...style, size: 7.5, colour: FAINT }, LEFT, FOOTER_TOP + 8 + i * 10));
}

/** Room for a block of `height` below the current position, else a new page. */
function ensure(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > bodyBottom(doc)) newPage(doc);
}

function sectionTitle(doc: PDFKit.PDFDocument, text: string, colour: string, after = 0): void {
  ensure(doc, 40 + after);
  put(doc, text, { weight: 700, size: 13, colour }, LEFT, doc.y, WIDTH);
  doc.y += 22;
}

// --- Charts ----------------------------------------------------------------------------------

/** A line chart of one value per day, drawn as vectors: gridlines, axis labels, area and line. */
function lineChart(
  doc: PDFKit.PDFDocument,
  box: { x: number; y: number; width: number; height: number },
  title: string,
  points: Array<{ day: string; value: number }>,
  formatY: (n: number) => string,
  locale: string,
  colours: { line: string; fill: string },
): void {
  put(doc, title, { weight: 700, size: 9.5, colour: INK }, box.x, box.y, box.width);
  const plot = {
    left: box.x + 44,
    right: box.x + box.width - 6,
    top: box.y + 20,
    bottom: box.y + box.height - 16,
  };
  const max = Math.max(0, ...points.map((point) => point.value));
  const y = scaleLinear()
    .domain([0, max > 0 ? max : 1])
    .nice(4)
    .range([plot.bottom, plot.top]);
  const x = scaleLinear()
    .domain([0, Math.max(1, points.length - 1)])
    .range([plot.left, plot.right]);
  const label: Style = { weight: 400, size: 6.5, colour: FAINT };
  for (const tick of y.ticks(4)) {
    rule(doc, y(tick), RULE, 0.4, plot.left, plot.right);
    putRight(doc, formatY(tick), label, plot.left - 4, y(tick) - 3, 40);
  }
  if (points.length) {
    const ends = points.length > 1 ? [0, points.length - 1] : [0];
    for (const i of ends) {
      const text = formatShortDay(points[i]!.day, locale);
      const w = textWidth(doc, text, label.weight, label.size);
      put(doc, text, label, i === 0 ? plot.left : plot.right - w, plot.bottom + 5);
    }
    const coords: Array<[number, number]> = points.map((point, i) => [x(i), y(point.value)]);
    const areaPath = d3Area<[number, number]>()
      .x((p) => p[0])
      .y0(plot.bottom)
      .y1((p) => p[1])(coords);
    const linePath = d3Line<[number, number]>()
      .x((p) => p[0])
      .y((p) => p[1])(coords);
    if (areaPath) doc.save().path(areaPath).fillOpacity(0.15).fill(colours.fill).restore();
    if (linePath) doc.save().path(linePath).lineWidth(1.4).lineJoin("round").strokeColor(colours.line).stroke().restore();
    if (points.length === 1) doc.save().circle(coords[0]![0], coords[0]![1], 2).fill(colours.line).restore();
  }
  rule(doc, plot.bottom, MUTED, 0.6, plot.left, plot.right);
}

// --- The report ------------------------------------------------------------------------------

export interface ReportPdfInput {
  report: ReportData;
  brand: Brand;
  logo: Logo | null;
  /** The report's language. */
  locale: string;
  /** `fixedT(locale, ["ads-reports", "ads"])`. */
  t: TFunction;
}

/**
 * The PDF of one of the owner's client accounts for a period, in a language, with the owner's
 * branding (`ClientAccountNotFoundError` for anyone else's client account).
 */
export async function reportPdfFor(
  db: DbOrTx,
  ownerId: string,
  clientAccountId: string,
  period: DayRange,
  language: Locale,
  options: { whenBusy: "refuse" | "wait" } = { whenBusy: "wait" },
): Promise<{ pdf: Buffer; report: ReportData }> {
  const [report, brand, logo] = await Promise.all([
    reportData(db, ownerId, clientAccountId, period),
    getBrand(db, ownerId),
    getLogo(db, ownerId),
  ]);
  const pdf = await reportPdf(
    {
      report,
      brand,
      logo,
      locale: language,
      t: fixedT(language, ["ads-reports", "ads"]),
    },
    options,
  );
  return { pdf, report };
}

/** A file name for the report: ASCII letters, digits and dashes only. */
export function reportFileName(report: Pick<ReportData, "client" | "period">): string {
  const slug =
    report.client.name
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase()
      .slice(0, 40) || "report";
  return `${slug}-${report.period.from}-${report.period.to}.pdf`;
}

/**
 * Renders the report in one of this process's PDF render slots (`~/utils/pdf-slots.server`:
 * `whenBusy: "refuse"` throws `PdfRenderBusyError` when too many wait), with the logo checked by
 * its header first (`logoForPdf`: never an oversized image) and decoded once for all pages.
 */
export function reportPdf(input: ReportPdfInput, options: { whenBusy: "refuse" | "wait" } = { whenBusy: "wait" }): Promise<Buffer> {
  return withPdfRenderSlot(async () => renderReportPdf({ ...input, logo: await logoForPdf(input.logo) }), options);
}

function renderReportPdf({ report, brand, logo, locale, t }: ReportPdfInput): Promise<Buffer> {
  const f = reportFormatters(locale, report.currency, t);
  const agency = brand.agencyName || t("ads-reports:doc.defaultAgency");
  const info = { Title: t("ads-reports:doc.title"), Author: agency, Producer: agency, Creator: agency };
  let frame: Frame;
  return renderPdf({
    margins: MARGINS,
    locale,
    info,
    build: (doc) => {
      frame = {
        brand: { ...brand, agencyName: agency },
        logo: openLogo(doc, logo),
        client: report.client.name,
        period: f.range(report.period),
        t,
      };
      body(doc, { report, brand: frame.brand, locale, t, f });
    },
    decorate: (doc, page, pages) => {
      header(doc, frame);
      footer(doc, frame, page, pages);
    },
  });
}

function body(
  doc: PDFKit.PDFDocument,
  input: {
    report: ReportData;
    brand: Brand;
    locale: string;
    t: TFunction;
    f: ReturnType<typeof reportFormatters>;
  },
): void {
  const { report, brand, locale, t, f } = input;
  // Title and period.
  put(doc, t("ads-reports:doc.title"), { weight: 700, size: 20, colour: INK }, LEFT, doc.y, WIDTH);
  doc.y += 30;
  put(doc, t("ads-reports:doc.clientLine", { name: report.client.name }), { weight: 400, size: 10.5, colour: INK }, LEFT, doc.y, WIDTH);
  doc.y += 16;
  put(
    doc,
    t("ads-reports:doc.periodLine", { period: f.range(report.period) }),
    { weight: 400, size: 10.5, colour: INK },
    LEFT,
    doc.y,
    WIDTH,
  );
  doc.y += 16;
  const comparison = report.hasPrevious
    ? t("ads-reports:doc.comparedWith", { period: f.range(report.previous) })
    : t("ads-reports:doc.noPrevious");
  put(doc, comparison, { weight: 400, size: 8.5, colour: MUTED }, LEFT, doc.y, WIDTH);
  // A Meta breakdown export's figures: its own totals (the summary rows are never rows), and what it is broken down by.
  for (const { breakdown } of report.breakdowns) {
    doc.y += 13;
    put(doc, breakdownLabel(t, locale, breakdown) ?? "", { weight: 400, size: 8.5, colour: MUTED }, LEFT, doc.y, WIDTH);
  }
  doc.y += 26;

  if (!report.hasData) {
    put(doc, t("ads-reports:doc.noData"), { weight: 400, size: 10, colour: MUTED }, LEFT, doc.y, WIDTH);
    doc.y += 24;
  }

  // KPIs: three columns of panels.
  sectionTitle(doc, t("ads-reports:doc.kpis"), brand.primaryColor, 3 * 58);
  const gap = 10;
  const cell = (WIDTH - 2 * gap) / 3;
  REPORT_KPI_KEYS.forEach((key, i) => {
    const col = i % 3;
    const top = doc.y + Math.floor(i / 3) * 58;
    const x = LEFT + col * (cell + gap);
    doc.save().roundedRect(x, top, cell, 50, 5).fill(PANEL).restore();
    put(doc, t(`ads-reports:kpis.${key}`), { weight: 400, size: 8, colour: MUTED }, x + 8, top + 7, cell - 16);
    put(doc, f.kpi(key, report.kpis[key].value), { weight: 700, size: 13, colour: INK }, x + 8, top + 20, cell - 16);
    const change = f.change(key, report.hasPrevious ? report.kpis[key].change : null);
    const colour = change.good === null ? MUTED : change.good ? GOOD : BAD;
    put(doc, change.text, { weight: 400, size: 7.5, colour }, x + 8, top + 37, cell - 16);
  });
  doc.y += Math.ceil(REPORT_KPI_KEYS.length / 3) * 58 + 14;

  // Charts.
  sectionTitle(doc, t("ads-reports:doc.charts"), brand.primaryColor, 150);
  if (report.days.length) {
    const half = (WIDTH - 16) / 2;
    const top = doc.y;
    const colours = { line: brand.primaryColor, fill: brand.accentColor };
    lineChart(
      doc,
      { x: LEFT, y: top, width: half, height: 140 },
      t("ads-reports:doc.spendPerDay"),
      report.days.map((d) => ({ day: d.day, value: d.spendCents })),
      (n) => f.money(n),
      locale,
      colours,
    );
    lineChart(
      doc,
      { x: LEFT + half + 16, y: top, width: half, height: 140 },
      t("ads-reports:doc.conversionsPerDay"),
      report.days.map((d) => ({ day: d.day, value: d.conversions })),
      (n) => f.decimal(n),
      locale,
      colours,
    );
    doc.y = top + 156;
  } else {
    put(doc, t("ads-reports:doc.noDays"), { weight: 400, size: 9.5, colour: MUTED }, LEFT, doc.y, WIDTH);
    doc.y += 22;
  }

  // Top campaigns.
  sectionTitle(doc, t("ads-reports:doc.campaigns"), brand.primaryColor, 40);
  if (report.campaigns.length) {
    const columns = [
      { key: "campaign", width: WIDTH * 0.34, numeric: false },
      { key: "platform", width: WIDTH * 0.16, numeric: false },
      { key: "spend", width: WIDTH * 0.14, numeric: true },
      { key: "clicks", width: WIDTH * 0.11, numeric: true },
      { key: "conversions", width: WIDTH * 0.11, numeric: true },
      { key: "cpa", width: WIDTH * 0.14, numeric: true },
    ];
    const row = (cells: string[], style: Style, fill?: string) => {
      ensure(doc, 20);
      if (fill)
        doc
          .save()
          .rect(LEFT, doc.y - 3, WIDTH, 18)
          .fill(fill)
          .restore();
      let x = LEFT;
      cells.forEach((text, i) => {
        const column = columns[i]!;
        if (column.numeric) putRight(doc, text, style, x + column.width - 4, doc.y + 1, column.width - 8);
        else put(doc, text, style, x + 4, doc.y + 1, column.width - 8);
        x += column.width;
      });
      doc.y += 18;
    };
    row(
      columns.map((column) => t(`ads-reports:doc.columns.${column.key}`)),
      { weight: 700, size: 8, colour: MUTED },
      PANEL,
    );
    for (const campaign of report.campaigns) {
      row(
        [
          campaign.campaign ?? t("ads-reports:doc.noCampaign"),
          t(`ads-reports:platforms.${campaign.platform}`),
          f.money(campaign.spendCents),
          f.integer(campaign.clicks),
          f.decimal(campaign.conversions),
          f.money(campaign.cpaCents),
        ],
        { weight: 400, size: 8.5, colour: INK },
      );
      rule(doc, doc.y - 3);
    }
    doc.y += 14;
  } else {
    put(doc, t("ads-reports:doc.noCampaigns"), { weight: 400, size: 9.5, colour: MUTED }, LEFT, doc.y, WIDTH);
    doc.y += 22;
  }

  // Audit grade and trend.
  sectionTitle(doc, t("ads-reports:doc.audit"), brand.primaryColor, 90);
  const latest = report.audits.at(-1);
  if (latest) {
    const top = doc.y;
    doc.save().roundedRect(LEFT, top, 54, 54, 8).fill(brand.primaryColor).restore();
    const grade: Style = {
      weight: 700,
      size: 26,
      colour: readableOn(brand.primaryColor),
    };
    put(doc, latest.grade, grade, LEFT + 27 - textWidth(doc, latest.grade, grade.weight, grade.size) / 2, top + 13);
    put(
      doc,
      t("ads-reports:doc.grade", { grade: latest.grade, score: latest.score }),
      { weight: 700, size: 10.5, colour: INK },
      LEFT + 66,
      top + 6,
      WIDTH - 66,
    );
    put(
      doc,
      t("ads-reports:doc.auditedOn", { date: f.date(latest.createdAt) }),
      { weight: 400, size: 8.5, colour: MUTED },
      LEFT + 66,
      top + 22,
      WIDTH - 66,
    );
    if (report.audits.length > 1) {
      const trend = report.audits.map((item) => `${f.date(item.createdAt)}: ${item.grade} (${item.score})`).join(" \u2192 ");
      const lines = wrap(doc, t("ads-reports:doc.trend", { trend }), { weight: 400, size: 8, colour: MUTED }, WIDTH - 66);
      lines.slice(0, 3).forEach((text, i) => put(doc, text, { weight: 400, size: 8, colour: MUTED }, LEFT + 66, top + 36 + i * 10));
    }
    doc.y = top + 70;
  } else {
    put(doc, t("ads-reports:doc.noAudit"), { weight: 400, size: 9.5, colour: MUTED }, LEFT, doc.y, WIDTH);
    doc.y += 22;
  }

  // Tips applied in the period.
  sectionTitle(doc, t("ads-reports:doc.tips"), brand.primaryColor, 20);
  if (report.tips.length) {
    for (const tip of report.tips) {
      ensure(doc, 16);
      const text = t("ads-reports:doc.tipLine", {
        tip: t(`ads-reports:tipKinds.${tip.kind}`),
        campaign: tip.campaign ?? t("ads-reports:doc.noCampaign"),
        date: f.date(tip.appliedAt),
      });
      doc
        .save()
        .circle(LEFT + 3, doc.y + 4.5, 1.8)
        .fill(brand.accentColor)
        .restore();
      put(doc, text, { weight: 400, size: 9, colour: INK }, LEFT + 12, doc.y, WIDTH - 12);
      doc.y += 15;
    }
  } else {
    put(doc, t("ads-reports:doc.noTips"), { weight: 400, size: 9.5, colour: MUTED }, LEFT, doc.y, WIDTH);
    doc.y += 22;
  }
}

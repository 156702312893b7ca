/** Receipts and statements print any name: Latin with accents, Chinese, Arabic, in embedded fonts. */
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18next.server";
import type { LedgerTransaction } from "~/wallet/ledger.server";
import { primaryFace, textRuns, visualOrder } from "~/wallet/pdf-fonts.server";
import { receiptPdf, statementPdf } from "~/wallet/pdf.server";

const NAME = "Zoë 中文 العربية";

function item(overrides: Partial<LedgerTransaction> = {}): LedgerTransaction {
  // Not an object literal returned as is: type-checks whether or not LedgerTransaction has `currency` yet.
  const fixture: Omit<LedgerTransaction, "currency"> & { currency: string } = {
    id: "0b0e5b1e-3c1f-4d6e-9a57-2f1f4c6b8a01",
    userId: "user-1",
    type: "cashback",
    status: "completed",
    direction: "debit",
    amountCents: 123_450,
    currency: "USD",
    description: "Cashback for order 中文订单 مرحبا بالعالم",
    merchant: "上海商店",
    orderId: "A-1",
    metadata: {},
    createdAt: "2024-05-01T10:00:00.000Z",
    updatedAt: "2024-05-01T10:00:00.000Z",
  };
  return { ...fixture, ...overrides };
}

/** The PDF's streams, inflated (pdfkit compresses content, fonts and ToUnicode maps). */
function inflatedStreams(pdf: Buffer): string[] {
  const text = pdf.toString("latin1");
  const streams: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf("endstream", start);
    try {
      streams.push(zlib.inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // not a deflated stream
    }
  }
  return streams;
}

/** The characters the PDF's ToUnicode maps give back for its glyphs: what copying and searching extract. */
function extractableCodePoints(pdf: Buffer): Set<number> {
  const codePoints = new Set<number>();
  for (const stream of inflatedStreams(pdf).filter((s) => s.includes("beginbfrange"))) {
    // `<first> <last> [<UTF-16 of glyph first> <UTF-16 of the next glyph> …]`
    for (const [, entries] of stream.matchAll(/\[([^\]]*)\]/g)) {
      for (const [, hex] of entries!.matchAll(/<([0-9a-fA-F ]+)>/g)) {
        const units = hex!.split(" ").map((unit) => parseInt(unit, 16));
        for (const char of String.fromCharCode(...units)) codePoints.add(char.codePointAt(0)!);
      }
    }
  }
  return codePoints;
}

const codePointsOf = (text: string) => [...text].map((char) => char.codePointAt(0)!);

describe("PDF fonts", () => {
  it("has a glyph for every character of a Latin, Chinese and Arabic name, in each weight", () => {
    for (const weight of [400, 700] as const) {
      const runs = textRuns(NAME, weight);
      expect(runs.map((run) => run.text).join("")).toBe(NAME);
      for (const run of runs) {
        for (const codePoint of codePointsOf(run.text)) expect(run.face.font.hasGlyphForCodePoint(codePoint), `U+${codePoint.toString(16)} in ${run.face.name}`).toBe(true);
      }
      expect(runs.map((run) => run.face.name)).toEqual([`sc-chinese-simplified-${weight}`, `arabic-arabic-${weight}`]);
    }
  });

  it("writes the minus sign and keeps spaces from breaking where the fonts have no narrow no-break space", () => {
    expect(primaryFace(400).font.hasGlyphForCodePoint(0x2212)).toBe(true);
    const runs = textRuns("\u22121\u202f234,56\u00a0$", 400);
    expect(runs.map((run) => run.text).join("")).toBe("\u22121\u00a0234,56\u00a0$");
    for (const run of runs) for (const codePoint of codePointsOf(run.text)) expect(run.face.font.hasGlyphForCodePoint(codePoint)).toBe(true);
  });

  it("finds rarer characters in further subsets", () => {
    for (const text of ["Łódź", "Nguyễn", "Жанна", "龘"]) {
      for (const run of textRuns(text, 400)) {
        for (const codePoint of codePointsOf(run.text)) expect(run.face.font.hasGlyphForCodePoint(codePoint), `${text}: U+${codePoint.toString(16)}`).toBe(true);
      }
    }
  });

  it("puts right-to-left stretches in visual order, leaving left-to-right text alone", () => {
    expect(visualOrder(NAME)).toBe(NAME);
    expect(visualOrder("Zoë 中文 Smith")).toBe("Zoë 中文 Smith");
    expect(visualOrder("مرحبا بالعالم")).toBe("بالعالم مرحبا");
    expect(visualOrder("شارع 12 الملك")).toBe("الملك 12 شارع");
    expect(visualOrder("Shop (متجر الرياض) 5")).toBe("Shop (الرياض متجر) 5");
  });
});

describe("PDF documents", () => {
  const t = fixedT("en", "wallet");

  it("a receipt embeds its fonts and keeps the owner's name extractable", async () => {
    const pdf = await receiptPdf(item(), { name: NAME, email: "zoe@example.com" }, t, "en");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdf.toString("latin1");
    expect(text).toContain("/FontFile2");
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic/);
    expect(text).not.toContain("/Helvetica");
    const extractable = extractableCodePoints(pdf);
    for (const codePoint of codePointsOf(`${NAME}上海商店`).filter((cp) => cp !== 0x20)) {
      expect(extractable.has(codePoint), `U+${codePoint.toString(16)}`).toBe(true);
    }
    // Subsets only: a receipt stays small although the Chinese font file is megabytes.
    expect(pdf.length).toBeLessThan(200_000);
  });

  it("a statement in French writes its amounts and a Chinese merchant", async () => {
    const pdf = await statementPdf(
      {
        owner: { name: NAME, email: "zoe@example.com" },
        month: "2024-05",
        statement: {
          openingCents: 123_456_78,
          closingCents: 123_456_78,
          lines: [
            { entryId: "e1", transaction: item(), effectiveAt: "2024-05-01T10:00:00.000Z", memo: "x", amountCents: -123_450, balanceCents: 123_456_78 - 123_450 },
            { entryId: "e2", transaction: item({ merchant: "Café Zoë", direction: "credit" }), effectiveAt: "2024-05-02T10:00:00.000Z", memo: "x", amountCents: 123_450, balanceCents: 123_456_78 },
          ],
        },
      },
      fixedT("fr", "wallet"),
      "fr",
    );
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const extractable = extractableCodePoints(pdf);
    for (const codePoint of codePointsOf("上海商店Café1234,56$")) expect(extractable.has(codePoint), `U+${codePoint.toString(16)}`).toBe(true);
    expect(extractable.has(0x202f)).toBe(false);
  });
});

/**
 * Receipts and statements print any name: Latin with accents, Chinese, Arabic, in embedded fonts;
 * every page has its header and its footer ("Page i of n", the legal line); a statement adds up and
 * runs over as many pages as it needs without splitting a row.
 */
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/translator.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import type { Statement } from "~/wallet/balances.server";
import type { LedgerTransaction } from "~/wallet/ledger.server";
import { primaryFace, textRuns, visualOrder } from "~/utils/pdf-fonts.server";
import { pdfLegalLine, receiptPdf, statementPdf, statementTotals } from "~/wallet/pdf.server";
import { counterparty, description as describeLine, labelText } from "~/wallet/display";
import { pdfPageTexts, squeeze } from "../support/pdf-text";

const NAME = "Zoë 中文 العربية";
const LEGAL = "Cashwise B.V. · Herengracht 182, 1016 BR Amsterdam · KvK 12345678";

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

const pageObjects = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;

describe("PDF fonts", () => {
  it("has a glyph for every character of a Latin, Chinese and Arabic name, in each weight", () => {
    for (const weight of [400, 700] as const) {
      const runs = textRuns(NAME, weight);
      expect(runs.map((run) => run.text).join("")).toBe(NAME);
      for (const run of runs) {
        for (const codePoint of codePointsOf(run.text))
          expect(run.face.font.hasGlyphForCodePoint(codePoint), `U+${codePoint.toString(16)} in ${run.face.name}`).toBe(true);
      }
      expect(runs.map((run) => run.face.name)).toEqual([`sc-chinese-simplified-${weight}`, `arabic-arabic-${weight}`]);
    }
  });

  it("writes the minus sign and keeps spaces from breaking where the fonts have no narrow no-break space", () => {
    expect(primaryFace(400).font.hasGlyphForCodePoint(0x2212)).toBe(true);
    const runs = textRuns("\u22121\u202f234,56\u00a0$", 400);
    expect(runs.map((run) => run.text).join("")).toBe("\u22121\u00a0234,56\u00a0$");
    for (const run of runs)
      for (const codePoint of codePointsOf(run.text)) expect(run.face.font.hasGlyphForCodePoint(codePoint)).toBe(true);
  });

  it("finds rarer characters in further subsets", () => {
    for (const text of ["Łódź", "Nguyễn", "Жанна", "龘"]) {
      for (const run of textRuns(text, 400)) {
        for (const codePoint of codePointsOf(run.text))
          expect(run.face.font.hasGlyphForCodePoint(codePoint), `${text}: U+${codePoint.toString(16)}`).toBe(true);
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
    const pdf = await receiptPdf(item(), { name: NAME, email: "zoe@example.com" }, t, "en", LEGAL);
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
            {
              entryId: "e1",
              transaction: item(),
              effectiveAt: "2024-05-01T10:00:00.000Z",
              memo: "x",
              amountCents: -123_450,
              balanceCents: 123_456_78 - 123_450,
            },
            {
              entryId: "e2",
              transaction: item({ merchant: "Café Zoë", direction: "credit" }),
              effectiveAt: "2024-05-02T10:00:00.000Z",
              memo: "x",
              amountCents: 123_450,
              balanceCents: 123_456_78,
            },
          ],
        },
      },
      fixedT("fr", "wallet"),
      "fr",
      LEGAL,
    );
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const extractable = extractableCodePoints(pdf);
    for (const codePoint of codePointsOf("上海商店Café1234,56$"))
      expect(extractable.has(codePoint), `U+${codePoint.toString(16)}`).toBe(true);
    expect(extractable.has(0x202f)).toBe(false);
  });
});

describe("PDF layout", () => {
  const t = fixedT("en", "wallet");
  const owner = { name: NAME, email: "zoe@example.com" };
  const money = (cents: number) => formatMoney(cents, "en");

  /** A month of `count` movements, every third one out, each with its own description. */
  function statement(count: number, openingCents = 50_000): Statement {
    let balance = openingCents;
    const lines = Array.from({ length: count }, (_, i) => {
      const amountCents = i % 3 === 0 ? -(1_000 + i * 37) : 500 + i * 113;
      balance += amountCents;
      const transaction = item({
        id: `tx-${i}`,
        type: i % 3 === 0 ? "withdrawal" : "cashback",
        merchant: i % 2 ? "上海商店" : null,
        description: `Order #${1000 + i}`,
      });
      return {
        entryId: `e${i}`,
        transaction,
        effectiveAt: `2024-05-${String(1 + (i % 28)).padStart(2, "0")}T10:00:00.000Z`,
        memo: "",
        amountCents,
        balanceCents: balance,
      };
    });
    return { openingCents, lines, closingCents: balance };
  }

  it("builds the legal line from the configuration, the demonstration notice when no company is registered", () => {
    const company = { name: "Cashwise", registration: null, safeguarding: null, isDemo: true };
    expect(pdfLegalLine({ company, companyAddress: "Herengracht 182" }, "Demo only.")).toBe("Cashwise · Herengracht 182 · Demo only.");
    expect(
      pdfLegalLine(
        {
          company: { name: "Cashwise B.V.", registration: "KvK 12345678", safeguarding: "Funds safeguarded at Bank X", isDemo: false },
          companyAddress: "Herengracht 182",
        },
        "Demo only.",
      ),
    ).toBe("Cashwise B.V. · Herengracht 182 · KvK 12345678 · Funds safeguarded at Bank X");
  });

  it("a receipt is one page with its header, translated type and status, ids in full, the amount, and its footer", async () => {
    // An identifier with no place to break a line is cut between characters, not lost off the page.
    const orderId = `ORD-${"7F3A9C".repeat(30)}`;
    const pdf = await receiptPdf(item({ direction: "credit", status: "pending", orderId }), owner, t, "en", LEGAL);
    expect(pageObjects(pdf)).toBe(1);
    const [page, ...more] = pdfPageTexts(pdf);
    expect(more).toEqual([]);
    const text = squeeze(page!);
    for (const expected of [
      "Cashwise",
      "Transaction receipt",
      "zoe@example.com",
      "Cashback",
      "Pending",
      "0b0e5b1e-3c1f-4d6e-9a57-2f1f4c6b8a01",
      orderId,
      "上海商店",
      `+${money(123_450)}`,
      "Page 1 of 1",
      LEGAL,
    ]) {
      expect(text).toContain(squeeze(expected));
    }
    expect(text).not.toContain("pdf.");
  });

  it("a long statement runs over several pages, each with header, table header, 'Page i of n' and the legal line, no row split", async () => {
    const input = statement(90);
    const pdf = await statementPdf({ owner, month: "2024-05", statement: input }, t, "en", LEGAL);
    const pages = pdfPageTexts(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pageObjects(pdf)).toBe(pages.length);
    pages.forEach((page, i) => {
      const text = squeeze(page);
      for (const expected of [
        "Statement for May 2024",
        "zoe@example.com",
        "Period: May 1, 2024 – May 31, 2024",
        "Money in",
        "Money out",
        "Balance",
        `Page ${i + 1} of ${pages.length}`,
        LEGAL,
      ]) {
        expect(text, `page ${i + 1}: ${expected}`).toContain(squeeze(expected));
      }
    });
    // Each row whole on one page: date, type · merchant, description, amount and balance in a row.
    const all = pages.map(squeeze);
    for (const line of input.lines) {
      // Top-ups and payouts name their method in the reader's language, never a provider's code.
      const party = counterparty(line.transaction);
      const description = labelText(describeLine(line.transaction), t);
      const amount = line.amountCents > 0 ? `+${money(line.amountCents)}` : `\u2212${money(-line.amountCents)}`;
      const row = squeeze(
        [
          formatDate(line.effectiveAt, "en"),
          [t(`types.${line.transaction.type}`), party ? labelText(party, t) : null].filter(Boolean).join(" · "),
          description,
          amount,
          money(line.balanceCents),
        ].join(""),
      );
      expect(
        all.filter((page) => page.includes(row)),
        description,
      ).toHaveLength(1);
    }
  });

  it("a statement's totals add up: opening + money in − money out = closing, in the summary and the closing row", async () => {
    const input = statement(12);
    const totals = statementTotals(input);
    expect(totals.creditsCents).toBe(input.lines.filter((l) => l.amountCents > 0).reduce((sum, l) => sum + l.amountCents, 0));
    expect(totals.debitsCents).toBe(-input.lines.filter((l) => l.amountCents < 0).reduce((sum, l) => sum + l.amountCents, 0));
    expect(totals.openingCents + totals.creditsCents - totals.debitsCents).toBe(totals.closingCents);
    expect(totals.closingCents).toBe(input.lines.at(-1)!.balanceCents);

    const pdf = await statementPdf({ owner, month: "2024-05", statement: input }, t, "en", LEGAL);
    const [page, ...more] = pdfPageTexts(pdf).map(squeeze);
    expect(more).toEqual([]);
    const summary = [
      "Opening available balance",
      money(totals.openingCents),
      "Total money in",
      `+${money(totals.creditsCents)}`,
      "Total money out",
      `\u2212${money(totals.debitsCents)}`,
      "Closing available balance",
      money(totals.closingCents),
    ];
    expect(page).toContain(squeeze(summary.join("")));
    expect(page).toContain(
      squeeze(
        [
          "Closing available balance",
          `+${money(totals.creditsCents)}`,
          `\u2212${money(totals.debitsCents)}`,
          money(totals.closingCents),
        ].join(""),
      ),
    );

    expect(() => statementTotals({ ...input, closingCents: input.closingCents + 1 })).toThrow(/does not add up/);
  });

  it("an empty month is one page that says so", async () => {
    const pdf = await statementPdf(
      { owner, month: "2024-05", statement: { openingCents: 1_000, lines: [], closingCents: 1_000 } },
      t,
      "en",
      LEGAL,
    );
    const pages = pdfPageTexts(pdf).map(squeeze);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(squeeze("No transactions this month."));
    expect(pages[0]).toContain(squeeze("Page 1 of 1"));
  });
});

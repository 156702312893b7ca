import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDateRange } from "~/ads/import/dates";
import { decideSeparator, parseBoundedPercent, parseCents, parseNumber, type DecimalSeparator } from "~/ads/import/numbers";

const LOCALES = ["en-US", "nl-NL", "de-DE", "fr-FR", "es-ES"] as const;
const hintOf = (locale: string): DecimalSeparator => (locale.startsWith("en") ? "." : ",");
const cents = fc.integer({ min: -99_999_999_999, max: 99_999_999_999 });

/** How each locale writes an amount (fr with a narrow NBSP, es without grouping under 10,000). */
const money = (locale: string, c: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(c / 100);
const count = (locale: string, n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);

describe("ad-export numbers", () => {
  it("an amount written the way each locale writes it parses back to the same cents, with the column's decision", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), fc.array(cents, { minLength: 1, maxLength: 20 }), (locale, values) => {
        const cells = values.map((c) => money(locale, c));
        // Amounts with two decimals are unambiguous: the decision needs no hint (a wrong one is ignored).
        const wrongHint: DecimalSeparator = hintOf(locale) === "." ? "," : ".";
        const { separator, conflictAt } = decideSeparator(cells, wrongHint);
        expect(conflictAt).toBeNull();
        expect(cells.map((cell) => parseCents(cell, separator))).toEqual(values);
      }),
    );
  });

  it("counts with thousands separators parse back with the file's locale deciding ambiguous columns", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.array(fc.nat({ max: 2_000_000_000 }), { minLength: 1, maxLength: 20 }),
        (locale, values) => {
          const cells = values.map((n) => count(locale, n));
          const { separator } = decideSeparator(cells, hintOf(locale));
          expect(cells.map((cell) => parseNumber(cell, separator))).toEqual(values);
        },
      ),
    );
  });

  it("fractional numbers (conversions) parse back in every locale", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }),
        (locale, hundredths) => {
          const cells = hundredths.map((h) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(h / 100));
          const { separator } = decideSeparator(cells, hintOf(locale));
          cells.forEach((cell, i) => expect(parseNumber(cell, separator)).toBeCloseTo(hundredths[i]! / 100, 9));
        },
      ),
    );
  });

  it("decides per column: `1,234` is 1234 in an en column and 1.234 in a column that also has `0,5`", () => {
    expect(decideSeparator(["1,234", "12,345"], ".").separator).toBe(".");
    expect(decideSeparator(["1,234", "0,5"], ".").separator).toBe(",");
    expect(parseNumber("1,234", ",")).toBe(1.234);
    expect(parseNumber("1,234", ".")).toBe(1234);
    expect(decideSeparator(["1.234", "5"], ",").separator).toBe(",");
    expect(decideSeparator(["199421.15", "12"], ",").separator).toBe(".");
    expect(decideSeparator(["1.5", "2,5", "3.5"], ",")).toEqual({ separator: ".", conflictAt: 1 });
    expect(parseNumber("12,3,4", ".")).toBeUndefined();
    expect(parseNumber("1 234,56", ",")).toBe(1234.56);
    expect(parseNumber("1\u202F234,56", ",")).toBe(1234.56);
    expect(parseNumber("1\u00A0234,56", ",")).toBe(1234.56);
    for (const missing of ["--", " --", "", "-"]) expect(parseNumber(missing, ".")).toBeNull();
  });

  it("keeps bounds on bounded percentages and reads any percentage back", () => {
    expect(parseBoundedPercent("< 10%", ".")).toEqual({ value: 0.1, bound: "below" });
    expect(parseBoundedPercent("> 90%", ".")).toEqual({ value: 0.9, bound: "above" });
    expect(parseBoundedPercent("< 10 %", ",")).toEqual({ value: 0.1, bound: "below" });
    expect(parseBoundedPercent(" --", ".")).toBeNull();
    expect(parseBoundedPercent("abc%", ".")).toBeUndefined();
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom("", "< ", "> "),
        (locale, basisPoints, prefix) => {
          const written =
            prefix + new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 2 }).format(basisPoints / 10_000);
          const value = parseBoundedPercent(written, hintOf(locale));
          expect(value?.bound).toBe(prefix === "" ? "exact" : prefix === "< " ? "below" : "above");
          expect(value?.value).toBeCloseTo(basisPoints / 10_000, 10);
        },
      ),
    );
  });

  it("rounds money to cents half away from zero", () => {
    expect(parseCents("4.19763158", ".")).toBe(420);
    expect(parseCents("0.005", ".")).toBe(1);
    expect(parseCents("-0.005", ".")).toBe(-1);
    expect(parseCents("12,345", ",")).toBe(1235);
  });

  it("reads date lines in the five languages and All time", () => {
    const may = { start: "2026-05-01", end: "2026-05-31" };
    for (const line of [
      "May 1, 2026 - May 31, 2026",
      "1 May 2026 - 31 May 2026",
      "1 mei 2026 - 31 mei 2026",
      "1. Mai 2026 - 31. Mai 2026",
      "1er mai 2026 - 31 mai 2026",
      "1 de mayo de 2026 - 31 de mayo de 2026",
      "2026-05-01 - 2026-05-31",
      "5/1/2026,5/31/2026",
      "01.05.2026 – 31.05.2026",
    ]) {
      expect(parseDateRange(line), line).toEqual(may);
    }
    for (const line of ["All time", "Gesamter Zeitraum", "Toute la période", "Todo el período", "Volledige periode"])
      expect(parseDateRange(line), line).toBe("all-time");
    expect(parseDateRange("Campaign report")).toBeNull();
    expect(parseDateRange("May 31, 2026 - May 1, 2026")).toBeNull();
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOCALES } from "~/i18n/config";
import { filterAmountInput, formatAmountInput, formatMoney, parseAmount } from "~/utils/money";
import { isValidIban } from "~/config/iban";
import { depositSchema, expectedPayoutDate, parseAmountToCents, withdrawalSchema } from "~/wallet/amounts";

const key = "6f1c7c1e-7f51-4b0e-9d3a-4f3c1c9f2a10";
const depositErrors = (amount: string, locale = "en") => {
  const result = depositSchema(locale).safeParse({ amount, idempotencyKey: key });
  return result.success ? result.data.amount : result.error.issues.map((issue) => issue.message);
};
/** Amounts in cents up to the parser's nine whole digits. */
const cents = fc.integer({ min: 0, max: 99_999_999_999 });
const NNBSP = "\u202f";
const NBSP = "\u00a0";

describe("the one amount parser, in the page's locale", () => {
  it("reads each locale's own writing", () => {
    const read = (text: string, locale: string) => {
      const parsed = parseAmount(text, locale);
      return parsed.ok ? parsed.cents : parsed.problem;
    };
    expect(read("12.50", "en")).toBe(1250);
    expect(read("12,50", "de")).toBe(1250);
    expect(read("12,5", "nl")).toBe(1250);
    expect(read("1,250.00", "en")).toBe(125_000);
    expect(read("1.250,00", "de")).toBe(125_000);
    expect(read("1.250.000", "es")).toBe(125_000_000);
    for (const space of [" ", NBSP, NNBSP]) expect(read(`1${space}250,00`, "fr")).toBe(125_000);
    expect(read("$12.50", "en")).toBe(1250);
    expect(read("US$ 12.50", "en")).toBe(1250);
    expect(read("12,50 $", "de")).toBe(1250);
    expect(read(`$${NBSP}1.606,78`, "nl")).toBe(160_678);
    expect(read(" 25 ", "fr")).toBe(2500);
    expect(read("0,99", "es")).toBe(99);
  });

  it("refuses what another convention would read with another magnitude, instead of guessing", () => {
    const problem = (text: string, locale: string) => {
      const parsed = parseAmount(text, locale);
      return parsed.ok ? parsed.cents : parsed.problem;
    };
    // The defect this replaces: "42,50" became 4250 dollars once the comma was dropped.
    expect(problem("42,50", "en")).toBe("format");
    expect(problem("12.50", "de")).toBe("format");
    expect(problem("12.50", "fr")).toBe("format");
    // A lone group of three without cents: 1250 to one reader, 1.25 to the other.
    expect(problem("1,250", "en")).toBe("ambiguous");
    expect(problem("1.250", "de")).toBe("ambiguous");
    expect(problem("1.250", "en")).toBe("ambiguous");
    for (const bad of ["", "abc", "1e3", "-5", "5.", "12..5", "1,25,0.00", "€12", "12 50", "1.2.3", "$"]) {
      expect(problem(bad, "en"), bad).toBe("format");
    }
    expect(problem("1234567890", "en")).toBe("tooLarge");
  });

  it("property: formatting any amount in any locale and reading it back gives the amount", () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(...LOCALES), (amount, locale) => {
        expect(parseAmount(formatMoney(amount, locale), locale)).toEqual({ ok: true, cents: amount });
        expect(parseAmount(formatAmountInput(amount, locale), locale)).toEqual({ ok: true, cents: amount });
      }),
    );
  });

  it("property: no text is read as two different amounts by two locales, so a misread locale cannot change a magnitude", () => {
    const typed = fc.string({ unit: fc.constantFrom("0", "1", "2", "5", "9", ".", ",", " ", NNBSP), maxLength: 12 });
    const written = fc.tuple(cents, fc.constantFrom(...LOCALES)).map(([amount, locale]) => formatMoney(amount, locale));
    fc.assert(
      fc.property(fc.oneof(typed, written), (text) => {
        const readings = new Set(
          LOCALES.map((locale) => parseAmount(text, locale))
            .filter((parsed) => parsed.ok)
            .map((parsed) => (parsed.ok ? parsed.cents : -1)),
        );
        expect(readings.size, text).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("property: the typing filter keeps every digit and separator in order, so it cannot change what was typed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const kept = (value: string) => value.replace(/[^\d.,]/g, "");
        expect(kept(filterAmountInput(text))).toBe(kept(text));
      }),
    );
    expect(filterAmountInput("42,50")).toBe("42,50");
    expect(filterAmountInput("1.250,00 €")).toBe("1.250,00 ");
  });

  it("positive cents or null for callers that only need a yes or no", () => {
    expect(parseAmountToCents("4,99", "de")).toBe(499);
    expect(parseAmountToCents("0", "en")).toBeNull();
    expect(parseAmountToCents(42, "en")).toBeNull();
  });
});

describe("amount forms", () => {
  it("deposit: the spec's messages for the spec's edge amounts, with the locale's example", () => {
    expect(depositErrors("4.99")).toEqual(["validation.depositMin"]);
    expect(depositErrors("5")).toBe(500);
    expect(depositErrors("10000")).toBe(1_000_000);
    expect(depositErrors("10.000,00", "de")).toBe(1_000_000);
    expect(depositErrors("10000.01")).toEqual(["validation.depositMax"]);
    expect(depositErrors("99999999999")).toEqual(["validation.depositMax"]);
    for (const bad of ["1e3", "-5", "5.001", "0"]) expect(depositErrors(bad), bad).toContain("validation.amountInvalid");
    expect(depositErrors("42.50", "de")).toEqual(["validation.amountInvalid", "validation.amountExample"]);
    expect(depositErrors("1.250", "de")).toEqual(["validation.amountInvalid", "validation.amountAmbiguous"]);
    expect(depositErrors("5.001")).toEqual(["validation.amountInvalid", "validation.amountAmbiguous"]);
    expect(depositErrors("")).toEqual(["validation.amountInvalid"]);
  });

  it("withdrawal: minimum $10, not above the balance, a valid PayPal address or IBAN", () => {
    const issues = (input: Record<string, string>, locale = "en") => {
      const result = withdrawalSchema(locale, 5_000).safeParse({
        idempotencyKey: key,
        method: "paypal",
        destination: "me@example.com",
        ...input,
      });
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    };
    expect(issues({ amount: "9.99" })).toEqual(["amount:validation.withdrawalMin"]);
    expect(issues({ amount: "50.01" })).toEqual(["amount:validation.insufficientBalance"]);
    expect(issues({ amount: "x" })).toEqual(["amount:validation.amountInvalid", "amount:validation.amountExample"]);
    expect(issues({ amount: "50" })).toEqual([]);
    expect(issues({ amount: "12,50" }, "de")).toEqual([]);
    expect(
      withdrawalSchema("de", 5_000).parse({ idempotencyKey: key, method: "paypal", destination: "a@b.co", amount: "12,50" }).amountCents,
    ).toBe(1250);
    expect(issues({ amount: "10", destination: "not-mail" })).toEqual(["destination:validation.invalidPaypal"]);
    expect(issues({ amount: "10", method: "bank", destination: "NL91 ABNA 0417 1643 01" })).toEqual(["destination:validation.invalidIban"]);
    expect(issues({ amount: "10", method: "bank", destination: "NL91 ABNA 0417 1643 00" })).toEqual([]);
  });

  it("checks IBANs by their checksum", () => {
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("GB82WEST12345698765432")).toBe(true);
    expect(isValidIban("GB82WEST12345698765433")).toBe(false);
  });
});

describe("the withdrawal review", () => {
  it("expects the payout three business days later, skipping weekends", () => {
    // Thursday 2026-11-19 → Fri, Mon, Tue.
    expect(expectedPayoutDate(Date.UTC(2026, 10, 19, 15))).toBe("2026-11-24");
    // Saturday → Mon, Tue, Wed.
    expect(expectedPayoutDate(Date.UTC(2026, 10, 21, 9))).toBe("2026-11-25");
    // Monday → Tue, Wed, Thu.
    expect(expectedPayoutDate(Date.UTC(2026, 10, 23, 9))).toBe("2026-11-26");
  });
});

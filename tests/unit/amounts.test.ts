import { describe, expect, it } from "vitest";
import {
  DepositSchema,
  expectedPayoutDate,
  filterAmountInput,
  isValidIban,
  maskDestination,
  parseAmountToCents,
  withdrawalSchema,
} from "~/wallet/amounts";

const key = "6f1c7c1e-7f51-4b0e-9d3a-4f3c1c9f2a10";
const depositError = (amount: string) => {
  const result = DepositSchema.safeParse({ amount, idempotencyKey: key });
  return result.success ? result.data.amount : result.error.issues[0]!.message;
};

describe("amounts", () => {
  it("turns dollars into exact cents", () => {
    expect(parseAmountToCents("25")).toBe(2500);
    expect(parseAmountToCents("4.99")).toBe(499);
    expect(parseAmountToCents("10000.01")).toBe(1_000_001);
    expect(parseAmountToCents(" 0.1 ")).toBe(10);
    for (const bad of ["1e3", "-5", "5.001", "", "abc", "5.", ".5", "0", "1,000"]) expect(parseAmountToCents(bad), bad).toBeNull();
  });

  it("deposit: the spec's messages for the spec's edge amounts", () => {
    expect(depositError("4.99")).toBe("validation.depositMin");
    expect(depositError("5")).toBe(500);
    expect(depositError("10000")).toBe(1_000_000);
    expect(depositError("10000.01")).toBe("validation.depositMax");
    for (const bad of ["1e3", "-5", "5.001", ""]) expect(depositError(bad), bad).toBe("validation.amountInvalid");
  });

  it("withdrawal: minimum $10, not above the balance, a valid PayPal address or IBAN", () => {
    const schema = withdrawalSchema(5_000);
    const issues = (input: Record<string, string>) => {
      const result = schema.safeParse({ idempotencyKey: key, method: "paypal", destination: "me@example.com", ...input });
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    };
    expect(issues({ amount: "9.99" })).toEqual(["amount:validation.withdrawalMin"]);
    expect(issues({ amount: "50.01" })).toEqual(["amount:validation.insufficientBalance"]);
    expect(issues({ amount: "x" })).toEqual(["amount:validation.amountInvalid"]);
    expect(issues({ amount: "50" })).toEqual([]);
    expect(issues({ amount: "10", destination: "not-mail" })).toEqual(["destination:validation.invalidPaypal"]);
    expect(issues({ amount: "10", method: "bank", destination: "NL91 ABNA 0417 1643 01" })).toEqual(["destination:validation.invalidIban"]);
    expect(issues({ amount: "10", method: "bank", destination: "NL91 ABNA 0417 1643 00" })).toEqual([]);
  });

  it("checks IBANs by their checksum", () => {
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("GB82WEST12345698765432")).toBe(true);
    expect(isValidIban("GB82WEST12345698765433")).toBe(false);
  });

  it("filters what is typed into the amount field", () => {
    expect(filterAmountInput("$1,2a3.456.7")).toBe("123.45");
    expect(filterAmountInput("10")).toBe("10");
  });
});

describe("the withdrawal review", () => {
  it("masks the destination: the start and end of an IBAN, the first letters of a PayPal address", () => {
    expect(maskDestination("bank", "nl91 abna 0417 1643 00")).toBe("NL91 •••• 4300");
    expect(maskDestination("paypal", "alexandra@example.com")).toBe("al••••••@example.com");
    expect(maskDestination("paypal", "ab@example.com")).toBe("ab•@example.com");
  });

  it("expects the payout three business days later, skipping weekends", () => {
    // Thursday 2026-11-19 → Fri, Mon, Tue.
    expect(expectedPayoutDate(Date.UTC(2026, 10, 19, 15))).toBe("2026-11-24");
    // Saturday → Mon, Tue, Wed.
    expect(expectedPayoutDate(Date.UTC(2026, 10, 21, 9))).toBe("2026-11-25");
    // Monday → Tue, Wed, Thu.
    expect(expectedPayoutDate(Date.UTC(2026, 10, 23, 9))).toBe("2026-11-26");
  });
});

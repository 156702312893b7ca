/** The Intl formatter cache (app/utils/intl.ts): one formatter per locale and options, never a wrong one. */
import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat, relativeTimeFormat } from "~/utils/intl";

describe("Intl formatters", () => {
  it("are made once per locale and options, whatever object carries the options", () => {
    const money = () => numberFormat("nl", { style: "currency", currency: "EUR", minimumFractionDigits: 2 });
    expect(money()).toBe(money());
    expect(money().format(1234.5)).toBe(
      new Intl.NumberFormat("nl", { style: "currency", currency: "EUR", minimumFractionDigits: 2 }).format(1234.5),
    );
    expect(dateTimeFormat("de", { month: "long", timeZone: "UTC" })).toBe(dateTimeFormat("de", { month: "long", timeZone: "UTC" }));
    expect(relativeTimeFormat("fr", { numeric: "auto" })).toBe(relativeTimeFormat("fr", { numeric: "auto" }));
    expect(numberFormat()).toBe(numberFormat());
  });

  it("tell apart every difference in locale or options", () => {
    const base = numberFormat("en", { style: "currency", currency: "USD" });
    expect(numberFormat("en", { style: "currency", currency: "EUR" })).not.toBe(base);
    expect(numberFormat("de", { style: "currency", currency: "USD" })).not.toBe(base);
    expect(numberFormat(["en", "de"], { style: "currency", currency: "USD" })).not.toBe(base);
    expect(numberFormat("en", { style: "currency", currency: "USD", maximumFractionDigits: 0 })).not.toBe(base);
    expect(numberFormat("en", { style: "currency", currency: "EUR" }).format(5)).toBe("€5.00");
    expect(numberFormat("en", { style: "percent" })).not.toBe(numberFormat("en", { style: "decimal" }));
  });
});

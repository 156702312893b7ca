/**
 * The date module's date-times and month names, and money's machine decimals, write exactly what
 * the helpers they replaced wrote (pages hydrate against the server's text; CSV files are compared).
 */
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatZonedDateTime, monthName } from "~/utils/dates";
import { centsToDecimalString } from "~/utils/money";

const LOCALES = ["en", "nl", "fr", "es", "de"];
const ISO = "2026-11-07T14:05:09.000Z";

describe("the date module", () => {
  it("writes date-times as the account page and the message desk did", () => {
    for (const locale of LOCALES) {
      const medium = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
      expect(formatDateTime(ISO, locale)).toBe(`${medium.format(new Date(ISO))} UTC`);
      const long = new Intl.DateTimeFormat(locale, {
        year: "numeric",
        month: "long",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZone: "UTC",
        timeZoneName: "short",
      });
      expect(formatDateTime(ISO, locale, "long")).toBe(long.format(new Date(ISO)));
      // The plans page's long date (dateStyle "long") is the one date formatter's.
      expect(formatDate(ISO, locale)).toBe(new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(ISO)));
    }
    // The space before "PM" is ICU's (plain, or narrow no-break in newer ICU).
    expect(formatDateTime(ISO, "en")).toMatch(/^Nov 7, 2026, 2:05\sPM UTC$/);
  });

  it("writes a date-time in a time zone, in UTC when the zone is unknown", () => {
    expect(formatZonedDateTime(ISO, "en", "Europe/Amsterdam")).toMatch(/^Nov 7, 2026, 3:05\sPM$/);
    expect(formatZonedDateTime(ISO, "en", "Not/AZone")).toMatch(/^Nov 7, 2026, 2:05\sPM$/);
  });

  it("names months as the wallet, the partner page, the statements and the reports did", () => {
    for (const locale of LOCALES) {
      const first = new Date(Date.UTC(2026, 9, 1));
      expect(monthName("2026-10", locale)).toBe(
        new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(first),
      );
      expect(monthName("2026-10", locale, "short")).toBe(
        new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" }).format(first),
      );
    }
    expect([monthName("2026-10", "en"), monthName("2026-10", "de"), monthName("2026-01", "en", "short")]).toEqual([
      "October 2026",
      "Oktober 2026",
      "Jan",
    ]);
  });
});

describe("centsToDecimalString", () => {
  it("writes cents as (cents / 100).toFixed(2) did, without floating point for whole cents", () => {
    for (const cents of [0, 5, 99, 100, 1234, -1250, -5, 19_942_115, 100_000_00, 12.5, 1.005]) {
      expect(centsToDecimalString(cents)).toBe((cents / 100).toFixed(2));
    }
    expect([0, 5, 1234, -1250].map(centsToDecimalString)).toEqual(["0.00", "0.05", "12.34", "-12.50"]);
  });
});

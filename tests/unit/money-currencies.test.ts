/**
 * The one money formatter (~/utils/money) with ad exports' currencies: each currency's own symbol
 * as Intl writes it in the page's locale (CAD is `CA$` in en and de, `$CA` in fr: never a bare `$`
 * that reads as US dollars), its own minor units (IDR and JPY none, KWD three; amounts are stored
 * as hundredths of the unit, whatever the currency), dollars unchanged, and no symbol at all for a
 * file that states no currency. Also the ad suite's KPI formatters and the import messages, which
 * write money through it.
 */
import { describe, expect, it } from "vitest";
import { kpiFormatters } from "~/ads/kpi-format";
import { importMessage } from "~/components/ads/import-messages";
import { fixedT } from "~/i18n/translator.server";
import { currencyDigits, formatMoney, formatMoneyWhole } from "~/utils/money";

// Intl separates symbol and number with a no-break space in some locales; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("money in an ad export's currency", () => {
  it("writes Canadian dollars as CA$ (en, de) and $CA (fr), never as a bare $", () => {
    expect(formatMoney(123_456, "en", "CAD")).toBe("CA$1,234.56");
    expect(plain(formatMoney(123_456, "de", "CAD"))).toBe("1.234,56 CA$");
    expect(plain(formatMoney(123_456, "fr", "CAD"))).toBe("1 234,56 $CA");
    expect(formatMoneyWhole(200_000, "en", "CAD")).toBe("CA$2,000");
  });

  it("writes each currency with its own minor units, from Intl", () => {
    expect([currencyDigits("USD"), currencyDigits("IDR"), currencyDigits("JPY"), currencyDigits("KWD"), currencyDigits(null)]).toEqual([
      2, 0, 0, 3, 2,
    ]);
    // Rp 1.234.567 is stored as 123,456,700 hundredths.
    expect(plain(formatMoney(123_456_700, "en", "IDR"))).toBe("IDR 1,234,567");
    expect(plain(formatMoney(123_456_700, "de", "IDR"))).toBe("1.234.567 IDR");
    expect(formatMoney(1_234_500, "en", "JPY")).toBe("¥12,345");
    expect(plain(formatMoney(123_456, "en", "KWD"))).toBe("KWD 1,234.560");
  });

  it("keeps dollars as every page has shown them", () => {
    expect(formatMoney(245_678, "en")).toBe("$2,456.78");
    expect(formatMoney(245_678, "en", "USD")).toBe("$2,456.78");
    expect(plain(formatMoney(2_900, "fr", "USD"))).toBe("29,00 $");
  });

  it("writes an amount without a currency with no symbol, never as dollars", () => {
    expect(formatMoney(123_456, "en", null)).toBe("1,234.56");
    expect(formatMoney(123_456, "de", null)).toBe("1.234,56");
    expect(formatMoneyWhole(200_000, "en", null)).toBe("2,000");
    const f = kpiFormatters("en", null, {
      missing: "–",
      roas: (value) => `${value}×`,
      change: { none: "", flat: "", up: (v) => v, down: (v) => v },
    });
    expect(f.kpi("spendCents", 1_250)).toBe("12.50");
    expect(kpiFormatters("en", "CAD", { missing: "–", roas: (v) => v, change: f.change as never }).kpi("cpaCents", 1_250)).toBe("CA$12.50");
  });

  it("writes a recomputed cost per conversion as money and a CTR as a percentage in the import's messages", () => {
    const t = fixedT("en", "ads");
    const cpa = {
      code: "ads.import.derivedMismatch",
      line: 4,
      column: "Cost / conv.",
      metric: "costPerConversion",
      file: 3_000,
      computed: 2_500,
    };
    expect(importMessage(t, "en", "CAD", cpa)).toBe(
      "Line 4, column “Cost / conv.”: the file says CA$30.00, recomputed from the row it is CA$25.00; the recomputed value is used.",
    );
    const ctr = { code: "ads.import.derivedMismatch", line: 5, column: "CTR", metric: "ctr", file: 0.025, computed: 0.02 };
    expect(importMessage(t, "en", "CAD", ctr)).toBe(
      "Line 5, column “CTR”: the file says 2.5%, recomputed from the row it is 2%; the recomputed value is used.",
    );
    // Without a currency, a total's difference has no dollar sign.
    const total = { code: "ads.import.totalsMismatch", line: 9, metric: "costCents", file: 16_000, computed: 15_000, difference: 1_000 };
    expect(importMessage(t, "en", null, total)).not.toContain("$");
  });
});

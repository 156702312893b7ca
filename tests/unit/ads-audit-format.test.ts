/**
 * How the audit page writes a check's figures (app/components/ads/audit-format.tsx), rendered on
 * the server with each locale's texts: a share the platform gave only as a bound keeps it ("< 10%",
 * "> 90%", never "10%"), its `…Bound` figure is not listed on its own, and a period is two dates.
 */
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AuditItem } from "~/ads/audit/types";
import { useAuditFormat } from "~/components/ads/audit-format";
import { serverTranslator, TranslatorContext } from "~/i18n/react.server";
import type { Locale } from "~/i18n/config";

function shown(locale: Locale, figures: AuditItem["figures"]): Array<[string, string]> {
  let result: Array<[string, string]> = [];
  function Probe() {
    result = useAuditFormat(locale, "USD").figures(figures);
    return null;
  }
  renderToString(h(TranslatorContext.Provider, { value: serverTranslator(locale) }, h(Probe)));
  return result;
}

describe("audit figures", () => {
  it("show a bounded share with its bound, and an exact one as a number", () => {
    const figures = {
      impressionShare: 0.1,
      impressionShareBound: "below",
      lostIsBudget: 0.9,
      lostIsBudgetBound: "above",
      lostIsRank: 0.2438,
      costCents: 289_200,
    };
    expect(Object.fromEntries(shown("en", figures))).toEqual({
      impressionShare: "< 10%",
      lostIsBudget: "> 90%",
      lostIsRank: "24.38%",
      costCents: "$2,892.00",
    });
    const de = Object.fromEntries(shown("de", figures));
    expect(de.impressionShare).toMatch(/^< 10\s%$/); // German writes a no-break space before %
    expect(de.lostIsBudget).toMatch(/^> 90\s%$/);
  });

  it("write a period as its two dates", () => {
    const [[, text]] = shown("en", { firstPeriod: "2026-06-01..2026-06-07" }) as [[string, string]];
    expect(text).toMatch(/Jun.*1.*2026.*–.*Jun.*7.*2026/);
  });
});

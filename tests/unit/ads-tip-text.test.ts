import { describe, expect, it } from "vitest";
import { tipText, type TipForText } from "~/ads/tip-text";
import { fixedT } from "~/i18n/translator.server";

const budgetTip = (lostIsBudget: number, lostBound: string): TipForText => ({
  kind: "raise-budget",
  subject: { campaign: "Search - Core" },
  evidence: {
    lostIsBudget,
    lostBound,
    budgetCents: 7_500,
    raisePerDayCents: 7_500,
    newBudgetCents: 15_000,
    newBudgetPerMonthCents: 456_000,
  },
  impactCents: null,
  impactKind: null,
});

describe("a budget tip's lost share", () => {
  it("keeps the platform's bound: `> 90%` is never shown as 90%", () => {
    expect(tipText(budgetTip(0.9, "above"), fixedT("en", "ads-tips"), "en", "USD").title).toContain("> 90%");
    expect(tipText(budgetTip(0.9, "above"), fixedT("de", "ads-tips"), "de", "EUR").title).toMatch(/> 90\s%/);
  });

  it("shows an exact share as the number, and no currency sign for a file without a currency", () => {
    const text = tipText(budgetTip(0.4, "exact"), fixedT("en", "ads-tips"), "en", null);
    expect(text.title).toContain("40%");
    expect(text.title).not.toContain("> 40%");
    expect(text.body).not.toContain("$");
  });
});

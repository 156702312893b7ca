/**
 * Loyalty points end to end (#29), without JavaScript: confirmed cashback → the loyalty page shows
 * the points → enough points make the member Silver (the page says so, with its lower fee) → the
 * next sale recorded for them keeps a 9% success fee instead of 10% (the cashback page shows the
 * larger cashback) → 1,000 points redeemed through "Review" then "Redeem points" → the dashboard's
 * balance shows the $5.00. The member, their store visits and the network's approved sales are
 * arranged with our own domain functions (as "Shop now" and the sandbox network's postbacks run them).
 * With JavaScript the page logs no errors.
 */
import { loyaltyRules } from "../../app/loyalty/points.server";
import { memberCashbackOf } from "../../app/wallet/fee";
import { SEED_STORES } from "../../db/seed-data/stores";
import { PERSON_BROWSER, reportSale, visitStore } from "./support/cashback";
import { watchConsole } from "./support/console";
import { e2eDatabase, expect, test, visit } from "./support/fixtures";

const store = SEED_STORES[3]!;
const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
const points = (value: number) => value.toLocaleString("en-US");

// A person's browser: headless Chromium's own user agent is a bot's (see cashback.spec.ts).
test.use({ userAgent: PERSON_BROWSER });

/** An approved sale at the store for a new visit of the member's: the network's commission; its click id. */
async function approvedSale(userId: string, order: string, commissionCents: number): Promise<string> {
  const clickId = await visitStore(userId, store.slug);
  await reportSale(clickId, {
    transactionId: `${order}-${Date.now()}`,
    saleCents: commissionCents * 10,
    commissionCents,
    status: "approved",
  });
  return clickId;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("confirmed cashback → points → Silver → a lower success fee on the next sale → redeem 1,000 points → the wallet credited", async ({
    page,
    member,
  }) => {
    const rules = await loyaltyRules(e2eDatabase());
    const perPoint = (cashbackCents: number) => Math.floor((cashbackCents * rules.cashbackPointsPerDollar) / 100);

    // Nothing yet: Bronze, and nothing to redeem.
    await visit(page, "/en/loyalty");
    await expect(page.getByRole("heading", { name: "Loyalty points", level: 1 })).toBeVisible();
    await expect(page.getByTestId("loyalty-level")).toContainText("Bronze");
    await expect(page.getByTestId("redeem-unavailable")).toBeVisible();

    // A first sale confirmed at Bronze's fee: its points.
    const first = memberCashbackOf(10_000, rules.feeBps.bronze);
    await approvedSale(member.id, "LOYAL-1", 10_000);
    await visit(page, "/en/loyalty");
    await expect(page.getByTestId("loyalty-points")).toContainText(points(perPoint(first)));
    await expect(page.getByTestId("loyalty-missing")).toContainText(
      `${points(rules.thresholds.silver - perPoint(first))} more points to reach Silver.`,
    );
    await expect(page.getByTestId("loyalty-entry").first()).toContainText("Cashback confirmed");
    await expect(page.getByTestId("loyalty-entry").first()).toContainText(`+${points(perPoint(first))}`);

    // A second one takes the member past Silver's threshold.
    const second = memberCashbackOf(20_000, rules.feeBps.bronze);
    await approvedSale(member.id, "LOYAL-2", 20_000);
    expect(perPoint(first) + perPoint(second)).toBeGreaterThanOrEqual(rules.thresholds.silver);
    await visit(page, "/en/loyalty");
    await expect(page.getByTestId("loyalty-level")).toContainText("Silver");
    await expect(page.getByTestId("loyalty-level")).toContainText("9% success fee instead of 10%.");
    await expect(page.locator('[data-level="silver"]')).toContainText("Your level");

    // The next sale keeps Silver's fee: the member's cashback is the commission less 9%.
    const third = memberCashbackOf(10_000, rules.feeBps.silver);
    expect(third).toBe(9_100);
    const clickId = await approvedSale(member.id, "LOYAL-3", 10_000);
    await visit(page, "/en/cashback");
    await expect(page.locator(`[data-testid="activity-row"][data-click-id="${clickId}"]`)).toContainText(dollars(third));

    // Redeem 1,000 points: review, then redeem.
    const held = perPoint(first) + perPoint(second) + perPoint(third);
    const available = first + second + third;
    await visit(page, "/en/loyalty");
    await expect(page.getByTestId("loyalty-points")).toContainText(points(held));
    await page.getByLabel("Points to redeem").selectOption("1000");
    await page.getByRole("button", { name: "Review" }).click();
    await expect(page.getByTestId("redeem-review-points")).toContainText("1,000");
    await expect(page.getByTestId("redeem-review-amount")).toContainText("$5.00");
    await expect(page.getByTestId("redeem-review-after")).toContainText(dollars(available + 500));
    await page.getByRole("button", { name: "Redeem points" }).click();
    await expect(page).toHaveURL(/\/en\/loyalty$/);
    await expect(page.getByText("1,000 points redeemed: $5.00 added to your balance.")).toBeVisible();
    await expect(page.getByTestId("loyalty-points")).toContainText(points(held - 1_000));
    // Redeeming never lowers the level.
    await expect(page.getByTestId("loyalty-level")).toContainText("Silver");
    await expect(page.getByTestId("loyalty-entry").first()).toContainText("Redeemed");
    await expect(page.getByTestId("loyalty-entry").first()).toContainText("\u22121,000");

    // The filter shows what was spent only.
    await page.getByRole("link", { name: "Spent", exact: true }).click();
    await expect(page.getByTestId("loyalty-entry")).toHaveCount(1);

    await visit(page, "/en/dashboard");
    await expect(page.getByTestId("balance")).toHaveText(dollars(available + 500));
  });
});

test("the loyalty page and its review log no errors with JavaScript @js-only", async ({ page, member }) => {
  const errors = watchConsole(page);
  await approvedSale(member.id, "LOYAL-JS", 20_000);
  await visit(page, "/en/loyalty");
  await page.getByLabel("Points to redeem").selectOption("1000");
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByTestId("redeem-review-amount")).toContainText("$5.00");
  expect(errors).toEqual([]);
});

/**
 * Plans without JavaScript: a new member (in the free trial) finds the wallet does not cover a plan,
 * gets $50.00 in the wallet (a paid sandbox top-up, arranged through the domain), chooses a plan,
 * pays from the wallet, sees it active with its renewal date, cancels at period end and keeps it,
 * then uses the 30-day money-back guarantee: the price is back in the wallet.
 */
import { expect, test, topUp, visit } from "./support/fixtures";

test("a member chooses a plan, pays from the wallet, sees it active and refunds it", async ({ page, member }) => {
  await visit(page, "/en/plans");
  await expect(page.getByTestId("trial")).toContainText("Free trial: 14 days left");
  // Without money, the wallet does not cover the price.
  await page.getByRole("radio", { name: /Starter/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/en\/plans\?planId=/);
  await expect(page.getByTestId("insufficient-balance")).toContainText("Insufficient balance");

  await topUp(member.id, 5_000);

  await visit(page, "/en/plans");
  await page.getByRole("radio", { name: /Starter/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("pay-summary")).toContainText("Starter: $29.00 for 30 days");
  // Said before paying: the trial's remaining days are added to the first period.
  const firstPeriod = page.getByTestId("pay-first-period");
  await expect(firstPeriod).toContainText("Your trial's remaining 14 days are added to your first period: it runs until");
  const until = /until (.+)\.$/.exec((await firstPeriod.textContent()) ?? "")![1]!;
  await expect(page.getByTestId("insufficient-balance")).toHaveCount(0);
  await page.getByRole("radio", { name: /Pay from wallet balance/ }).check();
  await page.getByRole("button", { name: "Pay $29.00" }).click();

  await expect(page).toHaveURL(/\/en\/plans\?done=activated$/);
  await expect(page.getByTestId("plans-done")).toHaveText("Your plan is active.");
  await expect(page.getByTestId("current-plan")).toContainText("Starter");
  await expect(page.getByTestId("plan-status")).toHaveText("Active");
  await expect(page.getByTestId("plan-renewal")).toContainText(`Renews on ${until}`);

  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$21.00");

  await visit(page, "/en/plans");
  await page.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(page.getByTestId("plan-renewal")).toContainText("Ends on");
  await page.getByRole("button", { name: "Keep my plan" }).click();
  await expect(page.getByTestId("plan-renewal")).toContainText("Renews on");

  await page.getByRole("button", { name: "Cancel and refund" }).click();
  await expect(page).toHaveURL(/\/en\/plans\?done=refunded$/);
  await expect(page.getByTestId("plans-done")).toHaveText("Your plan was cancelled and your payment refunded.");
  await expect(page.getByTestId("current-plan")).toHaveCount(0);
  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$50.00");
});

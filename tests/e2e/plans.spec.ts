/**
 * Plans without JavaScript: a new member (in the free trial) tops up through the sandbox, chooses a
 * plan, pays from the wallet, sees it active with its renewal date, cancels at period end and
 * keeps it, then uses the 30-day money-back guarantee: the price is back in the wallet.
 */
import { expect, test } from "@playwright/test";
import { signIn, signUpAndVerify } from "./support/accounts";
import { asNewVisitor } from "./support/visitor";

test.beforeEach(async ({ page }) => {
  await asNewVisitor(page);
});

test("a member chooses a plan, pays from the wallet, sees it active and refunds it", async ({ page }) => {
  const member = await signUpAndVerify(page, "plans");
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);

  await page.goto("/en/plans");
  await expect(page.getByTestId("trial")).toContainText("Free trial: 14 days left");
  // Without money, the wallet does not cover the price.
  await page.getByRole("radio", { name: /Starter/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/en\/plans\?planId=/);
  await expect(page.getByTestId("insufficient-balance")).toContainText("Insufficient balance");

  // Top up $50 through the sandbox checkout.
  await page.goto("/en/dashboard/add-money");
  await page.getByRole("button", { name: "$50.00" }).click();
  await expect(page).toHaveURL(/\/en\/sandbox\/checkout\//);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("$50.00 has been added to your balance.");

  await page.goto("/en/plans");
  await page.getByRole("radio", { name: /Starter/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("pay-summary")).toContainText("Starter: $29.00 for 30 days");
  await expect(page.getByTestId("insufficient-balance")).toHaveCount(0);
  await page.getByRole("radio", { name: /Pay from wallet balance/ }).check();
  await page.getByRole("button", { name: "Pay $29.00" }).click();

  await expect(page).toHaveURL(/\/en\/plans\?done=activated$/);
  await expect(page.getByTestId("plans-done")).toHaveText("Your plan is active.");
  await expect(page.getByTestId("current-plan")).toContainText("Starter");
  await expect(page.getByTestId("plan-status")).toHaveText("Active");
  await expect(page.getByTestId("plan-renewal")).toContainText("Renews on");

  await page.goto("/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$21.00");

  await page.goto("/en/plans");
  await page.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(page.getByTestId("plan-renewal")).toContainText("Ends on");
  await page.getByRole("button", { name: "Keep my plan" }).click();
  await expect(page.getByTestId("plan-renewal")).toContainText("Renews on");

  await page.getByRole("button", { name: "Cancel and refund" }).click();
  await expect(page).toHaveURL(/\/en\/plans\?done=refunded$/);
  await expect(page.getByTestId("plans-done")).toHaveText("Your plan was cancelled and your payment refunded.");
  await expect(page.getByTestId("current-plan")).toHaveCount(0);
  await page.goto("/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$50.00");
});

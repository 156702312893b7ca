/**
 * Who gets into the back office: anonymous visitors are asked to sign in, members and partners are
 * refused, and an admin without two-factor authentication is sent to turn it on first and then goes
 * on to the page they asked for.
 */
import { expect, test } from "@playwright/test";
import { newAdmin, signIn, signUpAndVerify } from "./support/accounts";
import { asNewVisitor } from "./support/visitor";

test("anonymous visitors are sent to sign in, members are refused", async ({ page }) => {
  await asNewVisitor(page);
  await page.goto("/en/admin/users");
  await expect(page).toHaveURL(/\/en\/admin\?redirectTo=%2Fen%2Fadmin%2Fusers$/);

  const { email } = await signUpAndVerify(page, "not-admin");
  await signIn(page, email);
  const response = await page.goto("/en/admin/users");
  expect(response?.status()).toBe(403);
});

test("an admin without two-factor authentication sets it up first, then reaches the page asked for", async ({ page }) => {
  await asNewVisitor(page);
  const admin = await newAdmin(page);
  expect(admin.secret).toMatch(/^[A-Z2-7]{32}$/);
  // With 2FA on, the setup page sends the admin on.
  await page.goto("/en/admin/two-factor?redirectTo=%2Fen%2Fadmin%2Fusers");
  await expect(page).toHaveURL(/\/en\/admin\/users$/);
  // It never sends anywhere outside the back office.
  await page.goto("/en/admin/two-factor?redirectTo=https%3A%2F%2Fevil.example%2F");
  await expect(page).toHaveURL(/\/en\/admin\/dashboard$/);
});

test("the dashboard queues a check of the books, the settings keep what was typed, and the audit log finds both", async ({ page }) => {
  test.slow();
  await asNewVisitor(page);
  const admin = await newAdmin(page);
  await page.getByRole("button", { name: "Check the books now" }).click();
  await expect(page.getByText("The check is queued: its result shows here in a moment.")).toBeVisible();
  // The job runner does the check; the panel shows its verdict once it ran.
  await expect(async () => {
    await page.goto("/en/admin/dashboard");
    await expect(page.getByTestId("reconciliation-verdict")).toHaveText(
      "The books agree: every balance equals its postings and every entry sums to zero.",
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 20_000 });

  await page.goto("/en/admin/settings");
  const minimum = page.getByLabel("Minimum withdrawal ($)");
  await expect(minimum).toHaveValue("10.00");
  await minimum.fill("0.5");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Enter an amount from 1.00 to 1000.00.")).toBeVisible();
  await expect(minimum).toHaveValue("0.5");
  // Put back as it was: the other suites expect the default minimum.
  await minimum.fill("10.00");
  await page.getByRole("button", { name: "Save settings" }).click();

  await page.goto("/en/admin/audit");
  await page.getByLabel("Admin’s email").fill(admin.email);
  await page.getByLabel("Action").selectOption("ledger.check-requested");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]action=ledger\.check-requested/);
  await expect(page.getByTestId("audit-row")).toHaveCount(1);
  await expect(page.getByTestId("audit-row")).toContainText(admin.email);
});

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

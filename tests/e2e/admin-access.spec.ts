/**
 * Who gets into the back office: anonymous visitors are asked to sign in, members and partners are
 * refused, and an admin without two-factor authentication is sent to turn it on first and then goes
 * on to the page they asked for (the one journey through the setup: everywhere else an admin
 * fixture arrives with two-factor authentication already on).
 */
import { expectSettingRefused } from "./support/admin-settings";
import { createAccount, expect, signInAs, test, TotpClock, visit } from "./support/fixtures";

test("members and partners are refused the back office", async ({ page, context, member: _ }) => {
  expect((await visit(page, "/en/admin/users"))?.status()).toBe(403);
  const partner = await createAccount("partner");
  await context.clearCookies();
  await signInAs(context, { id: partner.id, role: "partner" });
  expect((await visit(page, "/en/admin/users"))?.status()).toBe(403);
});

test("an admin without two-factor authentication signs in, sets it up first, then reaches the page asked for", async ({
  page,
  visitor: _,
}) => {
  const admin = await createAccount("admin");
  // Anonymous: sent to the admin sign-in, which remembers the page.
  await visit(page, "/en/admin/users");
  await expect(page).toHaveURL(/\/en\/admin\?redirectTo=%2Fen%2Fadmin%2Fusers$/);
  await page.getByLabel("Email address").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();

  // Signed in, the back office sends an admin without 2FA to set it up, then on to the page asked for.
  await expect(page).toHaveURL(/\/en\/admin\/two-factor\?redirectTo=%2Fen%2Fadmin%2Fusers$/);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The authenticator app's code of the current step (good for 30 s or more: one step of drift).
  await page.getByLabel("Code from your app", { exact: true }).fill(new TotpClock(secret).next());
  await page.getByRole("button", { name: "Turn on" }).click();
  // The ten recovery codes, shown once, then on to the page asked for.
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/users$/);

  // With 2FA on, the setup page sends the admin on.
  await visit(page, "/en/admin/two-factor?redirectTo=%2Fen%2Fadmin%2Fusers");
  await expect(page).toHaveURL(/\/en\/admin\/users$/);
  // It never sends anywhere outside the back office.
  await visit(page, "/en/admin/two-factor?redirectTo=https%3A%2F%2Fevil.example%2F");
  await expect(page).toHaveURL(/\/en\/admin\/dashboard$/);
});

test("the dashboard queues a check of the books, the settings keep what was typed, and the audit log finds both", async ({
  page,
  admin,
}) => {
  await visit(page, "/en/admin/dashboard");
  await page.getByRole("button", { name: "Check the books now" }).click();
  await expect(page.getByText("The check is queued: its result shows here in a moment.")).toBeVisible();
  // The job runner does the check; the panel shows its verdict once it ran.
  await expect(async () => {
    await visit(page, "/en/admin/dashboard");
    await expect(page.getByTestId("reconciliation-verdict")).toHaveText(
      "The books agree: every balance equals its postings and every entry sums to zero.",
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 20_000 });

  // A refused value is kept in the form and saves nothing (every setting or none).
  await visit(page, "/en/admin/settings");
  const minimum = await expectSettingRefused(page, "Minimum withdrawal ($)", {
    saved: "10.00",
    typed: "0.5",
    message: "Enter an amount from 1.00 to 1000.00.",
  });
  await visit(page, "/en/admin/settings");
  await expect(minimum).toHaveValue("10.00");

  await visit(page, "/en/admin/audit");
  await page.getByLabel("Admin’s email").fill(admin.email);
  await page.getByLabel("Action").selectOption("ledger.check-requested");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]action=ledger\.check-requested/);
  await expect(page.getByTestId("audit-row")).toHaveCount(1);
  await expect(page.getByTestId("audit-row")).toContainText(admin.email);
});

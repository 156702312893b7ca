/**
 * The users back office, end to end without JavaScript: an admin finds a member by e-mail and
 * role, credits their balance with a reason (the member sees it on the dashboard and in their
 * history), suspends them (the member's next page is the sign-in page, and signing in says the
 * account is suspended) and reinstates them (the member signs in again). A stale proof of identity
 * sends the admin to the back office's re-authentication step first, and back. Each action leaves
 * its one audit row.
 */
import fs from "node:fs";
import { expect, test, type Browser } from "@playwright/test";
import { ageReauthentication, newAdmin, signIn, signUpAndVerify, totpCode } from "./support/accounts";
import { DATABASE_URL_FILE } from "./support/paths";
import { asNewVisitor, uniqueAddress } from "./support/visitor";

async function memberBrowser(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() } });
  return { context, page: await context.newPage() };
}

/** The actions of the audit log on an account, oldest first (read from the e2e database). */
async function auditActions(userId: string): Promise<string[]> {
  const { default: SQLite } = await import("better-sqlite3");
  const database = new SQLite(
    fs
      .readFileSync(DATABASE_URL_FILE, "utf8")
      .trim()
      .replace(/^file:/, ""),
    { readonly: true },
  );
  const rows = database.prepare("select action from audit_log where subject = ? order by created_at, id").all(`user:${userId}`) as Array<{
    action: string;
  }>;
  database.close();
  return rows.map((row) => row.action);
}

test("an admin finds a member, adjusts the balance, suspends and reinstates them @js", async ({ page, browser }) => {
  // Two accounts signed up and a 2FA set-up: more than the default time on a busy machine.
  test.slow();
  const member = await memberBrowser(browser);
  const { email, name } = await signUpAndVerify(member.page, "adjusted");
  await signIn(member.page, email);
  await expect(member.page).toHaveURL(/\/en\/dashboard$/);
  await expect(member.page.getByTestId("balance")).toHaveText("$0.00");

  await asNewVisitor(page);
  const admin = await newAdmin(page);
  await page.goto("/en/admin/users");
  await page.getByLabel("Search by name or email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("user");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]role=user/);
  const table = page.getByTestId("users-table");
  await expect(table.getByRole("link")).toHaveCount(1);
  await expect(table.getByTestId("account-state")).toHaveText("Active");
  await table.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const userId = /\/en\/admin\/users\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

  // A credit with its reason: refused without one (what was typed stays), then posted.
  const adjust = page.getByRole("region", { name: "Adjust the balance" });
  await adjust.getByLabel("Credit", { exact: true }).check();
  await adjust.getByLabel("Amount (USD)").fill("12.50");
  await adjust.getByRole("button", { name: "Post adjustment" }).click();
  await expect(adjust.getByText("Enter the reason for the adjustment.")).toBeVisible();
  await expect(adjust.getByLabel("Amount (USD)")).toHaveValue("12.50");
  await adjust.getByLabel("Reason", { exact: true }).fill("Goodwill for a late store report");
  await adjust.getByRole("button", { name: "Post adjustment" }).click();
  await expect(page.getByText("$12.50 credited.")).toBeVisible();
  await expect(page.getByTestId("balance-available")).toHaveText("$12.50");
  await expect(page.getByTestId("ledger-table")).toContainText("Goodwill for a late store report");

  // The member sees it.
  await member.page.goto("/en/dashboard");
  await expect(member.page.getByTestId("balance")).toHaveText("$12.50");
  await member.page.goto("/en/transactions");
  await expect(member.page.getByTestId("transaction").first()).toContainText("Adjustment · Cashwise");
  // Its details say why.
  await member.page.goto("/en/wallet");
  await member.page.getByTestId("wallet-list").getByRole("link", { name: "View" }).first().click();
  await expect(member.page.getByTestId("transaction-detail")).toContainText("Goodwill for a late store report");

  // Suspended: a reason is required; every session ends.
  const suspension = page.getByRole("region", { name: "Suspension", exact: true });
  await suspension.getByRole("button", { name: "Suspend account" }).click();
  await expect(suspension.getByText("Enter the reason for the suspension.")).toBeVisible();
  await suspension.getByLabel("Reason (kept in the audit log)").fill("Chargeback investigation");
  await suspension.getByRole("button", { name: "Suspend account" }).click();
  await expect(page.getByText("The account is suspended; 1 session ended.")).toBeVisible();
  await expect(page.getByTestId("suspension")).toContainText("Chargeback investigation");

  // The member's next page is the sign-in page, and signing in says why.
  await member.page.goto("/en/dashboard");
  await expect(member.page).toHaveURL(/\/en\/signin\?redirectTo=/);
  await signIn(member.page, email);
  await expect(member.page.getByText("This account is suspended. Contact support if you think this is a mistake.")).toBeVisible();
  await expect(member.page).toHaveURL(/\/en\/signin/);

  // Reinstated: the member is back, with their money.
  await page.getByRole("button", { name: "Reinstate account" }).click();
  await expect(page.getByText("The account is reinstated.")).toBeVisible();
  await signIn(member.page, email);
  await expect(member.page).toHaveURL(/\/en\/dashboard$/);
  await expect(member.page.getByTestId("balance")).toHaveText("$12.50");

  expect(await auditActions(userId)).toEqual(["user.balance_adjusted", "user.suspended", "user.reinstated"]);
  // The admin finds each of them in the audit log, newest first, with the before and after.
  await page.goto(`/en/admin/audit?subject=${encodeURIComponent(`user:${userId}`)}`);
  const log = page.getByTestId("audit-row");
  await expect(log).toHaveCount(3);
  await expect(log.nth(0)).toContainText("user.reinstated");
  await expect(log.nth(1)).toContainText("user.suspended");
  await expect(log.nth(1)).toContainText("Chargeback investigation");
  await expect(log.nth(2)).toContainText("user.balance_adjusted");
  await expect(log.nth(0)).toContainText(admin.email);
  await member.context.close();
});

test("a role change needs a recent proof: the admin confirms with the authenticator code and comes back", async ({ page, browser }) => {
  test.slow();
  const member = await memberBrowser(browser);
  const { email, name } = await signUpAndVerify(member.page, "promoted");
  await asNewVisitor(page);
  const admin = await newAdmin(page);
  await page.goto(`/en/admin/users/${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const userPage = page.url();

  await ageReauthentication(admin.email);
  const role = page.getByRole("region", { name: "Role", exact: true });
  await role.getByLabel("Role", { exact: true }).selectOption("partner");
  await role.getByRole("button", { name: "Change role" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/reauthenticate\?redirectTo=/);
  // The code of the next time step: the one the setup used cannot be used twice.
  await page.getByLabel("Authentication code").fill(await totpCode(admin.secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(userPage);

  await role.getByLabel("Role", { exact: true }).selectOption("partner");
  await role.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByText("The role is now Partner. It applies on the account's next request.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Profile", exact: true })).toContainText("Partner");
  await member.context.close();
});

/**
 * The users back office, end to end without JavaScript: an admin finds a member by e-mail and
 * role and credits their balance with a reason (the member sees it on the dashboard and in their
 * history); suspends them (the member's next page is the sign-in page, and signing in says the
 * account is suspended) and reinstates them (the member signs in again). A stale proof of identity
 * sends the admin to the back office's re-authentication step first, and back. Each action leaves
 * its one audit row. The admin is a fixture (two-factor on); the member is made through the domain
 * and, where the member's side is shown, signed in on a browser of their own.
 */

import { ageReauthentication, signIn } from "./support/accounts";
import { createAccount, e2eDatabase, expect, test, topUp, visit, anotherBrowser } from "./support/fixtures";
import { submitForm } from "./support/forms";

/** The actions of the audit log on an account, oldest first (read from the e2e database). */
async function auditActions(userId: string): Promise<string[]> {
  const rows = await e2eDatabase()
    .selectFrom("auditLog")
    .select("action")
    .where("subject", "=", `user:${userId}`)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.action);
}

test("an admin finds a member by e-mail and role and credits the balance with a reason; the member sees it @js", async ({
  page,
  browser,
  admin,
}) => {
  const member = await createAccount("user", "adjusted");
  const memberPage = await anotherBrowser(browser, member, { javaScript: false });
  await memberPage.goto("/en/dashboard");
  await expect(memberPage.getByTestId("balance")).toHaveText("$0.00");

  await visit(page, "/en/admin/users");
  await page.getByLabel("Search by name or email").fill(member.email);
  await page.getByLabel("Role", { exact: true }).selectOption("user");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]role=user/);
  const table = page.getByTestId("users-table");
  await expect(table.getByRole("link")).toHaveCount(1);
  await expect(table.getByTestId("account-state")).toHaveText("Active");
  await table.getByRole("link", { name: member.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: member.name })).toBeVisible();
  await expect(page).toHaveURL(`/en/admin/users/${member.id}`);

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
  await memberPage.goto("/en/dashboard");
  await expect(memberPage.getByTestId("balance")).toHaveText("$12.50");
  await memberPage.goto("/en/transactions");
  await expect(memberPage.getByTestId("transaction").first()).toContainText("Adjustment · Cashwise");
  // Its details say why.
  await memberPage.goto("/en/wallet");
  await memberPage.getByTestId("wallet-list").getByRole("link", { name: "View" }).first().click();
  await expect(memberPage.getByTestId("transaction-detail")).toContainText("Goodwill for a late store report");
  await memberPage.context().close();

  // One audit row, found by the admin in the log with who did it.
  expect(await auditActions(member.id)).toEqual(["user.balance_adjusted"]);
  await visit(page, `/en/admin/audit?subject=${encodeURIComponent(`user:${member.id}`)}`);
  const log = page.getByTestId("audit-row");
  await expect(log).toHaveCount(1);
  await expect(log).toContainText("user.balance_adjusted");
  await expect(log).toContainText(admin.email);
});

test("an admin suspends a member (every session ends, signing in says why) and reinstates them", async ({ page, browser, admin }) => {
  const member = await createAccount("user", "suspended");
  await topUp(member.id, 1_250);
  const memberPage = await anotherBrowser(browser, member, { javaScript: false });
  await visit(page, `/en/admin/users/${member.id}`);
  await expect(page.getByRole("heading", { level: 1, name: member.name })).toBeVisible();

  // Suspended: a reason is required; every session ends.
  const suspension = page.getByRole("region", { name: "Suspension", exact: true });
  await submitForm(suspension, "Suspend account");
  await expect(suspension.getByText("Enter the reason for the suspension.")).toBeVisible();
  await submitForm(suspension, "Suspend account", { "Reason (kept in the audit log)": "Chargeback investigation" });
  await expect(page.getByText("The account is suspended; 1 session ended.")).toBeVisible();
  await expect(page.getByTestId("suspension")).toContainText("Chargeback investigation");

  // The member's next page is the sign-in page, and signing in says why.
  await memberPage.goto("/en/dashboard");
  await expect(memberPage).toHaveURL(/\/en\/signin\?redirectTo=/);
  await signIn(memberPage, member.email);
  await expect(memberPage.getByText("This account is suspended. Contact support if you think this is a mistake.")).toBeVisible();
  await expect(memberPage).toHaveURL(/\/en\/signin/);

  // Reinstated: the member is back, with their money.
  await page.getByRole("button", { name: "Reinstate account" }).click();
  await expect(page.getByText("The account is reinstated.")).toBeVisible();
  await signIn(memberPage, member.email);
  await expect(memberPage).toHaveURL(/\/en\/dashboard$/);
  await expect(memberPage.getByTestId("balance")).toHaveText("$12.50");
  await memberPage.context().close();

  expect(await auditActions(member.id)).toEqual(["user.suspended", "user.reinstated"]);
  // The admin finds each of them in the audit log, newest first, with the before and after.
  await visit(page, `/en/admin/audit?subject=${encodeURIComponent(`user:${member.id}`)}`);
  const log = page.getByTestId("audit-row");
  await expect(log).toHaveCount(2);
  await expect(log.nth(0)).toContainText("user.reinstated");
  await expect(log.nth(1)).toContainText("user.suspended");
  await expect(log.nth(1)).toContainText("Chargeback investigation");
  await expect(log.nth(0)).toContainText(admin.email);
});

test("a role change needs a recent proof: the admin confirms with the authenticator code and comes back", async ({ page, admin }) => {
  const member = await createAccount("user", "promoted");
  await visit(page, `/en/admin/users/${encodeURIComponent(member.email)}`);
  await expect(page.getByRole("heading", { level: 1, name: member.name })).toBeVisible();
  const userPage = page.url();

  // The server's clock cannot be moved: the session's proof of identity is aged in the database.
  await ageReauthentication(admin.email);
  const role = page.getByRole("region", { name: "Role", exact: true });
  await role.getByLabel("Role", { exact: true }).selectOption("partner");
  await role.getByRole("button", { name: "Change role" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/reauthenticate\?redirectTo=/);
  // The code of a step not used yet (the one that turned 2FA on cannot be used twice).
  await page.getByLabel("Authentication code").fill(admin.totp.next());
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(userPage);

  await role.getByLabel("Role", { exact: true }).selectOption("partner");
  await role.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByText("The role is now Partner. It applies on the account's next request.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Profile", exact: true })).toContainText("Partner");
});

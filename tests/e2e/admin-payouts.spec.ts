/**
 * The payout desk's batches without JavaScript: a member with money asks for two PayPal
 * withdrawals; an admin (2FA on) finds them by the member's e-mail, approves both with "Approve
 * selected", creates a PayPal batch of them, downloads its Payouts CSV, marks the batch paid with
 * one reference; the member is told each withdrawal was paid.
 */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { newAdmin, signIn, signUpAndVerify } from "./support/accounts";
import { asNewVisitor } from "./support/visitor";

test.beforeEach(async ({ page }) => {
  await asNewVisitor(page);
});

async function memberWithMoney(page: Page) {
  const member = await signUpAndVerify(page, "payouts");
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.goto("/en/dashboard/add-money");
  await page.getByRole("button", { name: "$100.00" }).click();
  await expect(page).toHaveURL(/\/en\/sandbox\/checkout\//);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/dashboard\/add-money\/[0-9a-f-]+$/);
  await expect(page.getByTestId("payment-status")).toHaveText("$100.00 has been added to your balance.");
  return member;
}

async function requestWithdrawal(page: Page, amount: string, paypal: string) {
  await page.goto("/en/dashboard/withdraw");
  await page.getByLabel("Amount", { exact: true }).fill(amount);
  await page.getByLabel("PayPal email address").fill(paypal);
  await page.getByRole("button", { name: "Withdraw Funds" }).click();
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
}

test("an admin approves two withdrawals, batches them, downloads the PayPal file and marks the batch paid; the member sees paid", async ({
  page,
  browser,
}) => {
  // Two accounts (one through the 2FA setup), a sandbox payment and two withdrawals: a long story.
  test.slow();
  const member = await memberWithMoney(page);
  const paypal = `paypal.${member.email}`;
  await requestWithdrawal(page, "30", paypal);
  await requestWithdrawal(page, "40", paypal);
  await expect(page.getByTestId("balance")).toHaveText("$30.00");

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await asNewVisitor(admin);
  const adminAccount = await newAdmin(admin);

  // Filters (GET): the member's e-mail, PayPal, pending.
  await admin.goto("/en/admin/withdrawals");
  const filters = admin.getByTestId("withdrawal-filters");
  await filters.getByLabel("Member's e-mail").fill(member.email);
  await filters.getByLabel("Payout method").selectOption("paypal");
  await filters.getByLabel("Show").selectOption("pending");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(admin).toHaveURL(/[?&]q=/);
  const rows = admin.getByTestId("pending-withdrawals").locator("li");
  await expect(rows).toHaveCount(2);
  await expect(admin.getByTestId("withdrawals-count")).toHaveText("2 withdrawals");

  // Nothing ticked: the server says so and nothing changes.
  await admin.getByRole("button", { name: "Approve selected" }).click();
  await expect(admin.getByText("Select at least one pending withdrawal.")).toBeVisible();
  await admin.getByRole("checkbox", { name: `Select the withdrawal of $30.00 by ${member.email}` }).check();
  await admin.getByRole("checkbox", { name: `Select the withdrawal of $40.00 by ${member.email}` }).check();
  await admin.getByRole("button", { name: "Approve selected" }).click();
  await expect(admin.getByText("Withdrawals approved: 2.", { exact: false })).toBeVisible();
  // The filters stay: no pending ones of this member are left.
  await expect(rows).toHaveCount(0);

  // A PayPal batch of this member's processing withdrawals (the batch takes the filtered ones).
  await filters.getByLabel("Show").selectOption("processing");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(2);
  const create = admin.getByTestId("create-batch-paypal");
  await expect(create).toContainText("PayPal: 2 processing withdrawals not in a batch ($70.00).");
  await create.getByRole("button", { name: "Create PayPal batch" }).click();
  const created = admin.getByRole("status").filter({ hasText: "created (withdrawals: 2)" });
  await expect(created).toBeVisible();
  const reference = /Batch (CWB[0-9A-Z]+) created/.exec((await created.textContent()) ?? "")![1]!;
  await expect(rows.first()).toContainText(`In payout batch ${reference}`);
  // A batched withdrawal is paid with its batch: no single "Mark paid" on its row.
  await expect(rows.getByRole("button", { name: "Mark paid" })).toHaveCount(0);

  const batch = admin.getByTestId("batch-list").locator("li").filter({ hasText: reference });
  await expect(batch).toContainText("$70.00");
  await expect(batch).toContainText("Open");
  const [download] = await Promise.all([admin.waitForEvent("download"), batch.getByRole("link", { name: "Download file" }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^paypal-payouts-\\d{4}-\\d{2}-\\d{2}-${reference}\\.csv$`));
  const csv = fs.readFileSync((await download.path())!, "utf8");
  const lines = csv
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(","));
  expect(lines.map((cells) => cells.length)).toEqual([6, 6]);
  expect(lines.map((cells) => [cells[0], cells[1], cells[2], cells[5]])).toEqual([
    [paypal, "30.00", "USD", "PAYPAL"],
    [paypal, "40.00", "USD", "PAYPAL"],
  ]);

  // Mark the whole batch paid with one reference: a reference is required.
  await batch.getByRole("button", { name: "Mark batch paid" }).click();
  await expect(batch.getByText("Enter the payout's reference (the PayPal or bank transaction id).")).toBeVisible();
  await batch.getByLabel("Payout reference").fill("PAYPAL-BATCH-8841");
  await batch.getByRole("button", { name: "Mark batch paid" }).click();
  await expect(admin.getByText(`Batch ${reference} marked as paid (withdrawals paid: 2).`)).toBeVisible();
  await expect(batch).toContainText("Paid");
  await expect(batch).toContainText("Payout reference: PAYPAL-BATCH-8841");

  await filters.getByLabel("Show").selectOption("paid");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("PAYPAL-BATCH-8841");
  // The approvals, the batch and its payment are in the audit log, under this admin's address.
  await admin.goto(`/en/admin/audit?actor=${encodeURIComponent(adminAccount.email)}`);
  const actions = admin.getByTestId("audit-row").locator("td:nth-child(3)");
  await expect(actions).toHaveText(["payoutBatch.paid", "payoutBatch.created", "withdrawal.approvedSelected"]);
  await adminContext.close();

  // The member: told each withdrawal was paid; the balance is what was left.
  await page.goto("/en/notifications");
  const notifications = page.getByTestId("notification-list");
  await expect(notifications.getByText("Withdrawal paid")).toHaveCount(2);
  await expect(notifications.getByText("Your withdrawal of $30.00 has been paid out.")).toBeVisible();
  await expect(notifications.getByText("Your withdrawal of $40.00 has been paid out.")).toBeVisible();
  await page.goto("/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$30.00");
  await page.goto("/en/transactions?type=withdrawal&status=completed");
  await expect(page.getByTestId("transaction")).toHaveCount(2);
});

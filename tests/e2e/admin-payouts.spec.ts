/**
 * The payout desk's batches without JavaScript: a member with $100.00 has asked for two PayPal
 * withdrawals ($30.00 and $40.00, arranged with the withdraw page's own unit of work); an admin
 * (a fixture, two-factor on) finds them by the member's e-mail and approves both with "Approve
 * selected"; then creates a PayPal batch of processing withdrawals, downloads its Payouts CSV and
 * marks the batch paid with one reference; the member is told each withdrawal was paid.
 */
import fs from "node:fs";
import { unitOfWork } from "../../app/db/unit-of-work.server";
import { approveWithdrawals } from "../../app/wallet/admin.server";
import { createAccount, e2eDatabase, expect, withdraw, test, topUp, visit, type Account, anotherBrowser } from "./support/fixtures";

/** A member who topped up $100.00 and asked for $30.00 and then $40.00 to their PayPal address. */
async function memberWithTwoWithdrawals(): Promise<{ member: Account; paypal: string; withdrawals: string[] }> {
  const member = await createAccount("user", "payouts");
  await topUp(member.id, 10_000);
  const paypal = `paypal.${member.email}`;
  const withdrawals = [await withdraw(member.id, 3_000, paypal), await withdraw(member.id, 4_000, paypal)];
  return { member, paypal, withdrawals };
}

test("an admin finds a member's pending withdrawals by the filters and approves both with 'Approve selected'", async ({ page, admin }) => {
  const { member } = await memberWithTwoWithdrawals();

  // Filters (GET): the member's e-mail, PayPal, pending.
  await visit(page, "/en/admin/withdrawals");
  const filters = page.getByTestId("withdrawal-filters");
  await filters.getByLabel("Member's e-mail").fill(member.email);
  await filters.getByLabel("Payout method").selectOption("paypal");
  await filters.getByLabel("Show").selectOption("pending");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const rows = page.getByTestId("pending-withdrawals").locator("li");
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("withdrawals-count")).toHaveText("2 withdrawals");

  // Nothing ticked: the server says so and nothing changes.
  await page.getByRole("button", { name: "Approve selected" }).click();
  await expect(page.getByText("Select at least one pending withdrawal.")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await page.getByRole("checkbox", { name: `Select the withdrawal of $30.00 by ${member.email}` }).check();
  await page.getByRole("checkbox", { name: `Select the withdrawal of $40.00 by ${member.email}` }).check();
  await page.getByRole("button", { name: "Approve selected" }).click();
  await expect(page.getByText("Withdrawals approved: 2.", { exact: false })).toBeVisible();
  // The filters stay: no pending ones of this member are left.
  await expect(rows).toHaveCount(0);
  await filters.getByLabel("Show").selectOption("processing");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(2);

  // One audit row for the action, under this admin's address.
  await visit(page, `/en/admin/audit?actor=${encodeURIComponent(admin.email)}`);
  await expect(page.getByTestId("audit-row").locator("td:nth-child(3)")).toHaveText(["withdrawal.approvedSelected"]);
});

test("an admin batches the processing withdrawals, downloads the PayPal file and marks the batch paid; the member sees paid", async ({
  page,
  browser,
  admin,
}) => {
  const { member, paypal, withdrawals } = await memberWithTwoWithdrawals();
  await unitOfWork(e2eDatabase(), (tx) =>
    approveWithdrawals(tx, { actor: { id: admin.id, clientAddress: null }, transactionIds: withdrawals }),
  );

  // A PayPal batch of this member's processing withdrawals (the batch takes the filtered ones).
  await visit(page, `/en/admin/withdrawals?q=${encodeURIComponent(member.email)}&method=paypal&state=processing`);
  const filters = page.getByTestId("withdrawal-filters");
  await expect(filters.getByLabel("Show")).toHaveValue("processing");
  const rows = page.getByTestId("pending-withdrawals").locator("li");
  await expect(rows).toHaveCount(2);
  const create = page.getByTestId("create-batch-paypal");
  await expect(create).toContainText("PayPal: 2 processing withdrawals not in a batch ($70.00).");
  await create.getByRole("button", { name: "Create PayPal batch" }).click();
  const created = page.getByRole("status").filter({ hasText: "created (withdrawals: 2)" });
  await expect(created).toBeVisible();
  const reference = /Batch (CWB[0-9A-Z]+) created/.exec((await created.textContent()) ?? "")![1]!;
  await expect(rows.first()).toContainText(`In payout batch ${reference}`);
  // A batched withdrawal is paid with its batch: no single "Mark paid" on its row.
  await expect(rows.getByRole("button", { name: "Mark paid" })).toHaveCount(0);

  const batch = page.getByTestId("batch-list").locator("li").filter({ hasText: reference });
  await expect(batch).toContainText("$70.00");
  await expect(batch).toContainText("Open");
  const [download] = await Promise.all([page.waitForEvent("download"), batch.getByRole("link", { name: "Download file" }).click()]);
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
  await expect(page.getByText(`Batch ${reference} marked as paid (withdrawals paid: 2).`)).toBeVisible();
  await expect(batch).toContainText("Paid");
  await expect(batch).toContainText("Payout reference: PAYPAL-BATCH-8841");

  await filters.getByLabel("Show").selectOption("paid");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("PAYPAL-BATCH-8841");
  // The batch and its payment are in the audit log, under this admin's address (after the approval).
  await visit(page, `/en/admin/audit?actor=${encodeURIComponent(admin.email)}`);
  const actions = page.getByTestId("audit-row").locator("td:nth-child(3)");
  await expect(actions).toHaveText(["payoutBatch.paid", "payoutBatch.created", "withdrawal.approvedSelected"]);

  // The member: told each withdrawal was paid; the balance is what was left.
  const memberPage = await anotherBrowser(browser, member);
  await visit(memberPage, "/en/notifications");
  const notifications = memberPage.getByTestId("notification-list");
  await expect(notifications.getByText("Withdrawal paid")).toHaveCount(2);
  await expect(notifications.getByText("Your withdrawal of $30.00 has been paid out.")).toBeVisible();
  await expect(notifications.getByText("Your withdrawal of $40.00 has been paid out.")).toBeVisible();
  await visit(memberPage, "/en/dashboard");
  await expect(memberPage.getByTestId("balance")).toHaveText("$30.00");
  await visit(memberPage, "/en/transactions?type=withdrawal&status=completed");
  await expect(memberPage.getByTestId("transaction")).toHaveCount(2);
  await memberPage.context().close();
});

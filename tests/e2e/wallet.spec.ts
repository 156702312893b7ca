/**
 * The wallet without JavaScript: Add Money through the sandbox checkout and its signed webhook,
 * withdrawal messages, a held withdrawal, cancel, admin Mark paid and Reject, the transactions
 * filters and the CSV, the demo user's seeded $2,456.78.
 */
import { expect, test, type Page } from "@playwright/test";
import { newAdmin, PASSWORD, signIn, signUpAndVerify } from "./support/accounts";
import { asNewVisitor } from "./support/visitor";

test.beforeEach(async ({ page }) => {
  await asNewVisitor(page);
});

async function newMember(page: Page) {
  const member = await signUpAndVerify(page, "wallet");
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  return member;
}

async function addMoney(page: Page, amount: string, outcome: "Pay" | "Make the payment fail" = "Pay") {
  await page.goto("/en/dashboard");
  await page.getByRole("link", { name: "Add Money" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard\/add-money$/);
  if (["10", "25", "50", "100", "250", "500"].includes(amount)) {
    await page.getByRole("button", { name: `$${amount}.00` }).click();
  } else {
    await page.getByLabel("Or enter an amount").fill(amount);
    await page.getByRole("button", { name: "Continue to payment" }).click();
  }
  await expect(page).toHaveURL(/\/en\/sandbox\/checkout\//);
  await page.getByRole("button", { name: outcome, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/dashboard\/add-money\/[0-9a-f-]+$/);
}

test("a new member adds $25 through the sandbox, withdraws $10 (held), and the records agree @js", async ({ page }) => {
  await newMember(page);
  await expect(page.getByTestId("balance")).toHaveText("$0.00");
  await addMoney(page, "25");
  await expect(page.getByTestId("payment-status")).toHaveText("$25.00 has been added to your balance.");
  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await expect(page.getByTestId("balance")).toHaveText("$25.00");

  await page.getByRole("link", { name: "Withdraw" }).first().click();
  await expect(page.getByTestId("withdraw-available")).toHaveText("$25.00");
  // Only the quick amounts the balance covers are offered.
  await expect(page.getByRole("button", { name: "$25.00", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "$50.00", exact: true })).toHaveCount(0);
  // A quick amount only fills the amount (with or without JavaScript): nothing is sent, nothing is wrong yet.
  await page.getByRole("button", { name: "$25.00", exact: true }).click();
  await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("25");
  await expect(page.getByText("Please enter", { exact: false })).toHaveCount(0);
  await page.getByLabel("Amount", { exact: true }).fill("10");
  await page.getByLabel("PayPal email address").fill("payouts@example.com");
  await page.getByRole("button", { name: "Withdraw Funds" }).click();
  // The review: nothing is held yet.
  const review = page.getByTestId("withdraw-review");
  await expect(review.getByTestId("review-amount")).toContainText("$10.00");
  await expect(review.getByTestId("review-method")).toContainText("PayPal");
  await expect(review.getByTestId("review-destination")).toContainText("pa•••••@example.com");
  await expect(review.getByTestId("review-arrival")).toContainText(/By \w+ \d+, \d{4}/);
  await expect(review.getByTestId("review-remaining")).toContainText("$15.00");
  await review.getByRole("button", { name: "Change details" }).click();
  await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("10.00");
  await expect(page.getByLabel("PayPal email address")).toHaveValue("payouts@example.com");
  await page.getByRole("button", { name: "Withdraw Funds" }).click();
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expect(page.getByText("Your withdrawal of $10.00 is on its way.")).toBeVisible();
  await expect(page.getByTestId("balance")).toHaveText("$15.00");

  await page.goto("/en/transactions");
  await expect(page.getByTestId("summary-credits")).toContainText("$25.00");
  await expect(page.getByTestId("summary-pending")).toContainText("$10.00");
  const rows = page.getByTestId("transaction");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Withdrawal");
  await expect(rows.first()).toContainText("Pending");
  await expect(rows.first().getByTestId("amount")).toHaveText("−$10.00");
  await expect(rows.nth(1).getByTestId("amount")).toHaveText("+$25.00");

  const csv = await (await page.request.get("/en/transactions/export")).text();
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n");
  expect(lines[0]).toBe("Date,Type,Status,Amount,Currency,Description,Merchant,Order ID,Transaction ID");
  expect(lines.slice(1).map((line) => line.split(",").slice(1, 4).join(","))).toEqual([
    "Withdrawal,Pending,-10.00",
    "Top-up,Completed,25.00",
  ]);
});

test("a failed sandbox payment credits nothing", async ({ page }) => {
  await newMember(page);
  await addMoney(page, "12.50", "Make the payment fail");
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await page.goto("/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$0.00");
});

test("deposit and withdrawal messages, with the typed amount kept", async ({ page }) => {
  await newMember(page);
  await page.goto("/en/dashboard/add-money");
  for (const [amount, message] of [
    ["", "Please enter a valid amount"],
    ["4.99", "Minimum deposit amount is $5.00"],
    ["10000.01", "Maximum deposit amount is $10,000.00"],
    ["5.001", "Please enter a valid amount"],
  ]) {
    await page.getByLabel("Or enter an amount").fill(amount!);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByText(message!, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Or enter an amount")).toHaveValue(amount!);
  }

  await addMoney(page, "25");
  await page.goto("/en/dashboard/withdraw");
  for (const [amount, message] of [
    ["abc", "Please enter a valid amount"],
    ["9.99", "Minimum withdrawal amount is $10.00"],
    ["25.01", "Insufficient balance"],
  ]) {
    await page.getByLabel("Amount", { exact: true }).fill(amount!);
    await page.getByLabel("PayPal email address").fill("me@example.com");
    await page.getByRole("button", { name: "Withdraw Funds" }).click();
    await expect(page.getByText(message!, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Amount", { exact: true })).toHaveValue(amount!);
  }
  await page.getByLabel("Amount", { exact: true }).fill("10");
  await page.getByLabel("Payout method").selectOption("bank");
  // The destination's label follows the method, without JavaScript too.
  await page.getByRole("textbox", { name: "IBAN", exact: true }).fill("NL91 ABNA 0417 1643 01");
  await page.getByRole("button", { name: "Withdraw Funds" }).click();
  await expect(page.getByText("Please enter a valid IBAN")).toBeVisible();
});

test("the same withdrawal form submitted twice holds the money once, and a pending withdrawal can be cancelled", async ({ page }) => {
  await newMember(page);
  await addMoney(page, "50");
  await page.goto("/en/dashboard/withdraw");
  const key = await page.locator('input[name="idempotencyKey"]').getAttribute("value");
  const form = { amount: "20", method: "paypal", destination: "me@example.com", idempotencyKey: key!, intent: "confirm" };
  const origin = new URL(page.url()).origin;
  for (let i = 0; i < 2; i++) {
    const response = await page.request.post("/en/dashboard/withdraw", { form, headers: { Origin: origin }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
  await page.goto("/en/dashboard");
  await expect(page.getByText("This withdrawal was already requested: nothing was taken twice.")).toBeVisible();
  await expect(page.getByTestId("balance")).toHaveText("$30.00");

  await page.goto("/en/transactions?type=withdrawal");
  await page.getByRole("button", { name: "Cancel withdrawal" }).click();
  await expect(page.getByText("The withdrawal was cancelled and the amount is back in your balance.")).toBeVisible();
  await expect(page.getByTestId("transaction").first()).toContainText("Failed");
  await page.goto("/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$50.00");
});

test("the payout desk: approve, then mark paid with a reference; reject with a reason (funds return); no cancel once approved", async ({
  page,
  browser,
}) => {
  const member = await newMember(page);
  await addMoney(page, "100");
  for (const amount of ["30", "40"]) {
    await page.goto("/en/dashboard/withdraw");
    await page.getByLabel("Amount", { exact: true }).fill(amount);
    await page.getByLabel("PayPal email address").fill("me@example.com");
    await page.getByRole("button", { name: "Withdraw Funds" }).click();
    await page.getByRole("button", { name: "Confirm withdrawal" }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  }
  await expect(page.getByTestId("balance")).toHaveText("$30.00");

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.setExtraHTTPHeaders({ "X-Forwarded-For": "198.18.251.7" });
  await newAdmin(admin);
  await admin.goto("/en/admin/withdrawals");
  const mine = admin.getByTestId("pending-withdrawals").locator("li").filter({ hasText: member.email });
  await expect(mine).toHaveCount(2);
  const thirty = mine.filter({ hasText: "$30.00" });
  await thirty.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("The withdrawal is approved: pay it out, then mark it paid with its reference.")).toBeVisible();
  await expect(thirty).toContainText("Processing");

  // Approved: the member can no longer take it back (the money would leave twice).
  await page.goto("/en/transactions?type=withdrawal");
  await expect(page.getByTestId("transaction").filter({ hasText: "$30.00" })).toContainText("Being paid out");
  await expect(
    page.getByTestId("transaction").filter({ hasText: "$30.00" }).getByRole("button", { name: "Cancel withdrawal" }),
  ).toHaveCount(0);

  // Paid needs the payout's reference; the typed reason is kept.
  await thirty.getByRole("button", { name: "Mark paid" }).click();
  await expect(thirty.getByText("Enter the payout's reference (the PayPal or bank transaction id).")).toBeVisible();
  await thirty.getByLabel("Payout reference").fill("PAYPAL-7XK29");
  await thirty.getByRole("button", { name: "Mark paid" }).click();
  await expect(admin.getByText("The withdrawal is marked as paid.")).toBeVisible();
  const forty = mine.filter({ hasText: "$40.00" });
  await forty.getByRole("button", { name: "Reject" }).click();
  await expect(forty.getByText("Enter a reason: the user will see it.")).toBeVisible();
  await forty.getByLabel("Reason for rejecting").fill("PayPal account closed");
  await forty.getByRole("button", { name: "Reject" }).click();
  await expect(admin.getByText("The withdrawal was rejected and the amount returned to the user's balance.")).toBeVisible();
  await expect(mine).toHaveCount(0);
  await admin.goto("/en/admin/withdrawals?state=paid");
  await expect(mine.filter({ hasText: "$30.00" })).toContainText("PAYPAL-7XK29");
  await adminContext.close();

  await page.goto("/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$70.00");
  await page.goto("/en/transactions?type=withdrawal&status=completed");
  await expect(page.getByTestId("transaction")).toHaveCount(1);
  await expect(page.getByTestId("transaction").first().getByTestId("amount")).toHaveText("−$30.00");
});

test("the demo user's seeded history: $2,456.78, filters, search, date ranges and the CSV agree", async ({ page }) => {
  await signIn(page, "demo@cashwise.test", "Demo-pass-1!");
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expect(page.getByTestId("balance")).toHaveText("$2,456.78");
  await expect(page.getByTestId("stat-pending")).toContainText("$12.40");

  // Hide and show the balance without JavaScript; the choice is remembered.
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByTestId("balance")).toHaveText("••••••");
  await page.reload();
  await expect(page.getByTestId("balance")).toHaveText("••••••");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("balance")).toHaveText("$2,456.78");

  // The activity tab (the navigation's "Cashback" is the cashback page).
  await page.getByRole("main").getByRole("link", { name: "Cashback", exact: true }).click();
  await expect(page).toHaveURL(/tab=cashback/);
  for (const text of await page.getByTestId("transaction").allTextContents()) expect(text).toContain("Cashback");

  await page.goto("/en/transactions?q=lark");
  await expect(page.getByTestId("transaction")).toHaveCount(1);
  await expect(page.getByTestId("transaction")).toContainText("Larkstitch");
  await page.goto("/en/transactions?q=TDW-61950");
  await expect(page.getByTestId("transaction")).toHaveCount(1);
  await page.goto("/en/transactions?range=week");
  await expect(page.getByTestId("transaction")).toHaveCount(2);
  await page.goto("/en/transactions?status=pending");
  await expect(page.getByTestId("transaction")).toHaveCount(1);
  await page.goto("/en/transactions?q=nothing-matches-this");
  await expect(page.getByTestId("transactions-empty")).toContainText("No transactions found");
  await expect(page.getByTestId("transactions-empty")).toContainText("Try adjusting your filters or search query");

  const csv = (await (await page.request.get("/en/transactions/export?type=cashback&status=completed")).text()).replace(/^\uFEFF/, "");
  const amounts = csv
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => Number(line.split(",")[3]));
  expect(amounts.reduce((a, b) => a + b, 0).toFixed(2)).toBe("356.78");
  await page.goto("/en/transactions?type=cashback&status=completed");
  await expect(page.getByTestId("summary-credits")).toContainText("$356.78");
});

test("money pages are for their owner only", async ({ page, request }) => {
  const anonymous = await request.get("/en/dashboard/add-money", { maxRedirects: 0 });
  expect(anonymous.headers()["location"]).toBe("/en/signin?redirectTo=%2Fen%2Fdashboard%2Fadd-money");
  await newMember(page);
  await addMoney(page, "10");
  const paymentUrl = page.url();
  await page.context().clearCookies();
  await signIn(page, "demo@cashwise.test", "Demo-pass-1!");
  const response = await page.goto(paymentUrl);
  expect(response?.status()).toBe(404);
  void PASSWORD;
});

test("signed-in pages hydrate without console errors @js-only", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  await signIn(page, "demo@cashwise.test", "Demo-pass-1!");
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  for (const path of [
    "/en/dashboard",
    "/en/dashboard?days=90",
    "/en/dashboard/add-money",
    "/en/dashboard/withdraw",
    "/en/transactions?range=month",
    "/en/wallet",
    "/en/notifications",
    "/en/settings",
    "/nl/transactions",
  ]) {
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  // Client-side navigation between them loads each page's texts with its data.
  await page.goto("/en/dashboard", { waitUntil: "networkidle" });
  // "View Reports" opens the wallet: cashback by month and the monthly statements.
  await page.getByRole("link", { name: "View Reports" }).click();
  await expect(page).toHaveURL(/\/en\/wallet$/);
  await expect(page.getByRole("heading", { name: "Cashback by month" })).toBeVisible();
  await page.getByRole("link", { name: "Transactions" }).first().click();
  await expect(page).toHaveURL(/\/en\/transactions$/);
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the wallet page: balances, detail view, PDF receipt and monthly statement", async ({ page }) => {
  await signIn(page, "demo@cashwise.test", "Demo-pass-1!");
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.goto("/en/wallet");
  await expect(page.getByTestId("wallet-available")).toContainText("$2,456.78");
  // One name per figure, the same as on the dashboard.
  await expect(page.getByTestId("wallet-pending")).toContainText("Pending cashback");
  await expect(page.getByTestId("wallet-pending")).toContainText("$12.40");
  await expect(page.getByTestId("wallet-current")).toHaveCount(0);
  await expect(page.getByRole("img", { name: /Cashback by month/ })).toBeVisible();
  await expect(page.getByTestId("wallet-currency")).toContainText("USD");
  await page.getByTestId("wallet-list").getByRole("link", { name: "View" }).first().click();
  await expect(page).toHaveURL(/\/en\/wallet\/[0-9a-f-]+$/);
  await expect(page.getByTestId("transaction-detail")).toContainText("Dewmellow");

  const receipt = await page.request.get(`${page.url()}/receipt`);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  const bytes = await receipt.body();
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(bytes.subarray(-8).toString()).toContain("%%EOF");

  const month = new Date().toISOString().slice(0, 7);
  const statement = await page.request.get(`/en/wallet/statement?month=${month}`);
  expect(statement.headers()["content-type"]).toBe("application/pdf");
  expect(statement.headers()["content-disposition"]).toContain(`cashwise-statement-${month}.pdf`);
  expect((await statement.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Someone else's transaction is not found.
  const other = await page.request.get(`/en/wallet/${crypto.randomUUID()}/receipt`);
  expect(other.status()).toBe(404);
});

test("admin settings: the card top-up hold is validated on the server, keeps what was typed, and saves", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.18.251.9" });
  await newAdmin(page);
  await page.goto("/en/admin/settings");
  const field = page.getByLabel("Hold on card top-ups (days)");
  await expect(field).toHaveValue("7");
  await field.fill("91");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Enter a whole number of days from 0 to 90.")).toBeVisible();
  await expect(field).toHaveValue("91");
  await field.fill("7");
  const confirmDays = page.getByLabel("Usual cashback confirmation (days)");
  await expect(confirmDays).toHaveValue("60");
  await confirmDays.fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Enter a whole number of days from 1 to 365.")).toBeVisible();
  await expect(confirmDays).toHaveValue("0");
  await confirmDays.fill("60");
  const share = page.getByLabel("Members' share of the network commission (%)");
  await expect(share).toHaveValue("75");
  await share.fill("101");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Enter a percentage from 0 to 100, with at most two decimals.")).toBeVisible();
  await share.fill("75");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await expect(field).toHaveValue("7");
  await expect(confirmDays).toHaveValue("60");
  await expect(share).toHaveValue("75");
});

test("pending cashback shows when the store is expected to confirm it, as a meter", async ({ page }) => {
  await signIn(page, "demo@cashwise.test", "Demo-pass-1!");
  await page.goto("/en/transactions?status=pending&type=cashback");
  const progress = page.getByTestId("pending-progress").first();
  await expect(progress.getByRole("meter", { name: "Pending cashback on its way to your balance" })).toHaveAttribute("aria-valuemax", "60");
  await expect(progress).toContainText(/Usually confirmed by the store by \w+ \d+, \d{4}/);
});

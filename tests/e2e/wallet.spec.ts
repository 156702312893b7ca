/**
 * The wallet: Add Money through the sandbox checkout and its signed webhook (a new member's main
 * journey, through the pages), withdrawal messages, a held withdrawal, cancel, admin Mark paid and
 * Reject, the transactions filters and the CSV, the demo user's seeded $2,456.78. People come from
 * the fixtures (signed in by a session cookie); balances other than the journey's own come from a
 * sandbox top-up's webhook event (`memberWithBalance`), and the payout desk's withdrawals are
 * requested with the withdrawal form's own domain function.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { startTopUp } from "../../app/wallet/payments.server";
import { sandboxProvider } from "../../app/wallet/sandbox-provider.server";
import { expectSettingRefused } from "./support/admin-settings";
import { watchConsole } from "./support/console";
import { createAccount, e2eDatabase, expect, ready, signInAs, test, topUp, visit, withdraw } from "./support/fixtures";
import { uniqueAddress } from "./support/visitor";

/** From the dashboard: Add Money, an amount (a quick one or typed), then the sandbox checkout's outcome. */
async function addMoney(page: Page, amount: string, outcome: "Pay" | "Make the payment fail" = "Pay") {
  await visit(page, "/en/dashboard");
  await page.getByRole("link", { name: "Add Money" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard\/add-money$/);
  await ready(page);
  if (["10", "25", "50", "100", "250", "500"].includes(amount)) {
    await page.getByRole("button", { name: `$${amount}.00` }).click();
  } else {
    await page.getByLabel("Or enter an amount").fill(amount);
    await page.getByRole("button", { name: "Continue to payment" }).click();
  }
  await expect(page).toHaveURL(/\/en\/sandbox\/checkout\//);
  await ready(page);
  await page.getByRole("button", { name: outcome, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/dashboard\/add-money\/[0-9a-f-]+$/);
  await ready(page);
}

test("a new member adds $25 through the sandbox, withdraws $10 (held), and the records agree @js", async ({ page, member: _ }) => {
  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$0.00");
  await addMoney(page, "25");
  await expect(page.getByTestId("payment-status")).toHaveText("$25.00 has been added to your balance.");
  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expect(page.getByTestId("balance")).toHaveText("$25.00");

  await page.getByRole("link", { name: "Withdraw" }).first().click();
  await expect(page).toHaveURL(/\/en\/dashboard\/withdraw$/);
  await ready(page);
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
  // The address just typed is shown in full: this is the step where a typo is caught.
  await expect(review.getByTestId("review-destination")).toContainText("payouts@example.com");
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

  await visit(page, "/en/transactions");
  // Money in and money out apart: the top-up in, the withdrawal held still pending out.
  await expect(page.getByTestId("summary-in").getByTestId("summary-amount")).toHaveText("+$25.00");
  await expect(page.getByTestId("summary-out").getByTestId("summary-amount")).toHaveText("$0.00");
  await expect(page.getByTestId("summary-pending-in").getByTestId("summary-amount")).toHaveText("$0.00");
  await expect(page.getByTestId("summary-pending-out").getByTestId("summary-amount")).toHaveText("−$10.00");
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

test("in German an amount is typed with a decimal comma: 12,50 withdraws $12.50; 12.50 is refused, never read as 1,250 @js", async ({
  page,
  memberWithBalance: _,
}) => {
  await visit(page, "/de/dashboard/withdraw");
  const amount = page.getByLabel("Betrag", { exact: true });
  await expect(amount).toHaveAttribute("placeholder", "0,00");
  await amount.fill("12.50");
  await page.getByLabel("PayPal-E-Mail-Adresse").fill("me@example.com");
  await page.getByRole("button", { name: "Guthaben auszahlen" }).click();
  await expect(page.getByText("Schreiben Sie Beträge so: 12,50", { exact: true })).toBeVisible();
  await expect(amount).toHaveValue("12.50");
  await amount.fill("12,50");
  await page.getByRole("button", { name: "Guthaben auszahlen" }).click();
  const review = page.getByTestId("withdraw-review");
  await expect(review.getByTestId("review-amount")).toContainText("12,50 $");
  await expect(review.getByTestId("review-remaining")).toContainText("237,50 $");
  await page.getByRole("button", { name: "Auszahlung bestätigen" }).click();
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await expect(page.getByTestId("balance")).toHaveText("237,50 $");
});

test("in German, 42,50 opens a checkout for $42.50 @js", async ({ page, member: _ }) => {
  await visit(page, "/de/dashboard/add-money");
  const amount = page.getByLabel("Oder Betrag eingeben");
  await expect(amount).toHaveAttribute("placeholder", "0,00");
  await amount.fill("42,50");
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click();
  await expect(page).toHaveURL(/\/de\/sandbox\/checkout\//);
  await expect(page.getByTestId("checkout-amount")).toHaveText("42,50 $");
});

test("a failed sandbox payment credits nothing", async ({ page, member: _ }) => {
  await addMoney(page, "12.50", "Make the payment fail");
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$0.00");
});

test("deposit messages, with the typed amount kept", async ({ page, member: _ }) => {
  await visit(page, "/en/dashboard/add-money");
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
});

test("withdrawal messages, with the typed amount kept; the destination's label follows the method", async ({ page, memberWithBalance }) => {
  expect(memberWithBalance.balanceCents).toBe(25_000);
  await visit(page, "/en/dashboard/withdraw");
  for (const [amount, message] of [
    ["abc", "Please enter a valid amount"],
    ["9.99", "Minimum withdrawal amount is $10.00"],
    ["250.01", "Insufficient balance"],
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

test("the same withdrawal form submitted twice holds the money once, and a pending withdrawal can be cancelled", async ({
  page,
  memberWithBalance: _,
}) => {
  await visit(page, "/en/dashboard/withdraw");
  const key = await page.locator('input[name="idempotencyKey"]').getAttribute("value");
  const form = { amount: "20", method: "paypal", destination: "me@example.com", idempotencyKey: key!, intent: "confirm" };
  const origin = new URL(page.url()).origin;
  for (let i = 0; i < 2; i++) {
    const response = await page.request.post("/en/dashboard/withdraw", { form, headers: { Origin: origin }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
  await visit(page, "/en/dashboard");
  await expect(page.getByText("This withdrawal was already requested: nothing was taken twice.")).toBeVisible();
  await expect(page.getByTestId("balance")).toHaveText("$230.00");

  await visit(page, "/en/transactions?type=withdrawal");
  await expect(page.getByTestId("transaction")).toHaveCount(1);
  await page.getByRole("button", { name: "Cancel withdrawal" }).click();
  await expect(page.getByText("The withdrawal was cancelled and the amount is back in your balance.")).toBeVisible();
  await expect(page.getByTestId("transaction").first()).toContainText("Failed");
  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$250.00");
});

test("the payout desk: approve, then mark paid with a reference; reject with a reason (funds return); no cancel once approved", async ({
  page: desk,
  admin: _,
  browser,
}) => {
  // A member with $100.00 who asked for two PayPal withdrawals ($30 and $40), as the withdrawal form asks.
  const member = await createAccount("user", "payee");
  await topUp(member.id, 10_000);
  for (const amountCents of [3_000, 4_000]) await withdraw(member.id, amountCents, "me@example.com");
  const memberContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() } });
  await signInAs(memberContext, { id: member.id, role: "user" });
  const page = await memberContext.newPage();
  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$30.00");

  await visit(desk, "/en/admin/withdrawals");
  const mine = desk.getByTestId("pending-withdrawals").locator("li").filter({ hasText: member.email });
  await expect(mine).toHaveCount(2);
  const thirty = mine.filter({ hasText: "$30.00" });
  await thirty.getByRole("button", { name: "Approve" }).click();
  await expect(desk.getByText("The withdrawal is approved: pay it out, then mark it paid with its reference.")).toBeVisible();
  await expect(thirty).toContainText("Processing");

  // Approved: the member can no longer take it back (the money would leave twice).
  await visit(page, "/en/transactions?type=withdrawal");
  await expect(page.getByTestId("transaction").filter({ hasText: "$30.00" })).toContainText("Being paid out");
  await expect(
    page.getByTestId("transaction").filter({ hasText: "$30.00" }).getByRole("button", { name: "Cancel withdrawal" }),
  ).toHaveCount(0);

  // Paid needs the payout's reference; the typed reason is kept.
  await thirty.getByRole("button", { name: "Mark paid" }).click();
  await expect(thirty.getByText("Enter the payout's reference (the PayPal or bank transaction id).")).toBeVisible();
  await thirty.getByLabel("Payout reference").fill("PAYPAL-7XK29");
  await thirty.getByRole("button", { name: "Mark paid" }).click();
  await expect(desk.getByText("The withdrawal is marked as paid.")).toBeVisible();
  const forty = mine.filter({ hasText: "$40.00" });
  await forty.getByRole("button", { name: "Reject" }).click();
  await expect(forty.getByText("Enter a reason: the user will see it.")).toBeVisible();
  await forty.getByLabel("Reason for rejecting").fill("PayPal account closed");
  await forty.getByRole("button", { name: "Reject" }).click();
  await expect(desk.getByText("The withdrawal was rejected and the amount returned to the user's balance.")).toBeVisible();
  await expect(mine).toHaveCount(0);
  await visit(desk, "/en/admin/withdrawals?state=paid");
  await expect(mine.filter({ hasText: "$30.00" })).toContainText("PAYPAL-7XK29");

  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$70.00");
  await visit(page, "/en/transactions?type=withdrawal&status=completed");
  await expect(page.getByTestId("transaction")).toHaveCount(1);
  await expect(page.getByTestId("transaction").first().getByTestId("amount")).toHaveText("−$30.00");
  await memberContext.close();
});

test("the demo user's seeded history: $2,456.78, filters, search, date ranges and the CSV agree", async ({ page, demoMember: _ }) => {
  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$2,456.78");
  await expect(page.getByTestId("stat-pending")).toContainText("$12.40");

  // Hide and show the balance without JavaScript; the choice is remembered (a cookie of this browser).
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByTestId("balance")).toHaveText("••••••");
  await page.reload();
  await expect(page.getByTestId("balance")).toHaveText("••••••");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("balance")).toHaveText("$2,456.78");

  // The activity tab (the navigation's "Cashback" is the cashback page).
  await page.getByRole("main").getByRole("link", { name: "Cashback", exact: true }).click();
  await expect(page).toHaveURL(/tab=cashback/);
  await ready(page);
  await expect(page.getByTestId("transaction").first()).toBeVisible();
  for (const text of await page.getByTestId("transaction").allTextContents()) expect(text).toContain("Cashback");

  await visit(page, "/en/transactions?q=lark");
  await expect(page.getByTestId("transaction")).toHaveCount(1);
  await expect(page.getByTestId("transaction")).toContainText("Larkstitch");
  await visit(page, "/en/transactions?q=TDW-61950");
  await expect(page.getByTestId("transaction")).toHaveCount(1);
  await visit(page, "/en/transactions?range=week");
  await expect(page.getByTestId("transaction")).toHaveCount(2);
  await visit(page, "/en/transactions?status=pending");
  await expect(page.getByTestId("transaction")).toHaveCount(1);
  await visit(page, "/en/transactions?q=nothing-matches-this");
  await expect(page.getByTestId("transactions-empty")).toContainText("No transactions found");
  await expect(page.getByTestId("transactions-empty")).toContainText("Try adjusting your filters or search query");

  const csv = (await (await page.request.get("/en/transactions/export?type=cashback&status=completed")).text()).replace(/^\uFEFF/, "");
  const amounts = csv
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => Number(line.split(",")[3]));
  expect(amounts.reduce((a, b) => a + b, 0).toFixed(2)).toBe("356.78");
  await visit(page, "/en/transactions?type=cashback&status=completed");
  await expect(page.getByTestId("summary-in").getByTestId("summary-amount")).toHaveText("+$356.78");
  await visit(page, "/en/transactions");
  // The seeded history: the pending cashback in, nothing waiting to go out.
  await expect(page.getByTestId("summary-pending-in").getByTestId("summary-amount")).toHaveText("+$12.40");
  await expect(page.getByTestId("summary-pending-out").getByTestId("summary-amount")).toHaveText("$0.00");
  await expect(page.getByTestId("summary-out").getByTestId("summary-amount")).toHaveText("−$225.00");
});

test("money pages are for their owner only", async ({ page, request, member: _, browser }) => {
  const anonymous = await request.get("/en/dashboard/add-money", { maxRedirects: 0 });
  expect(anonymous.headers()["location"]).toBe("/en/signin?redirectTo=%2Fen%2Fdashboard%2Fadd-money");

  // Another member's top-up, started as the Add Money form starts it.
  const owner = await createAccount("user", "owner");
  const { payment } = await startTopUp(e2eDatabase(), sandboxProvider(), {
    userId: owner.id,
    amountCents: 1_000,
    idempotencyKey: randomUUID(),
    locale: "en",
    returnUrl: (id) => `/en/dashboard/add-money/${id}`,
    cancelUrl: "/en/dashboard",
  });
  const paymentUrl = `/en/dashboard/add-money/${payment.id}`;
  const ownerContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() } });
  await signInAs(ownerContext, { id: owner.id, role: "user" });
  expect((await ownerContext.request.get(paymentUrl)).status()).toBe(200);
  await ownerContext.close();

  const response = await page.goto(paymentUrl);
  expect(response?.status()).toBe(404);
});

test("the dashboard's and the transactions' periods, and moving between money pages without reloading, log no console error @js-only", async ({
  page,
  demoMember: _,
}) => {
  // (Every page's first visit, in every locale, is swept by look-and-feel.spec.ts.)
  const errors = watchConsole(page);
  for (const path of ["/en/dashboard?days=90", "/en/transactions?range=month"]) {
    await visit(page, path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  // Client-side navigation between them loads each page's texts with its data (the document stays).
  await visit(page, "/en/dashboard");
  await page.evaluate(() => document.documentElement.setAttribute("data-same-document", ""));
  // "View Reports" opens the wallet: cashback by month and the monthly statements.
  await page.getByRole("link", { name: "View Reports" }).click();
  await expect(page).toHaveURL(/\/en\/wallet$/);
  await expect(page.getByRole("heading", { name: "Cashback by month" })).toBeVisible();
  await page.getByRole("link", { name: "Transactions" }).first().click();
  await expect(page).toHaveURL(/\/en\/transactions$/);
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
  await expect(page.locator("html[data-same-document]")).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("the wallet page: balances, detail view, PDF receipt and monthly statement", async ({ page, demoMember: _ }) => {
  await visit(page, "/en/wallet");
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

test("admin settings: the card top-up hold is validated on the server, keeps what was typed, and saves", async ({ page, admin: _ }) => {
  await visit(page, "/en/admin/settings");
  const field = await expectSettingRefused(page, "Hold on card top-ups (days)", {
    saved: "7",
    typed: "91",
    message: "Enter a whole number of days from 0 to 90.",
  });
  await field.fill("7");
  const confirmDays = await expectSettingRefused(page, "Usual cashback confirmation (days)", {
    saved: "60",
    typed: "0",
    message: "Enter a whole number of days from 1 to 365.",
  });
  await confirmDays.fill("60");
  // The members' 90% at the Bronze level (the default fee of 10%; each level's fee is a loyalty setting, #29).
  await expect(page.getByTestId("success-fee")).toContainText("members receive 90% of every commission");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await expect(field).toHaveValue("7");
  await expect(confirmDays).toHaveValue("60");
});

test("pending cashback shows when the store is expected to confirm it, as a meter", async ({ page, demoMember: _ }) => {
  await visit(page, "/en/transactions?status=pending&type=cashback");
  const progress = page.getByTestId("pending-progress").first();
  // The demo's pending cashback is at Dewmellow, a beauty store that usually confirms in 30 days (its page says so).
  await expect(progress.getByRole("meter", { name: "Pending cashback on its way to your balance" })).toHaveAttribute("aria-valuemax", "30");
  await expect(progress).toContainText(/Usually confirmed by the store by \w+ \d+, \d{4}/);
});

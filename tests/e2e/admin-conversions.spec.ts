/**
 * The conversions desk, end to end (no JavaScript needed): a sale reported with a click id we do
 * not know waits as unmatched until an admin matches it to the member's click; a network report
 * uploaded by an admin is previewed (nothing changes), then applied once, and the member's balance
 * follows.
 */
import { createHmac } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { SEED_STORES } from "../../db/seed-data/stores";
import { newAdmin, signIn, signUpAndVerify } from "./support/accounts";
import { SANDBOX_POSTBACK_SECRET } from "./support/paths";
import { asNewVisitor } from "./support/visitor";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
test.use({ userAgent: BROWSER });
const store = SEED_STORES[2]!;

async function memberWithClick(page: Page, prefix: string): Promise<string> {
  await asNewVisitor(page);
  const { email } = await signUpAndVerify(page, prefix);
  await signIn(page, email);
  await page.goto(`/en/out/${store.slug}`);
  await expect(page).toHaveURL(new RegExp(`/en/sandbox/merchant/${store.slug}\\?clickref=`));
  return new URL(page.url()).searchParams.get("clickref")!;
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ userAgent: BROWSER });
  const admin = await context.newPage();
  await admin.setExtraHTTPHeaders({ "X-Forwarded-For": "198.18.251.9" });
  await newAdmin(admin);
  return admin;
}

test("an unmatched sale waits for an admin, who matches it to the member's click", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const clickId = await memberWithClick(page, "unmatched");
  const transactionId = `LOST-${Date.now()}`;
  const payload = JSON.stringify({
    transactionId,
    clickId: "typo-in-the-network",
    saleAmount: 200,
    commission: 16,
    currency: "USD",
    status: "pending",
    occurredAt: new Date().toISOString(),
  });
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac("sha256", SANDBOX_POSTBACK_SECRET).update(`${t}.${payload}`).digest("hex")}`;
  const response = await request.post("/api/v1/postbacks/sandbox", {
    data: payload,
    headers: { "Content-Type": "application/json", "X-Cashwise-Signature": signature },
  });
  expect(await response.json()).toMatchObject({ outcome: "unmatched" });

  const admin = await adminPage(browser);
  await admin.goto("/en/admin/conversions?status=unmatched");
  const row = admin.getByTestId("conversion").filter({ hasText: transactionId });
  await expect(row).toContainText("Unmatched");
  await row.getByRole("button", { name: "Match to click" }).click();
  await expect(row.getByText("Enter the click id.")).toBeVisible();
  await row.getByLabel("Click id").fill("no-such-click");
  await row.getByRole("button", { name: "Match to click" }).click();
  await expect(row.getByText("There is no click with this id.")).toBeVisible();
  await expect(row.getByLabel("Click id")).toHaveValue("no-such-click");
  await row.getByLabel("Click id").fill(clickId);
  await row.getByRole("button", { name: "Match to click" }).click();
  await expect(admin.getByText("Matched: the member's cashback is pending.")).toBeVisible();

  // $16.00 commission × 75 % = $12.00, pending for the member.
  await page.goto("/en/dashboard");
  await expect(page.getByTestId("stat-pending")).toContainText("$12.00");
  await admin.context().close();
});

test("an admin imports a network report: preview first, then apply, once", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const clickId = await memberWithClick(page, "reported");
  const transactionId = `${Date.now()}`;
  const csv = [
    "Transaction ID,Transaction Date,Click Ref,Sale Amount,Commission Amount,Currency,Status",
    `${transactionId},2026-11-20 10:00:00,${clickId},"1,000.00",40.00,USD,approved`,
    `${transactionId}9,2026-11-20 10:00:00,,oops,1.00,USD,pending`,
  ].join("\n");

  const admin = await adminPage(browser);
  await admin.goto("/en/admin/conversions");
  await admin.getByRole("link", { name: "Import a network report" }).click();
  await admin.getByRole("button", { name: "Preview import" }).click();
  await expect(admin.getByText("Choose the report's CSV file.")).toBeVisible();
  await admin.getByLabel("Network").selectOption("awin");
  await admin.getByLabel("Report (CSV)").setInputFiles({ name: "awin-november.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await admin.getByRole("button", { name: "Preview import" }).click();
  await expect(admin.getByRole("heading", { name: "awin-november.csv" })).toBeVisible();
  await expect(admin.getByText("Previewed, not applied")).toBeVisible();
  await expect(admin.getByText('Line 3: "Sale Amount" is not an amount.')).toBeVisible();
  await expect(admin.getByRole("row").filter({ hasText: transactionId })).toContainText("Confirmed");

  // The preview changed nothing.
  await page.goto("/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$0.00");

  await admin.getByRole("button", { name: "Apply import" }).click();
  await expect(admin.getByText("The report was applied.")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Apply import" })).toHaveCount(0);
  await expect(admin.getByRole("heading", { name: "What applying did" })).toBeVisible();

  // $40.00 commission × 75 % = $30.00, approved by the network: available at once.
  await page.goto("/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$30.00");
  await admin.context().close();
});

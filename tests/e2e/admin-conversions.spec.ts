/**
 * The conversions desk, end to end (no JavaScript needed): a sale reported with a click id we do
 * not know waits as unmatched until an admin matches it to the member's click; a network report
 * uploaded by an admin is previewed (nothing changes), then applied once, and the member's balance
 * follows. The member and their visit to the store are arranged through the domain (the account,
 * and "Shop now" as the click-out route records it); the admin is a fixture with two-factor on.
 */
import { createHmac } from "node:crypto";
import { SEED_STORES } from "../../db/seed-data/stores";
import { visitStore } from "./support/cashback";
import { createAccount, expect, test, visit, type Account, anotherBrowser } from "./support/fixtures";
import { SANDBOX_POSTBACK_SECRET } from "./support/paths";
import { uniqueAddress } from "./support/visitor";
import { expectRefused, submitForm } from "./support/forms";

const store = SEED_STORES[2]!;

/** A new member who went to the store through "Shop now", and the click's id. */
async function memberWithClick(prefix: string): Promise<{ member: Account; clickId: string }> {
  const member = await createAccount("user", prefix);
  return { member, clickId: await visitStore(member.id, store.slug) };
}

test("an unmatched sale waits for an admin, who matches it to the member's click", async ({ page, browser, request, admin: _ }) => {
  const { member, clickId } = await memberWithClick("unmatched");
  const transactionId = `LOST-${Date.now()}-${clickId.slice(0, 6)}`;
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
    headers: { "Content-Type": "application/json", "X-Cashwise-Signature": signature, "X-Forwarded-For": uniqueAddress() },
  });
  expect(await response.json()).toMatchObject({ outcome: "unmatched" });

  await visit(page, "/en/admin/conversions?status=unmatched");
  const row = page.getByTestId("conversion").filter({ hasText: transactionId });
  await expect(row).toContainText("Unmatched");
  await submitForm(row, "Match to click");
  await expect(row.getByText("Enter the click id.")).toBeVisible();
  await submitForm(row, "Match to click", { "Click id": "no-such-click" });
  await expectRefused(row, "There is no click with this id.", { "Click id": "no-such-click" });
  await submitForm(row, "Match to click", { "Click id": clickId });
  await expect(page.getByText("Matched: the member's cashback is pending.")).toBeVisible();

  // $16.00 commission × 90 % = $14.40, pending for the member.
  const memberPage = await anotherBrowser(browser, member);
  await visit(memberPage, "/en/dashboard");
  await expect(memberPage.getByTestId("stat-pending")).toContainText("$14.40");
  await memberPage.context().close();
});

test("an admin imports a network report: preview first, then apply, once", async ({ page, browser, admin: _ }) => {
  const { member, clickId } = await memberWithClick("reported");
  const transactionId = `${Date.now()}${Math.floor(Math.random() * 1_000)}`;
  const csv = [
    "Transaction ID,Transaction Date,Click Ref,Sale Amount,Commission Amount,Currency,Status",
    `${transactionId},2026-11-20 10:00:00,${clickId},"1,000.00",40.00,USD,approved`,
    `${transactionId}9,2026-11-20 10:00:00,,oops,1.00,USD,pending`,
  ].join("\n");

  await visit(page, "/en/admin/conversions");
  await page.getByRole("link", { name: "Import a network report" }).click();
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByText("Choose the report's CSV file.")).toBeVisible();
  await page.getByLabel("Network").selectOption("awin");
  await page.getByLabel("Report (CSV)").setInputFiles({ name: "awin-november.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByRole("heading", { name: "awin-november.csv" })).toBeVisible();
  await expect(page.getByText("Previewed, not applied")).toBeVisible();
  await expect(page.getByText('Line 3: "Sale Amount" is not an amount.')).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: transactionId })).toContainText("Confirmed");

  // The preview changed nothing.
  const memberPage = await anotherBrowser(browser, member);
  await visit(memberPage, "/en/dashboard");
  await expect(memberPage.getByTestId("balance")).toHaveText("$0.00");

  await page.getByRole("button", { name: "Apply import" }).click();
  await expect(page.getByText("The report was applied.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply import" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "What applying did" })).toBeVisible();

  // $40.00 commission × 90 % = $36.00, approved by the network: available at once.
  await visit(memberPage, "/en/dashboard");
  await expect(memberPage.getByTestId("balance")).toHaveText("$36.00");
  await memberPage.context().close();
});

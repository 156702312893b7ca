/**
 * The member's cashback page and a missing-cashback claim, end to end: a visit to a store through
 * "Shop now" is listed on /cashback; 10 days later it can be claimed ("Claim missing cashback"):
 * an empty or wrong form comes back with its errors and what was typed, a good one is received
 * (the notice) and listed under "Your claims".
 */
import { expect, test } from "@playwright/test";
import { SEED_STORES } from "../../db/seed-data/stores";
import { signIn, signUpAndVerify } from "./support/accounts";
import { ageClicks } from "./support/cashback";
import { asNewVisitor } from "./support/visitor";

const store = SEED_STORES[2]!;

// Headless Chromium calls itself "HeadlessChrome", a bot whose clicks are never shown: shop as a person's browser.
test.use({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36" });

test("a visit 10 days ago is listed on /cashback and its missing cashback can be claimed @js", async ({ page }) => {
  test.setTimeout(90_000);
  await asNewVisitor(page);
  const { email } = await signUpAndVerify(page, "claimer");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);

  // Nothing yet: the empty state leads to the webshops.
  await page.getByRole("navigation", { name: "Account navigation" }).getByRole("link", { name: "Cashback" }).click();
  await expect(page).toHaveURL(/\/en\/cashback$/);
  await expect(page.getByRole("heading", { name: "Cashback", level: 1 })).toBeVisible();
  await expect(page.getByTestId("cashback-empty").getByRole("link", { name: "Browse webshops" })).toHaveAttribute("href", "/en/webshops");
  await expect(page.getByTestId("claims-empty")).toBeVisible();

  await page.goto(`/en/webshops/${store.slug}`);
  await page.getByTestId("shop-now").click();
  await expect(page).toHaveURL(new RegExp(`/en/sandbox/merchant/${store.slug}\\?clickref=`));
  const clickId = new URL(page.url()).searchParams.get("clickref")!;

  // Today the visit is tracked, and a claim opens in 7 days.
  await page.goto("/en/cashback");
  const row = page.locator(`[data-testid="activity-row"][data-click-id="${clickId}"]`);
  await expect(row).toContainText(store.name);
  await expect(row.getByTestId("status-badge")).toHaveText("Tracked");
  await expect(row).toContainText("You can claim missing cashback from");
  await expect(row.getByRole("link", { name: "Claim missing cashback" })).toHaveCount(0);
  await expect(page.getByTestId("summary-clicks")).toContainText("1");
  expect((await page.goto(`/en/cashback/claim/${clickId}`))?.status()).toBe(200);
  await expect(page.getByTestId("claim-window")).toContainText("You can claim missing cashback for this visit from");
  await expect(page.getByRole("button", { name: "Submit claim" })).toHaveCount(0);

  await ageClicks(email, 10);
  await page.goto("/en/cashback?status=tracked&range=30");
  await expect(page.getByLabel("Status")).toHaveValue("tracked");
  await row.getByRole("link", { name: "Claim missing cashback" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/cashback/claim/${clickId}$`));
  await expect(page.getByTestId("claim-click")).toContainText(store.name);

  // An empty form: every field says what it needs.
  await page.getByRole("button", { name: "Submit claim" }).click();
  await expect(page.getByText("Please enter the order number.")).toBeVisible();
  await expect(page.getByText("Please enter the order date.")).toBeVisible();
  await expect(page.getByText("Please enter the order amount.")).toBeVisible();

  // A wrong amount and a date before the visit: the errors, with what was typed kept.
  const orderId = `ORD-${Date.now()}`;
  await page.getByLabel("Order number").fill(orderId);
  await page.getByLabel("Order date").fill("2020-01-01");
  await page.getByLabel("Order amount (USD)").fill("49,99x");
  await page.getByRole("button", { name: "Submit claim" }).click();
  await expect(page.getByText("Please enter an amount such as 49.99.")).toBeVisible();
  await expect(page.getByLabel("Order number")).toHaveValue(orderId);
  await expect(page.getByLabel("Order date")).toHaveValue("2020-01-01");
  await expect(page.getByLabel("Order amount (USD)")).toHaveValue("49,99x");
  await page.getByLabel("Order amount (USD)").fill("49.99");
  await page.getByRole("button", { name: "Submit claim" }).click();
  await expect(page.getByText("The order date is before your visit to the store.")).toBeVisible();
  await expect(page.getByLabel("Order number")).toHaveValue(orderId);
  await expect(page.getByLabel("Order amount (USD)")).toHaveValue("49.99");

  // A good claim.
  const orderDate = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Order date").fill(orderDate);
  await page.getByRole("button", { name: "Submit claim" }).click();
  await expect(page).toHaveURL(/\/en\/cashback$/);
  await expect(page.getByText("We received your claim. We will let you know when the store has answered.")).toBeVisible();
  const claim = page.getByTestId("claim").filter({ hasText: orderId });
  await expect(claim).toContainText(store.name);
  await expect(claim).toContainText("$49.99");
  await expect(claim).toContainText("Waiting for the store");
  await expect(row.getByTestId("claims-sent")).toHaveText("1 claim sent");

  // The same order again is refused on its field.
  await row.getByRole("link", { name: "Claim missing cashback" }).click();
  await page.getByLabel("Order number").fill(orderId);
  await page.getByLabel("Order date").fill(orderDate);
  await page.getByLabel("Order amount (USD)").fill("49.99");
  await page.getByRole("button", { name: "Submit claim" }).click();
  await expect(page.getByText("You have already claimed this order.")).toBeVisible();

  // Someone else's (or a made-up) visit is not found.
  expect((await page.goto("/en/cashback/claim/no-such-click"))?.status()).toBe(404);
});

test("claims are limited to 10 an hour per member: the next one is refused with the time to wait", async ({ page }) => {
  test.setTimeout(90_000);
  await asNewVisitor(page);
  const { email } = await signUpAndVerify(page, "many-claims");
  await signIn(page, email);
  await page.goto(`/en/webshops/${store.slug}`);
  await page.getByTestId("shop-now").click();
  const clickId = new URL(page.url()).searchParams.get("clickref")!;
  await ageClicks(email, 10);
  const orderDate = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 1; i <= 10; i++) {
    const response = await page.request.post(`/en/cashback/claim/${clickId}`, {
      form: { orderId: `MANY-${i}`, orderDate, amount: "10.00" },
      maxRedirects: 0,
    });
    expect(response.status(), `claim ${i}`).toBe(302);
  }
  await page.goto(`/en/cashback/claim/${clickId}`);
  await page.getByLabel("Order number").fill("MANY-11");
  await page.getByLabel("Order date").fill(orderDate);
  await page.getByLabel("Order amount (USD)").fill("10.00");
  await page.getByRole("button", { name: "Submit claim" }).click();
  await expect(page.getByRole("alert")).toHaveText(/^Too many attempts\. Please try again in \d+ minutes\.$/);
  await expect(page.getByLabel("Order number")).toHaveValue("MANY-11");
  await page.goto("/en/cashback");
  await expect(page.getByTestId("claim")).toHaveCount(10);
});

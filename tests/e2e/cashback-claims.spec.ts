/**
 * The member's cashback page and a missing-cashback claim, end to end: a visit to a store through
 * "Shop now" is listed on /cashback; 10 days later it can be claimed ("Claim missing cashback"):
 * an empty or wrong form comes back with its errors and what was typed, a good one is received
 * (the notice) and listed under "Your claims". Claims are limited to 10 an hour per member: the
 * rule itself is proven on the route (tests/db/cashback-claims-route.test.ts); here, the page shows
 * the refusal. Visits made days ago and earlier claims are arranged with the domain's functions.
 */
import type { Page } from "@playwright/test";
import { SEED_STORES } from "../../db/seed-data/stores";
import { claimOrder, daysAgo, PERSON_BROWSER, visitStore } from "./support/cashback";
import { expect, expectTexts, ready, test, visit } from "./support/fixtures";
import { expectRefused, submitForm } from "./support/forms";

const store = SEED_STORES[2]!;

// Headless Chromium calls itself "HeadlessChrome", a bot whose clicks are never shown: shop as a person's browser.
test.use({ userAgent: PERSON_BROWSER });

const activityRow = (page: Page, clickId: string) => page.locator(`[data-testid="activity-row"][data-click-id="${clickId}"]`);

test("a visit through Shop now is listed on /cashback, tracked; its claim opens 7 days later", async ({ page, member: _ }) => {
  await visit(page, "/en/dashboard");
  // Nothing yet: the empty state leads to the webshops.
  await page.getByRole("navigation", { name: "Account navigation" }).getByRole("link", { name: "Cashback" }).click();
  await expect(page).toHaveURL(/\/en\/cashback$/);
  await expect(page.getByRole("heading", { name: "Cashback", level: 1 })).toBeVisible();
  await expect(page.getByTestId("cashback-empty").getByRole("link", { name: "Browse webshops" })).toHaveAttribute("href", "/en/webshops");
  await expect(page.getByTestId("claims-empty")).toBeVisible();

  await visit(page, `/en/webshops/${store.slug}`);
  await page.getByTestId("shop-now").click();
  await expect(page).toHaveURL(new RegExp(`/en/sandbox/merchant/${store.slug}\\?clickref=`));
  const clickId = new URL(page.url()).searchParams.get("clickref")!;

  // Today the visit is tracked, and a claim opens in 7 days.
  await visit(page, "/en/cashback");
  const row = activityRow(page, clickId);
  await expect(row).toContainText(store.name);
  await expect(row.getByTestId("status-badge")).toHaveText("Tracked");
  await expect(row).toContainText("You can claim missing cashback from");
  await expect(row.getByRole("link", { name: "Claim missing cashback" })).toHaveCount(0);
  await expect(page.getByTestId("summary-clicks")).toContainText("1");
  expect((await visit(page, `/en/cashback/claim/${clickId}`))?.status()).toBe(200);
  await expect(page.getByTestId("claim-window")).toContainText("You can claim missing cashback for this visit from");
  await expect(page.getByRole("button", { name: "Submit claim" })).toHaveCount(0);
});

test("a visit 10 days ago: its missing cashback is claimed, wrong forms answered with what was typed, the same order refused @js", async ({
  page,
  member,
}) => {
  const clickId = await visitStore(member.id, store.slug, { daysAgo: 10 });
  await visit(page, "/en/cashback?status=tracked&range=30");
  await expect(page.getByLabel("Status")).toHaveValue("tracked");
  const row = activityRow(page, clickId);
  await row.getByRole("link", { name: "Claim missing cashback" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/cashback/claim/${clickId}$`));
  await ready(page);
  await expect(page.getByTestId("claim-click")).toContainText(store.name);

  // An empty form: every field says what it needs.
  await submitForm(page, "Submit claim");
  await expect(page.getByText("Please enter the order number.")).toBeVisible();
  await expect(page.getByText("Please enter the order date.")).toBeVisible();
  await expect(page.getByText("Please enter the order amount.")).toBeVisible();

  // A wrong amount and a date before the visit: the errors, with what was typed kept.
  const orderId = `ORD-${Date.now()}`;
  const typed = { "Order number": orderId, "Order date": "2020-01-01", "Order amount (USD)": "49,99x" };
  await submitForm(page, "Submit claim", typed);
  await expectRefused(page, "Please enter an amount such as 49.99.", typed);
  await submitForm(page, "Submit claim", { "Order amount (USD)": "49.99" });
  await expectRefused(page, "The order date is before your visit to the store.", {
    "Order number": orderId,
    "Order amount (USD)": "49.99",
  });

  // A good claim.
  const orderDate = daysAgo(5);
  await page.getByLabel("Order date").fill(orderDate);
  await page.getByRole("button", { name: "Submit claim" }).click();
  await expect(page).toHaveURL(/\/en\/cashback$/);
  await expect(page.getByText("We received your claim. We will let you know when the store has answered.")).toBeVisible();
  const claim = page.getByTestId("claim").filter({ hasText: orderId });
  await expectTexts(claim, [store.name, "$49.99", "Waiting for the store"]);
  await expect(row.getByTestId("claims-sent")).toHaveText("1 claim sent");

  // The same order again is refused on its field.
  await row.getByRole("link", { name: "Claim missing cashback" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/cashback/claim/${clickId}$`));
  await ready(page);
  await page.getByLabel("Order number").fill(orderId);
  await page.getByLabel("Order date").fill(orderDate);
  await page.getByLabel("Order amount (USD)").fill("49.99");
  await page.getByRole("button", { name: "Submit claim" }).click();
  await expect(page.getByText("You have already claimed this order.")).toBeVisible();

  // Someone else's (or a made-up) visit is not found.
  expect((await page.goto("/en/cashback/claim/no-such-click"))?.status()).toBe(404);
});

test("claims are limited to 10 an hour per member: the next one is refused with the time to wait", async ({ page, member }) => {
  const clickId = await visitStore(member.id, store.slug, { daysAgo: 10 });
  const orderDate = daysAgo(2);
  // Ten claims sent this hour (counted as the claim form counts them).
  for (let i = 1; i <= 10; i++) await claimOrder(member.id, clickId, { orderId: `MANY-${i}`, orderDate, amountCents: 1_000 });

  await visit(page, `/en/cashback/claim/${clickId}`);
  await page.getByLabel("Order number").fill("MANY-11");
  await page.getByLabel("Order date").fill(orderDate);
  await page.getByLabel("Order amount (USD)").fill("10.00");
  await page.getByRole("button", { name: "Submit claim" }).click();
  await expect(page.getByRole("alert")).toHaveText(/^Too many attempts\. Please try again in \d+ minutes\.$/);
  await expect(page.getByLabel("Order number")).toHaveValue("MANY-11");
  await visit(page, "/en/cashback");
  await expect(page.getByTestId("claim")).toHaveCount(10);
});

/**
 * The partner programme without JavaScript: the seeded demo partner sees the businesses they
 * referred, their subscription payments with the commission on each (paid out, on hold, cancelled)
 * and the monthly totals as a server-rendered bar chart; the demo member is refused the page.
 * Both are signed in by a fixture (read only: neither account is changed).
 */
import { expect, test, visit } from "./support/fixtures";

test("a seeded partner sees /en/partner with the chart and the commission rows", async ({ page, demoPartner: _ }) => {
  await visit(page, "/en/dashboard");
  await expect(page.getByRole("link", { name: "Partner", exact: true }).first()).toBeVisible();
  await visit(page, "/en/partner");
  await expect(page.getByRole("heading", { name: "Partner programme", level: 1 })).toBeVisible();
  // The chart is server-rendered SVG with its hidden data table.
  const chart = page.getByTestId("partner-chart");
  await expect(chart.locator("svg").first()).toBeVisible();
  await expect(chart.locator("table")).toHaveCount(1);
  await expect(page.getByTestId("partner-businesses").locator("li")).toHaveCount(5);
  await expect(page.getByTestId("partner-businesses")).toContainText("Brightleaf Studio");
  await expect(page.getByTestId("commission-available")).toHaveCount(3);
  await expect(page.getByTestId("commission-held")).toHaveCount(1);
  await expect(page.getByTestId("commission-cancelled")).toHaveCount(1);
  // $39.80 + $15.80 + $15.80 released; $5.80 on hold.
  await expect(page.getByTestId("partner-totals")).toContainText("$71.40");
  await expect(page.getByTestId("partner-totals")).toContainText("$5.80");
});

test("the partner page is for partners only", async ({ page, demoMember: _ }) => {
  await visit(page, "/en/dashboard");
  await expect(page.getByRole("link", { name: "Partner", exact: true })).toHaveCount(0);
  const response = await visit(page, "/en/partner");
  expect(response?.status()).toBe(403);
});

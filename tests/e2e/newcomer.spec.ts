/**
 * What a newcomer meets first (#24 §5): one overlay at a time on a phone (the consent bar first, the
 * install offer only after real use, never over a money step, gone once dismissed); the charts one
 * tab stop each with arrow keys between points; a new member's first steps; a tip's Apply that hands
 * over its Editor file right there.
 */
import type { Page } from "@playwright/test";
import { savePayoutMethod } from "../../app/wallet/payout-methods.server";
import { axeViolations, describeViolations, showTheme } from "./support/axe";
import { e2eDatabase, expect, signInAs, test, visit } from "./support/fixtures";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** The visits this browser has counted (the install offer's own count, written once it has run on the page). */
async function countedVisits(page: Page, expected: number) {
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("cashwise:visits"))).toBe(String(expected));
}

test.describe("the install offer on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE, isMobile: true });

  test("the consent bar comes first; the offer waits for the third visit, stays off the withdraw page, and once dismissed is gone @js-only", async ({
    page,
    context,
    member,
  }) => {
    const offer = page.getByTestId("install-offer");
    // First visit: only the consent bar.
    await visit(page, "/en");
    await expect(page.getByTestId("consent-banner")).toBeVisible();
    await countedVisits(page, 1);
    await expect(offer).toHaveCount(0);
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    await countedVisits(page, 1);
    await expect(offer).toHaveCount(0);

    // Second visit (another session): still too early.
    const second = await context.newPage();
    await visit(second, "/en/dashboard");
    await countedVisits(second, 2);
    await expect(second.getByTestId("install-offer")).toHaveCount(0);
    await second.close();

    // Third visit: the offer, but never over the consent bar (asked again once its cookie is gone).
    await context.clearCookies();
    await signInAs(context, { id: member.id, role: "user" });
    const third = await context.newPage();
    await visit(third, "/en");
    await countedVisits(third, 3);
    await expect(third.getByTestId("consent-banner")).toBeVisible();
    await expect(third.getByTestId("install-offer")).toHaveCount(0);
    await third.getByRole("button", { name: "Reject all" }).click();
    await expect(third.getByTestId("install-offer")).toBeVisible();

    // Never over the withdrawal (a money step in a dialog); back on the dashboard it is there again.
    await visit(third, "/en/dashboard/withdraw");
    await expect(third.getByRole("dialog")).toBeVisible();
    await expect(third.getByTestId("install-offer")).toHaveCount(0);
    await visit(third, "/en/dashboard");
    await expect(third.getByTestId("install-offer")).toBeVisible();
    // Above the app's bottom tab bar, not over it.
    const card = (await third.getByTestId("install-offer").boundingBox())!;
    const tabs = (await third.getByTestId("bottom-bar").boundingBox())!;
    expect(card.y + card.height).toBeLessThanOrEqual(tabs.y);

    // Dismissed for good: not on this page, not on the next visit.
    await third.getByRole("button", { name: "No thanks" }).click();
    await expect(third.getByTestId("install-offer")).toHaveCount(0);
    const fourth = await context.newPage();
    await visit(fourth, "/en/dashboard");
    await countedVisits(fourth, 4);
    await expect(fourth.getByTestId("install-offer")).toHaveCount(0);
  });
});

test.describe("the balance chart with a keyboard", () => {
  test("one tab stop on the 90-day view, the arrow keys walk its days, and the next Tab reaches Withdraw @js-only", async ({
    page,
    demoMember: _,
  }) => {
    await visit(page, "/en/dashboard?days=90");
    const chart = page.getByRole("figure").filter({ has: page.getByRole("img", { name: "Available balance over the last 90 days" }) });
    const explorer = chart.getByTestId("chart-explorer");
    await expect(explorer).toHaveCount(1);
    // Nothing else in the chart takes focus.
    expect(await chart.locator("button, a, [tabindex]").count()).toBe(1);

    const rows = chart.locator("table tr");
    const rowCount = await rows.count();
    expect(rowCount).toBeGreaterThan(60);
    const day = async (index: number) => {
      const row = rows.nth(index);
      return `${await row.locator("th").textContent()}, ${await row.locator("td").textContent()}`;
    };

    await explorer.focus();
    await expect(explorer).toHaveRole("slider");
    await expect(explorer).toHaveAttribute("aria-valuetext", await day(rowCount - 1));
    await page.keyboard.press("ArrowLeft");
    await expect(explorer).toHaveAttribute("aria-valuetext", await day(rowCount - 2));
    await page.keyboard.press("Home");
    await expect(explorer).toHaveAttribute("aria-valuetext", await day(0));
    await page.keyboard.press("ArrowRight");
    await expect(explorer).toHaveAttribute("aria-valuetext", await day(1));
    await page.keyboard.press("End");
    await expect(explorer).toHaveAttribute("aria-valuetext", await day(rowCount - 1));
    await expect(explorer).toBeFocused();

    // One Tab from the chart to the next control, and one Shift+Tab back.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Withdraw", exact: true })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(explorer).toBeFocused();
  });

  test("the chart and the carousel dots are tap targets of at least 24 × 24 px on a phone @js-only", async ({ page, demoMember: _ }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/en/dashboard");
    const explorer = page.getByTestId("chart-explorer").first();
    const box = (await explorer.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);

    await visit(page, "/en");
    const dots = page.getByTestId("carousel-dot");
    await expect(dots).toHaveCount(5);
    for (const dot of await dots.all()) {
      const size = (await dot.boundingBox())!;
      expect(size.width).toBeGreaterThanOrEqual(24);
      expect(size.height).toBeGreaterThanOrEqual(24);
    }
  });
});

test.describe("a new member's first steps", () => {
  test("the dashboard lists what to do first, each linked to where it is done, ticks a done step, and hides for good @js", async ({
    page,
    member,
  }) => {
    await visit(page, "/en/dashboard");
    const steps = page.getByRole("region", { name: "Your first steps" });
    await expect(steps.getByTestId("first-steps-progress")).toHaveText("0 of 4 done");
    await expect(steps.getByRole("link", { name: "Add a payout method" })).toHaveAttribute("href", "/en/dashboard/withdraw");
    await expect(steps.getByRole("link", { name: "Shop through Cashwise once" })).toHaveAttribute("href", "/en/webshops");
    await expect(steps.getByRole("link", { name: "Invite a friend" })).toHaveAttribute("href", "/en/referrals");
    await expect(steps.getByRole("link", { name: "Try the ad tools" })).toHaveAttribute("href", "/en/ads");

    // Opening the ad tools is trying them; a saved payout method (a withdrawal saves it) ticks its step.
    await steps.getByRole("link", { name: "Try the ad tools" }).click();
    await expect(page).toHaveURL(/\/en\/ads/);
    await savePayoutMethod(e2eDatabase(), member.id, "paypal", member.email);
    await visit(page, "/en/dashboard");
    await expect(steps.getByTestId("first-steps-progress")).toHaveText("2 of 4 done");
    await expect(steps.locator('[data-step="ads"]')).toHaveAttribute("data-done", "true");
    await expect(steps.locator('[data-step="payout"]')).toHaveAttribute("data-done", "true");
    await expect(steps.getByRole("link", { name: "Try the ad tools" })).toHaveCount(0);
    await expect(steps.getByRole("link", { name: "Invite a friend" })).toBeVisible();

    await steps.getByRole("button", { name: "Hide these steps" }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
    await expect(steps).toHaveCount(0);
    await visit(page, "/en/dashboard");
    await expect(steps).toHaveCount(0);
  });
});

test("the new member's dashboard with its first steps passes axe in both themes @js-only", async ({ page, member: _ }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await visit(page, "/en/dashboard");
  await expect(page.getByRole("region", { name: "Your first steps" })).toBeVisible();
  const violations = describeViolations("/en/dashboard (light)", await axeViolations(page));
  await showTheme(page, "dark");
  violations.push(...describeViolations("/en/dashboard (dark)", await axeViolations(page, { rules: ["color-contrast"] })));
  expect(violations).toEqual([]);
});

/**
 * Referrals end to end, without JavaScript: a member's referral link → a friend signs up through
 * it (from another address and browser) → the friend earns confirmed cashback at a sandbox store →
 * both balances show the referral bonus ($10 each by default), and the referrer's list says so.
 */
import { expect, test } from "@playwright/test";
import { SEED_STORES } from "../../db/seed-data/stores";
import { newAdmin, signIn, signUpAndVerify } from "./support/accounts";
import { asNewVisitor } from "./support/visitor";

// Headless Chromium says "HeadlessChrome", which isbot calls a bot (its clicks are never credited).
test.use({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36" });

test("referral link → sign-up → the friend's cashback is confirmed → both balances show the bonus @js", async ({ page, context }) => {
  test.setTimeout(120_000);
  // The referrer.
  await asNewVisitor(page);
  const referrer = await signUpAndVerify(page, "referrer");
  await signIn(page, referrer.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.goto("/en/referrals");
  await expect(page.getByRole("heading", { name: "Referrals", level: 1 })).toBeVisible();
  await expect(page.getByText("No friends yet.")).toBeVisible();
  const link = (await page.getByTestId("referral-link").textContent())!.trim();
  expect(link).toMatch(/\/r\/[a-z0-9]{8}$/);

  // The friend: another browser (no cookies), another address.
  await context.clearCookies();
  await asNewVisitor(page);
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/en\/signup$/);
  const friend = await signUpAndVerify(page, "friend");
  await signIn(page, friend.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);

  // $500 at a store of at least 5 %: at least $25 confirmed cashback, above the $10 to qualify.
  const shop = SEED_STORES.find((candidate) => candidate.cashbackRateBps >= 500) ?? SEED_STORES[0]!;
  await page.goto(`/en/webshops/${shop.slug}`);
  await page.getByTestId("shop-now").click();
  await expect(page).toHaveURL(new RegExp(`/en/sandbox/merchant/${shop.slug}\\?clickref=`));
  const merchant = page.url();
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Order amount (USD)").fill("500");
  await page.getByLabel("Order number").fill(`REF-${Date.now()}`);
  await page.getByRole("button", { name: "Simulate purchase" }).click();
  await expect(page.getByTestId("sandbox-order")).toContainText("Reported: pending");
  await page.goto(merchant, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("sandbox-order")).toContainText("Approved");

  const share = 7_500;
  const commission = Math.round((50_000 * shop.cashbackRateBps) / share);
  const cashback = Math.min(commission, Math.floor((commission * share) / 10_000));
  const withBonus = `$${((cashback + 1_000) / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await page.goto("/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText(withBonus);
  await page.goto("/en/notifications");
  await expect(page.locator("main").getByText("Welcome bonus received").first()).toBeVisible();

  // The referrer has the bonus too, and sees the friend with the bonus paid.
  await context.clearCookies();
  await asNewVisitor(page);
  await signIn(page, referrer.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expect(page.getByTestId("balance")).toHaveText("$10.00");
  await page.goto("/en/referrals");
  await expect(page.getByTestId("friend-paid")).toContainText(friend.name);
  await expect(page.getByTestId("friend-paid")).toContainText("Bonus paid");
  await expect(page.getByTestId("friend-paid")).toContainText("+$10.00");
});

test("a sign-up from the referrer's own address waits for an admin, who approves it", async ({ page, context }) => {
  test.setTimeout(90_000);
  const address = await asNewVisitor(page);
  const referrer = await signUpAndVerify(page, "same-ip");
  await signIn(page, referrer.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.goto("/en/referrals");
  const link = (await page.getByTestId("referral-link").textContent())!.trim();

  // Another browser, the same address.
  await context.clearCookies();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  await page.goto(new URL(link).pathname);
  const friend = await signUpAndVerify(page, "same-ip-friend");

  await context.clearCookies();
  await asNewVisitor(page);
  await signIn(page, referrer.email);
  await page.goto("/en/referrals");
  await expect(page.getByTestId("friend-inReview")).toContainText(friend.name);

  await context.clearCookies();
  await asNewVisitor(page);
  await newAdmin(page);
  await page.goto("/en/admin/referrals");
  const row = page.getByTestId("held-referral").filter({ hasText: friend.email });
  await expect(row).toContainText("Same IP address as the referrer");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Referral approved.")).toBeVisible();
  await expect(page.getByTestId("held-referral").filter({ hasText: friend.email })).toHaveCount(0);
});

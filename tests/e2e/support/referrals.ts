/** Referral helpers for end-to-end tests: the member's link, a friend's own browser, the friend's sign-up through the link, the referrer's list. */
import type { BrowserContext, Page } from "@playwright/test";
import { codeFor, fillSignUp } from "./accounts";
import { expect, PASSWORD, ready, signInAs, visit } from "./fixtures";
import { uniqueAddress } from "./visitor";

/** The member's referral link, as /referrals shows it. */
export async function referralLink(page: Page): Promise<string> {
  await visit(page, "/en/referrals");
  await expect(page.getByRole("heading", { name: "Referrals", level: 1 })).toBeVisible();
  const link = (await page.getByTestId("referral-link").textContent())!.trim();
  expect(link).toMatch(/\/r\/[a-z0-9]{8}$/);
  return link;
}

/** Another browser: no cookies and a client address of its own (returned). */
export async function anotherBrowser(page: Page, address = uniqueAddress()): Promise<string> {
  await page.context().clearCookies();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

/** Signs a friend up on the sign-up page a referral link led to, verified with the code e-mailed after. */
export async function signUpThroughLink(page: Page, friend: { name: string; email: string }): Promise<void> {
  await expect(page).toHaveURL(/\/en\/signup$/);
  await ready(page);
  const before = Date.now();
  await fillSignUp(page, { ...friend, password: PASSWORD, confirm: PASSWORD, terms: true });
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/en\/verify-email$/);
  await ready(page);
  await page.getByLabel("Verification code").fill(await codeFor(friend.email, before));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
}

/** Back in the referrer's browser, their friend `name` on /referrals, listed once as signed up. */
export async function expectSignedUpFriend(page: Page, context: BrowserContext, referrerId: string, name: string): Promise<void> {
  await anotherBrowser(page);
  await signInAs(context, { id: referrerId, role: "user" });
  await visit(page, "/en/referrals");
  const friend = page.getByTestId("friend-signedUp").filter({ hasText: name });
  await expect(friend).toHaveCount(1);
  await expect(friend).toContainText("Signed up");
}

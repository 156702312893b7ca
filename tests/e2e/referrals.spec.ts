/**
 * Referrals end to end: a member's referral link → a friend signs up through it (from another
 * address and browser, through the sign-up pages: that is the subject) → the friend earns
 * confirmed cashback at a sandbox store → both balances show the referral bonus ($10 each by
 * default), and the referrer's list says so. A sign-up from the referrer's own address waits for
 * an admin. The referrer and the admin come from the fixtures' domain functions; the friend's
 * confirmed cashback is the sandbox network's postbacks, ingested as the postback route ingests them.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { createSession } from "../../app/auth/session.server";
import { findUserByEmail } from "../../app/users/users.server";
import { memberCashbackOf } from "../../app/wallet/fee";
import { seedNetworkRateBps } from "../../db/seed-data/store-terms";
import { SEED_STORES } from "../../db/seed-data/stores";
import { PERSON_BROWSER, referralBonusesAfterReturnWindows, reportSale, visitStore } from "./support/cashback";
import { E2E_APP_URL } from "./support/e2e-env";
import { createAccount, e2eDatabase, expect, expectTexts, signInAs, test, turnOnTwoFactor, visit } from "./support/fixtures";
import { anotherBrowser, referralLink, signUpThroughLink } from "./support/referrals";
import { uniqueEmail } from "./support/visitor";

// Browse as a person's browser: Headless Chromium says "HeadlessChrome", which isbot calls a bot (pages are
// rendered whole for bots, and their clicks are never credited; the visits arranged here use the same user agent).
test.use({ userAgent: PERSON_BROWSER });

/** A friend signed up through the referral link the page is at (`signUpThroughLink`): their id, address and name. */
async function signUpFriend(page: Page, prefix: string): Promise<{ id: string; email: string; name: string }> {
  const email = uniqueEmail(prefix);
  const name = `Friend ${prefix} ${Date.now().toString(36)}`;
  await signUpThroughLink(page, { name, email });
  const user = await findUserByEmail(e2eDatabase(), email);
  return { id: user!.id, email, name };
}

test("referral link → sign-up → the friend's cashback is confirmed → both balances show the bonus @js", async ({
  page,
  context,
  member: referrer,
}) => {
  const link = await referralLink(page);
  await expect(page.getByText("No friends yet.")).toBeVisible();

  // The friend: another browser (no cookies), another address.
  await anotherBrowser(page);
  await page.goto(new URL(link).pathname);
  const friend = await signUpFriend(page, "friend");

  // $500 at a store of at least 5 %, reported and approved by the network: at least $25 confirmed
  // cashback, above the $10 to qualify. (The commission is what the sandbox merchant reports.)
  const shop = SEED_STORES.find((candidate) => candidate.cashbackRateBps >= 500) ?? SEED_STORES[0]!;
  const commission = Math.round((50_000 * seedNetworkRateBps(shop)) / 10_000);
  const clickId = await visitStore(friend.id, shop.slug);
  const order = `REF-${Date.now()}`;
  await reportSale(clickId, { transactionId: order, saleCents: 50_000, commissionCents: commission, status: "pending" });
  await reportSale(clickId, { transactionId: order, saleCents: 50_000, commissionCents: commission, status: "approved" });
  // The bonus waits for the store's return window; once it has passed, the hourly job pays it.
  expect(await referralBonusesAfterReturnWindows()).toBeGreaterThanOrEqual(1);

  // The member's 90% of the commission (Cashwise keeps its 10% success fee).
  const cashback = memberCashbackOf(commission);
  const withBonus = `$${((cashback + 1_000) / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await context.clearCookies();
  await signInAs(context, { id: friend.id, role: "user" });
  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText(withBonus);
  await visit(page, "/en/notifications");
  await expect(page.locator("main").getByText("Welcome bonus received").first()).toBeVisible();

  // The referrer has the bonus too, and sees the friend with the bonus paid.
  await anotherBrowser(page);
  await signInAs(context, { id: referrer.id, role: "user" });
  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText("$10.00");
  await visit(page, "/en/referrals");
  await expectTexts(page.getByTestId("friend-paid"), [friend.name, "Bonus paid", "+$10.00"]);
});

/** Signs `userId` in on the context as a sign-in from `address` would (the session remembers the client's address). */
async function signInFrom(context: BrowserContext, userId: string, address: string) {
  const { setCookie } = await createSession(
    e2eDatabase(),
    { id: userId, role: "user" },
    { remember: false, userAgent: PERSON_BROWSER, clientAddress: address },
  );
  const [pair] = setCookie.split(";");
  const separator = pair!.indexOf("=");
  await context.addCookies([
    { name: pair!.slice(0, separator), value: pair!.slice(separator + 1), url: E2E_APP_URL, httpOnly: true, sameSite: "Lax" },
  ]);
}

test("a sign-up from the referrer's own address waits for an admin, who approves it", async ({ page, context, visitor: address }) => {
  // The referrer signed in from this address.
  const referrer = await createAccount("user", "same-ip");
  await signInFrom(context, referrer.id, address);
  const link = await referralLink(page);

  // Another browser, the same address.
  await anotherBrowser(page, address);
  await page.goto(new URL(link).pathname);
  const friend = await signUpFriend(page, "same-ip-friend");

  await anotherBrowser(page);
  await signInAs(context, { id: referrer.id, role: "user" });
  await visit(page, "/en/referrals");
  await expect(page.getByTestId("friend-inReview")).toContainText(friend.name);

  await anotherBrowser(page);
  const admin = await createAccount("admin");
  await turnOnTwoFactor(admin.id);
  await signInAs(context, { id: admin.id, role: "admin" });
  await visit(page, "/en/admin/referrals");
  const row = page.getByTestId("held-referral").filter({ hasText: friend.email });
  await expect(row).toContainText("Same IP address as the referrer");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Referral approved.")).toBeVisible();
  await expect(page.getByTestId("held-referral").filter({ hasText: friend.email })).toHaveCount(0);
});

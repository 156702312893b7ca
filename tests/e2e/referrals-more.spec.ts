/**
 * More of the referral programme and the claims desk end to end, without JavaScript:
 * - an invitation by e-mail carries the member's referral link, the same address is refused a
 *   second time, and the friend who signs up through the e-mailed link is listed as "Signed up";
 * - a friend who opens a referral link and signs up with Google (the e2e server's local OAuth2
 *   provider) is recorded as the referrer's friend;
 * - an admin approves one missing-cashback claim and rejects another with a reason; the member
 *   sees the pending cashback of the first and the reason of the second.
 */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { SEED_STORES } from "../../db/seed-data/stores";
import { PASSWORD, codeFor, fillSignUp, newAdmin, signIn, signUpAndVerify } from "./support/accounts";
import { ageClicks } from "./support/cashback";
import { readMailbox, waitForMail } from "./support/mailbox";
import { OAUTH_USER_FILE } from "./support/paths";
import { asNewVisitor, uniqueEmail } from "./support/visitor";

// Headless Chromium calls itself "HeadlessChrome", a bot whose clicks are never shown: shop as a person's browser.
test.use({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36" });

/** Signs a member up, signs them in and returns their referral link as shown on /referrals. */
async function memberWithLink(page: Page, prefix: string) {
  await asNewVisitor(page);
  const member = await signUpAndVerify(page, prefix);
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.goto("/en/referrals");
  const link = (await page.getByTestId("referral-link").textContent())!.trim();
  expect(link).toMatch(/\/r\/[a-z0-9]{8}$/);
  return { ...member, link };
}

test("an invitation e-mail carries the member's link; the same address is refused again; the friend who signs up is listed", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const member = await memberWithLink(page, "inviter");
  await expect(page.getByText("Up to 20 invitations a day, each address once. 20 left today.")).toBeVisible();

  const friendEmail = uniqueEmail("invited");
  await page.getByLabel("Friend's e-mail address").fill(friendEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page).toHaveURL(/\/en\/referrals$/);
  await expect(page.getByText(`Invitation sent to ${friendEmail}.`)).toBeVisible();
  await expect(page.getByText("Up to 20 invitations a day, each address once. 19 left today.")).toBeVisible();

  const invitation = await waitForMail(friendEmail, (mail) => mail.subject === `${member.name} invites you to Cashwise`);
  expect(invitation.text).toContain(member.link);

  // The same address again (in capitals) is refused on its field, with what was typed kept, and no second e-mail.
  await page.getByLabel("Friend's e-mail address").fill(friendEmail.toUpperCase());
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("You have already invited this address.")).toBeVisible();
  await expect(page.getByLabel("Friend's e-mail address")).toHaveValue(friendEmail.toUpperCase());
  await expect(page.getByText("Up to 20 invitations a day, each address once. 19 left today.")).toBeVisible();
  expect(readMailbox().filter((mail) => mail.to.includes(friendEmail) && mail.subject === invitation.subject)).toHaveLength(1);

  // The friend follows the e-mailed link from their own browser and address, and signs up.
  await context.clearCookies();
  await asNewVisitor(page);
  const emailed = new URL(/https?:\/\/\S+\/r\/[a-z0-9]+/.exec(invitation.text)![0]);
  await page.goto(emailed.pathname);
  await expect(page).toHaveURL(/\/en\/signup$/);
  const friendName = `Ivy Invited ${Date.now().toString(36)}`;
  const before = Date.now();
  await fillSignUp(page, { name: friendName, email: friendEmail, password: PASSWORD, confirm: PASSWORD, terms: true });
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/en\/verify-email$/);
  await page.getByLabel("Verification code").fill(await codeFor(friendEmail, before));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();

  // The member sees the friend as signed up.
  await context.clearCookies();
  await asNewVisitor(page);
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.goto("/en/referrals");
  const friend = page.getByTestId("friend-signedUp").filter({ hasText: friendName });
  await expect(friend).toHaveCount(1);
  await expect(friend).toContainText("Signed up");
  await expect(page.getByText("No friends yet.")).toHaveCount(0);
});

test("a friend who opens the referral link and signs up with Google is recorded as the member's friend", async ({ page, context }) => {
  test.setTimeout(90_000);
  const member = await memberWithLink(page, "social-referrer");
  await expect(page.getByText("No friends yet.")).toBeVisible();

  await context.clearCookies();
  await asNewVisitor(page);
  await page.goto(new URL(member.link).pathname);
  await expect(page).toHaveURL(/\/en\/signup$/);
  const email = uniqueEmail("google-friend");
  const name = `Gina Google ${Date.now().toString(36)}`;
  fs.writeFileSync(OAUTH_USER_FILE, JSON.stringify({ sub: `g-${email}`, email, email_verified: true, name }));
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expect(page.getByRole("heading", { name: `Welcome, ${name}!` })).toBeVisible();

  await context.clearCookies();
  await asNewVisitor(page);
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.goto("/en/referrals");
  const friend = page.getByTestId("friend-signedUp").filter({ hasText: name });
  await expect(friend).toHaveCount(1);
  await expect(friend).toContainText("Signed up");
});

/** The open claim of an order on the admin's queue (oldest first, 20 a page): pages on until it is found. */
async function openClaim(page: Page, orderId: string) {
  for (let n = 1; n <= 50; n++) {
    await page.goto(`/en/admin/claims?status=open${n > 1 ? `&page=${n}` : ""}`);
    const row = page.getByTestId("claim-open").filter({ hasText: `Order ${orderId} ` });
    if ((await row.count()) === 1) return row;
    if ((await page.getByRole("link", { name: "Next" }).count()) === 0) break;
  }
  throw new Error(`The claim for order ${orderId} is not on the open queue`);
}

test("an admin approves one missing-cashback claim and rejects another with a reason; the member sees both outcomes", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const store = SEED_STORES[4]!;
  await asNewVisitor(page);
  const member = await signUpAndVerify(page, "claims-outcome");
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.goto(`/en/webshops/${store.slug}`);
  await page.getByTestId("shop-now").click();
  await expect(page).toHaveURL(new RegExp(`/en/sandbox/merchant/${store.slug}\\?clickref=`));
  const clickId = new URL(page.url()).searchParams.get("clickref")!;
  await ageClicks(member.email, 10);

  // Two orders claimed on the same visit.
  const stamp = Date.now().toString(36).toUpperCase();
  const approved = `APPROVE-${stamp}`;
  const rejected = `REJECT-${stamp}`;
  const orderDate = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
  for (const [orderId, amount] of [
    [approved, "40.00"],
    [rejected, "25.00"],
  ] as const) {
    await page.goto(`/en/cashback/claim/${clickId}`);
    await page.getByLabel("Order number").fill(orderId);
    await page.getByLabel("Order date").fill(orderDate);
    await page.getByLabel("Order amount (USD)").fill(amount);
    await page.getByRole("button", { name: "Submit claim" }).click();
    await expect(page).toHaveURL(/\/en\/cashback$/);
    await expect(page.getByTestId("claim").filter({ hasText: orderId })).toContainText("Waiting for the store");
  }

  // The admin, in another browser.
  await context.clearCookies();
  await asNewVisitor(page);
  await newAdmin(page);

  let row = await openClaim(page, approved);
  await expect(row).toContainText(member.email);
  await expect(row).toContainText("$40.00");
  await row.getByLabel("Network commission (USD)").fill("8.00");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("The claim was approved: the member's cashback is pending.")).toBeVisible();

  // A rejection needs a reason the member will read.
  row = await openClaim(page, rejected);
  await row.getByRole("button", { name: "Reject" }).click();
  row = page.getByTestId("claim-open").filter({ hasText: `Order ${rejected} ` });
  await expect(row.getByText("Enter a reason: the member will see it.")).toBeVisible();
  const reason = `The store has no record of order ${rejected}.`;
  await row.getByLabel("Reason for rejecting").fill(reason);
  await row.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("The claim was rejected and the member told why.")).toBeVisible();

  // Decided claims leave the open queue and are listed under their status.
  await page.goto("/en/admin/claims?status=approved");
  await expect(page.getByTestId("claim-approved").filter({ hasText: `Order ${approved} ` })).toHaveCount(1);
  await page.goto("/en/admin/claims?status=rejected");
  await expect(page.getByTestId("claim-rejected").filter({ hasText: `Order ${rejected} ` })).toContainText(reason);

  // The member: $8.00 commission at the default 75 % share is $6.00 pending cashback, and the reason.
  await context.clearCookies();
  await asNewVisitor(page);
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.goto("/en/cashback");
  await expect(page.getByTestId("claim").filter({ hasText: approved })).toContainText("Approved");
  await expect(page.getByTestId("summary-pending")).toContainText("$6.00");
  const visit = page.locator(`[data-testid="activity-row"][data-click-id="${clickId}"]`);
  await expect(visit.getByTestId("status-badge")).toHaveText("Pending");
  await expect(visit).toContainText("$6.00");
  const refused = page.getByTestId("claim").filter({ hasText: rejected });
  await expect(refused).toContainText("Rejected");
  await expect(refused.getByTestId("claim-reason")).toHaveText(`Reason: ${reason}`);
  await page.goto("/en/notifications");
  await expect(
    page
      .locator("main")
      .getByText(`Your claim for order ${approved} at ${store.name} was approved: $6.00 cashback is pending`, { exact: false }),
  ).toBeVisible();
  await expect(page.locator("main").getByText(`Your claim for order ${rejected} at ${store.name} was rejected: ${reason}`)).toBeVisible();
});

/**
 * More of the referral programme and the claims desk end to end, without JavaScript:
 * - an invitation by e-mail carries the member's referral link, the same address is refused a
 *   second time, and the friend who signs up through the e-mailed link is listed as "Signed up";
 * - a friend who opens a referral link and signs up with Google (the e2e server's local OAuth2
 *   provider) is recorded as the referrer's friend;
 * - an admin approves one missing-cashback claim and rejects another with a reason; the member
 *   sees the pending cashback of the first and the reason of the second.
 * Members and admins come from the fixtures; the friends sign up through the pages (the subject).
 */
import type { Page } from "@playwright/test";
import { SEED_STORES } from "../../db/seed-data/stores";
import { claimOrder, daysAgo, PERSON_BROWSER, visitStore } from "./support/cashback";
import { createAccount, expect, ready, signInAs, test, visit } from "./support/fixtures";
import { readMailbox, waitForMail } from "./support/mailbox";
import { googleWillSay } from "./support/oauth";
import { anotherBrowser, expectSignedUpFriend, referralLink, signUpThroughLink } from "./support/referrals";
import { uniqueEmail } from "./support/visitor";

// Browse as a person's browser: Headless Chromium says "HeadlessChrome", which isbot calls a bot (pages are
// rendered whole for bots, and their clicks are never credited; the visits arranged here use the same user agent).
test.use({ userAgent: PERSON_BROWSER });

test("an invitation e-mail carries the member's link; the same address is refused again; the friend who signs up is listed", async ({
  page,
  context,
  member,
}) => {
  const link = await referralLink(page);
  await expect(page.getByText("Up to 20 invitations a day, each address once. 20 left today.")).toBeVisible();

  const friendEmail = uniqueEmail("invited");
  await page.getByLabel("Friend's e-mail address").fill(friendEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page).toHaveURL(/\/en\/referrals$/);
  await expect(page.getByText(`Invitation sent to ${friendEmail}.`)).toBeVisible();
  await expect(page.getByText("Up to 20 invitations a day, each address once. 19 left today.")).toBeVisible();

  const invitation = await waitForMail(friendEmail, (mail) => mail.subject === `${member.name} invites you to Cashwise`);
  expect(invitation.text).toContain(link);

  // The same address again (in capitals) is refused on its field, with what was typed kept, and no second e-mail.
  await page.getByLabel("Friend's e-mail address").fill(friendEmail.toUpperCase());
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("You have already invited this address.")).toBeVisible();
  await expect(page.getByLabel("Friend's e-mail address")).toHaveValue(friendEmail.toUpperCase());
  await expect(page.getByText("Up to 20 invitations a day, each address once. 19 left today.")).toBeVisible();
  expect(readMailbox().filter((mail) => mail.to.includes(friendEmail) && mail.subject === invitation.subject)).toHaveLength(1);

  // The friend follows the e-mailed link from their own browser and address, and signs up.
  await anotherBrowser(page);
  const emailed = new URL(/https?:\/\/\S+\/r\/[a-z0-9]+/.exec(invitation.text)![0]);
  await page.goto(emailed.pathname);
  const friendName = `Ivy Invited ${Date.now().toString(36)}`;
  await signUpThroughLink(page, { name: friendName, email: friendEmail });

  // The member sees the friend as signed up.
  await expectSignedUpFriend(page, context, member.id, friendName);
  await expect(page.getByText("No friends yet.")).toHaveCount(0);
});

test("a friend who opens the referral link and signs up with Google is recorded as the member's friend", async ({
  page,
  context,
  member,
}) => {
  const link = await referralLink(page);
  await expect(page.getByText("No friends yet.")).toBeVisible();

  const friendsBrowser = await anotherBrowser(page);
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/en\/signup$/);
  await ready(page);
  const email = uniqueEmail("google-friend");
  const name = `Gina Google ${Date.now().toString(36)}`;
  googleWillSay(friendsBrowser, { sub: `g-${email}`, email, email_verified: true, name });
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expect(page.getByRole("heading", { name: `Welcome, ${name}!` })).toBeVisible();

  await expectSignedUpFriend(page, context, member.id, name);
});

/** The open claim of an order on the admin's queue (oldest first, 20 a page): pages on until it is found. */
async function openClaim(page: Page, orderId: string) {
  for (let n = 1; n <= 50; n++) {
    await visit(page, `/en/admin/claims?status=open${n > 1 ? `&page=${n}` : ""}`);
    const row = page.getByTestId("claim-open").filter({ hasText: `Order ${orderId} ` });
    if ((await row.count()) === 1) return row;
    if ((await page.getByRole("link", { name: "Next" }).count()) === 0) break;
  }
  throw new Error(`The claim for order ${orderId} is not on the open queue`);
}

test("an admin approves one missing-cashback claim and rejects another with a reason; the member sees both outcomes", async ({
  page,
  context,
  admin: _,
}) => {
  // A member who visited a store 10 days ago and claimed two orders of that visit.
  const store = SEED_STORES[4]!;
  const member = await createAccount("user", "claims-outcome");
  const clickId = await visitStore(member.id, store.slug, { daysAgo: 10 });
  const stamp = Date.now().toString(36).toUpperCase();
  const approved = `APPROVE-${stamp}`;
  const rejected = `REJECT-${stamp}`;
  await claimOrder(member.id, clickId, { orderId: approved, orderDate: daysAgo(5), amountCents: 4_000 });
  await claimOrder(member.id, clickId, { orderId: rejected, orderDate: daysAgo(5), amountCents: 2_500 });

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
  await visit(page, "/en/admin/claims?status=approved");
  await expect(page.getByTestId("claim-approved").filter({ hasText: `Order ${approved} ` })).toHaveCount(1);
  await visit(page, "/en/admin/claims?status=rejected");
  await expect(page.getByTestId("claim-rejected").filter({ hasText: `Order ${rejected} ` })).toContainText(reason);

  // The member: 90% of the $8.00 commission is $7.20 pending cashback, and the reason.
  await anotherBrowser(page);
  await signInAs(context, { id: member.id, role: "user" });
  await visit(page, "/en/cashback");
  await expect(page.getByTestId("claim").filter({ hasText: approved })).toContainText("Approved");
  await expect(page.getByTestId("summary-pending")).toContainText("$7.20");
  const visitRow = page.locator(`[data-testid="activity-row"][data-click-id="${clickId}"]`);
  await expect(visitRow.getByTestId("status-badge")).toHaveText("Pending");
  await expect(visitRow).toContainText("$7.20");
  const refused = page.getByTestId("claim").filter({ hasText: rejected });
  await expect(refused).toContainText("Rejected");
  await expect(refused.getByTestId("claim-reason")).toHaveText(`Reason: ${reason}`);
  await visit(page, "/en/notifications");
  await expect(
    page
      .locator("main")
      .getByText(`Your claim for order ${approved} at ${store.name} was approved: $7.20 cashback is pending`, { exact: false }),
  ).toBeVisible();
  await expect(page.locator("main").getByText(`Your claim for order ${rejected} at ${store.name} was rejected: ${reason}`)).toBeVisible();
});

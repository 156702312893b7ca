/**
 * The signed-in area without JavaScript: settings that persist (dark mode, language, notification
 * preferences, password, two-factor authentication), the notification bell and list, the profile
 * menu, the profile (figures, picture, e-mail address). Each test's member is a fresh account
 * signed in by a fixture; only the profile's figures are read from the seeded demo member.
 */
import fs from "node:fs";
import { ageReauthentication, signIn, totpCode } from "./support/accounts";
import { expect, javaScriptEnabled, PASSWORD, ready, signInAs, test, topUp, TotpClock, visit } from "./support/fixtures";
import { waitForMail } from "./support/mailbox";
import { uniqueAddress } from "./support/visitor";
import { expectRefused, submitForm } from "./support/forms";

test("settings persist: dark mode, notification preferences, language @js", async ({ page, member: _ }) => {
  await visit(page, "/en/settings");
  await page.getByRole("radio", { name: "Dark" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(page.getByText("Your settings have been saved.")).toBeVisible();
  await page.reload();
  await ready(page);
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  // "System" follows the device: dark on a dark device, light on a light one.
  await page.getByRole("radio", { name: "System (follows your device)" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(page.getByText("Your settings have been saved.")).toBeVisible();
  await expect(page.locator("html")).toHaveClass("system");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(2, 6, 23)");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");

  const sms = page.getByRole("checkbox", { name: "SMS notifications" });
  await expect(sms).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Email notifications" })).toBeChecked();
  await sms.check();
  await page.getByRole("checkbox", { name: "Cashback alerts" }).uncheck();
  // The theme's "saved" notice is still on the page: wait for this save's own answer, then for the
  // page to settle (a reload sooner would abandon the save).
  await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/en/settings"),
    ),
    page.getByRole("button", { name: "Save preferences" }).click(),
  ]);
  await expect(page.locator("html")).not.toHaveAttribute("aria-busy", "true");
  await expect(page.getByText("Your settings have been saved.")).toBeVisible();
  await page.reload();
  await ready(page);
  await expect(page.getByRole("checkbox", { name: "SMS notifications" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Cashback alerts" })).not.toBeChecked();

  await page.getByLabel("Language of the site and of your emails").selectOption("de");
  await page.getByRole("button", { name: "Save", exact: true }).nth(1).click();
  await expect(page).toHaveURL(/\/de\/settings$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await visit(page, "/settings");
  await expect(page).toHaveURL(/\/de\/settings$/);
});

test("a password change checks the current password and ends another browser's session", async ({ page, browser, member }) => {
  // The same member signed in on another browser: a session of its own.
  const other = await browser.newContext({
    javaScriptEnabled: javaScriptEnabled(),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() },
  });
  await signInAs(other, { id: member.id, role: "user" });
  const otherPage = await other.newPage();
  await visit(otherPage, "/en/dashboard");
  await expect(otherPage).toHaveURL(/\/en\/dashboard$/);

  await visit(page, "/en/settings");
  await page.getByLabel("Current password").fill("Wrong-pass-0!");
  await page.getByLabel("New password", { exact: true }).fill("Brand-new-9!");
  await page.getByLabel("Confirm new password").fill("Brand-new-9!");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("The current password is not correct.")).toBeVisible();

  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("Brand-new-9!");
  await page.getByLabel("Confirm new password").fill("Brand-new-8!");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("Brand-new-9!");
  await page.getByLabel("Confirm new password").fill("Brand-new-9!");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Your password has been changed. Your other devices were signed out.")).toBeVisible();
  await waitForMail(member.email, (m) => m.subject === "Your password was changed");

  await visit(otherPage, "/en/dashboard");
  await expect(otherPage).toHaveURL(/\/en\/signin\?redirectTo=/);
  await other.close();
  // This browser stays signed in.
  await visit(page, "/en/dashboard");
  await expect(page).toHaveURL(/\/en\/dashboard$/);
});

test("the bell counts real events; notifications are marked read one by one or all at once", async ({ page, member }) => {
  // A paid top-up (its webhook event, through the domain), then a withdrawal the member asks for.
  await topUp(member.id, 2_500);
  await visit(page, "/en/dashboard/withdraw");
  await page.getByLabel("Amount", { exact: true }).fill("10");
  await page.getByLabel("PayPal email address").fill("me@example.com");
  await page.getByRole("button", { name: "Withdraw Funds" }).click();
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);

  await expect(page.getByTestId("unread-count")).toHaveText("2");
  await page.getByTestId("notification-bell").locator("summary").click();
  await expect(page.getByTestId("notification-bell")).toContainText("Money added to your wallet");
  await expect(page.getByTestId("notification-bell")).toContainText("Your top-up of $25.00 is in your balance.");

  await visit(page, "/en/notifications");
  await expect(page.getByTestId("notification-unread")).toHaveCount(2);
  await page.getByTestId("notification-unread").first().getByRole("button", { name: "Mark as read" }).click();
  await expect(page.getByTestId("notification-unread")).toHaveCount(1);
  await expect(page.getByTestId("unread-count")).toHaveText("1");
  await page.getByRole("button", { name: "Mark all as read" }).first().click();
  await expect(page.getByTestId("notification-unread")).toHaveCount(0);
  await expect(page.getByTestId("unread-count")).toHaveCount(0);
});

test("the profile menu opens without JavaScript and shows the real name and e-mail", async ({ page, member }) => {
  await visit(page, "/en/dashboard");
  const menu = page.getByTestId("profile-menu");
  await menu.locator("summary").click();
  await expect(menu.getByTestId("signed-in-as")).toContainText(member.name);
  await expect(menu.getByTestId("signed-in-as")).toContainText(member.email);
  await menu.getByRole("link", { name: "My Profile" }).click();
  await expect(page).toHaveURL(/\/en\/profile$/);
});

test("two-factor authentication: turn on with a code, sign in with a code, turn off with a code", async ({ page, context, member }) => {
  await visit(page, "/en/settings");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  // A wrong code: none of the codes the server would accept now.
  const accepted = await Promise.all([-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset)));
  const wrongCode = ["000000", "111111", "222222", "333333"].find((code) => !accepted.includes(code))!;
  await page.getByLabel("Code from your app", { exact: true }).fill(wrongCode);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("That code is not correct.")).toBeVisible();
  const app = new TotpClock(secret);
  const enableCode = app.next();
  await page.getByLabel("Code from your app", { exact: true }).fill(enableCode);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("two-factor-active")).toHaveText("2FA is active");

  await context.clearCookies();
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/signin\/two-factor$/);
  // The code that turned 2FA on is spent: it does not sign in.
  await page.getByLabel("Authentication code").fill(enableCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not correct. Please try again.")).toBeVisible();
  await page.getByLabel("Authentication code").fill(app.next());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);

  await visit(page, "/en/settings");
  await page.getByLabel("Code from your app, to turn it off").fill(app.next());
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Two-factor authentication is off.")).toBeVisible();
  await context.clearCookies();
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
});

test("with JavaScript: logout asks in a dialog, the top bar blurs after 20 px, the phone tab bar has 4 items @js-only", async ({
  page,
  member: _,
}) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await visit(page, "/en/transactions");
  const tabs = page.getByTestId("bottom-bar").getByRole("link");
  await expect(tabs).toHaveCount(4);
  await expect(page.getByTestId("bottom-bar")).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 500 });
  await visit(page, "/en/settings");
  await expect(page.locator("header[data-scrolled]")).toHaveCount(0);
  await page.mouse.wheel(0, 400);
  await expect(page.locator('header[data-scrolled="true"]')).toHaveCount(1);

  await page.getByTestId("profile-menu").locator("summary").click();
  await page.getByTestId("profile-menu").getByRole("link", { name: "Logout" }).click();
  const dialog = page.getByRole("dialog", { name: "Log out?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/en\/settings$/);
  await page.getByTestId("profile-menu").getByRole("link", { name: "Logout" }).click();
  await page.getByRole("dialog", { name: "Log out?" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/en\/signin$/);
  await visit(page, "/en/dashboard");
  await expect(page).toHaveURL(/\/en\/signin\?redirectTo=/);
});

test("the profile's figures come from the ledger, with the verified badge and the achievements", async ({ page, demoMember: _ }) => {
  await visit(page, "/en/profile");
  // Earned: completed cashback ($356.78) and the referral bonus ($10.00, the programme's amount).
  await expect(page.getByTestId("profile-earned")).toContainText("$366.78");
  await expect(page.getByTestId("profile-level")).toContainText("Silver");
  await expect(page.getByTestId("verified-badge")).toContainText("Email verified");
  await expect(page.getByTestId("achievement-firstPurchase")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("achievement-earned1000")).toHaveAttribute("data-done", "false");
});

test("the profile's Edit/Save: a bad phone is refused, keeping the other values; a good one saves", async ({ page, member: _ }) => {
  await visit(page, "/en/profile");
  await page.getByRole("link", { name: "Edit" }).click();
  await submitForm(page, "Save", { "Full name": "Alex M. Morgan", "Phone number": "123", Location: "Utrecht" });
  await expectRefused(page, "Please enter a valid phone number", { "Full name": "Alex M. Morgan", Location: "Utrecht" });
  await submitForm(page, "Save", { "Phone number": "+31 6 12345678" });
  await expect(page.getByText("Your profile has been saved.")).toBeVisible();
  await visit(page, "/en/profile");
  await expect(page.getByTestId("personal-info")).toContainText("Alex M. Morgan");
  await expect(page.getByTestId("personal-info")).toContainText("Utrecht");
});

test("a profile picture: PNG up to 1 MB recognised by its content; other files refused", async ({ page, member: _ }) => {
  await visit(page, "/en/profile");
  await expect(page.getByTestId("avatar-initial")).toBeVisible();
  const png = fs.readFileSync("public/icons/icon-192.png");
  await page.locator('input[name="avatar"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Your profile picture has been saved.")).toBeVisible();
  await expect(page.getByTestId("avatar-image")).toBeVisible();
  const served = await page.request.get("/en/profile/avatar");
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(Buffer.compare(await served.body(), png)).toBe(0);

  // A text file named like a picture is refused by its content.
  await page
    .locator('input[name="avatar"]')
    .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("That file is not a PNG, JPEG or WebP picture.")).toBeVisible();
  // More than 1 MB is refused.
  const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(1_100_000)]);
  await page.locator('input[name="avatar"]').setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("That file is larger than 1 MB. Please choose a smaller picture.")).toBeVisible();

  await page.getByRole("button", { name: "Remove picture" }).click();
  await expect(page.getByTestId("avatar-initial")).toBeVisible();
});

test("changing the e-mail address is confirmed by a code sent to the new address", async ({ page, context, member }) => {
  const next = member.email.replace("@", ".new@");
  await visit(page, "/en/profile");
  await submitForm(page, "Send code", { "New email address": "not-an-email" });
  await expectRefused(page, "Please enter a valid email address.", { "New email address": "not-an-email" });

  await submitForm(page, "Send code", { "New email address": next });
  await expect(page.getByText("If that address can be used, we sent a 6-digit code to it.")).toBeVisible();
  const mail = await waitForMail(next, (m) => m.subject === "Confirm your new Cashwise email address");
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  await page.getByLabel(`Code sent to ${next}`).fill(code);
  await page.getByRole("button", { name: "Confirm new address" }).click();
  await expect(page.getByText("Your email address has been changed.")).toBeVisible();
  await waitForMail(member.email, (m) => m.subject === "Your Cashwise email address was changed");

  await context.clearCookies();
  await signIn(page, next);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
});

test("a sensitive change after more than 10 minutes asks who you are first, then goes on", async ({ page, member }) => {
  // The server's clock cannot be moved: the session's proof of identity is aged in the database.
  await ageReauthentication(member.email);

  await visit(page, "/en/profile");
  await page.getByLabel("New email address").fill(member.email.replace("@", ".next@"));
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/en\/reauthenticate\?redirectTo=%2Fen%2Fprofile$/);
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("Not-my-pass-1!");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("That password is not correct.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/en\/profile$/);
  await page.getByLabel("New email address").fill(member.email.replace("@", ".next@"));
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("If that address can be used, we sent a 6-digit code to it.")).toBeVisible();
});

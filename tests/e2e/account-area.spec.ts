/**
 * The signed-in area without JavaScript: settings that persist (dark mode, language, notification
 * preferences, password), the notification bell and list, the profile menu.
 */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { ageReauthentication, PASSWORD, signIn, signUpAndVerify } from "./support/accounts";
import { waitForMail } from "./support/mailbox";
import { asNewVisitor } from "./support/visitor";

test.beforeEach(async ({ page }) => {
  await asNewVisitor(page);
});

async function member(page: import("@playwright/test").Page) {
  const account = await signUpAndVerify(page, "area");
  await signIn(page, account.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  return account;
}

test("settings persist: dark mode, notification preferences, language @js", async ({ page }) => {
  await member(page);
  await page.goto("/en/settings");
  await page.getByRole("radio", { name: "Dark" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(page.getByText("Your settings have been saved.")).toBeVisible();
  await page.reload();
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
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Your settings have been saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "SMS notifications" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Cashback alerts" })).not.toBeChecked();

  await page.getByLabel("Language of the site and of your emails").selectOption("de");
  await page.getByRole("button", { name: "Save", exact: true }).nth(1).click();
  await expect(page).toHaveURL(/\/de\/settings$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/de\/settings$/);
});

test("a password change checks the current password and ends another browser's session", async ({ page, browser }) => {
  const { email } = await member(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.setExtraHTTPHeaders({ "X-Forwarded-For": "198.18.252.9" });
  await signIn(otherPage, email);
  await expect(otherPage).toHaveURL(/\/en\/dashboard$/);

  await page.goto("/en/settings");
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
  await waitForMail(email, (m) => m.subject === "Your password was changed");

  await otherPage.goto("/en/dashboard");
  await expect(otherPage).toHaveURL(/\/en\/signin\?redirectTo=/);
  await other.close();
  // This browser stays signed in.
  await page.goto("/en/dashboard");
  await expect(page).toHaveURL(/\/en\/dashboard$/);
});

test("the bell counts real events; notifications are marked read one by one or all at once", async ({ page }) => {
  await member(page);
  await page.goto("/en/dashboard/add-money");
  await page.getByRole("button", { name: "$25.00", exact: true }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.goto("/en/dashboard/withdraw");
  await page.getByLabel("Amount", { exact: true }).fill("10");
  await page.getByLabel("PayPal email address").fill("me@example.com");
  await page.getByRole("button", { name: "Withdraw Funds" }).click();
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);

  await expect(page.getByTestId("unread-count")).toHaveText("2");
  await page.getByTestId("notification-bell").locator("summary").click();
  await expect(page.getByTestId("notification-bell")).toContainText("Money added to your wallet");
  await expect(page.getByTestId("notification-bell")).toContainText("Your top-up of $25.00 is in your balance.");

  await page.goto("/en/notifications");
  await expect(page.getByTestId("notification-unread")).toHaveCount(2);
  await page.getByTestId("notification-unread").first().getByRole("button", { name: "Mark as read" }).click();
  await expect(page.getByTestId("notification-unread")).toHaveCount(1);
  await expect(page.getByTestId("unread-count")).toHaveText("1");
  await page.getByRole("button", { name: "Mark all as read" }).first().click();
  await expect(page.getByTestId("notification-unread")).toHaveCount(0);
  await expect(page.getByTestId("unread-count")).toHaveCount(0);
});

test("the profile menu opens without JavaScript and shows the real name and e-mail", async ({ page }) => {
  const { email, name } = await member(page);
  const menu = page.getByTestId("profile-menu");
  await menu.locator("summary").click();
  await expect(menu.getByTestId("signed-in-as")).toContainText(name);
  await expect(menu.getByTestId("signed-in-as")).toContainText(email);
  await menu.getByRole("link", { name: "My Profile" }).click();
  await expect(page).toHaveURL(/\/en\/profile$/);
});

test("two-factor authentication: turn on with a code, sign in with a code, turn off with a code", async ({ page, context }) => {
  test.setTimeout(90_000);
  const { email } = await member(page);
  const { TOTP, Secret } = await import("otpauth");
  // Each code is good once (its time step is remembered): every use takes the next step's code,
  // waiting for the clock when that step is more than one ahead (one step of drift is allowed).
  let lastStep = Math.floor(Date.now() / 30_000) - 1;
  const codeFor = async (secret: string) => {
    const step = lastStep + 1;
    const wait = (step - 1) * 30_000 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait + 500);
    lastStep = step;
    return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: step * 30_000 + 1_000 });
  };
  const wrongCode = (right: string) => (right === "000000" ? "111111" : "000000");

  await page.goto("/en/settings");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const enableCode = await codeFor(secret);
  await page.getByLabel("Code from your app", { exact: true }).fill(wrongCode(enableCode));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("That code is not correct.")).toBeVisible();
  await page.getByLabel("Code from your app", { exact: true }).fill(enableCode);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("two-factor-active")).toHaveText("2FA is active");

  await context.clearCookies();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/en\/signin\/two-factor$/);
  // The code that turned 2FA on is spent: it does not sign in.
  await page.getByLabel("Authentication code").fill(enableCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not correct. Please try again.")).toBeVisible();
  await page.getByLabel("Authentication code").fill(await codeFor(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);

  await page.goto("/en/settings");
  await page.getByLabel("Code from your app, to turn it off").fill(await codeFor(secret));
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Two-factor authentication is off.")).toBeVisible();
  await context.clearCookies();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
});

test("with JavaScript: logout asks in a dialog, the top bar blurs after 20 px, the phone tab bar has 4 items @js-only", async ({
  page,
}) => {
  await member(page);
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto("/en/transactions", { waitUntil: "networkidle" });
  const tabs = page.getByTestId("bottom-bar").getByRole("link");
  await expect(tabs).toHaveCount(4);
  await expect(page.getByTestId("bottom-bar")).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/en/settings", { waitUntil: "networkidle" });
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
  await page.goto("/en/dashboard");
  await expect(page).toHaveURL(/\/en\/signin\?redirectTo=/);
});

test("the profile: figures from the ledger, the verified badge, Edit/Save with a bad phone keeping the other values", async ({ page }) => {
  await signIn(page, "demo@cashwise.test", "Demo-pass-1!");
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.goto("/en/profile");
  // Earned: completed cashback ($356.78) and the referral bonus ($25.00).
  await expect(page.getByTestId("profile-earned")).toContainText("$381.78");
  await expect(page.getByTestId("profile-level")).toContainText("Silver");
  await expect(page.getByTestId("verified-badge")).toContainText("Email verified");
  await expect(page.getByTestId("achievement-firstPurchase")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("achievement-earned1000")).toHaveAttribute("data-done", "false");

  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Full name").fill("Alex M. Morgan");
  await page.getByLabel("Phone number").fill("123");
  await page.getByLabel("Location").fill("Utrecht");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Alex M. Morgan");
  await expect(page.getByLabel("Location")).toHaveValue("Utrecht");
  await page.getByLabel("Phone number").fill("+31 6 12345678");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your profile has been saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("personal-info")).toContainText("Alex M. Morgan");
  await expect(page.getByTestId("personal-info")).toContainText("Utrecht");
  // Put the demo name back for the other tests.
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Full name").fill("Alex Morgan");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your profile has been saved.")).toBeVisible();
});

test("a profile picture: PNG up to 1 MB recognised by its content; other files refused", async ({ page }) => {
  await member(page);
  await page.goto("/en/profile");
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

test("changing the e-mail address is confirmed by a code sent to the new address", async ({ page, context }) => {
  const { email } = await member(page);
  const next = email.replace("@", ".new@");
  await page.goto("/en/profile");
  await page.getByLabel("New email address").fill("not-an-email");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByLabel("New email address")).toHaveValue("not-an-email");

  await page.getByLabel("New email address").fill(next);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("If that address can be used, we sent a 6-digit code to it.")).toBeVisible();
  const mail = await waitForMail(next, (m) => m.subject === "Confirm your new Cashwise email address");
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  await page.getByLabel(`Code sent to ${next}`).fill(code);
  await page.getByRole("button", { name: "Confirm new address" }).click();
  await expect(page.getByText("Your email address has been changed.")).toBeVisible();
  await waitForMail(email, (m) => m.subject === "Your Cashwise email address was changed");

  await context.clearCookies();
  await signIn(page, next);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
});

test("a sensitive change after more than 10 minutes asks who you are first, then goes on", async ({ page }) => {
  const { email } = await member(page);
  await ageReauthentication(email);

  await page.goto("/en/profile");
  await page.getByLabel("New email address").fill(email.replace("@", ".next@"));
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/en\/reauthenticate\?redirectTo=%2Fen%2Fprofile$/);
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("Not-my-pass-1!");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("That password is not correct.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/en\/profile$/);
  await page.getByLabel("New email address").fill(email.replace("@", ".next@"));
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("If that address can be used, we sent a 6-digit code to it.")).toBeVisible();
});

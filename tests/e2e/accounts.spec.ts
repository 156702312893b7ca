/**
 * Accounts end to end, without JavaScript unless tagged: sign-up, e-mailed codes, sign-in,
 * sessions and logout, password reset, the unlock link, admin sign-in. Codes and links are read
 * from the test SMTP receiver. Sign-up and sign-in go through their forms here, because they are
 * what is tested; anything else a test needs (an account, a signed-in browser, a spent throttle) is
 * arranged through our domain functions. The forms' rules (every message, the throttles, redirectTo,
 * the guards) are route tests in tests/db/account-rules.test.ts; each keeps one journey here that
 * shows it on the page.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { createPasswordReset } from "../../app/auth/password-reset.server";
import { consumeRateLimit } from "../../app/security/rate-limit.server";
import { createUser } from "../../app/users/users.server";
import { codeFor, fillSignUp, totpCode } from "./support/accounts";
import { E2E_SESSION_SECRET } from "./support/e2e-env";
import { createAccount, e2eDatabase, expect, javaScriptEnabled, PASSWORD, ready, signInAs, test, visit } from "./support/fixtures";
import { waitForMail } from "./support/mailbox";
import { DATABASE_URL_FILE } from "./support/paths";
import { uniqueAddress, uniqueEmail } from "./support/visitor";

const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes\.$/;
const GENERIC = "The email address or password is not correct.";

async function signUpThroughForm(page: Page, values: { name: string; email: string }, path = "/en/signup") {
  await visit(page, path);
  await fillSignUp(page, { ...values, password: PASSWORD, confirm: PASSWORD, terms: true });
  await page.getByRole("button", { name: "Create account" }).click();
}

async function signInThroughForm(page: Page, email: string, password = PASSWORD, options: { rememberMe?: boolean; path?: string } = {}) {
  await visit(page, options.path ?? "/en/signin");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (options.rememberMe) await page.getByRole("checkbox", { name: "Remember me" }).check();
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Ten wrong passwords from strangers elsewhere, counted as the sign-in action counts them (account-rules.test.ts posts them). */
async function spendSignInThrottle(email: string) {
  for (let i = 0; i < 10; i++) await consumeRateLimit(e2eDatabase(), "signInAccount", email.toLowerCase());
}

test.describe("sign-up and verification", () => {
  test("a new visitor signs up, verifies, signs in, logs out, and the old cookie opens nothing @js", async ({
    page,
    context,
    visitor: _,
  }) => {
    // With JavaScript the success view moves on by itself after 2 s: that time is the test's to give.
    if (javaScriptEnabled()) await page.clock.install();
    const email = uniqueEmail("journey");
    const name = "Member journey";
    await signUpThroughForm(page, { name, email });
    await expect(page).toHaveURL(/\/en\/verify-email$/);
    await page.getByLabel("Verification code").fill(await codeFor(email));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
    if (javaScriptEnabled()) await page.clock.runFor(2_000);
    else await page.getByRole("link", { name: "Go to sign in" }).click();
    await expect(page).toHaveURL(/\/en\/signin\?verified=1$/);
    await expect(page.getByText("Your email address is verified. Sign in to continue.")).toBeVisible();
    await ready(page);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await expect(page.getByRole("heading", { name: `Welcome, ${name}!` })).toBeVisible();
    await expect(page.getByTestId("signed-in-as")).toContainText(email);

    const session = (await context.cookies()).find((c) => c.name === "__session")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", expires: -1 });

    await ready(page);
    await page.getByTestId("profile-menu").locator("summary").click();
    await page.getByRole("link", { name: "Logout" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/en\/signin$/);
    await expect(page.getByText("You have been signed out.")).toBeVisible();

    // The cookie from before the logout no longer opens the dashboard.
    await context.addCookies([session]);
    await page.goto("/en/dashboard");
    await expect(page).toHaveURL(/\/en\/signin\?redirectTo=%2Fen%2Fdashboard$/);
  });

  test("the sign-up page shows its messages next to the fields and gives back what was typed, never the passwords", async ({
    page,
    visitor: _,
  }) => {
    await visit(page, "/en/signup");
    await fillSignUp(page, { name: "Ada", email: "ada@", password: "short", confirm: "other" });
    await page.getByRole("button", { name: "Create account" }).click();
    for (const message of [
      "Please enter a valid email address.",
      "Password must be at least 8 characters long",
      "Passwords do not match",
      "You must agree to the Terms and Privacy Policy",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Full name")).toHaveValue("Ada");
    await expect(page.getByLabel("Email address")).toHaveValue("ada@");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Confirm password")).toHaveValue("");
  });

  test("signing up with a taken address reveals nothing; the owner gets an e-mail", async ({ page, visitor: _ }) => {
    const { email } = await createAccount("user", "taken");
    await signUpThroughForm(page, { name: "Someone Else", email: email.toUpperCase() });
    await expect(page).toHaveURL(/\/en\/verify-email$/);
    await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
    const mail = await waitForMail(email, (m) => m.subject === "Someone tried to sign up with your email address");
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
  });

  test("partner sign-up asks for phone and plan, and makes a partner", async ({ page, visitor: _ }) => {
    const email = uniqueEmail("partner");
    await visit(page, "/en/signup/partner");
    await fillSignUp(page, { name: "Pia Partner", email, password: PASSWORD, confirm: PASSWORD, terms: true });
    await page.getByLabel("Phone number").fill("12");
    await page.getByRole("button", { name: "Create partner account" }).click();
    await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
    await expect(page.getByText("Please choose a partner plan")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Pia Partner");
    await page.getByLabel("Phone number").fill("+31 6 12345678");
    await page.getByLabel("Partner plan").selectOption("partner-pro");
    await fillSignUp(page, { password: PASSWORD, confirm: PASSWORD });
    await page.getByRole("button", { name: "Create partner account" }).click();
    await expect(page).toHaveURL(/\/en\/verify-email$/);
    await page.getByLabel("Verification code").fill(await codeFor(email));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
    await signInThroughForm(page, email);
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  });

  test("the code page shows a wrong code's message, and a resend replaces the code", async ({ page, visitor: _ }) => {
    const email = uniqueEmail("codes");
    await signUpThroughForm(page, { name: "Cody", email });
    await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
    const first = await codeFor(email);
    const wrong = first === "000000" ? "111111" : "000000";
    await page.getByLabel("Verification code").fill(wrong);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Failed to verify code. Please check your code and try again.")).toBeVisible();

    const before = Date.now();
    await page.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByText("A new code is on its way.")).toBeVisible();
    const second = await codeFor(email, before);
    if (second !== first) {
      await page.getByLabel("Verification code").fill(first);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("Failed to verify code.")).toBeVisible();
    }
    await page.getByLabel("Verification code").fill(second);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
  });

  test("with JavaScript the code input keeps only 6 digits and success moves on to sign-in @js-only", async ({ page, visitor: _ }) => {
    await page.clock.install();
    const email = uniqueEmail("jscode");
    await signUpThroughForm(page, { name: "Jo", email });
    await expect(page).toHaveURL(/\/en\/verify-email$/);
    await ready(page);
    const code = await codeFor(email);
    const input = page.getByLabel("Verification code");
    await input.pressSequentially(`${code.slice(0, 3)}-ab ${code.slice(3)}99`);
    await expect(input).toHaveValue(code);
    // Time stands still until the test moves it.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/verify-email$/);
    // Two seconds later it moves on to sign-in.
    await page.clock.runFor(2_000);
    await expect(page).toHaveURL(/\/en\/signin\?verified=1$/);
  });
});

test.describe("sign-in", () => {
  test("the sign-in page shows one message at a time, and one answer for a wrong password, keeping the address", async ({
    page,
    visitor: _,
  }) => {
    const { email } = await createAccount("user", "signin");
    await visit(page, "/en/signin");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please type your email address.")).toBeVisible();
    await expect(page.getByText("Please type your password.")).toHaveCount(0);

    await signInThroughForm(page, email, "Wrong-pass-1!");
    await expect(page.getByRole("alert")).toHaveText(GENERIC);
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });

  test("an unverified account is sent to verification with a fresh code", async ({ page, visitor: _ }) => {
    const email = uniqueEmail("unverified");
    await createUser(e2eDatabase(), { email, name: "Una", password: PASSWORD, emailVerified: false });
    const before = Date.now();
    await signInThroughForm(page, email);
    await expect(page).toHaveURL(/\/en\/verify-email$/);
    await expect(page.getByText("Your email address is not verified yet. We sent you a new code.")).toBeVisible();
    await page.getByLabel("Verification code").fill(await codeFor(email, before));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
  });

  test("remember me keeps the session 30 days; redirectTo is followed", async ({ page, context, visitor: _ }) => {
    const { email } = await createAccount("user", "remember");
    await page.goto("/en/wallet");
    await expect(page).toHaveURL(/\/en\/signin\?redirectTo=%2Fen%2Fwallet$/);
    await ready(page);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox", { name: "Remember me" }).check();
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/en\/wallet$/);
    const session = (await context.cookies()).find((c) => c.name === "__session")!;
    const days = (session.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);

    // Signed in, the sign-in page sends you home.
    await page.goto("/en/signin");
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  });

  test("too many wrong passwords for one account: the page answers 429 with the minutes to wait", async ({ page, visitor: _ }) => {
    const { email } = await createAccount("user", "throttle");
    await spendSignInThrottle(email);
    await visit(page, "/en/signin");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Sign In" }).click();
    expect((await response).status()).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(TOO_MANY);
  });

  test("strangers' wrong passwords do not lock the owner out of a browser that signed in before; a new browser gets in by the e-mailed link, once", async ({
    page,
    browser,
    visitor: _,
  }) => {
    const { email } = await createAccount("user", "owner");
    await signInThroughForm(page, email);
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await visit(page, "/en/logout");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/en\/signin$/);

    await spendSignInThrottle(email);
    // The owner's own browser still signs in.
    await signInThroughForm(page, email);
    await expect(page).toHaveURL(/\/en\/dashboard$/);

    // A new browser of the owner's is refused, and its attempt e-mails a link that lets it through once.
    const fresh = await browser.newContext({
      javaScriptEnabled: javaScriptEnabled(),
      extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() },
    });
    const freshPage = await fresh.newPage();
    await signInThroughForm(freshPage, email);
    await expect(freshPage.getByRole("alert")).toHaveText(TOO_MANY);
    const mail = await waitForMail(email, (m) => m.subject === "Someone tried to sign in to your Cashwise account");
    const link = /https?:\/\/\S+\/signin\/unlock\?\S+/.exec(mail.text)![0]!;
    await visit(freshPage, link);
    await freshPage.getByRole("button", { name: "Unlock this browser" }).click();
    await expect(freshPage.getByText("This browser can sign in again.")).toBeVisible();
    await signInThroughForm(freshPage, email);
    await expect(freshPage).toHaveURL(/\/en\/dashboard$/);
    await visit(freshPage, link);
    await freshPage.getByRole("button", { name: "Unlock this browser" }).click();
    await expect(freshPage.getByText("This link is not valid any more. Sign in again to receive a new one.")).toBeVisible();
    await fresh.close();
  });
});

test.describe("forgot and reset password", () => {
  test("same answer for any address; the e-mailed link resets once and ends every session @js", async ({ page, browser, visitor: _ }) => {
    const account = await createAccount("user", "reset");
    const { email } = account;
    // A second browser, signed in (its cookies are all it needs): the reset must end its session too.
    const other = await browser.newContext();
    await signInAs(other, { id: account.id, role: "user" });
    const otherDashboard = () => other.request.get("/en/dashboard", { maxRedirects: 0 });
    expect((await otherDashboard()).status()).toBe(200);

    const ghost = uniqueEmail("ghost");
    await visit(page, "/en/forgot-password");
    await page.getByLabel("Email address").fill(ghost);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(`If an account exists for ${ghost}`)).toBeVisible();
    await page.getByRole("link", { name: "Try a different email" }).click();
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to sign in" })).toBeVisible();

    const mail = await waitForMail(email, (m) => m.subject === "Reset your Cashwise password");
    const link = mail.text.match(/https?:\/\/\S+\/en\/reset-password\?\S+/)![0];
    expect(new URL(link).searchParams.get("email")).toBe(email);
    await visit(page, link);
    await page.getByLabel("New password", { exact: true }).fill("Fresh-start-7!");
    await page.getByLabel("Confirm password").fill("Fresh-start-8!");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("Fresh-start-7!");
    await page.getByLabel("Confirm password").fill("Fresh-start-7!");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in now" })).toBeVisible();

    const signedOut = await otherDashboard();
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers()["location"]).toBe("/en/signin?redirectTo=%2Fen%2Fdashboard");
    await other.close();

    await visit(page, link);
    await expect(page.getByText("This password reset link is invalid or has expired. Please request a new one.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request new link" })).toHaveAttribute("href", "/en/forgot-password");

    await signInThroughForm(page, email, "Fresh-start-7!");
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  });

  test("a reset page without a link's values shows the invalid-link view", async ({ page }) => {
    await visit(page, "/en/reset-password");
    await expect(page.getByText("Invalid reset link. Please request a new password reset.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request new link" })).toHaveAttribute("href", "/en/forgot-password");
  });

  test("the success view counts down to sign-in with JavaScript @js-only", async ({ page, visitor: _ }) => {
    const account = await createAccount("user", "countdown");
    const token = await createPasswordReset(e2eDatabase(), account.id);
    await page.clock.install();
    await visit(page, `/en/reset-password?${new URLSearchParams({ token, email: account.email })}`);
    await page.getByRole("button", { name: "Show" }).first().click();
    await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute("type", "text");
    await page.getByLabel("New password", { exact: true }).fill("Count-down-5!");
    await page.getByLabel("Confirm password").fill("Count-down-5!");
    // Time stands still until the test moves it.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByTestId("countdown")).toContainText("5 seconds");
    await page.clock.runFor(1_000);
    await expect(page.getByTestId("countdown")).toContainText("4 seconds");
    await expect(page).toHaveURL(/\/en\/reset-password$/);
    await page.clock.runFor(4_000);
    await expect(page).toHaveURL(/\/en\/signin$/);
  });
});

test.describe("the back office", () => {
  test("an administrator made with npm run create-admin signs in at /admin; a user cannot", async ({ page, visitor: _ }) => {
    const { email: userEmail } = await createAccount("user", "not-admin");
    const adminEmail = uniqueEmail("root");
    const databaseUrl = fs.readFileSync(DATABASE_URL_FILE, "utf8");
    // `npm run create-admin` is `tsx scripts/create-admin.ts`.
    const { stdout } = await promisify(execFile)(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/create-admin.ts", "--email", adminEmail, "--password", "Root-pass-99!"],
      { env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET: E2E_SESSION_SECRET } },
    );
    expect(stdout).toContain(`Created administrator ${adminEmail}.`);

    // A regular account gets the same generic failure as a wrong password.
    await signInThroughForm(page, userEmail, PASSWORD, { path: "/en/admin" });
    await expect(page.getByRole("alert")).toHaveText(GENERIC);

    await signInThroughForm(page, adminEmail, "Root-pass-99!", { path: "/en/admin" });
    // The back office opens only with two-factor authentication on: the new admin sets it up first.
    await expect(page).toHaveURL(/\/en\/admin\/two-factor\?redirectTo=%2Fen%2Fadmin%2Fdashboard$/);
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page.getByLabel("Code from your app", { exact: true }).fill(await totpCode(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    // The ten recovery codes, shown once, then on to the page asked for.
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/en\/admin\/dashboard$/);
    await expect(page.getByTestId("stat-total")).toBeVisible();
    await expect(page.getByTestId("stat-verified")).toBeVisible();
    await expect(page.getByTestId("stat-newLast30Days")).toBeVisible();

    await page.getByRole("link", { name: "Users" }).first().click();
    await page.getByRole("searchbox").fill(userEmail.slice(0, 20).toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    const table = page.getByTestId("users-table");
    await expect(table).toContainText(userEmail);
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table).not.toContainText("$argon2");
  });

  test("a signed-in user gets a translated 403 in the back office", async ({ page, member: _ }) => {
    const response = await visit(page, "/de/admin/dashboard");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Kein Zugriff|No access/);
  });

  test("no page data carries a password hash or token", async ({ page, member }) => {
    // Signed in: the page data is the member's own.
    expect(await (await page.request.get("/en/dashboard.data")).text()).toContain(member.email);
    for (const url of ["/en/dashboard.data", "/en/wallet.data", "/en/signin.data"]) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBeLessThan(500);
      const body = await response.text();
      expect(body, url).not.toMatch(/argon2|passwordHash|tokenHash|codeHash/);
    }
  });
});

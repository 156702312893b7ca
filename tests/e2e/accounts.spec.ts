/**
 * Accounts end to end, without JavaScript unless tagged: sign-up, e-mailed codes, sign-in,
 * sessions and logout, password reset, guards, admin sign-in, throttling. Codes and links are
 * read from the test SMTP receiver.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { codeFor, fillSignUp, PASSWORD, signIn, signUpAndVerify, totpCode } from "./support/accounts";
import { waitForMail } from "./support/mailbox";
import { DATABASE_URL_FILE } from "./support/paths";
import { asNewVisitor, uniqueAddress, uniqueEmail } from "./support/visitor";

test.beforeEach(async ({ page }) => {
  await asNewVisitor(page);
});

test.describe("sign-up and verification", () => {
  test("a new visitor signs up, verifies, signs in, logs out, and the old cookie opens nothing @js", async ({ page, context }) => {
    const { email, name } = await signUpAndVerify(page, "journey");
    await page.getByRole("link", { name: "Go to sign in" }).click();
    await expect(page.getByText("Your email address is verified. Sign in to continue.")).toBeVisible();
    await signIn(page, email);
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await expect(page.getByRole("heading", { name: `Welcome, ${name}!` })).toBeVisible();
    await expect(page.getByTestId("signed-in-as")).toContainText(email);

    const session = (await context.cookies()).find((c) => c.name === "__session")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", expires: -1 });

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

  test("every sign-up message, and typed values come back (passwords do not)", async ({ page }) => {
    await page.goto("/en/signup");
    await page.getByRole("button", { name: "Create account" }).click();
    for (const message of [
      "Full name is required",
      "Please type your email address.",
      "Password is required",
      "Please confirm your password",
      "You must agree to the Terms and Privacy Policy",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await fillSignUp(page, { name: "Ada", email: "ada@", password: "short", confirm: "other" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Ada");
    await expect(page.getByLabel("Email address")).toHaveValue("ada@");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await fillSignUp(page, { email: "ada@example.com", password: "longenough", confirm: "longenough" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Password must contain at least one number")).toBeVisible();
    await fillSignUp(page, { password: "longenough1", confirm: "longenough1" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Password must contain at least one symbol")).toBeVisible();
  });

  test("signing up with a taken address reveals nothing; the owner gets an e-mail", async ({ page }) => {
    const { email } = await signUpAndVerify(page, "taken");
    await page.goto("/en/signup");
    await fillSignUp(page, { name: "Someone Else", email: email.toUpperCase(), password: PASSWORD, confirm: PASSWORD, terms: true });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/en\/verify-email$/);
    await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
    const mail = await waitForMail(email, (m) => m.subject === "Someone tried to sign up with your email address");
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
  });

  test("partner sign-up asks for phone and plan, and makes a partner", async ({ page }) => {
    const email = uniqueEmail("partner");
    await page.goto("/en/signup/partner");
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
    await signIn(page, email);
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  });

  test("code messages: required, format, wrong, locked after 5, and resend replaces the code", async ({ page }) => {
    const email = uniqueEmail("codes");
    await page.goto("/en/signup");
    await fillSignUp(page, { name: "Cody", email, password: PASSWORD, confirm: PASSWORD, terms: true });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
    const first = await codeFor(email);
    const wrong = first === "000000" ? "111111" : "000000";

    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("A verification code is required.")).toBeVisible();
    await page.getByLabel("Verification code").fill("12ab");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Please enter the 6-digit code from the email.")).toBeVisible();
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Verification code").fill(wrong);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("Failed to verify code. Please check your code and try again.")).toBeVisible();
    }
    await page.getByLabel("Verification code").fill(first);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Too many wrong codes. Send a new code and try again.")).toBeVisible();

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

  test("with JavaScript the code input keeps only 6 digits and success moves on to sign-in @js-only", async ({ page }) => {
    const email = uniqueEmail("jscode");
    await page.goto("/en/signup", { waitUntil: "networkidle" });
    await fillSignUp(page, { name: "Jo", email, password: PASSWORD, confirm: PASSWORD, terms: true });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/en\/verify-email$/);
    const code = await codeFor(email);
    const input = page.getByLabel("Verification code");
    await input.pressSequentially(`${code.slice(0, 3)}-ab ${code.slice(3)}99`);
    await expect(input).toHaveValue(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/signin\?verified=1$/, { timeout: 5_000 });
  });
});

test.describe("sign-in", () => {
  test("messages one at a time in the spec's order; one answer for wrong password and unknown address", async ({ page }) => {
    const { email } = await signUpAndVerify(page, "signin");
    await page.goto("/en/signin");
    const signInButton = page.getByRole("button", { name: "Sign In" });
    await signInButton.click();
    await expect(page.getByText("Please type your email address.")).toBeVisible();
    await expect(page.getByText("Please type your password.")).toHaveCount(0);
    await page.getByLabel("Email address").fill("nope");
    await signInButton.click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Please type your password.")).toHaveCount(0);
    await page.getByLabel("Email address").fill(email);
    await signInButton.click();
    await expect(page.getByText("Please type your password.")).toBeVisible();

    await signIn(page, email, "Wrong-pass-1!");
    const generic = "The email address or password is not correct.";
    await expect(page.getByRole("alert")).toHaveText(generic);
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await signIn(page, uniqueEmail("ghost"), PASSWORD);
    await expect(page.getByRole("alert")).toHaveText(generic);
  });

  test("an unverified account is sent to verification with a fresh code", async ({ page }) => {
    const email = uniqueEmail("unverified");
    await page.goto("/en/signup");
    await fillSignUp(page, { name: "Una", email, password: PASSWORD, confirm: PASSWORD, terms: true });
    await page.getByRole("button", { name: "Create account" }).click();
    await codeFor(email);
    const before = Date.now();
    await signIn(page, email);
    await expect(page).toHaveURL(/\/en\/verify-email$/);
    await expect(page.getByText("Your email address is not verified yet. We sent you a new code.")).toBeVisible();
    await page.getByLabel("Verification code").fill(await codeFor(email, before));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
  });

  test("remember me keeps the session 30 days; redirectTo is followed only on this site", async ({ page, context }) => {
    const { email } = await signUpAndVerify(page, "remember");
    await page.goto("/en/wallet");
    await expect(page).toHaveURL(/\/en\/signin\?redirectTo=%2Fen%2Fwallet$/);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox", { name: "Remember me" }).check();
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/en\/wallet$/);
    const session = (await context.cookies()).find((c) => c.name === "__session")!;
    const days = (session.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);

    // Signed in, the sign-in page sends you home; after logging out, an outside redirectTo is ignored.
    await page.goto("/en/signin");
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await context.clearCookies();
    await signIn(page, email, PASSWORD, { path: "/en/signin?redirectTo=%2F%2Fevil.example%2F" });
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  });

  test("too many wrong passwords for one account answer 429 with the minutes to wait", async ({ page }) => {
    const { email } = await signUpAndVerify(page, "throttle");
    for (let i = 0; i < 10; i++) {
      await signIn(page, email, `Wrong-pass-${i}!`);
      await expect(page.getByRole("alert")).toHaveText("The email address or password is not correct.");
    }
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await signIn(page, email, PASSWORD);
    expect((await response).status()).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(/^Too many attempts\. Please try again in \d+ minutes\.$/);
  });

  test("strangers' wrong passwords do not lock the owner out of a browser that signed in before", async ({ page, browser }) => {
    // Fourteen sign-ins with a memory-hard hash each: slow on a busy machine.
    test.setTimeout(90_000);
    const { email } = await signUpAndVerify(page, "owner");
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await page.goto("/en/logout");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/en\/signin$/);

    // A stranger elsewhere tries ten passwords: the account's throttle is spent.
    const stranger = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() } });
    const strangerPage = await stranger.newPage();
    for (let i = 0; i < 10; i++) await signIn(strangerPage, email, `Wrong-pass-${i}!`);
    await signIn(strangerPage, email, PASSWORD);
    await expect(strangerPage.getByRole("alert")).toHaveText(/^Too many attempts/);
    await stranger.close();

    // The owner's own browser still signs in.
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/en\/dashboard$/);

    // A new browser of the owner's is let through by the e-mailed unlock link (used once).
    const fresh = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() } });
    const freshPage = await fresh.newPage();
    await signIn(freshPage, email, PASSWORD);
    await expect(freshPage.getByRole("alert")).toHaveText(/^Too many attempts/);
    // The stranger's attempt e-mailed a link first; this browser's attempt sends a second, which replaces it.
    const mail = await waitForMail(email, (m) => m.subject === "Someone tried to sign in to your Cashwise account", 10_000, 2);
    const link = /https?:\/\/\S+\/signin\/unlock\?\S+/.exec(mail.text)![0]!;
    await freshPage.goto(link);
    await freshPage.getByRole("button", { name: "Unlock this browser" }).click();
    await expect(freshPage.getByText("This browser can sign in again.")).toBeVisible();
    await signIn(freshPage, email, PASSWORD);
    await expect(freshPage).toHaveURL(/\/en\/dashboard$/);
    await freshPage.goto(link);
    await freshPage.getByRole("button", { name: "Unlock this browser" }).click();
    await expect(freshPage.getByText("This link is not valid any more. Sign in again to receive a new one.")).toBeVisible();
    await fresh.close();
  });
});

test.describe("forgot and reset password", () => {
  test("same answer for any address; the e-mailed link resets once and ends every session @js", async ({ page, browser }) => {
    const { email } = await signUpAndVerify(page, "reset");
    // A second browser, signed in: the reset must end its session too.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.setExtraHTTPHeaders({ "X-Forwarded-For": "198.18.250.1" });
    await signIn(otherPage, email);
    await expect(otherPage).toHaveURL(/\/en\/dashboard$/);

    const ghost = uniqueEmail("ghost");
    await page.goto("/en/forgot-password");
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
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("Fresh-start-7!");
    await page.getByLabel("Confirm password").fill("Fresh-start-8!");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("Fresh-start-7!");
    await page.getByLabel("Confirm password").fill("Fresh-start-7!");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in now" })).toBeVisible();

    await otherPage.goto("/en/dashboard");
    await expect(otherPage).toHaveURL(/\/en\/signin\?redirectTo=/);
    await other.close();

    await page.goto(link);
    await expect(page.getByText("This password reset link is invalid or has expired. Please request a new one.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request new link" })).toHaveAttribute("href", "/en/forgot-password");

    await signIn(page, email, "Fresh-start-7!");
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  });

  test("a reset page without a link's values shows the invalid-link view", async ({ page }) => {
    await page.goto("/en/reset-password");
    await expect(page.getByText("Invalid reset link. Please request a new password reset.")).toBeVisible();
    await page.goto("/en/reset-password?token=forged&email=someone%40example.com");
    await expect(page.getByText("This password reset link is invalid or has expired. Please request a new one.")).toBeVisible();
  });

  test("the success view counts down to sign-in with JavaScript @js-only", async ({ page }) => {
    const { email } = await signUpAndVerify(page, "countdown");
    await page.goto("/en/forgot-password");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    const mail = await waitForMail(email, (m) => m.subject === "Reset your Cashwise password");
    await page.goto(mail.text.match(/https?:\/\/\S+\/en\/reset-password\?\S+/)![0], { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Show" }).first().click();
    await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute("type", "text");
    await page.getByLabel("New password", { exact: true }).fill("Count-down-5!");
    await page.getByLabel("Confirm password").fill("Count-down-5!");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByTestId("countdown")).toContainText("5 seconds");
    await expect(page).toHaveURL(/\/en\/signin$/, { timeout: 8_000 });
  });
});

test.describe("guards and the back office", () => {
  test("anonymous visitors of the signed-in area go to sign-in with redirectTo", async ({ request }) => {
    for (const path of ["/en/dashboard", "/en/settings", "/en/profile", "/en/transactions", "/nl/wallet"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"]).toBe(`/${path.split("/")[1]}/signin?redirectTo=${encodeURIComponent(path)}`);
    }
    const admin = await request.get("/en/admin/users", { maxRedirects: 0 });
    expect(admin.headers()["location"]).toBe("/en/admin?redirectTo=%2Fen%2Fadmin%2Fusers");
  });

  test("an administrator made with npm run create-admin signs in at /admin; a user cannot", async ({ page }) => {
    const { email: userEmail } = await signUpAndVerify(page, "not-admin");
    const adminEmail = uniqueEmail("root");
    const databaseUrl = fs.readFileSync(DATABASE_URL_FILE, "utf8");
    const { stdout } = await promisify(execFile)(
      "npx",
      ["tsx", "scripts/create-admin.ts", "--email", adminEmail, "--password", "Root-pass-99!"],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789" },
      },
    );
    expect(stdout).toContain(`Created administrator ${adminEmail}.`);

    // A regular account gets the same generic failure as a wrong password.
    await page.context().clearCookies();
    await signIn(page, userEmail, PASSWORD, { path: "/en/admin" });
    await expect(page.getByRole("alert")).toHaveText("The email address or password is not correct.");

    await signIn(page, adminEmail, "Root-pass-99!", { path: "/en/admin" });
    // The back office opens only with two-factor authentication on: the new admin sets it up first.
    await expect(page).toHaveURL(/\/en\/admin\/two-factor\?redirectTo=%2Fen%2Fadmin%2Fdashboard$/);
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page.getByLabel("Code from your app", { exact: true }).fill(await totpCode(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
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

  test("a signed-in user gets a translated 403 in the back office", async ({ page }) => {
    const { email } = await signUpAndVerify(page, "nosy");
    await signIn(page, email);
    const response = await page.goto("/de/admin/dashboard");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Kein Zugriff|No access/);
  });

  test("no page data carries a password hash or token", async ({ page }) => {
    const { email } = await signUpAndVerify(page, "leak");
    await signIn(page, email);
    for (const path of ["/en/dashboard.data", "/en/wallet.data", "/en/signin.data"]) {
      const body = await (await page.request.get(path)).text();
      expect(body, path).not.toMatch(/argon2|passwordHash|tokenHash|codeHash/);
    }
  });
});

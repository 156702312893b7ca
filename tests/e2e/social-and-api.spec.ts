/**
 * Social sign-in against a local OAuth2 provider (standing in for Google; Facebook and Instagram
 * are left unconfigured), and the JSON API for the mobile apps with good, bad and malformed bodies.
 */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { ageReauthentication, PASSWORD, codeFor, fillSignUp } from "./support/accounts";
import { waitForMail } from "./support/mailbox";
import { OAUTH_USER_FILE } from "./support/paths";
import { asNewVisitor, uniqueAddress, uniqueEmail } from "./support/visitor";

test.describe("social sign-in", () => {
  test.describe.configure({ mode: "serial" });

  test("google round trip creates a verified account, and signs the same person in again @js", async ({ page, context }) => {
    await asNewVisitor(page);
    const email = uniqueEmail("google");
    fs.writeFileSync(OAUTH_USER_FILE, JSON.stringify({ sub: `g-${email}`, email, email_verified: true, name: "Grace Google" }));
    await page.goto("/en/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Grace Google!" })).toBeVisible();

    await context.clearCookies();
    // The provider now reports another address for the same person: the link is by provider id.
    fs.writeFileSync(
      OAUTH_USER_FILE,
      JSON.stringify({ sub: `g-${email}`, email: uniqueEmail("changed"), email_verified: true, name: "Grace Google" }),
    );
    await page.goto("/en/signup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await expect(page.getByTestId("signed-in-as")).toContainText(email);
  });

  test("an account without a password confirms who it is by signing in with its provider again", async ({ page }) => {
    await asNewVisitor(page);
    const email = uniqueEmail("google-reauth");
    fs.writeFileSync(OAUTH_USER_FILE, JSON.stringify({ sub: `g-${email}`, email, email_verified: true, name: "Rhea Reauth" }));
    await page.goto("/en/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await ageReauthentication(email);

    await page.goto("/en/profile");
    await page.getByLabel("New email address").fill(email.replace("@", ".next@"));
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page).toHaveURL(/\/en\/reauthenticate\?redirectTo=%2Fen%2Fprofile$/);
    await expect(page.getByText("Your account signs in with Google.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Continue with Facebook" })).toHaveCount(0);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/profile$/);
    await page.getByLabel("New email address").fill(email.replace("@", ".next@"));
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("If that address can be used, we sent a 6-digit code to it.")).toBeVisible();
  });

  test("with two-factor authentication on, social sign-in still asks for the code", async ({ page, context }) => {
    await asNewVisitor(page);
    const email = uniqueEmail("google2fa");
    fs.writeFileSync(OAUTH_USER_FILE, JSON.stringify({ sub: `g-${email}`, email, email_verified: true, name: "Tess Totp" }));
    await page.goto("/en/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    const { TOTP, Secret } = await import("otpauth");
    await page.goto("/en/settings");
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page
      .getByLabel("Code from your app", { exact: true })
      .fill(new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate());
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByTestId("two-factor-active")).toHaveText("2FA is active");

    await context.clearCookies();
    await page.goto("/en/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/signin\/two-factor$/);
    const response = await page.goto("/en/dashboard");
    expect(response?.url()).toMatch(/\/en\/signin\?redirectTo=/);
  });

  test("a stranger's unverified sign-up with your address is yours after Google vouches for it; their password is gone", async ({
    page,
    context,
  }) => {
    await asNewVisitor(page);
    const email = uniqueEmail("victim");
    await page.goto("/en/signup");
    await fillSignUp(page, { name: "Stranger", email, password: PASSWORD, confirm: PASSWORD, terms: true });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/en\/verify-email$/);
    await context.clearCookies();

    fs.writeFileSync(OAUTH_USER_FILE, JSON.stringify({ sub: `g-${email}`, email, email_verified: true, name: "Rightful Owner" }));
    await page.goto("/en/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await context.clearCookies();

    // The stranger's password no longer opens the account.
    await page.goto("/en/signin");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/en\/signin$/);
    await expect(page.getByText("The email address or password is not correct.")).toBeVisible();
  });

  test("an unverified provider address is not attached to an existing account", async ({ page }) => {
    await asNewVisitor(page);
    const email = uniqueEmail("existing");
    await page.goto("/en/signup");
    await fillSignUp(page, { name: "Erin", email, password: PASSWORD, confirm: PASSWORD, terms: true });
    await page.getByRole("button", { name: "Create account" }).click();
    await codeFor(email);
    fs.writeFileSync(OAUTH_USER_FILE, JSON.stringify({ sub: `other-${email}`, email, email_verified: false, name: "Mallory" }));
    await page.goto("/en/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/signin$/);
    await expect(page.getByText("An account with this email address already exists. Sign in with your password first.")).toBeVisible();
  });

  test("an unconfigured provider says it is unavailable", async ({ page }) => {
    await asNewVisitor(page);
    await page.goto("/en/signin");
    await page.getByRole("button", { name: "Continue with Facebook" }).click();
    await expect(page).toHaveURL(/\/en\/signin$/);
    await expect(page.getByText("Sign-in with facebook is not available right now.")).toBeVisible();
    await page.goto("/en/signup");
    await page.getByRole("button", { name: "Continue with Instagram" }).click();
    await expect(page).toHaveURL(/\/en\/signup$/);
    await expect(page.getByText("Sign-up with instagram is not available right now.")).toBeVisible();
  });
});

test.describe("JSON API", () => {
  const headers = () => ({ "X-Forwarded-For": uniqueAddress(), "Content-Type": "application/json" });

  test("sso auth-url: a URL for a configured provider, a message otherwise, 404 for an unknown one", async ({ request }) => {
    const google = await request.get("/api/v1/sso/google/auth-url", { headers: { Accept: "application/json" } });
    expect(google.status()).toBe(200);
    expect((await google.json()).url).toBe("http://127.0.0.1:3100/en/auth/google");
    const facebook = await request.get("/api/v1/sso/facebook/auth-url", { headers: { "Accept-Language": "de" } });
    expect(facebook.status()).toBe(400);
    const body = await facebook.json();
    expect(body.code).toBe("provider_not_configured");
    expect(body.message).toMatch(/facebook/);
    const unknown = await request.get("/api/v1/sso/myspace/auth-url");
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "unknown_provider" });
  });

  test("malformed JSON is a 400 with the error shape, never a 500; wrong methods are 405", async ({ request }) => {
    for (const path of ["forgot-password", "reset-password", "verify-otp", "resend-otp"]) {
      const response = await request.post(`/api/v1/auth/${path}`, { headers: headers(), data: "{not json" });
      expect(response.status(), path).toBe(400);
      expect(await response.json()).toMatchObject({ code: "malformed_json", message: expect.any(String) });
      const array = await request.post(`/api/v1/auth/${path}`, { headers: headers(), data: "[1,2]" });
      expect(array.status(), path).toBe(400);
      expect((await request.get(`/api/v1/auth/${path}`)).status(), path).toBe(405);
    }
  });

  test("forgot-password: same answer for any address, a link only for an account, translated errors", async ({ request, page }) => {
    await asNewVisitor(page);
    const email = uniqueEmail("api-forgot");
    await page.goto("/en/signup");
    await fillSignUp(page, { name: "Api", email, password: PASSWORD, confirm: PASSWORD, terms: true });
    await page.getByRole("button", { name: "Create account" }).click();
    const code = await codeFor(email);

    const ghost = await request.post("/api/v1/auth/forgot-password", { headers: headers(), data: { email: uniqueEmail("nobody") } });
    const real = await request.post("/api/v1/auth/forgot-password", { headers: headers(), data: { email } });
    expect(ghost.status()).toBe(200);
    expect(real.status()).toBe(200);
    expect(Object.keys(await ghost.json())).toEqual(Object.keys(await real.json()));
    const mail = await waitForMail(email, (m) => m.subject === "Reset your Cashwise password");
    const link = new URL(mail.text.match(/https?:\/\/\S+\/reset-password\?\S+/)![0]);

    const invalid = await request.post("/api/v1/auth/forgot-password", {
      headers: { ...headers(), "Accept-Language": "fr" },
      data: { email: "nope" },
    });
    expect(invalid.status()).toBe(422);
    const error = await invalid.json();
    expect(error.code).toBe("validation_failed");
    expect(error.message).toBe(JSON.parse(fs.readFileSync("locales/fr/common.json", "utf8")).validation.invalidEmail);

    // verify-otp: a wrong code, then the right one.
    const wrong = await request.post("/api/v1/auth/verify-otp", {
      headers: headers(),
      data: { email, code: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong.status()).toBe(400);
    expect(await wrong.json()).toMatchObject({
      code: "invalid_code",
      message: "Failed to verify code. Please check your code and try again.",
    });
    const missing = await request.post("/api/v1/auth/verify-otp", { headers: headers(), data: { email } });
    expect(await missing.json()).toMatchObject({ code: "validation_failed", message: "A verification code is required." });
    const right = await request.post("/api/v1/auth/verify-otp", { headers: headers(), data: { email, code } });
    expect(right.status()).toBe(200);
    expect(await right.json()).toMatchObject({ verified: true });

    // reset-password with the e-mailed token.
    const mismatch = await request.post("/api/v1/auth/reset-password", {
      headers: headers(),
      data: { email, token: link.searchParams.get("token"), password: "Api-reset-1!", password_confirmation: "Api-reset-2!" },
    });
    expect(mismatch.status()).toBe(422);
    expect((await mismatch.json()).fields.password_confirmation).toEqual(["Passwords do not match"]);
    const reset = await request.post("/api/v1/auth/reset-password", {
      headers: headers(),
      data: { email, token: link.searchParams.get("token"), password: "Api-reset-1!", password_confirmation: "Api-reset-1!" },
    });
    expect(reset.status()).toBe(200);
    const again = await request.post("/api/v1/auth/reset-password", {
      headers: headers(),
      data: { email, token: link.searchParams.get("token"), password: "Api-reset-1!", password_confirmation: "Api-reset-1!" },
    });
    expect(again.status()).toBe(400);
    expect(await again.json()).toMatchObject({ code: "invalid_token" });
  });

  test("resend-otp answers the same for any address and sends a code only to an unverified account", async ({ request, page }) => {
    await asNewVisitor(page);
    const email = uniqueEmail("api-resend");
    await page.goto("/en/signup");
    await fillSignUp(page, { name: "Res", email, password: PASSWORD, confirm: PASSWORD, terms: true });
    await page.getByRole("button", { name: "Create account" }).click();
    const first = await codeFor(email);
    const before = Date.now();
    const response = await request.post("/api/v1/auth/resend-otp", { headers: headers(), data: { email } });
    expect(response.status()).toBe(200);
    const ghost = await request.post("/api/v1/auth/resend-otp", { headers: headers(), data: { email: uniqueEmail("none") } });
    expect(await ghost.json()).toEqual(await response.json());
    const second = await codeFor(email, before);
    expect(second).toMatch(/^\d{6}$/);
    void first;
  });
});

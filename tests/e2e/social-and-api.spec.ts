/**
 * Social sign-in against a local OAuth2 provider (standing in for Google; Facebook and Instagram
 * are left unconfigured), and the JSON API for the mobile apps with good, bad and malformed bodies.
 * Accounts the tests start from (a stranger's unverified sign-up, an account awaiting its code)
 * are made with our domain functions; two-factor authentication is turned on the same way.
 */
import fs from "node:fs";
import { issueCode } from "../../app/auth/codes.server";
import { createUser, findUserByEmail } from "../../app/users/users.server";
import { ageReauthentication, codeFor } from "./support/accounts";
import { E2E_APP_URL, E2E_SESSION_SECRET } from "./support/e2e-env";
import { e2eDatabase, expect, PASSWORD, test, turnOnTwoFactor, visit } from "./support/fixtures";
import { waitForMail } from "./support/mailbox";
import { googleWillSay } from "./support/oauth";
import { uniqueAddress, uniqueEmail } from "./support/visitor";

/** An account that signed up and has not entered its e-mailed code yet. */
async function unverifiedAccount(prefix: string, name: string) {
  const email = uniqueEmail(prefix);
  const user = await createUser(e2eDatabase(), { email, name, password: PASSWORD, emailVerified: false });
  return { email, id: user.id };
}

test.describe("social sign-in", () => {
  test("google round trip creates a verified account, and signs the same person in again @js", async ({ page, context, visitor }) => {
    const email = uniqueEmail("google");
    googleWillSay(visitor, { sub: `g-${email}`, email, email_verified: true, name: "Grace Google" });
    await visit(page, "/en/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Grace Google!" })).toBeVisible();

    await context.clearCookies();
    // The provider now reports another address for the same person: the link is by provider id.
    googleWillSay(visitor, { sub: `g-${email}`, email: uniqueEmail("changed"), email_verified: true, name: "Grace Google" });
    await visit(page, "/en/signup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await expect(page.getByTestId("signed-in-as")).toContainText(email);
  });

  test("an account without a password confirms who it is by signing in with its provider again", async ({ page, visitor }) => {
    const email = uniqueEmail("google-reauth");
    googleWillSay(visitor, { sub: `g-${email}`, email, email_verified: true, name: "Rhea Reauth" });
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

  test("with two-factor authentication on, social sign-in still asks for the code", async ({ page, context, visitor }) => {
    const email = uniqueEmail("google2fa");
    googleWillSay(visitor, { sub: `g-${email}`, email, email_verified: true, name: "Tess Totp" });
    await page.goto("/en/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    // Two-factor authentication turned on by the settings' own functions (its setup page is tested in account-area).
    await turnOnTwoFactor((await findUserByEmail(e2eDatabase(), email))!.id);

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
    visitor,
  }) => {
    // A stranger signed up with your address and never entered the code.
    const { email } = await unverifiedAccount("victim", "Stranger");

    googleWillSay(visitor, { sub: `g-${email}`, email, email_verified: true, name: "Rightful Owner" });
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

  test("an unverified provider address is not attached to an existing account", async ({ page, visitor }) => {
    const { email } = await unverifiedAccount("existing", "Erin");
    googleWillSay(visitor, { sub: `other-${email}`, email, email_verified: false, name: "Mallory" });
    await page.goto("/en/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/en\/signin$/);
    await expect(page.getByText("An account with this email address already exists. Sign in with your password first.")).toBeVisible();
  });

  test("only the configured provider has a button; a stale post to another answers with an error", async ({
    page,
    baseURL,
    visitor: _,
  }) => {
    await page.goto("/en/signin");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Facebook" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Continue with Instagram" })).toHaveCount(0);
    // A page from before the provider was switched off still posts to it: the answer is an error.
    const stale = await page.request.post("/en/auth/facebook", {
      form: { intent: "signin" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(stale.status()).toBe(302);
    await page.goto("/en/signin");
    await expect(page.getByRole("alert")).toContainText("Sign-in with facebook is not available right now.");
  });
});

test.describe("JSON API", () => {
  const headers = () => ({ "X-Forwarded-For": uniqueAddress(), "Content-Type": "application/json" });

  test("sso auth-url: a URL for a configured provider, a message otherwise, 404 for an unknown one", async ({ request }) => {
    const google = await request.get("/api/v1/sso/google/auth-url", { headers: { Accept: "application/json" } });
    expect(google.status()).toBe(200);
    expect((await google.json()).url).toBe(`${E2E_APP_URL}/en/auth/google`);
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

  test("forgot-password: same answer for any address, a link only for an account, translated errors", async ({ request }) => {
    // An account awaiting its e-mailed code (the code as sign-up issues it, with the server's secret).
    const { email, id } = await unverifiedAccount("api-forgot", "Api");
    const { code } = await issueCode(e2eDatabase(), id, "verify-email", E2E_SESSION_SECRET);

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

  test("resend-otp answers the same for any address and sends a code only to an unverified account", async ({ request }) => {
    const { email } = await unverifiedAccount("api-resend", "Res");
    const before = Date.now();
    const response = await request.post("/api/v1/auth/resend-otp", { headers: headers(), data: { email } });
    expect(response.status()).toBe(200);
    const ghost = await request.post("/api/v1/auth/resend-otp", { headers: headers(), data: { email: uniqueEmail("none") } });
    expect(await ghost.json()).toEqual(await response.json());
    const code = await codeFor(email, before);
    expect(code).toMatch(/^\d{6}$/);
  });
});

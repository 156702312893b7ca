/** Account helpers for end-to-end tests: sign up and verify through the real pages and e-mails. */
import fs from "node:fs";
import { expect, type Page } from "@playwright/test";
import { DATABASE_URL_FILE } from "./paths";
import { waitForMail } from "./mailbox";
import { uniqueEmail } from "./visitor";

export const PASSWORD = "Sunny-day-42!";

export async function codeFor(email: string, after = 0): Promise<string> {
  const mail = await waitForMail(email, (m) => /\b\d{6}\b/.test(m.text) && Date.parse(m.receivedAt) >= after);
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

export async function fillSignUp(
  page: Page,
  values: { name?: string; email?: string; password?: string; confirm?: string; terms?: boolean },
) {
  if (values.name !== undefined) await page.getByLabel("Full name").fill(values.name);
  if (values.email !== undefined) await page.getByLabel("Email address").fill(values.email);
  if (values.password !== undefined) await page.getByLabel("Password", { exact: true }).fill(values.password);
  if (values.confirm !== undefined) await page.getByLabel("Confirm password").fill(values.confirm);
  if (values.terms) await page.getByRole("checkbox", { name: /I agree/ }).check();
}

/** Signs up through /en/signup and verifies with the e-mailed code; returns the address. */
export async function signUpAndVerify(page: Page, prefix = "member"): Promise<{ email: string; name: string }> {
  const email = uniqueEmail(prefix);
  const name = `Member ${prefix}`;
  await page.goto("/en/signup");
  await fillSignUp(page, { name, email, password: PASSWORD, confirm: PASSWORD, terms: true });
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/en\/verify-email$/);
  await page.getByLabel("Verification code").fill(await codeFor(email));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
  return { email, name };
}

export async function signIn(page: Page, email: string, password = PASSWORD, options: { rememberMe?: boolean; path?: string } = {}) {
  await page.goto(options.path ?? "/en/signin");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (options.rememberMe) await page.getByRole("checkbox", { name: "Remember me" }).check();
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Ages every live session's proof of identity of an account by 20 minutes (the server's clock cannot be moved). */
export async function ageReauthentication(email: string): Promise<void> {
  const { default: SQLite } = await import("better-sqlite3");
  const database = new SQLite(
    fs
      .readFileSync(DATABASE_URL_FILE, "utf8")
      .trim()
      .replace(/^file:/, ""),
  );
  database
    .prepare("update sessions set reauthenticated_at = ? where user_id = (select id from users where email = ?) and revoked_at is null")
    .run(new Date(Date.now() - 20 * 60_000).toISOString(), email);
  database.close();
}

/** Changes an account's role directly in the e2e database (as `npm run create-admin` would). */
export async function setRole(email: string, role: "user" | "partner" | "admin"): Promise<void> {
  const { default: SQLite } = await import("better-sqlite3");
  const database = new SQLite(
    fs
      .readFileSync(DATABASE_URL_FILE, "utf8")
      .trim()
      .replace(/^file:/, ""),
  );
  database.prepare("update users set role = ? where email = ?").run(role, email);
  database.close();
}

/** The current code of an authenticator app for `secret`. */
export async function totpCode(secret: string, timestamp = Date.now()): Promise<string> {
  const { TOTP, Secret } = await import("otpauth");
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });
}

/**
 * A fresh admin, signed in on `page` with two-factor authentication turned on through the back
 * office's required setup (each test gets its own, so codes are never shared between tests).
 */
export async function newAdmin(page: Page): Promise<{ email: string; name: string; secret: string }> {
  const { email, name } = await signUpAndVerify(page, "admin");
  await setRole(email, "admin");
  await signIn(page, email, PASSWORD, { path: "/en/admin" });
  // Signed in, the back office sends an admin without 2FA to set it up, then on to the dashboard.
  await expect(page).toHaveURL(/\/en\/admin\/two-factor\?redirectTo=%2Fen%2Fadmin%2Fdashboard$/);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from your app", { exact: true }).fill(await totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  // The ten recovery codes, shown once, then on to the dashboard.
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/dashboard$/);
  return { email, name, secret };
}

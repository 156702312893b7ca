/**
 * Two-factor recovery codes and the way back (#24), end to end: a member who lost their phone
 * signs in with a recovery code under "Use a recovery code" (and the same code is refused the
 * second time; the member is e-mailed how many are left); turning 2FA on in settings shows the ten
 * codes once with Download and Print, and new ones only after confirming it's you; an admin resets
 * a member's 2FA from the back office and the member signs in with the password alone (an admin's
 * own page offers their recovery codes instead); an admin setting up 2FA sees the codes before
 * going on to the page asked for. Two-factor
 * state and codes are arranged through the domain (`turnOnTwoFactor`, `generateRecoveryCodes`).
 */
import { generateRecoveryCodes } from "../../app/auth/recovery-codes.server";
import { unitOfWork } from "../../app/db/unit-of-work.server";
import { ageReauthentication, signIn } from "./support/accounts";
import {
  createAccount,
  e2eDatabase,
  expect,
  javaScriptEnabled,
  signInAs,
  test,
  TotpClock,
  turnOnTwoFactor,
  visit,
} from "./support/fixtures";
import { waitForMail } from "./support/mailbox";

async function withRecoveryCodes(userId: string): Promise<string[]> {
  await turnOnTwoFactor(userId);
  return unitOfWork(e2eDatabase(), (tx) => generateRecoveryCodes(tx, userId));
}

test("a member who lost their phone signs in with a recovery code; the same code is refused the second time @js", async ({
  page,
  context,
  member,
}) => {
  const codes = await withRecoveryCodes(member.id);
  await context.clearCookies();
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/signin\/two-factor$/);
  await page.getByRole("link", { name: "Use a recovery code" }).click();
  await expect(page).toHaveURL(/\/en\/signin\/two-factor\?recovery=1$/);
  // Typed however it was written down: capitals, a space for the dash.
  await page.getByLabel("Recovery code").fill(codes[0]!.toUpperCase().replace("-", " "));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  const mail = await waitForMail(member.email, (received) => received.subject === "A recovery code was used");
  expect(mail.text).toContain("A recovery code was used on your account, 9 left.");

  await context.clearCookies();
  await signIn(page, member.email);
  await page.getByRole("link", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That recovery code is not correct or was already used.")).toBeVisible();
  await expect(page).toHaveURL(/\/en\/signin\/two-factor/);

  // Another code still works, and settings counts what is left.
  await page.getByLabel("Recovery code").fill(codes[1]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await visit(page, "/en/settings");
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("8 recovery codes left");
});

test("turning 2FA on shows ten codes once, with Download and Print; new codes only after confirming it's you @js", async ({
  page,
  member,
}) => {
  await visit(page, "/en/settings");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from your app", { exact: true }).fill(new TotpClock(secret).next());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-factor authentication is on.").first()).toBeVisible();

  const shown = page.getByTestId("recovery-codes");
  await expect(shown.getByRole("listitem")).toHaveCount(10);
  const codes = await shown.getByRole("listitem").allTextContents();
  for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  const download = shown.getByRole("link", { name: "Download" });
  await expect(download).toHaveAttribute("download", "cashwise-recovery-codes.txt");
  const file = decodeURIComponent((await download.getAttribute("href"))!.replace(/^data:text\/plain;charset=utf-8,/, ""));
  expect(file).toContain(`Cashwise recovery codes for ${member.email}`);
  for (const code of codes) expect(file).toContain(code);
  if (javaScriptEnabled()) await expect(shown.getByRole("button", { name: "Print" })).toBeVisible();
  else await expect(shown).toContainText("use your browser's print command: only the codes are printed.");
  // Printed, the page shows only the codes.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeHidden();
  await expect(shown.getByRole("button", { name: "Download" }).or(shown.getByRole("link", { name: "Download" }))).toBeHidden();
  await expect(shown.getByRole("listitem").first()).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // Shown once: the page again has only the count.
  await visit(page, "/en/settings");
  await expect(page.getByTestId("recovery-codes")).toHaveCount(0);
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("10 recovery codes left");

  // Just proved with the code that turned 2FA on: new codes straight away, replacing the old ones.
  await page.getByRole("button", { name: "Generate new codes" }).click();
  await expect(page.getByText("New recovery codes are ready: the old ones no longer work.")).toBeVisible();
  const renewed = await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
  expect(renewed).toHaveLength(10);
  expect(renewed.filter((code) => codes.includes(code))).toEqual([]);

  // Proved too long ago: confirm it's you first.
  await ageReauthentication(member.email);
  await visit(page, "/en/settings");
  await page.getByRole("button", { name: "Generate new codes" }).click();
  await expect(page).toHaveURL(/\/en\/reauthenticate\?redirectTo=/);
});

test("an admin resets a member's two-factor authentication; the member signs in with the password alone @js", async ({
  page,
  context,
  admin,
}) => {
  const member = await createAccount("user", "lostphone");
  await withRecoveryCodes(member.id);
  await visit(page, `/en/admin/users/${member.id}`);
  await page.getByRole("button", { name: "Reset two-factor authentication" }).click();
  await expect(
    page.getByText("Two-factor authentication is off and its recovery codes are deleted. The account holder was told."),
  ).toBeVisible();
  await expect(page.getByText("Two-factor authentication is off for this account: there is nothing to reset.")).toBeVisible();
  await waitForMail(member.email, (received) => received.subject === "Two-factor authentication was reset");

  // Never one's own, there: the admin's own page sends them to their recovery codes instead.
  await visit(page, `/en/admin/users/${admin.id}`);
  await expect(page.getByRole("button", { name: "Reset two-factor authentication" })).toHaveCount(0);
  await page.getByRole("link", { name: "Your recovery codes" }).click();
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("0 recovery codes left");
  await page.getByRole("button", { name: "Generate new codes" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await visit(page, "/en/admin/recovery-codes");
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("10 recovery codes left");

  await context.clearCookies();
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
});

test("an admin setting up two-factor authentication sees the ten codes once, then goes on to the page asked for @js", async ({
  page,
  context,
  visitor: _,
}) => {
  const admin = await createAccount("admin", "newadmin");
  await signInAs(context, { id: admin.id, role: "admin" });
  await visit(page, "/en/admin/users");
  await expect(page).toHaveURL(/\/en\/admin\/two-factor\?redirectTo=%2Fen%2Fadmin%2Fusers$/);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from your app", { exact: true }).fill(new TotpClock(secret).next());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(page.getByTestId("recovery-codes").getByRole("link", { name: "Download" })).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/users$/);
  // The setup page sends an admin with 2FA on straight on, as before.
  await visit(page, "/en/admin/two-factor?redirectTo=%2Fen%2Fadmin%2Fusers");
  await expect(page).toHaveURL(/\/en\/admin\/users$/);
  await visit(page, "/en/admin/recovery-codes");
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("10 recovery codes left");
});

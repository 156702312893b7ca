/**
 * Account flows: sign-up (regular and partner), e-mailed verification codes, sign-in, forgotten
 * and reset passwords. Shared by the web forms and the JSON API; neither knows how the other
 * renders. Nothing here reveals whether an address has an account: the page says the same thing,
 * and only the address's owner learns more, by e-mail. A verified code and a completed reset prove
 * the address (`recordAddressProof`: social links made before the proof go).
 */
import type { Db, DbOrTx, Tx } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import type { Mailer } from "~/mail/mailer.server";
import { renderMail } from "~/mail/templates.server";
import { hashPassword, verifyPassword } from "~/users/password.server";
import { EmailTakenError, createUser, findUserByEmail, getPasswordHash, type PublicUser, getUserById } from "~/users/users.server";
import { localePath } from "~/utils/paths";
import { recordAddressProof } from "./address-proof.server";
import { CODE_TTL_MINUTES, checkCode, issueCode, type CodeCheck } from "./codes.server";
import { RESET_TTL_MINUTES, completePasswordReset, createPasswordReset } from "./password-reset.server";
import { randomToken, sha256 } from "./tokens.server";
import { consumeRateLimit } from "~/security/rate-limit.server";
import { recordReferral, type ReferralSignUp } from "~/referrals/referrals.server";

export interface AccountContext {
  mailer: Mailer;
  /** The mailer writing to the outbox inside a given transaction (the running app's). */
  mailerIn?: (tx: Tx) => Mailer;
  appUrl: URL;
  /** Newest first; the first signs new codes. */
  secrets: string[];
}

function localeOf(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

async function sendMail(
  context: AccountContext,
  to: string,
  locale: Locale,
  kind: "verifyCode" | "accountExists" | "passwordReset" | "unlockSignIn",
  values: Record<string, string | number>,
  extras: { code?: string; action?: string } = {},
) {
  const t = fixedT(locale, "emails");
  const parts = renderMail({
    locale,
    heading: t(`${kind}.heading`, values),
    paragraphs: t(`${kind}.paragraphs`, { ...values, returnObjects: true }) as unknown as string[],
    code: extras.code,
    action: extras.action ? { label: t(`${kind}.action`), url: extras.action } : undefined,
    footer: t("footer"),
  });
  await context.mailer.send({ to, subject: t(`${kind}.subject`, values), ...parts });
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  locale: string;
  partner?: { phone: string; planCode: string };
  /** Who referred this sign-up (the referral cookie), recorded with the new account. */
  referral?: ReferralSignUp | null;
}

/**
 * Creates an unverified account and e-mails its code. For an address that already has an
 * account, nothing is created and the owner is told by e-mail instead; the caller answers the same.
 */
export async function signUp(db: Db, input: SignUpInput, context: AccountContext): Promise<void> {
  const locale = localeOf(input.locale);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    // The same work as a new account (the memory-hard hash dominates), so timing tells nothing.
    await hashPassword(input.password);
    await sendMail(
      context,
      existing.email,
      localeOf(existing.locale),
      "accountExists",
      {
        name: existing.name,
      },
      { action: new URL(localePath(localeOf(existing.locale), "/signin"), context.appUrl).href },
    );
    return;
  }
  let user: PublicUser;
  try {
    user = await createUser(db, {
      email: input.email,
      name: input.name,
      password: input.password,
      locale,
      role: input.partner ? "partner" : "user",
      phone: input.partner?.phone,
      partnerPlanCode: input.partner?.planCode,
    });
  } catch (error) {
    // A simultaneous sign-up with the same address won: treat it like an existing account.
    if (error instanceof EmailTakenError) return;
    throw error;
  }
  const referral = input.referral;
  if (referral) await unitOfWork(db, (tx) => recordReferral(tx, { ...referral, referredUserId: user.id, referredEmail: user.email }));
  await sendVerificationCode(db, user, context);
}

async function sendVerificationCode(db: Db, user: PublicUser, context: AccountContext) {
  const { code } = await issueCode(db, user.id, "verify-email", context.secrets[0]!);
  await sendMail(context, user.email, localeOf(user.locale), "verifyCode", { name: user.name, minutes: CODE_TTL_MINUTES }, { code });
}

/** Sends a fresh code (killing the old one) when the address has an unverified account. */
export async function resendVerificationCode(db: Db, email: string, context: AccountContext): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.emailVerifiedAt) return;
  await sendVerificationCode(db, user, context);
}

export type VerifyOutcome = "verified" | Exclude<CodeCheck, "ok">;

export async function verifyEmailCode(db: Db, email: string, code: string, context: AccountContext): Promise<VerifyOutcome> {
  const user = await findUserByEmail(db, email);
  if (!user || user.emailVerifiedAt) {
    // No pending sign-up here: answer as a real code would (wrong, then locked after 5 tries), so
    // the answers cannot tell a pending sign-up from an unknown or verified address.
    const tries = await consumeRateLimit(db, "codePhantom", email.trim().toLowerCase());
    return tries.allowed ? "invalid" : "locked";
  }
  // The code proves the address: in one unit of work, the account is verified and any social link
  // made before (a stranger's pre-claim) goes, its owner told by e-mail.
  return unitOfWork(db, async (tx) => {
    const { verdict: check } = await checkCode(tx, user.id, "verify-email", code, context.secrets);
    if (check !== "ok") return check;
    await recordAddressProof(tx, { userId: user.id, via: "signupCode" });
    return "verified" as const;
  });
}

export type SignInOutcome =
  | { outcome: "ok"; user: PublicUser }
  | { outcome: "unverified"; user: PublicUser }
  /** The right password, but an admin suspended the account: it is told so, and nothing more. */
  | { outcome: "suspended"; user: PublicUser }
  | { outcome: "invalid" };

/** What a suspended account is told when it tries to sign in (any way) or to withdraw. */
export const SUSPENDED_MESSAGE = "auth:signin.suspended";

/** Whether an admin suspended the account (sign-in and withdrawals are refused until reinstated). */
export async function isSuspended(db: DbOrTx, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("suspendedAt").where("id", "=", userId).executeTakeFirst();
  return Boolean(row?.suspendedAt);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks an address and password. An unknown address costs the same password check as a known
 * one, so the answer's timing says nothing either.
 */
export async function signIn(db: Db, input: { email: string; password: string }): Promise<SignInOutcome> {
  const user = await findUserByEmail(db, input.email);
  const hash = user ? await getPasswordHash(db, user.id) : null;
  if (!user || !hash) {
    dummyHash ??= hashPassword("not-a-real-password-0!");
    await verifyPassword(await dummyHash, input.password);
    return { outcome: "invalid" };
  }
  if (!(await verifyPassword(hash, input.password))) return { outcome: "invalid" };
  // Only after the right password: the answer says nothing about an address to anyone else.
  if (await isSuspended(db, user.id)) return { outcome: "suspended", user };
  if (!user.emailVerifiedAt) return { outcome: "unverified", user };
  return { outcome: "ok", user };
}

/** Starts verification for an account that signed in before verifying: a fresh code by e-mail. */
export async function restartVerification(db: Db, user: PublicUser, context: AccountContext): Promise<void> {
  await sendVerificationCode(db, user, context);
}

/**
 * Strangers spent an account's sign-in throttle: its owner gets a link that lets one browser
 * through again (it marks that browser as a known device). Nothing happens for an unknown address,
 * and the caller answers the same either way.
 */
export async function sendUnlockLink(db: Db, email: string, context: AccountContext): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = randomToken();
  const locale = localeOf(user.locale);
  const url = new URL(localePath(locale, "/signin/unlock"), context.appUrl);
  url.searchParams.set("u", user.id);
  url.searchParams.set("t", token);
  // The link and its e-mail (through the outbox) are written together.
  await unitOfWork(db, async (tx) => {
    await issueCode(tx, user.id, "sign-in-unlock", context.secrets[0]!, null, token);
    await sendMail(
      { ...context, mailer: context.mailerIn?.(tx) ?? context.mailer },
      user.email,
      locale,
      "unlockSignIn",
      { name: user.name, minutes: CODE_TTL_MINUTES },
      { action: url.href },
    );
  });
}

/** Lets the browser that opened an unlock link through the account's throttle: the account's address, or null. */
export async function redeemUnlockLink(db: Db, input: { userId: string; token: string }, context: AccountContext): Promise<string | null> {
  const user = await getUserById(db, input.userId);
  if (!user) return null;
  const { verdict } = await checkCode(db, user.id, "sign-in-unlock", input.token, context.secrets);
  return verdict === "ok" ? user.email : null;
}

/** E-mails a reset link when the address has an account; otherwise does nothing, silently. */
export async function requestPasswordReset(db: Db, email: string, context: AccountContext): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    // Comparable work for an unknown address: a token is made and hashed, a row is read.
    await db.selectFrom("passwordResets").select("id").where("tokenHash", "=", sha256(randomToken())).executeTakeFirst();
    return;
  }
  const token = await createPasswordReset(db, user.id);
  const locale = localeOf(user.locale);
  const url = new URL(localePath(locale, "/reset-password"), context.appUrl);
  url.searchParams.set("token", token);
  url.searchParams.set("email", user.email);
  await sendMail(context, user.email, locale, "passwordReset", { name: user.name, minutes: RESET_TTL_MINUTES }, { action: url.href });
}

export async function resetPassword(db: Db, input: { email: string; token: string; password: string }) {
  return completePasswordReset(db, input);
}

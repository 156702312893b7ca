/**
 * Changing the e-mail address: a six-digit code goes to the new address (through the one code path
 * of `verifications`: 10 minutes, 5 tries, used once, a new request replaces the old one, stored
 * as an HMAC); entering it moves the account to the new address, ends every other session and
 * tells the old address; social links made before the new address was proven go (see
 * `recordAddressProof`). An address that already has an account gets no code and reveals
 * nothing on the page: its owner is told by e-mail instead.
 */
import { CODE_TTL_MINUTES, checkCode, issueCode, pendingCode } from "~/auth/codes.server";
import { type Db, isUniqueViolation, now } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import type { Mailer } from "~/mail/mailer.server";
import { renderMail } from "~/mail/templates.server";
import { recordAddressProof } from "~/auth/address-proof.server";
import { revokeUserSessions } from "~/auth/session.server";
import { findUserByEmail } from "./users.server";

async function send(
  mailer: Mailer,
  to: string,
  locale: string,
  kind: "emailChangeCode" | "emailChangeTaken" | "emailChanged",
  values: Record<string, string | number>,
  code?: string,
) {
  const lng = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const t = fixedT(lng, "emails");
  const parts = renderMail({
    locale: lng,
    heading: t(`${kind}.heading`, values),
    paragraphs: t(`${kind}.paragraphs`, { ...values, returnObjects: true }) as unknown as string[],
    code,
    footer: t("footer"),
  });
  await mailer.send({ to, subject: t(`${kind}.subject`, values), ...parts });
}

export async function requestEmailChange(
  db: Db,
  input: { userId: string; newEmail: string },
  context: { mailer: Mailer; secret: string },
): Promise<void> {
  const user = await db.selectFrom("users").select(["email", "name", "locale"]).where("id", "=", input.userId).executeTakeFirstOrThrow();
  const owner = await findUserByEmail(db, input.newEmail);
  if (owner) {
    if (owner.id !== input.userId) await send(context.mailer, owner.email, owner.locale, "emailChangeTaken", { name: owner.name });
    return;
  }
  const newEmail = input.newEmail.trim();
  const { code } = await issueCode(db, input.userId, "email-change", context.secret, newEmail);
  await send(context.mailer, newEmail, user.locale, "emailChangeCode", { name: user.name, minutes: CODE_TTL_MINUTES }, code);
}

export async function pendingEmailChange(db: Db, userId: string): Promise<string | null> {
  const row = await pendingCode(db, userId, "email-change");
  return row && row.expiresAt > now() ? row.payload : null;
}

export type EmailChangeOutcome = "changed" | "invalid" | "expired" | "locked" | "none" | "taken";

/**
 * Confirms the change with the code sent to the new address: one code check (the same single use
 * as every code), then, in one unit of work, the new address and the end of every other session.
 */
export async function confirmEmailChange(
  db: Db,
  input: { userId: string; code: string; keepSessionId?: string },
  context: { mailer: Mailer; secrets: string[] },
): Promise<EmailChangeOutcome> {
  const user = await db.selectFrom("users").select(["email", "name", "locale"]).where("id", "=", input.userId).executeTakeFirstOrThrow();
  let newEmail: string | null = null;
  try {
    const verdict = await unitOfWork(db, async (tx) => {
      const check = await checkCode(tx, input.userId, "email-change", input.code, context.secrets);
      if (check.verdict !== "ok" || !check.payload) return check.verdict === "ok" ? "invalid" : check.verdict;
      newEmail = check.payload;
      await tx
        .updateTable("users")
        .set({ email: newEmail, emailVerifiedAt: now(), updatedAt: now() })
        .where("id", "=", input.userId)
        .execute();
      // A new sign-in address ends every other session (someone who knew the old one is out).
      await revokeUserSessions(tx, input.userId, input.keepSessionId ? { except: input.keepSessionId } : {});
      // The new address is proven only now: social links made before it go (the owner is told).
      await recordAddressProof(tx, { userId: input.userId, via: "emailChange", keepSessionId: input.keepSessionId });
      return "ok";
    });
    if (verdict !== "ok") return verdict;
  } catch (error) {
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
  await send(context.mailer, user.email, user.locale, "emailChanged", { name: user.name, email: newEmail! });
  return "changed";
}

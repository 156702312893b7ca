/**
 * Changing the e-mail address: a six-digit code goes to the new address (10 minutes, 5 tries, a
 * new request replaces the old one, stored as an HMAC); entering it moves the account to the new
 * address and tells the old one. An address that already has an account gets no code and reveals
 * nothing on the page: its owner is told by e-mail instead.
 */
import { randomUUID } from "node:crypto";
import { codeHash, randomCode } from "~/auth/tokens.server";
import { CODE_TTL_MINUTES, judgeCode } from "~/auth/codes.server";
import { now, type Db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/i18next.server";
import type { Mailer } from "~/mail/mailer.server";
import { renderMail } from "~/mail/templates.server";
import { revokeUserSessions } from "~/auth/session.server";
import { findUserByEmail, isUniqueViolation } from "./users.server";

async function send(mailer: Mailer, to: string, locale: string, kind: "emailChangeCode" | "emailChangeTaken" | "emailChanged", values: Record<string, string | number>, code?: string) {
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
  const timestamp = now();
  await db.updateTable("emailChanges").set({ consumedAt: timestamp }).where("userId", "=", input.userId).where("consumedAt", "is", null).execute();
  const id = randomUUID();
  const code = randomCode();
  await db
    .insertInto("emailChanges")
    .values({
      id,
      userId: input.userId,
      newEmail: input.newEmail.trim(),
      codeHash: codeHash(code, id, context.secret),
      expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000).toISOString(),
      consumedAt: null,
      createdAt: timestamp,
    })
    .execute();
  await send(context.mailer, input.newEmail.trim(), user.locale, "emailChangeCode", { name: user.name, minutes: CODE_TTL_MINUTES }, code);
}

export async function pendingEmailChange(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("emailChanges")
    .select("newEmail")
    .where("userId", "=", userId)
    .where("consumedAt", "is", null)
    .where("expiresAt", ">", now())
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  return row?.newEmail ?? null;
}

export type EmailChangeOutcome = "changed" | "invalid" | "expired" | "locked" | "none" | "taken";

export async function confirmEmailChange(
  db: Db,
  input: { userId: string; code: string; keepSessionId?: string },
  context: { mailer: Mailer; secrets: string[] },
): Promise<EmailChangeOutcome> {
  const current = await db
    .selectFrom("emailChanges")
    .selectAll()
    .where("userId", "=", input.userId)
    .where("consumedAt", "is", null)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  if (!current) return "none";
  const verdict = await judgeCode(db, "emailChanges", current, input.code, context.secrets);
  if (verdict !== "ok") return verdict;
  const user = await db.selectFrom("users").select(["email", "name", "locale"]).where("id", "=", input.userId).executeTakeFirstOrThrow();
  try {
    const used = await unitOfWork(db, async (tx) => {
      // Used once: of two confirmations at the same moment, only one consumes the code.
      const consumed = await tx.updateTable("emailChanges").set({ consumedAt: now() }).where("id", "=", current.id).where("consumedAt", "is", null).executeTakeFirst();
      if (Number(consumed.numUpdatedRows) !== 1) return false;
      await tx.updateTable("users").set({ email: current.newEmail, emailVerifiedAt: now(), updatedAt: now() }).where("id", "=", input.userId).execute();
      // A new sign-in address ends every other session (someone who knew the old one is out).
      await revokeUserSessions(tx, input.userId, input.keepSessionId ? { except: input.keepSessionId } : {});
      return true;
    });
    if (!used) return "invalid";
  } catch (error) {
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
  await send(context.mailer, user.email, user.locale, "emailChanged", { name: user.name, email: current.newEmail });
  return "changed";
}

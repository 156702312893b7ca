/**
 * One-time codes: owns `verification_codes`. A code is six random digits, valid 10 minutes, dead
 * after 5 wrong tries, used once, and stored only as an HMAC. Issuing a new code kills the old one.
 */
import { randomUUID } from "node:crypto";
import { now, type DbOrTx } from "~/db/db.server";
import type { VerificationPurpose } from "~/db/schema";
import { codeHash, randomCode, safeEqual } from "./tokens.server";

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;

export async function issueCode(
  db: DbOrTx,
  userId: string,
  purpose: VerificationPurpose,
  secret: string,
): Promise<{ code: string; expiresAt: string }> {
  const timestamp = now();
  await db
    .updateTable("verificationCodes")
    .set({ consumedAt: timestamp })
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .where("consumedAt", "is", null)
    .execute();
  const id = randomUUID();
  const code = randomCode();
  const expiresAt = new Date(Date.now() + CODE_TTL_MINUTES * 60_000).toISOString();
  await db
    .insertInto("verificationCodes")
    .values({ id, userId, purpose, codeHash: codeHash(code, id, secret), expiresAt, consumedAt: null, createdAt: timestamp })
    .execute();
  return { code, expiresAt };
}

export type CodeCheck = "ok" | "invalid" | "expired" | "locked" | "none";

/**
 * Judges a code against a stored one (any table of codes: e-mail verification, e-mail change):
 * dead after CODE_MAX_ATTEMPTS wrong tries or at expiry; a wrong one counts as a try, with a
 * conditional increment so concurrent wrong guesses cannot exceed the limit together.
 */
export async function judgeCode(
  db: DbOrTx,
  table: "verificationCodes" | "emailChanges",
  stored: { id: string; codeHash: string; attempts: number; expiresAt: string },
  code: string,
  secrets: string[],
): Promise<"ok" | "invalid" | "expired" | "locked"> {
  if (stored.attempts >= CODE_MAX_ATTEMPTS) return "locked";
  if (stored.expiresAt <= now()) return "expired";
  if (secrets.some((secret) => safeEqual(codeHash(code, stored.id, secret), stored.codeHash))) return "ok";
  await db
    .updateTable(table)
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", stored.id)
    .where("attempts", "<", CODE_MAX_ATTEMPTS)
    .execute();
  return "invalid";
}

/** Checks a code; a wrong one counts as a try. Only "ok" consumes the code. */
export async function checkCode(
  db: DbOrTx,
  userId: string,
  purpose: VerificationPurpose,
  code: string,
  secrets: string[],
): Promise<CodeCheck> {
  const current = await db
    .selectFrom("verificationCodes")
    .selectAll()
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .where("consumedAt", "is", null)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  if (!current) return "none";
  const verdict = await judgeCode(db, "verificationCodes", current, code, secrets);
  if (verdict !== "ok") return verdict;
  const consumed = await db
    .updateTable("verificationCodes")
    .set({ consumedAt: now() })
    .where("id", "=", current.id)
    .where("consumedAt", "is", null)
    .where("attempts", "<", CODE_MAX_ATTEMPTS)
    .executeTakeFirst();
  return Number(consumed.numUpdatedRows) === 1 ? "ok" : "invalid";
}

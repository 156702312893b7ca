/**
 * One-time codes: owns `verifications`, every e-mailed code whatever it confirms (the sign-up
 * address, a new address). A code is six random digits, valid 10 minutes, dead after 5 wrong
 * tries, used once (a guarded update: of two requests with the right code only one gets "ok"),
 * and stored only as an HMAC. Issuing a new code for a purpose kills the old one.
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
  payload: string | null = null,
  /** A link's long random token instead of six digits. */
  code: string = randomCode(),
): Promise<{ code: string; expiresAt: string }> {
  const timestamp = now();
  await db
    .updateTable("verifications")
    .set({ consumedAt: timestamp })
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .where("consumedAt", "is", null)
    .execute();
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + CODE_TTL_MINUTES * 60_000).toISOString();
  await db
    .insertInto("verifications")
    .values({ id, userId, purpose, payload, codeHash: codeHash(code, id, secret), expiresAt, consumedAt: null, createdAt: timestamp })
    .execute();
  return { code, expiresAt };
}

export type CodeCheck = "ok" | "invalid" | "expired" | "locked" | "none";

/** The live code of a purpose (not consumed), with what it confirms. */
export async function pendingCode(db: DbOrTx, userId: string, purpose: VerificationPurpose) {
  return db
    .selectFrom("verifications")
    .selectAll()
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .where("consumedAt", "is", null)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
}

/**
 * Checks a code: dead after CODE_MAX_ATTEMPTS wrong tries or at expiry (said only to the right code); a wrong one counts as a
 * try (a conditional increment, so concurrent wrong guesses cannot exceed the limit together);
 * only "ok" consumes it, once. Answers what the code confirmed with it.
 */
export async function checkCode(
  db: DbOrTx,
  userId: string,
  purpose: VerificationPurpose,
  code: string,
  secrets: string[],
): Promise<{ verdict: CodeCheck; payload: string | null }> {
  const current = await pendingCode(db, userId, purpose);
  if (!current) return { verdict: "none", payload: null };
  if (current.attempts >= CODE_MAX_ATTEMPTS) return { verdict: "locked", payload: null };
  if (!secrets.some((secret) => safeEqual(codeHash(code, current.id, secret), current.codeHash))) {
    await db
      .updateTable("verifications")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", current.id)
      .where("attempts", "<", CODE_MAX_ATTEMPTS)
      .execute();
    return { verdict: "invalid", payload: null };
  }
  // Only the right code learns that it expired: a guesser sees what a wrong code for an address
  // with no pending code sees, so "expired" cannot reveal an old, unfinished sign-up.
  if (current.expiresAt <= now()) return { verdict: "expired", payload: null };
  const consumed = await db
    .updateTable("verifications")
    .set({ consumedAt: now() })
    .where("id", "=", current.id)
    .where("consumedAt", "is", null)
    .where("attempts", "<", CODE_MAX_ATTEMPTS)
    .executeTakeFirst();
  return Number(consumed.numUpdatedRows) === 1 ? { verdict: "ok", payload: current.payload } : { verdict: "invalid", payload: null };
}

/**
 * Password resets: owns `password_resets`. A reset link carries 32 random bytes, stored only as a
 * hash, valid one hour, usable once. Completing a reset ends every session of the user and proves
 * the address (an unverified account becomes verified; social links made before the proof go).
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { now, type Db, type DbOrTx } from "~/db/db.server";
import { setPassword } from "~/users/users.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { recordAddressProof } from "./address-proof.server";
import { revokeUserSessions } from "./session.server";
import { randomToken, sha256 } from "./tokens.server";

export const RESET_TTL_MINUTES = 60;

export async function createPasswordReset(db: DbOrTx, userId: string): Promise<string> {
  const token = randomToken();
  const timestamp = now();
  // A new link replaces any older one.
  await db.updateTable("passwordResets").set({ usedAt: timestamp }).where("userId", "=", userId).where("usedAt", "is", null).execute();
  await db
    .insertInto("passwordResets")
    .values({
      id: randomUUID(),
      userId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * 60_000).toISOString(),
      usedAt: null,
      createdAt: timestamp,
    })
    .execute();
  return token;
}

/** The user a reset link belongs to, when the link is valid (right address, unused, not expired). */
export async function findValidReset(db: DbOrTx, email: string, token: string): Promise<{ resetId: string; userId: string } | null> {
  if (!email || !token) return null;
  const row = await db
    .selectFrom("passwordResets")
    .innerJoin("users", "users.id", "passwordResets.userId")
    .select(["passwordResets.id as resetId", "users.id as userId"])
    .where("passwordResets.tokenHash", "=", sha256(token))
    .where(sql`lower(users.email)`, "=", email.trim().toLowerCase())
    .where("passwordResets.usedAt", "is", null)
    .where("passwordResets.expiresAt", ">", now())
    .executeTakeFirst();
  return row ?? null;
}

export async function completePasswordReset(
  db: Db,
  input: { email: string; token: string; password: string },
): Promise<{ userId: string } | null> {
  return unitOfWork(db, async (tx) => {
    const reset = await findValidReset(tx, input.email, input.token);
    if (!reset) return null;
    const used = await tx
      .updateTable("passwordResets")
      .set({ usedAt: now() })
      .where("id", "=", reset.resetId)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return null;
    await setPassword(tx, reset.userId, input.password);
    await revokeUserSessions(tx, reset.userId);
    // The link came to the address: it is proven, and social links made before the proof go.
    await recordAddressProof(tx, { userId: reset.userId, via: "passwordReset" });
    return { userId: reset.userId };
  });
}

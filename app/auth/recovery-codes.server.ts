/**
 * The way back from a lost authenticator: owns `recovery_codes` and the two-factor reset. Ten
 * single-use recovery codes (`xxxxx-xxxxx`, 50 random bits each) are made when two-factor
 * authentication is turned on or the codes are regenerated; only their SHA-256 hashes (salted with
 * the account id) are stored, so they are shown once. A code is spent with a conditional update in
 * the caller's transaction (good once, even when two requests race with it), with its audit row and
 * the owner's notice ("a recovery code was used, N left", e-mailed through the outbox). A reset (by
 * another admin in the back office, or from the command line) turns two-factor authentication off
 * and deletes the codes, audited, the owner notified.
 */
import { createHash, randomInt, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { audit } from "~/audit/audit.server";
import { now, type DbOrTx, type Tx } from "~/db/db.server";
import { notify } from "~/notifications/notifications.server";

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base 32 in lower case: no i, l, o or u to misread. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const CODE_LENGTH = 10;

/** A new code, `xxxxx-xxxxx`. */
function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A typed code as stored: case, spaces and dashes ignored, the letters people misread as digits
 * (o, i, l) read as the digits; null when it cannot be a recovery code.
 */
export function normaliseRecoveryCode(input: string): string | null {
  const code = input
    .toLowerCase()
    .replace(/[\s\-‐‑‒–—_]/g, "")
    .replace(/o/g, "0")
    .replace(/[il]/g, "1");
  return code.length === CODE_LENGTH && [...code].every((char) => ALPHABET.includes(char)) ? code : null;
}

export function hashRecoveryCode(userId: string, normalised: string): string {
  return createHash("sha256").update(`${userId}:${normalised}`).digest("hex");
}

/**
 * Replaces the account's recovery codes with ten new ones, in the caller's transaction; returns
 * them (the only time they exist in clear). Audited as `user.recovery_codes_generated`.
 */
export async function generateRecoveryCodes(tx: Tx, userId: string, context: { clientAddress?: string | null } = {}): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  const list = [...codes];
  const timestamp = now();
  await tx.deleteFrom("recoveryCodes").where("userId", "=", userId).execute();
  await tx
    .insertInto("recoveryCodes")
    .values(
      list.map((code) => ({
        id: randomUUID(),
        userId,
        codeHash: hashRecoveryCode(userId, normaliseRecoveryCode(code)!),
        usedAt: null,
        createdAt: timestamp,
      })),
    )
    .execute();
  await audit(tx, {
    actorId: userId,
    action: "user.recovery_codes_generated",
    subject: `user:${userId}`,
    details: { count: list.length },
    clientAddress: context.clientAddress ?? null,
  });
  return list;
}

/** How many of the account's recovery codes are still unused. */
export async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recoveryCodes")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes every recovery code of the account (two-factor authentication turned off); returns how many there were. */
export async function deleteRecoveryCodes(tx: Tx, userId: string): Promise<number> {
  const result = await tx.deleteFrom("recoveryCodes").where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type RedeemResult = { ok: true; left: number } | { ok: false };

/**
 * Spends one of the account's recovery codes in the caller's transaction: claimed with a
 * conditional update (unused → used), so a code passes once however many requests race with it.
 * The use is audited and the owner told, with how many codes are left.
 */
export async function redeemRecoveryCode(
  tx: Tx,
  userId: string,
  input: string,
  context: { clientAddress?: string | null } = {},
): Promise<RedeemResult> {
  const normalised = normaliseRecoveryCode(input);
  if (!normalised) return { ok: false };
  const claimed = await tx
    .updateTable("recoveryCodes")
    .set({ usedAt: now() })
    .where("userId", "=", userId)
    .where("codeHash", "=", hashRecoveryCode(userId, normalised))
    .where("usedAt", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { ok: false };
  const left = await recoveryCodesLeft(tx, userId);
  await audit(tx, {
    actorId: userId,
    action: "user.recovery_code_used",
    subject: `user:${userId}`,
    details: { left },
    clientAddress: context.clientAddress ?? null,
  });
  await notify(tx, userId, "recoveryCodeUsed", { count: left });
  return { ok: true, left };
}

export interface ResetBy {
  /** The admin who reset it; null from the command line. */
  actorId: string | null;
  via: "back-office" | "command-line";
  clientAddress?: string | null;
}

/**
 * Turns the account's two-factor authentication off and deletes its recovery codes, in the
 * caller's transaction, with one audit row and the owner's notice. Nothing changes (and nothing is
 * written) when it was not on.
 */
export async function resetTwoFactor(tx: Tx, userId: string, by: ResetBy): Promise<{ changed: boolean; codesDeleted: number }> {
  const row = await tx.selectFrom("users").select("totpEnabledAt").where("id", "=", userId).executeTakeFirst();
  if (!row?.totpEnabledAt) return { changed: false, codesDeleted: 0 };
  const updated = await tx
    .updateTable("users")
    .set({ totpEnabledAt: null, totpSecret: null, totpLastStep: null, updatedAt: now() })
    .where("id", "=", userId)
    .where("totpEnabledAt", "is not", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { changed: false, codesDeleted: 0 };
  const codesDeleted = await deleteRecoveryCodes(tx, userId);
  await audit(tx, {
    actorId: by.actorId,
    action: "user.two_factor_reset",
    subject: `user:${userId}`,
    details: { via: by.via, recoveryCodesDeleted: codesDeleted },
    before: { twoFactor: true },
    after: { twoFactor: false },
    clientAddress: by.clientAddress ?? null,
  });
  await notify(tx, userId, "twoFactorReset");
  return { changed: true, codesDeleted };
}

export type CommandLineReset =
  | { outcome: "unknown" }
  | { outcome: "off"; email: string; role: string }
  | { outcome: "reset"; email: string; role: string; codesDeleted: number };

/** The command line's reset (`npm run admin:reset-2fa -- --email …`): any account, found by its address. */
export async function resetTwoFactorByEmail(tx: Tx, email: string): Promise<CommandLineReset> {
  const user = await tx
    .selectFrom("users")
    .select(["id", "email", "role"])
    .where(sql`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) return { outcome: "unknown" };
  const result = await resetTwoFactor(tx, user.id, { actorId: null, via: "command-line" });
  return result.changed
    ? { outcome: "reset", email: user.email, role: user.role, codesDeleted: result.codesDeleted }
    : { outcome: "off", email: user.email, role: user.role };
}

/**
 * Two-factor authentication with TOTP (RFC 6238, through otpauth): a secret is proposed (stored,
 * not yet active), shown as a QR code (qrcode) and as text; entering a valid code turns it on.
 * Sign-in then asks for a code; turning it off needs a code too. Codes are checked with one step
 * of clock drift either way, and each is good once: the last accepted time step is stored and a
 * code of that step or an earlier one is refused (`acceptTotpCode`).
 */
import { createCookie } from "@remix-run/node";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { env, isHttps } from "~/config/env.server";
import { now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { notify } from "~/notifications/notifications.server";
import { consumeRateLimits } from "~/security/rate-limit.server";
import { deleteRecoveryCodes, generateRecoveryCodes, redeemRecoveryCode } from "./recovery-codes.server";
import { markReauthenticated } from "./session.server";

const ISSUER = "Cashwise";

function totp(secret: string, label: string) {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

export function checkTotp(secret: string, code: string, timestamp = Date.now()): boolean {
  return totpStep(secret, code, timestamp) !== null;
}

/** The time step a valid code belongs to (one step of drift either way), or null. */
export function totpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret, "check").validate({ token: code, window: 1, timestamp });
  return delta === null ? null : Math.floor(timestamp / 30_000) + delta;
}

/**
 * Accepts a code for the user's secret once: valid, and of a later time step than the last one
 * accepted (a code seen over a shoulder or replayed from a log is refused). The step is claimed
 * with a conditional update, so two requests with one code cannot both pass.
 */
export async function acceptTotpCode(
  db: DbOrTx,
  userId: string,
  code: string,
  options: { secret?: string | null; timestamp?: number } = {},
): Promise<boolean> {
  const row = await db.selectFrom("users").select(["totpSecret", "totpLastStep"]).where("id", "=", userId).executeTakeFirst();
  const secret = options.secret ?? row?.totpSecret;
  if (!row || !secret) return false;
  const step = totpStep(secret, code, options.timestamp);
  if (step === null) return false;
  const claimed = await db
    .updateTable("users")
    .set({ totpLastStep: step })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("totpLastStep", "is", null), eb("totpLastStep", "<", step)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function twoFactorState(db: DbOrTx, userId: string) {
  const row = await db
    .selectFrom("users")
    .select(["email", "totpSecret", "totpEnabledAt"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return { email: row.email, secret: row.totpSecret, enabled: row.totpEnabledAt !== null };
}

/** Proposes a new secret (replacing an unconfirmed one); returns what the settings page shows. */
export async function startTwoFactor(db: Db, userId: string): Promise<{ secret: string; uri: string; qrDataUrl: string }> {
  const state = await twoFactorState(db, userId);
  if (state.enabled) throw new Error("two-factor authentication is already on");
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db.updateTable("users").set({ totpSecret: secret, updatedAt: now() }).where("id", "=", userId).execute();
  return pendingSetup(secret, state.email);
}

export async function pendingSetup(secret: string, email: string) {
  const uri = totp(secret, email).toString();
  return { secret, uri, qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) };
}

/** Turns 2FA on with a valid code, and tells the owner, in the caller's unit of work. */
export async function enableTwoFactor(tx: Tx, userId: string, code: string): Promise<boolean> {
  const state = await twoFactorState(tx, userId);
  if (state.enabled || !state.secret || !(await acceptTotpCode(tx, userId, code))) return false;
  await tx.updateTable("users").set({ totpEnabledAt: now(), updatedAt: now() }).where("id", "=", userId).execute();
  await notify(tx, userId, "twoFactorOn");
  return true;
}

/**
 * Turns 2FA off with a valid code (or, for an owner who lost the phone, one of the recovery codes:
 * then a new phone can be set up), and tells the owner, in the caller's unit of work. Admins keep
 * it: the back office requires it.
 */
export async function disableTwoFactor(tx: Tx, userId: string, code: string): Promise<boolean> {
  const state = await twoFactorState(tx, userId);
  const { role } = await tx.selectFrom("users").select("role").where("id", "=", userId).executeTakeFirstOrThrow();
  if (role === "admin" || !state.enabled || !state.secret) return false;
  const accepted = /^\d{6}$/.test(code) ? await acceptTotpCode(tx, userId, code) : (await redeemRecoveryCode(tx, userId, code)).ok;
  if (!accepted) return false;
  await tx
    .updateTable("users")
    .set({ totpEnabledAt: null, totpSecret: null, totpLastStep: null, updatedAt: now() })
    .where("id", "=", userId)
    .execute();
  await deleteRecoveryCodes(tx, userId);
  await notify(tx, userId, "twoFactorOff");
  return true;
}

export type TwoFactorIntentResult =
  | { outcome: "started" | "disabled" }
  | { outcome: "enabled" | "regenerated"; recoveryCodes: string[] }
  | { outcome: "error"; error: string; status: 400 | 429 };

/**
 * The forms of the two-factor panel (`intent` = `2fa-start`, `2fa-enable`, `2fa-disable` with
 * `code`, and `recovery-regenerate`), for whichever page shows it. Code forms are throttled; a
 * correct code also counts as a fresh re-authentication of the session. Turning it on makes the
 * ten recovery codes in the same unit of work, and so does regenerating them (the route asks for a
 * recent re-authentication first); both answer the codes, to be shown once. Returns null for any
 * other intent.
 */
export async function twoFactorIntent(
  db: Db,
  input: { userId: string; sessionId: string; intent: unknown; code: unknown; clientAddress: string },
): Promise<TwoFactorIntentResult | null> {
  const { intent, userId } = input;
  if (intent === "2fa-start") {
    // Already on (a second tab, a replayed form): nothing to start.
    if (!(await twoFactorState(db, userId)).enabled) await startTwoFactor(db, userId);
    return { outcome: "started" };
  }
  if (intent === "recovery-regenerate") {
    const recoveryCodes = await unitOfWork(db, async (tx) =>
      (await twoFactorState(tx, userId)).enabled ? generateRecoveryCodes(tx, userId, { clientAddress: input.clientAddress }) : null,
    );
    if (!recoveryCodes) return { outcome: "error", error: "app:settings.recoveryCodes.notOn", status: 400 };
    return { outcome: "regenerated", recoveryCodes };
  }
  if (intent !== "2fa-enable" && intent !== "2fa-disable") return null;
  const code = String(input.code ?? "").trim();
  const verdict = await consumeRateLimits(db, [
    ["codeIp", input.clientAddress],
    ["codeAccount", userId],
  ]);
  if (!verdict.allowed) return { outcome: "error", error: "common:errors.tooManyRequests.text", status: 429 };
  const done = await unitOfWork(db, async (tx) => {
    if (intent === "2fa-disable") {
      const ok = await disableTwoFactor(tx, userId, code);
      if (ok) await markReauthenticated(tx, input.sessionId);
      return ok ? { outcome: "disabled" as const } : null;
    }
    if (!(await enableTwoFactor(tx, userId, code))) return null;
    await markReauthenticated(tx, input.sessionId);
    return { outcome: "enabled" as const, recoveryCodes: await generateRecoveryCodes(tx, userId, { clientAddress: input.clientAddress }) };
  });
  if (!done) return { outcome: "error", error: "app:settings.twoFactor.invalid", status: 400 };
  return done;
}

/** Between the password and the code: who is signing in, for five minutes, in a signed cookie. */
function pendingCookie() {
  return createCookie("pending_2fa", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(),
    maxAge: 300,
    secrets: env().sessionSecrets,
  });
}

export interface PendingSignIn {
  userId: string;
  remember: boolean;
  redirectTo: string | null;
  area: "user" | "admin";
}

export function setPendingSignIn(pending: PendingSignIn): Promise<string> {
  return pendingCookie().serialize(pending);
}

export async function readPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const value = (await pendingCookie().parse(request.headers.get("Cookie"))) as PendingSignIn | null;
  return value && typeof value.userId === "string" ? value : null;
}

export function clearPendingSignIn(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0 });
}

/**
 * Sessions: owns the `sessions` table and the session cookie. The cookie (signed with
 * SESSION_SECRET, HttpOnly, SameSite=Lax, Secure over https) carries a random token and the role
 * at sign-in; the database keeps only the token's hash. Every request checks the row (expiry,
 * revocation) and reads the user's current role, so logout, a password reset or a role change
 * take effect at once. Remember-me: 30 days; otherwise a browser-session cookie that the server
 * also stops accepting after 12 hours.
 */
import { randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { env, isHttps } from "~/config/env.server";
import { now, type Db, type DbOrTx } from "~/db/db.server";
import type { Role } from "~/db/schema";
import { randomToken, sha256 } from "./tokens.server";

export const REMEMBER_ME_DAYS = 30;
export const BROWSER_SESSION_HOURS = 12;

function sessionCookie() {
  return createCookie("__session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(),
    secrets: env().sessionSecrets,
  });
}

interface CookieValue {
  token: string;
  role: Role;
}

export interface SessionRecord {
  id: string;
  userId: string;
  remember: boolean;
  expiresAt: string;
  /** When this session last proved who is there: its sign-in, or the re-authentication step. */
  reauthenticatedAt: string | null;
  /** The client account this session last opened the ad pages on by name (`chooseClientAccount`). */
  adClientId: string | null;
}

/** Sensitive changes (e-mail address, payout destination, turning 2FA off) need a proof this recent. */
export const REAUTH_WINDOW_MS = 10 * 60_000;

export function isRecentlyAuthenticated(session: SessionRecord, nowMs = Date.now()): boolean {
  return session.reauthenticatedAt !== null && nowMs - Date.parse(session.reauthenticatedAt) <= REAUTH_WINDOW_MS;
}

/** The session just proved who is there (password or code). */
export async function markReauthenticated(db: DbOrTx, sessionId: string): Promise<void> {
  await db.updateTable("sessions").set({ reauthenticatedAt: now() }).where("id", "=", sessionId).execute();
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  locale: string;
  emailVerifiedAt: string | null;
  theme: "light" | "dark" | "system";
  /** Two-factor authentication is on (the back office requires it). */
  twoFactor: boolean;
}

/** Starts a session; returns the Set-Cookie header that carries it. */
export async function createSession(
  db: DbOrTx,
  user: { id: string; role: Role },
  options: { remember: boolean; userAgent?: string | null; clientAddress?: string | null },
): Promise<{ session: SessionRecord; setCookie: string }> {
  const token = randomToken();
  const timestamp = now();
  const lifetimeMs = options.remember ? REMEMBER_ME_DAYS * 86_400_000 : BROWSER_SESSION_HOURS * 3_600_000;
  const session = {
    id: randomUUID(),
    userId: user.id,
    tokenHash: sha256(token),
    remember: options.remember ? 1 : 0,
    expiresAt: new Date(Date.now() + lifetimeMs).toISOString(),
    revokedAt: null,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    clientAddress: options.clientAddress ?? null,
    createdAt: timestamp,
    lastSeenAt: timestamp,
    reauthenticatedAt: timestamp,
  };
  await db.insertInto("sessions").values(session).execute();
  const value: CookieValue = { token, role: user.role };
  const setCookie = await sessionCookie().serialize(value, options.remember ? { maxAge: REMEMBER_ME_DAYS * 86_400 } : {});
  return {
    session: {
      id: session.id,
      userId: user.id,
      remember: options.remember,
      expiresAt: session.expiresAt,
      reauthenticatedAt: timestamp,
      adClientId: null,
    },
    setCookie,
  };
}

async function readToken(request: Request): Promise<string | null> {
  const value = (await sessionCookie().parse(request.headers.get("Cookie"))) as CookieValue | null;
  return value && typeof value.token === "string" ? value.token : null;
}

/** The signed-in user and session behind the request's cookie, if the session is still valid. */
export async function readSession(db: Db, request: Request): Promise<{ user: SignedInUser; session: SessionRecord } | null> {
  const token = await readToken(request);
  if (!token) return null;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select([
      "sessions.id as sessionId",
      "sessions.remember",
      "sessions.expiresAt",
      "sessions.lastSeenAt",
      "sessions.reauthenticatedAt",
      "sessions.adClientId",
      "users.id as userId",
      "users.email",
      "users.name",
      "users.role",
      "users.locale",
      "users.emailVerifiedAt",
      "users.theme",
      "users.totpEnabledAt",
    ])
    .where("sessions.tokenHash", "=", sha256(token))
    // A suspended account has no session, whatever cookie the browser still holds.
    .where("users.suspendedAt", "is", null)
    .where("sessions.revokedAt", "is", null)
    .where("sessions.expiresAt", ">", now())
    .executeTakeFirst();
  if (!row) return null;
  // Keep "last seen" roughly current without a write on every request.
  if (Date.now() - Date.parse(row.lastSeenAt) > 5 * 60_000) {
    await db.updateTable("sessions").set({ lastSeenAt: now() }).where("id", "=", row.sessionId).execute();
  }
  return {
    user: {
      id: row.userId,
      email: row.email,
      name: row.name,
      role: row.role,
      locale: row.locale,
      emailVerifiedAt: row.emailVerifiedAt,
      theme: row.theme,
      twoFactor: row.totpEnabledAt !== null,
    },
    session: {
      id: row.sessionId,
      userId: row.userId,
      remember: row.remember === 1,
      expiresAt: row.expiresAt,
      reauthenticatedAt: row.reauthenticatedAt,
      adClientId: row.adClientId,
    },
  };
}

/** Ends the session behind the request (if any); returns the Set-Cookie header that clears the cookie. */
export async function endSession(db: DbOrTx, request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) {
    await db
      .updateTable("sessions")
      .set({ revokedAt: now() })
      .where("tokenHash", "=", sha256(token))
      .where("revokedAt", "is", null)
      .execute();
  }
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** Ends every session of a user (password reset), or every other one (password change). */
export async function revokeUserSessions(db: DbOrTx, userId: string, options: { except?: string } = {}): Promise<number> {
  let query = db.updateTable("sessions").set({ revokedAt: now() }).where("userId", "=", userId).where("revokedAt", "is", null);
  if (options.except) query = query.where("id", "!=", options.except);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listActiveSessions(db: Db, userId: string) {
  return db
    .selectFrom("sessions")
    .select(["id", "remember", "createdAt", "lastSeenAt", "expiresAt", "userAgent"])
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now())
    .orderBy("lastSeenAt", "desc")
    .execute();
}

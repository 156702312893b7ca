/**
 * Users: owns the `users` table: creating accounts, finding them by id or e-mail address
 * (case-insensitively) and changing roles. Returned records never include the password hash
 * unless a function says so in its name.
 */
import { startTrial } from "~/plans/trial.server";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { type DbOrTx, isUniqueViolation, now } from "~/db/db.server";
import type { Role, User } from "~/db/schema";
import { hashPassword } from "./password.server";
import { NamedError } from "~/utils/named-error";

const publicColumns = [
  "id",
  "email",
  "name",
  "role",
  "locale",
  "emailVerifiedAt",
  "phone",
  "partnerPlanCode",
  "createdAt",
  "updatedAt",
] as const;

/** An account as the app passes it around: never the password hash, the 2FA secret or settings. */
export type PublicUser = Pick<User, (typeof publicColumns)[number]>;

export class EmailTakenError extends NamedError {
  constructor(email: string) {
    super(`An account already exists for ${email}`);
  }
}

export interface CreateUserInput {
  email: string;
  name: string;
  password?: string;
  role?: Role;
  locale?: string;
  emailVerified?: boolean;
  phone?: string;
  partnerPlanCode?: string;
}

export async function createUser(db: DbOrTx, input: CreateUserInput): Promise<PublicUser> {
  const timestamp = now();
  const email = input.email.trim();
  if (await findUserByEmail(db, email)) throw new EmailTakenError(email);
  const user = {
    id: randomUUID(),
    email,
    name: input.name.trim(),
    passwordHash: input.password ? await hashPassword(input.password) : null,
    role: input.role ?? "user",
    locale: input.locale ?? "en",
    // New accounts follow the device, as visitors do, until they choose.
    theme: "system" as const,
    emailVerifiedAt: input.emailVerified ? timestamp : null,
    phone: input.phone ?? null,
    partnerPlanCode: input.partnerPlanCode ?? null,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  try {
    await db.insertInto("users").values(user).execute();
  } catch (error) {
    // A concurrent sign-up with the same address loses the race on the unique index.
    if (isUniqueViolation(error)) throw new EmailTakenError(email);
    throw error;
  }
  // The 14-day free trial of the ad tools starts with the account.
  await startTrial(db, user.id, timestamp);
  const { passwordHash: _omitted, ...publicUser } = user;
  return publicUser;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<PublicUser | undefined> {
  return db
    .selectFrom("users")
    .select(publicColumns)
    .where(sql`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function getUserById(db: DbOrTx, id: string): Promise<PublicUser | undefined> {
  return db.selectFrom("users").select(publicColumns).where("id", "=", id).executeTakeFirst();
}

/** The stored hash, for checking a password at sign-in. Never leaves the server. */
export async function getPasswordHash(db: DbOrTx, userId: string): Promise<string | null> {
  const row = await db.selectFrom("users").select("passwordHash").where("id", "=", userId).executeTakeFirst();
  return row?.passwordHash ?? null;
}

export async function setPassword(db: DbOrTx, userId: string, password: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ passwordHash: await hashPassword(password), updatedAt: now() })
    .where("id", "=", userId)
    .execute();
}

export async function markEmailVerified(db: DbOrTx, userId: string): Promise<void> {
  const timestamp = now();
  await db
    .updateTable("users")
    .set({ emailVerifiedAt: timestamp, updatedAt: timestamp })
    .where("id", "=", userId)
    .where("emailVerifiedAt", "is", null)
    .execute();
}

export async function setUserRole(db: DbOrTx, userId: string, role: Role): Promise<void> {
  await db.updateTable("users").set({ role, updatedAt: now() }).where("id", "=", userId).execute();
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type EnsureAdminResult = { outcome: "created" | "promoted" | "unchanged"; user: PublicUser };

/**
 * Makes `email` an administrator: creates a verified admin account with `password`, or promotes
 * the existing account (whose password is left as it is).
 */
export async function ensureAdmin(db: DbOrTx, input: { email: string; password: string; name?: string }): Promise<EnsureAdminResult> {
  const existing = await findUserByEmail(db, input.email);
  if (!existing) {
    const user = await createUser(db, {
      email: input.email,
      password: input.password,
      name: input.name ?? "Administrator",
      role: "admin",
      emailVerified: true,
    });
    return { outcome: "created", user };
  }
  if (existing.role === "admin") return { outcome: "unchanged", user: existing };
  await setUserRole(db, existing.id, "admin");
  return { outcome: "promoted", user: { ...existing, role: "admin" } };
}

export interface UserStats {
  total: number;
  verified: number;
  signUpsThisWeek: number;
}

/** For the back office: how many accounts, how many verified, how many new in the last 7 days. */
export async function userStats(db: DbOrTx, nowMs = Date.now()): Promise<UserStats> {
  const weekAgo = new Date(nowMs - 7 * 86_400_000).toISOString();
  const row = await db
    .selectFrom("users")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.count<number | string>("emailVerifiedAt").as("verified"),
      eb.fn.sum<number | string | null>(eb.case().when("createdAt", ">=", weekAgo).then(1).else(0).end()).as("recent"),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), verified: Number(row.verified), signUpsThisWeek: Number(row.recent ?? 0) };
}

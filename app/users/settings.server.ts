/**
 * Account settings: owns the user's stored preferences (theme, language, notification flags) and
 * the password change (current password checked, other sessions ended, the owner told).
 */
import { revokeUserSessions } from "~/auth/session.server";
import { now, type Db, type Tx } from "~/db/db.server";
import { notify } from "~/notifications/notifications.server";
import { isLocale } from "~/i18n/config";
import { hashPassword, verifyPassword } from "./password.server";
import { getPasswordHash } from "./users.server";

import { NOTIFICATION_FLAGS, type NotificationFlag } from "./notification-flags";

export { NOTIFICATION_FLAGS, type NotificationFlag };

const column = (flag: NotificationFlag) =>
  `notify${flag[0]!.toUpperCase()}${flag.slice(1)}` as
    "notifyEmail" | "notifyPush" | "notifySms" | "notifyCashback" | "notifyPurchases" | "notifyPromotions";

export async function getSettings(db: Db, userId: string) {
  const row = await db
    .selectFrom("users")
    .select([
      "theme",
      "locale",
      "notifyEmail",
      "notifyPush",
      "notifySms",
      "notifyCashback",
      "notifyPurchases",
      "notifyPromotions",
      "totpEnabledAt",
    ])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    theme: row.theme,
    locale: row.locale,
    twoFactor: row.totpEnabledAt !== null,
    notifications: Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, row[column(flag)] === 1])) as Record<
      NotificationFlag,
      boolean
    >,
  };
}

export async function setTheme(db: Db, userId: string, theme: "light" | "dark" | "system") {
  await db.updateTable("users").set({ theme, updatedAt: now() }).where("id", "=", userId).execute();
}

export async function setLocale(db: Db, userId: string, locale: string) {
  if (!isLocale(locale)) throw new Error(`unsupported locale ${locale}`);
  await db.updateTable("users").set({ locale, updatedAt: now() }).where("id", "=", userId).execute();
}

export async function setNotificationFlags(db: Db, userId: string, flags: Record<NotificationFlag, boolean>) {
  const values = Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [column(flag), flags[flag] ? 1 : 0]));
  await db
    .updateTable("users")
    .set({ ...values, updatedAt: now() })
    .where("id", "=", userId)
    .execute();
}

/** Changes the password when the current one is right; ends every other session. */
/**
 * Checks the current password and hashes the new one: the slow part, done before the unit of work
 * (a memory-hard hash must not hold the database's write lock). Null when the current one is wrong.
 */
export async function preparePasswordChange(
  db: Db,
  input: { userId: string; current: string; next: string },
): Promise<{ passwordHash: string } | null> {
  const hash = await getPasswordHash(db, input.userId);
  if (!hash || !(await verifyPassword(hash, input.current))) return null;
  return { passwordHash: await hashPassword(input.next) };
}

/** Sets the prepared password, ends every other session and tells the owner, in the caller's unit of work. */
export async function applyPasswordChange(tx: Tx, input: { userId: string; sessionId: string; passwordHash: string }): Promise<void> {
  await tx.updateTable("users").set({ passwordHash: input.passwordHash, updatedAt: now() }).where("id", "=", input.userId).execute();
  await revokeUserSessions(tx, input.userId, { except: input.sessionId });
  await notify(tx, input.userId, "passwordChanged");
}

/**
 * Account settings: owns the user's stored preferences (theme, language, notification flags) and
 * the password change (current password checked, other sessions ended, the owner told).
 */
import { revokeUserSessions } from "~/auth/session.server";
import { now, type Db } from "~/db/db.server";
import { isLocale } from "~/i18n/config";
import { verifyPassword } from "./password.server";
import { getPasswordHash, setPassword } from "./users.server";

import { NOTIFICATION_FLAGS, type NotificationFlag } from "./notification-flags";

export { NOTIFICATION_FLAGS, type NotificationFlag };

const column = (flag: NotificationFlag) => `notify${flag[0]!.toUpperCase()}${flag.slice(1)}` as
  | "notifyEmail"
  | "notifyPush"
  | "notifySms"
  | "notifyCashback"
  | "notifyPurchases"
  | "notifyPromotions";

export async function getSettings(db: Db, userId: string) {
  const row = await db
    .selectFrom("users")
    .select(["theme", "locale", "notifyEmail", "notifyPush", "notifySms", "notifyCashback", "notifyPurchases", "notifyPromotions", "totpEnabledAt"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    theme: row.theme,
    locale: row.locale,
    twoFactor: row.totpEnabledAt !== null,
    notifications: Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, row[column(flag)] === 1])) as Record<NotificationFlag, boolean>,
  };
}

export async function setTheme(db: Db, userId: string, theme: "light" | "dark") {
  await db.updateTable("users").set({ theme, updatedAt: now() }).where("id", "=", userId).execute();
}

export async function setLocale(db: Db, userId: string, locale: string) {
  if (!isLocale(locale)) throw new Error(`unsupported locale ${locale}`);
  await db.updateTable("users").set({ locale, updatedAt: now() }).where("id", "=", userId).execute();
}

export async function setNotificationFlags(db: Db, userId: string, flags: Record<NotificationFlag, boolean>) {
  const values = Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [column(flag), flags[flag] ? 1 : 0]));
  await db.updateTable("users").set({ ...values, updatedAt: now() }).where("id", "=", userId).execute();
}

/** Changes the password when the current one is right; ends every other session. */
export async function changePassword(
  db: Db,
  input: { userId: string; sessionId: string; current: string; next: string },
): Promise<"changed" | "wrong-current"> {
  const hash = await getPasswordHash(db, input.userId);
  if (!hash || !(await verifyPassword(hash, input.current))) return "wrong-current";
  await setPassword(db, input.userId, input.next);
  await revokeUserSessions(db, input.userId, { except: input.sessionId });
  return "changed";
}

/**
 * Notifications: owns the `notifications` table, filled by real events (sign-in from a new device,
 * password changed, 2FA on or off, wallet movements). Each stores translation keys and values, so
 * the bell shows it in whatever language the reader uses. The user's preferences decide whether an
 * event is also e-mailed (the "email" flag, and the cashback/purchases/promotions topics); the
 * e-mail goes to the outbox in the caller's transaction, rendered in the user's language.
 */
import { randomUUID } from "node:crypto";
import { now, type Db, type DbOrTx } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { enqueueMail } from "~/jobs/outbox.server";
import { renderMail } from "~/mail/templates.server";
import { notificationValues } from "./values";

export type NotificationType = "success" | "warning" | "info";
export type NotificationTopic = "security" | "cashback" | "purchases" | "wallet" | "promotions" | "billing" | "ads";

export const NOTIFICATION_EVENTS = {
  newDevice: { type: "info", topic: "security" },
  passwordChanged: { type: "warning", topic: "security" },
  twoFactorOn: { type: "success", topic: "security" },
  twoFactorOff: { type: "warning", topic: "security" },
  twoFactorReset: { type: "warning", topic: "security" },
  recoveryCodeUsed: { type: "warning", topic: "security" },
  depositCompleted: { type: "success", topic: "wallet" },
  withdrawalHeld: { type: "info", topic: "wallet" },
  withdrawalProcessing: { type: "info", topic: "wallet" },
  withdrawalCancelled: { type: "info", topic: "wallet" },
  depositReversed: { type: "warning", topic: "wallet" },
  withdrawalPaid: { type: "success", topic: "wallet" },
  withdrawalRejected: { type: "warning", topic: "wallet" },
  cashbackTracked: { type: "info", topic: "cashback" },
  cashbackConfirmed: { type: "success", topic: "cashback" },
  cashbackDeclined: { type: "warning", topic: "cashback" },
  cashbackReversed: { type: "warning", topic: "cashback" },
  claimApproved: { type: "success", topic: "cashback" },
  claimRejected: { type: "warning", topic: "cashback" },
  bonusCredited: { type: "success", topic: "wallet" },
  referralBonusReferrer: { type: "success", topic: "wallet" },
  referralBonusFriend: { type: "success", topic: "wallet" },
  referralBonusReversed: { type: "warning", topic: "wallet" },
  purchaseMade: { type: "info", topic: "purchases" },
  planActivated: { type: "success", topic: "billing" },
  planRenewed: { type: "success", topic: "billing" },
  planCancelled: { type: "info", topic: "billing" },
  planRefunded: { type: "info", topic: "billing" },
  planEnded: { type: "info", topic: "billing" },
  planEndedFunds: { type: "warning", topic: "billing" },
  planEndedUnpaid: { type: "warning", topic: "billing" },
  planRenewalCheckout: { type: "info", topic: "billing" },
  trialEnding: { type: "info", topic: "billing" },
  // Loyalty points (app/loyalty/): the level's texts take the level as the i18next `context`.
  loyaltyLevelUp: { type: "success", topic: "wallet" },
  loyaltyLevelDown: { type: "info", topic: "wallet" },
  loyaltyRedeemed: { type: "success", topic: "wallet" },
  loyaltyAdjusted: { type: "info", topic: "wallet" },
  loyaltyPointsExpiring: { type: "warning", topic: "wallet" },
  loyaltyPointsExpired: { type: "info", topic: "wallet" },
} as const satisfies Record<string, { type: NotificationType; topic: NotificationTopic }>;

export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;

export interface NotificationView {
  id: string;
  type: NotificationType;
  titleKey: string;
  messageKey: string;
  params: Record<string, string | number>;
  read: boolean;
  createdAt: string;
}

/**
 * Records an event for a user, and queues its e-mail when their preferences say so, both in the
 * caller's transaction (`tx` from the unit of work that made the event happen).
 */
export async function notify(
  db: DbOrTx,
  userId: string,
  event: NotificationEvent,
  params: Record<string, string | number> = {},
): Promise<void> {
  const { type, topic } = NOTIFICATION_EVENTS[event];
  const recipient = await recordNotification(db, userId, {
    type,
    topic,
    titleKey: `events.${event}.title`,
    messageKey: `events.${event}.message`,
    params,
  });
  if (!recipient) return;
  const locale = recipient.locale;
  const t = fixedT(locale, "notifications");
  const values = notificationValues(params, locale);
  const mail = renderMail({
    locale,
    heading: t(`events.${event}.title`, values),
    paragraphs: [t(`events.${event}.message`, values)],
    footer: t("emailFooter"),
  });
  await enqueueMail(db, { to: recipient.email, subject: t(`events.${event}.title`, values), ...mail });
}

/**
 * Records a notification whose texts belong to a feature (`titleKey`/`messageKey` in the
 * `notifications` namespace, e.g. the ad alerts' `ads.alerts.*`), in the caller's transaction.
 * Answers who to e-mail when the user's preferences want e-mail for `topic` (the caller writes its
 * own message to the outbox in the same transaction), else null.
 */
export async function recordNotification(
  db: DbOrTx,
  userId: string,
  input: {
    type: NotificationType;
    topic: NotificationTopic;
    titleKey: string;
    messageKey: string;
    params: Record<string, string | number>;
  },
): Promise<{ email: string; name: string; locale: Locale } | null> {
  await db
    .insertInto("notifications")
    .values({
      id: randomUUID(),
      userId,
      type: input.type,
      titleKey: input.titleKey,
      messageKey: input.messageKey,
      params: JSON.stringify(input.params),
      readAt: null,
      createdAt: now(),
    })
    .execute();
  const user = await db
    .selectFrom("users")
    .select(["email", "name", "locale", "notifyEmail", "notifyCashback", "notifyPurchases", "notifyPromotions"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user || !wantsEmail(user, input.topic)) return null;
  return { email: user.email, name: user.name, locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE };
}

/** Security and billing notices (plans, renewals, the trial's end) always go out; the rest follow the e-mail flag and the topic's flag. */
export function wantsEmail(
  prefs: { notifyEmail: number; notifyCashback: number; notifyPurchases: number; notifyPromotions: number },
  topic: NotificationTopic,
): boolean {
  if (topic === "security" || topic === "billing") return true;
  if (prefs.notifyEmail !== 1) return false;
  if (topic === "cashback") return prefs.notifyCashback === 1;
  if (topic === "purchases") return prefs.notifyPurchases === 1;
  if (topic === "promotions") return prefs.notifyPromotions === 1;
  return true;
}

function toView(row: {
  id: string;
  type: NotificationType;
  titleKey: string;
  messageKey: string;
  params: string;
  readAt: string | null;
  createdAt: string;
}): NotificationView {
  return {
    id: row.id,
    type: row.type,
    titleKey: row.titleKey,
    messageKey: row.messageKey,
    params: JSON.parse(row.params) as Record<string, string | number>,
    read: row.readAt !== null,
    createdAt: row.createdAt,
  };
}

export async function listNotifications(db: Db, userId: string, limit = 50): Promise<NotificationView[]> {
  const rows = await db
    .selectFrom("notifications")
    .selectAll()
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(toView);
}

/** The bell on every signed-in page: the unread count and the latest `limit` notifications, in one statement. */
export async function bell(db: Db, userId: string, limit: number): Promise<{ unread: number; latest: NotificationView[] }> {
  const rows = await db
    .selectFrom("notifications")
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom("notifications as unread")
        .select(eb.fn.countAll<number | string>().as("count"))
        .where("unread.userId", "=", userId)
        .where("unread.readAt", "is", null)
        .as("unreadCount"),
    )
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return { unread: Number(rows[0]?.unreadCount ?? 0), latest: rows.map(toView) };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("userId", "=", userId)
    .where("readAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the user's notifications read (another user's id changes nothing). */
export async function markRead(db: Db, userId: string, notificationId: string): Promise<boolean> {
  const result = await db
    .updateTable("notifications")
    .set({ readAt: now() })
    .where("id", "=", notificationId)
    .where("userId", "=", userId)
    .where("readAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ readAt: now() })
    .where("userId", "=", userId)
    .where("readAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

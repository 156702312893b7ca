/** The six notification preferences (spec: email, push, sms, cashback, purchases, promotions). */
export const NOTIFICATION_FLAGS = ["email", "push", "sms", "cashback", "purchases", "promotions"] as const;
export type NotificationFlag = (typeof NOTIFICATION_FLAGS)[number];

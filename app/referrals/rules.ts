/**
 * The referral programme's fixed rules, shared by the server and the pages. The bonus is paid when
 * the friend's qualifying cashback is confirmed and past its return window, and taken back
 * ("reversed") if that cashback is returned later: a paid bonus is no longer final.
 */
export const REFERRAL_WINDOW_DAYS = 90;
export const REFERRAL_COOKIE_DAYS = 30;
export const MAX_INVITATIONS_PER_DAY = 20;

export type ReferralDisplayStatus = "signedUp" | "inReview" | "qualified" | "paid" | "reversed" | "expired" | "rejected";

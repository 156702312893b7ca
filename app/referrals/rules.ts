/** The referral programme's fixed rules, shared by the server and the pages. */
export const REFERRAL_WINDOW_DAYS = 90;
export const REFERRAL_COOKIE_DAYS = 30;
export const MAX_INVITATIONS_PER_DAY = 20;

export type ReferralDisplayStatus = "signedUp" | "inReview" | "qualified" | "paid" | "expired" | "rejected";

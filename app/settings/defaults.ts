/** Settings' default values that other modules also read (safe in the browser). */

/** The default minimum withdrawal; admins change it in the settings (`minWithdrawalCents`). */
export const MIN_WITHDRAWAL_CENTS = 1_000;

/** The largest referral bonus or qualifying amount an admin can set ($1,000). */
export const MAX_REFERRAL_CENTS = 100_000;

/** The loyalty scheme's defaults (issue #29); every number is an admin setting (`loyalty*`). */
export const DEFAULT_LOYALTY_RULES = {
  cashbackPointsPerDollar: 10,
  referralPoints: 500,
  planPointsPerDollar: 1,
  thresholds: { bronze: 0, silver: 2_500, gold: 10_000, platinum: 25_000 },
  /** The success fee on cashback at each level, in basis points of the commission (10% … 7%). */
  feeBps: { bronze: 1_000, silver: 900, gold: 800, platinum: 700 },
  redeemStepPoints: 1_000,
  redeemStepCents: 500,
  expiryMonths: 24,
  expiryWarningDays: 30,
  levelWindowMonths: 12,
};

/** Bounds of the loyalty settings an admin can set. */
export const MAX_POINTS_PER_DOLLAR = 1_000;
export const MAX_LOYALTY_POINTS = 10_000_000;
export const MAX_FEE_BPS = 5_000;
export const MAX_REDEEM_STEP_CENTS = 100_000;
export const MAX_EXPIRY_MONTHS = 120;
export const MAX_EXPIRY_WARNING_DAYS = 365;
export const MAX_LEVEL_WINDOW_MONTHS = 60;

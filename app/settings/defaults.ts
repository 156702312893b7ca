/** Settings' default values that other modules also read (safe in the browser). */

/** The default minimum withdrawal; admins change it in the settings (`minWithdrawalCents`). */
export const MIN_WITHDRAWAL_CENTS = 1_000;

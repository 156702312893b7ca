/**
 * What the back office's account screens share with the browser (no server code): the states an
 * account can be in, and the longest note an admin can keep on one.
 */
export const ACCOUNT_STATES = ["active", "suspended", "unverified"] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const NOTE_MAX_LENGTH = 2000;

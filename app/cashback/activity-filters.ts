/**
 * The cashback page's filters: the statuses and periods it offers, shared by the page (in the
 * browser) and the server's query (`activity.server.ts`). Safe to import in the browser.
 */

/** "tracked": a click no network has reported a sale for (yet). */
export const ACTIVITY_STATUSES = ["tracked", "pending", "confirmed", "declined", "reversed"] as const;
export type ActivityStatusFilter = (typeof ACTIVITY_STATUSES)[number];

/** Days back, or all time. */
export const ACTIVITY_RANGES = ["30", "90", "365", "all"] as const;
export type ActivityRange = (typeof ACTIVITY_RANGES)[number];

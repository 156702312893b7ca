/** The transactions page's date ranges (shared by the page and the server's filtering). */
export const DATE_RANGES = ["all", "today", "week", "month", "custom"] as const;
export type DateRange = (typeof DATE_RANGES)[number];

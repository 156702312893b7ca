/** The store directory's categories (translated by the `webshops` namespace: `categories.<id>`). */
export const STORE_CATEGORIES = [
  "fashion",
  "electronics",
  "travel",
  "home",
  "beauty",
  "sports",
  "food",
  "books",
  "software",
  "marketplace",
] as const;
export type StoreCategory = (typeof STORE_CATEGORIES)[number];

export function isStoreCategory(value: unknown): value is StoreCategory {
  return typeof value === "string" && (STORE_CATEGORIES as readonly string[]).includes(value);
}

/**
 * Locales: the one list of languages the product speaks (PRODUCT.md: en, nl, fr, es, de), the
 * default, the languages' own names, and a path in another locale.
 */
export const LOCALES = ["en", "nl", "fr", "es", "de"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's own name, shown by the language switcher whatever the page's locale. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  nl: "Nederlands",
  fr: "Français",
  es: "Español",
  de: "Deutsch",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** `/nl/faq?q=x` → `/de/faq?q=x`: the same page in another locale. */
export function pathInLocale(pathname: string, search: string, locale: Locale): string {
  const rest = pathname.replace(/^\/[^/]+/, "");
  return `/${locale}${rest}${search}`;
}

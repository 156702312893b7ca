/**
 * Locales: the one list of languages the product speaks (PRODUCT.md: en, nl, fr, es, de), the
 * default, and the i18next options shared by the server and the browser.
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

export const i18nConfig = {
  supportedLngs: [...LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;

/** `/nl/faq?q=x` → `/de/faq?q=x`: the same page in another locale. */
export function pathInLocale(pathname: string, search: string, locale: Locale): string {
  const rest = pathname.replace(/^\/[^/]+/, "");
  return `/${locale}${rest}${search}`;
}

import { useParams } from "@remix-run/react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./config";

/** The locale of the page being shown: the URL's first segment (works in error boundaries too). */
export function usePageLocale(): Locale {
  const { locale } = useParams();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

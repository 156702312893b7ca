/** Links inside the site always carry the page's locale: `localePath("nl", "/faq")` → `/nl/faq`. */
import type { Locale } from "~/i18n/config";

export function localePath(locale: Locale, path = "/"): string {
  if (path === "/" || path === "") return `/${locale}`;
  return `/${locale}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * The language switcher: links to the same page in each locale, so it works without
 * JavaScript; opening a page in a locale remembers the choice (see the `($locale)` loader).
 */
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Icon } from "~/components/icon";
import { LOCALES, LOCALE_NAMES, pathInLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";

export function LanguageSwitcher({ align = "right" }: { align?: "left" | "right" }) {
  const { t } = useTranslation("common");
  const locale = usePageLocale();
  const { pathname, search } = useLocation();

  return (
    <details className="group relative" data-testid="language-switcher">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label={t("language.label")}
      >
        <Icon name="globe" className="h-4 w-4" />
        <span>{locale.toUpperCase()}</span>
      </summary>
      <ul
        className={`absolute z-40 mt-2 w-44 rounded-lg border border-slate-200 bg-surface p-1 shadow-lg ${
          align === "right" ? "right-0" : "left-0"
        }`}
      >
        {LOCALES.map((code) => (
          <li key={code}>
            <Link
              to={pathInLocale(pathname, search, code)}
              lang={code}
              hrefLang={code}
              reloadDocument
              aria-current={code === locale ? "true" : undefined}
              className={`flex items-center justify-between rounded-md px-3 py-2 text-sm hover:bg-slate-100 ${
                code === locale ? "font-semibold text-brand-700" : "text-slate-700"
              }`}
            >
              <span>{LOCALE_NAMES[code]}</span>
              <span className="text-xs text-slate-500">{code.toUpperCase()}</span>
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

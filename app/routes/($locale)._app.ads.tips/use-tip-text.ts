/** A tip's title, body, impact and estimate in the page's language and the client account's currency. */
import { tipText } from "~/ads/tip-text";
import type { Tip } from "~/ads/tips.server";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";

export function useTipText(currency: string | null) {
  const { t } = useTranslation("ads-tips");
  const locale = usePageLocale();
  return (tip: Tip) => tipText(tip, t as (key: string, values?: Record<string, unknown>) => string, locale, currency);
}

/**
 * The ad dashboard's formatters: the KPI formatters with the page's words (missing figures, ROAS,
 * changes), the page's locale, and a day range in words.
 */
import type { DayRange } from "~/ads/dashboard-query";
import { kpiFormatters } from "~/ads/kpi-format";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";

export function useFormatters(currency: string | null) {
  const locale = usePageLocale();
  const { t } = useTranslation("ads-dashboard");
  return {
    ...kpiFormatters(locale, currency, {
      missing: t("notAvailable"),
      roas: (value) => t("roasValue", { value }),
      change: {
        none: t("change.none"),
        flat: t("change.flat"),
        up: (value) => t("change.up", { value }),
        down: (value) => t("change.down", { value }),
      },
    }),
    locale,
    range: (range: DayRange) => t("period.range", { from: formatDate(range.from, locale), to: formatDate(range.to, locale) }),
  };
}

export type Formatters = ReturnType<typeof useFormatters>;

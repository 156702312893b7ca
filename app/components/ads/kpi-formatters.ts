/**
 * The ad pages' formatters: the KPI formatters (`~/ads/kpi-format`) with a page's own words (its
 * namespace's `notAvailable`, `roasValue`, `change.*` and `period.*`), for a currency, and a period
 * in words. One hook for the dashboard and the agency overview (which formats each client
 * account's row in its own currency, hence the factory).
 */
import type { DayRange } from "~/ads/dashboard-query";
import { kpiFormatters, kpiTexts } from "~/ads/kpi-format";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";

export function useKpiFormatters(namespace: string) {
  const locale = usePageLocale();
  const { t } = useTranslation(namespace);
  return (currency: string | null) => ({
    ...kpiFormatters(locale, currency, kpiTexts(t)),
    locale,
    range: (range: DayRange | "all") =>
      range === "all" ? t("period.all") : t("period.range", { from: formatDate(range.from, locale), to: formatDate(range.to, locale) }),
  });
}

export type Formatters = ReturnType<ReturnType<typeof useKpiFormatters>>;

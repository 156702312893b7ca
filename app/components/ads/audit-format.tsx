/**
 * The campaign auditor's presentation helpers: figures formatted by kind (money in the client
 * account's currency, shares as percentages with the bound a platform gave, `< 10%`, codes
 * translated, periods as dates), threshold values in their units, and the A/B/C grade badge. Used
 * by the audit page and its thresholds page.
 */
import { useTranslation } from "~/i18n/react";
import { boundedFigure, figureFormat, isBoundFigure, type ThresholdDefinition } from "~/ads/audit/rules";
import type { AuditItem, Grade } from "~/ads/audit/types";
import { formatBounded } from "~/ads/kpi-format";
import { formatDate, formatZonedDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { numberFormat } from "~/utils/intl";

/** Code figures whose values share one list of translations. */
const CODE_GROUP: Record<string, string> = {
  expectedCtr: "rating",
  adRelevance: "rating",
  landingPageExperience: "rating",
  qualityRanking: "rating",
  engagementRateRanking: "rating",
  conversionRateRanking: "rating",
};

/** When an audit ran, in the client account's time zone ("23 Nov 2026, 14:05"). */
export function formatRunAt(iso: string, locale: string, timeZone: string): string {
  return formatZonedDateTime(iso, locale, timeZone);
}

export function useAuditFormat(locale: string, currency: string | null) {
  const { t } = useTranslation("ads-audit");
  const integer = numberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = numberFormat(locale, { maximumFractionDigits: 2 });
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  const figure = (name: string, value: number | string | null | undefined): string | null => {
    if (value === null || value === undefined || value === "") return null;
    const kind = figureFormat(name);
    if (typeof value === "string") {
      if (kind === "day") return formatDate(value, locale);
      if (kind === "period") {
        const [start, end] = value.split("..");
        return start && end ? `${formatDate(start, locale)} – ${formatDate(end, locale)}` : value;
      }
      if (name === "industry") return t(`ads:industries.${value}`, { defaultValue: value });
      if (kind === "code") return t(`codes.${CODE_GROUP[name] ?? name}.${value}`, { defaultValue: value });
      return value;
    }
    switch (kind) {
      case "money":
        return formatMoney(value, locale, currency);
      case "share":
        return percent.format(value);
      case "integer":
        return integer.format(value);
      case "text":
        return String(value);
      default:
        return decimal.format(value);
    }
  };
  const bounds = { below: (value: string) => t("bounded.below", { value }), above: (value: string) => t("bounded.above", { value }) };
  /** A set of figures as shown: each with its text (a share with its bound), bounds and empty ones left out. */
  const figures = (all: AuditItem["figures"]): Array<[string, string]> =>
    Object.entries(all)
      .filter(([name]) => !isBoundFigure(name))
      .map(([name, value]): [string, string | null] => {
        const withBound = figureFormat(name) === "share" ? boundedFigure(all, name) : null;
        return [
          name,
          withBound && withBound.bound !== "exact" ? formatBounded(withBound, (n) => percent.format(n), bounds) : figure(name, value),
        ];
      })
      .filter((entry): entry is [string, string] => entry[1] !== null);
  const threshold = (definition: ThresholdDefinition, value: number): string => {
    if (definition.unit === "share") return percent.format(value);
    if (definition.unit === "money") return formatMoney(value, locale, currency);
    return decimal.format(value);
  };
  return { figure, figures, threshold, integer, decimal, percent };
}

const GRADE_STYLE: Record<Grade, string> = {
  A: "border-emerald-300 bg-emerald-50 text-emerald-900",
  B: "border-amber-300 bg-amber-50 text-amber-900",
  C: "border-red-300 bg-red-50 text-red-900",
};

export function GradeBadge({ grade, large = false }: { grade: Grade; large?: boolean }) {
  const { t } = useTranslation("ads-audit");
  return (
    <span
      className={`inline-flex items-center justify-center rounded-lg border font-bold ${GRADE_STYLE[grade]} ${large ? "h-14 w-14 text-3xl" : "h-8 w-8 text-base"}`}
      title={t(`grades.${grade}`)}
    >
      <span aria-hidden="true">{grade}</span>
      <span className="sr-only">{t("grades.label", { grade, meaning: t(`grades.${grade}`) })}</span>
    </span>
  );
}

/**
 * A Meta breakdown's dimensions as a sentence ("Broken down by age and gender"): the `ads`
 * namespace's dimension names joined as the locale joins a list. Used by the import page, the
 * dashboard and the PDF report. Pure (takes the caller's `t`).
 */
import type { TFunction } from "i18next";

export function breakdownLabel(t: TFunction, locale: string, dimensions: readonly string[] | null | undefined): string | null {
  if (!dimensions?.length) return null;
  const names = dimensions.map((dimension) => t(`ads:breakdown.dimensions.${dimension}`));
  const list = new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(names);
  return t("ads:breakdown.by", { dimensions: list });
}

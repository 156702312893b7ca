/** The report's languages as select options (the PDF, share and schedule forms). */
import { LOCALES, LOCALE_NAMES } from "~/i18n/config";

export const LANGUAGE_OPTIONS = LOCALES.map((value) => ({
  value,
  label: LOCALE_NAMES[value],
}));

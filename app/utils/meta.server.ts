/** Page titles and descriptions, translated on the server for each route's `meta`. */
import type { Params } from "@remix-run/react";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";

export interface PageMeta {
  title: string;
  description: string;
}

/** Reads `<key>.title` and `<key>.description` from namespace `ns` in the URL's locale. */
export async function pageMeta(params: Params, ns: string, key: string): Promise<PageMeta> {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const t = fixedT(locale, ns);
  const brand = fixedT(locale, "common");
  return {
    title: `${t(`${key}.title`)} | ${brand("brand.name")}`,
    description: t(`${key}.description`),
  };
}

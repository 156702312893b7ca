/**
 * Translating on the server: the shared Translator (translator.ts) of each locale, made once per
 * process with every namespace and never changed (requests share it), for components (through
 * react.server.ts) and for loaders, meta, mail, PDFs and API messages (`fixedT`).
 */
import type { TFunction } from "i18next";
import type { Locale } from "./config";
import { translationResources } from "./resources.server";
import { Translator, type Resource } from "./translator";

const translators = new Map<Locale, Translator>();

/** The translator of `locale`, with all its namespaces. */
export function serverTranslator(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = new Translator();
    translator.language = locale;
    translator.languages = [locale];
    const resources = translationResources()[locale] ?? {};
    for (const [ns, resource] of Object.entries(resources)) translator.addResourceBundle(locale, ns, resource as Resource);
    translator.isInitialized = true;
    translators.set(locale, translator);
  }
  return translator;
}

/**
 * A `t` of `locale` for code outside components. With a list of namespaces, a key is looked up in
 * each in turn, as in i18next. Typed as i18next's `TFunction`, whose call forms it takes.
 */
export function fixedT(locale: Locale, ns: string | string[] = "common"): TFunction {
  return serverTranslator(locale).getFixedT(locale, ns) as unknown as TFunction;
}

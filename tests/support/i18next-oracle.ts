/**
 * i18next itself, as the yardstick the tests hold our Translator (app/i18n/translator.ts) to: one
 * initialised instance per locale over the same translation files, with the options the app used.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/i18n/config";
import { translationNamespaces, translationResources } from "~/i18n/resources.server";

/** The options the app's i18next instances had, before the Translator took over. */
const options = {
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "common",
  interpolation: { escapeValue: false },
} as const;

const instances = new Map<Locale, I18n>();

export function serverI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    // With in-memory resources and no backend, init completes synchronously.
    void instance.init({
      ...options,
      supportedLngs: [...LOCALES],
      lng: locale,
      ns: translationNamespaces(),
      resources: translationResources(),
      initImmediate: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

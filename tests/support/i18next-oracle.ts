/**
 * i18next itself, as the yardstick the tests hold our Translator (app/i18n/translator.ts) to: one
 * initialised instance per locale over the same translation files and options the app uses.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { i18nConfig, LOCALES, type Locale } from "~/i18n/config";
import { translationNamespaces, translationResources } from "~/i18n/resources.server";

const instances = new Map<Locale, I18n>();

export function serverI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    // With in-memory resources and no backend, init completes synchronously.
    void instance.init({
      ...i18nConfig,
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

/**
 * Server-side i18n: one initialised, read-only i18next instance per locale (shared by every
 * request: the server never changes an instance's language), route namespaces for the document,
 * fixed `t` functions for loaders and meta, and the language cookie with locale detection.
 */
import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { isHttps } from "~/config/env.server";
import { DEFAULT_LOCALE, LOCALES, i18nConfig, isLocale, type Locale } from "./config";
import { translationNamespaces, translationResources } from "./resources.server";

const ONE_YEAR = 60 * 60 * 24 * 365;

/** The visitor's chosen language, remembered when they open a page in a locale. */
export const localeCookie = createCookie("lng", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: ONE_YEAR,
});

export function serializeLocaleCookie(locale: Locale): Promise<string> {
  return localeCookie.serialize(locale, { secure: isHttps() });
}

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    order: ["cookie", "header"],
  },
});


const instances = new Map<Locale, I18n>();

/** The shared i18next instance of `locale`, fully loaded (all namespaces are in memory). */
export function serverI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    // With in-memory resources and no backend, init completes synchronously.
    void instance.use(initReactI18next).init({
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

export function fixedT(locale: Locale, ns: string | string[] = "common"): TFunction {
  return serverI18n(locale).getFixedT(locale, ns);
}

/** The locale for a visitor whose URL names none: language cookie, Accept-Language, else en. */
export async function detectLocale(request: Request): Promise<Locale> {
  const locale = await detector.getLocale(request);
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** The locale the request's URL names (first path segment), if it is one we speak. */
export function localeFromUrl(url: string | URL): Locale | undefined {
  const segment = new URL(url).pathname.split("/")[1];
  return isLocale(segment) ? segment : undefined;
}

export async function readLocaleCookie(request: Request): Promise<Locale | undefined> {
  const value = await localeCookie.parse(request.headers.get("Cookie"));
  return isLocale(value) ? value : undefined;
}

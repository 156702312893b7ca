/**
 * The visitor's locale on the server: the language cookie, detection from the cookie and
 * Accept-Language (remix-i18next's detector), and the locale a URL names. Translating is
 * translator.server.ts's.
 */
import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { isHttps } from "~/config/env.server";
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from "./config";

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

/**
 * The locale segment's loader (routes/($locale).tsx): a path whose first segment is not a locale we
 * speak is redirected to `/<locale><path and query>` (language cookie, else Accept-Language, else
 * en); opening a page in a locale remembers that locale in the language cookie. Its own module so
 * the browser bundle gets one empty stand-in for the route's server code.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isLocale } from "~/i18n/config";
import { detectLocale, readLocaleCookie, serializeLocaleCookie } from "~/i18n/locale.server";
import { withSecurityHeaders } from "~/security/headers.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = params;
  if (!isLocale(locale)) {
    const url = new URL(request.url);
    const target = await detectLocale(request);
    const rest = url.pathname === "/" ? "" : url.pathname;
    throw redirect(`/${target}${rest}${url.search}`, { headers: withSecurityHeaders() });
  }
  // Remember the locale of pages the visitor opens, not of background fetches (the service
  // worker caching every locale's offline page must not change the visitor's language).
  const remembered = await readLocaleCookie(request);
  if (remembered === locale || !isPageNavigation(request)) return { locale };
  return data({ locale }, { headers: { "Set-Cookie": await serializeLocaleCookie(locale) } });
}

/** A page the visitor opens (not a background fetch): only these remember their locale. */
export function isPageNavigation(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode !== null) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * Translations in components, on both sides: `useTranslation` reads the shared Translator
 * (translator.ts): on the server the locale's own, given by entry.server.tsx (react.server.ts), in
 * the browser the one that loads namespaces as pages need them (i18n.client.ts). Same code, same
 * texts, so the server's HTML and hydration match, and the browser bundle carries neither i18next
 * nor react-i18next. The hook is typed as react-i18next's (a type import only). Components import
 * it from here, never from "react-i18next" (tests/unit/i18n-client.test.ts checks).
 *
 * Also here, so the browser gets all of it in one file: `withNamespaces` (client-loader.ts) and the
 * browser's translator instance for entry.client.tsx.
 */
import { useActionData, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import type { useTranslation as UseTranslation } from "react-i18next";
import * as browser from "./i18n.client";
import * as server from "./react.server";
import { usePageLocale } from "./use-page-locale";

// Each build empties the other side's module (Remix: *.server in the browser, *.client on the server).
export const useTranslation: typeof UseTranslation = (typeof document === "undefined"
  ? server.useTranslation
  : browser.useTranslation) as unknown as typeof UseTranslation;

/** The browser's translator (undefined on the server). */
export const i18n = browser.i18n;

/**
 * What a route's page reads first: its texts (`namespace`), the page's locale, its loader's data
 * and its action's (undefined until a form of the page was sent; always so without an action).
 *
 *   const { t, locale, loaderData: { post }, actionData } = usePage<typeof loader, typeof action>("content");
 */
export function usePage<Loader, Action = never>(namespace: string) {
  const { t } = useTranslation(namespace);
  const locale = usePageLocale();
  const loaderData = useLoaderData<Loader>();
  const actionData = useActionData<Action>();
  return { t, locale, loaderData, actionData };
}

/**
 * Client-side navigations into a route load its translation namespaces together with its data,
 * so the page never renders before its texts are there. Each route with namespaces of its own
 * exports `clientLoader = withNamespaces(handle.i18n)`; the first page load uses the server's
 * render and needs nothing (Remix skips client loaders during hydration by default).
 */
export function withNamespaces(namespaces: string[]) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [data] = await Promise.all([serverLoader(), browser.i18n.loadNamespaces(namespaces)]);
    return data;
  };
}

// Bundling, not API: what the root route needs on every page (the page's locale, locale paths, the
// root's data, the error screen) is re-exported here so that the browser build puts it in this
// module's file, which every page loads, instead of one small file each: esbuild gives a module
// its own file per distinct set of pages reaching it, and each file costs ~100–150 B gzipped in
// headers and imports (issue #17's weight budget). Import these from their own modules as usual.
export { usePageLocale } from "./use-page-locale";
export { localePath } from "~/utils/paths";
export { useRootData } from "~/utils/root-data";
export { ErrorScreen } from "~/utils/error-screen";

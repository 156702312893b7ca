/**
 * Client-side navigations into a route load its translation namespaces together with its data,
 * so the page never renders before its texts are there. Each route with namespaces of its own
 * exports `clientLoader = withNamespaces(handle.i18n)`; the first page load uses the server's
 * render and needs nothing (Remix skips client loaders during hydration by default).
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import i18next from "i18next";

export function withNamespaces(namespaces: string[]) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [data] = await Promise.all([serverLoader(), i18next.loadNamespaces(namespaces)]);
    return data;
  };
}

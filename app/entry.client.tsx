/**
 * The browser entry: loads the page's translations over HTTP (from `/locales/<lng>/<ns>.json`,
 * into the small browser translator of i18n.client.ts), then hydrates. Everything works before
 * this runs; JavaScript only enhances.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { i18n } from "~/i18n/react";

type RouteModules = Record<string, { handle?: { i18n?: string | string[] } } | undefined>;

/** The translation namespaces the page's routes name in their `handle.i18n`. */
function pageNamespaces(): string[] {
  const modules = (window as unknown as { __remixRouteModules: RouteModules }).__remixRouteModules;
  return Object.values(modules).flatMap((route) => route?.handle?.i18n ?? []);
}

async function hydrate() {
  await i18n.init(document.documentElement.lang, ["common", ...pageNamespaces()]);

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

void hydrate();

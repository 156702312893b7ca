import type { LinksFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ErrorScreen } from "~/utils/error-screen";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import stylesheet from "~/tailwind.css";
import { useNonce } from "~/utils/nonce";
import { Stylesheet, StylesheetPrefetch } from "~/utils/stylesheet";
import { useRootData } from "~/utils/root-data";
import { loader } from "~/root-data.server";

export const handle = { i18n: ["common"] };

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export { loader };

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = usePageLocale();
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const root = useRootData();
  // A client-side navigation into another locale switches the translations too.
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);
  // Hydration is over (the layout's effect runs after every child's): browser tests wait for this
  // mark instead of guessing with timeouts or network silence.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);

  return (
    <html lang={locale} dir={i18n.dir(locale)} className={root?.theme === "light" ? undefined : (root?.theme ?? "system")}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Meta />
        <Stylesheet href={stylesheet} />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <StylesheetPrefetch href={stylesheet} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

type Enhancements = typeof import("~/components/enhancements");

export default function App() {
  const toastRegion = useRef<HTMLDivElement>(null);
  // Loaded after hydration: the progress bar, toasts, service worker and install prompt show
  // nothing before JavaScript runs, so pages need not wait for their code.
  const [later, setLater] = useState<Enhancements | null>(null);
  useEffect(() => {
    import("~/components/enhancements").then(setLater, () => {
      // Offline before the module was cached: the page works without them.
    });
  }, []);

  return (
    <>
      {later ? <later.NavigationProgress /> : null}
      <Outlet />
      {later && toastRegion.current ? <later.PwaEnhancements toastRegion={toastRegion.current} /> : null}
      <div
        ref={toastRegion}
        className="pointer-events-none fixed right-4 top-4 z-[60] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
        aria-live="polite"
      />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <main className="flex flex-1 items-center justify-center p-6">
      <ErrorScreen error={error} />
    </main>
  );
}

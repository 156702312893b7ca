import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { ErrorScreen } from "~/components/error-screen";
import { InstallPrompt, ServiceWorkerManager, ToastProvider } from "~/components/pwa";
import { env } from "~/config/env.server";
import { getSignedIn } from "~/auth/guards.server";
import { readConsent } from "~/privacy/consent.server";
import { usePageLocale } from "~/i18n/use-page-locale";
import stylesheet from "~/tailwind.css";
import { useNonce } from "~/utils/nonce";
import { useRootData } from "~/utils/root-data";
import { NavigationProgress } from "~/components/layout/navigation-progress";

export const handle = { i18n: ["common"] };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const config = env();
  const consent = await readConsent(request);
  const signedIn = await getSignedIn(request);
  return {
    consent: consent ? { analytics: consent.analytics, marketing: consent.marketing } : null,
    /** The signed-in user's theme, rendered by the server: no flash of the wrong one. */
    theme: signedIn?.user.theme ?? "system",
    /** Who is signed in, for the public header (their way back to the dashboard); nothing secret. */
    viewer: signedIn ? { role: signedIn.user.role } : null,
    site: {
      supportEmail: config.supportEmail,
      supportPhone: config.supportPhone,
      companyAddress: config.companyAddress,
      company: config.company,
    },
    year: new Date().getUTCFullYear(),
    /** The server's clock, so relative times render the same on the server and in hydration. */
    now: new Date().toISOString(),
    /** The public base URL, for canonical and hreflang links. */
    appUrl: config.appUrl.origin,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = usePageLocale();
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const root = useRootData();
  useChangeLanguage(locale);

  return (
    <html lang={locale} dir={i18n.dir(locale)} className={root?.theme === "light" ? undefined : (root?.theme ?? "system")}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <ToastProvider>
      <NavigationProgress />
      <Outlet />
      <ServiceWorkerManager />
      <InstallPrompt />
    </ToastProvider>
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

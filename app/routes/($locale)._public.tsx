/** The public site's frame: top navigation, the page, the footer. */
import { Outlet, useLocation, useRouteError } from "@remix-run/react";
import { ConsentBanner } from "~/components/consent";
import { ErrorScreen } from "~/components/error-screen";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useRootData } from "~/utils/root-data";

export function PublicFrame({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { pathname } = useLocation();
  // Until the visitor chooses, the banner asks (not on the preferences page, which is the full form).
  const askConsent = root !== undefined && root.consent === null && !pathname.endsWith("/cookie-preferences");
  return (
    <>
      {/* In the page's flow, never over it: nothing under it becomes unclickable. */}
      {askConsent ? <ConsentBanner /> : null}
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <PublicFrame>
      <div className="container-page">
        <ErrorScreen error={error} />
      </div>
    </PublicFrame>
  );
}

/** The public site's frame: top navigation, the page, the footer. */
import { Outlet, useRouteError } from "@remix-run/react";
import { ErrorScreen } from "~/components/error-screen";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";

export function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <>
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

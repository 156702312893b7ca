/** The public site's frame: the consent banner until a choice is made, the top bar, the page, the footer. */
import { useLocation } from "@remix-run/react";
import { useRootData } from "~/utils/root-data";
import { ConsentBanner } from "./consent-banner";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

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

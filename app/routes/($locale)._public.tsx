/**
 * The public site's frame: top navigation, the page, the footer. A page that also serves members
 * (a store's page) hands its signed-in member's shell data as `memberShell`: that member sees the
 * page in the member frame instead.
 */
import { Outlet, useMatches } from "@remix-run/react";
import { AppFrame, type ShellData } from "~/components/app/app-frame";
import { PublicFrame } from "~/components/layout/public-frame";

export default function PublicLayout() {
  const matches = useMatches();
  const shell = matches.map((match) => (match.data as { memberShell?: ShellData | null } | undefined)?.memberShell).find(Boolean);
  if (shell) {
    return (
      <AppFrame {...shell}>
        <Outlet />
      </AppFrame>
    );
  }
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";

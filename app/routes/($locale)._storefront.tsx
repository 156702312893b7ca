/**
 * The frame of pages that serve visitors and members alike (a store's page): the public frame for a
 * visitor; a page that hands its signed-in member's shell data as `memberShell` is shown in the
 * member frame instead. Its own layout, so that only these pages carry both frames' code (the public
 * pages' JavaScript stays within its weight budget).
 */
import { Outlet, useMatches } from "@remix-run/react";
import { AppFrame, type ShellData } from "~/components/app/app-frame";
import { PublicFrame } from "~/components/layout/public-frame";

export default function StorefrontLayout() {
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

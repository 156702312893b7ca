/** The public site's frame: top navigation, the page, the footer. */
import { Outlet } from "@remix-run/react";
import { PublicFrame } from "~/components/layout/public-frame";

export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";

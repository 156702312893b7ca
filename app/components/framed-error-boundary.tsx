/** The error boundary of the page frames: the translated error screen inside the public frame. */
import { useRouteError } from "@remix-run/react";
import { ErrorScreen } from "~/utils/error-screen";
import { PublicFrame } from "~/components/layout/public-frame";

export function FramedErrorBoundary() {
  const error = useRouteError();
  return (
    <PublicFrame>
      <div className="container-page">
        <ErrorScreen error={error} />
      </div>
    </PublicFrame>
  );
}

/** The signed-in area for users and partners: every child route is behind `requireUser` as well. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { AppFrame } from "~/components/app/app-frame";
import { shellData } from "~/components/app/shell.server";
import { withNamespaces } from "~/i18n/client-loader";

export const handle = { i18n: ["common", "notifications", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return shellData(user);
}

export default function AppLayout() {
  const shell = useLoaderData<typeof loader>();
  return (
    <AppFrame {...shell}>
      <Outlet />
    </AppFrame>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";

/**
 * The back office: every child route is behind `requireAdmin` as well, which also requires 2FA. The
 * frame itself only needs an admin, so that `/admin/two-factor` (where 2FA is set up) renders in it.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { AppFrame } from "~/components/app/app-frame";
import { shellData } from "~/components/app/shell.server";
import { withNamespaces } from "~/i18n/client-loader";

export const handle = { i18n: ["common", "notifications", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request, { twoFactor: false });
  return shellData(user);
}

export default function AdminLayout() {
  const shell = useLoaderData<typeof loader>();
  return (
    <AppFrame {...shell}>
      <Outlet />
    </AppFrame>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";

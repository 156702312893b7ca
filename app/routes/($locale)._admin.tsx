/** The back office: every child route is behind `requireAdmin` as well. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { AppFrame } from "~/components/app/app-frame";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  return { user: { name: user.name, email: user.email, role: user.role } };
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AppFrame user={user}>
      <Outlet />
    </AppFrame>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";

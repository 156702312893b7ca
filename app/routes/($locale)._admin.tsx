/** The back office: every child route is behind `requireAdmin` as well. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { AppFrame } from "~/components/app/app-frame";
import { ErrorScreen } from "~/components/error-screen";
import { PublicFrame } from "~/routes/($locale)._public";

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

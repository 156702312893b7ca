/** The signed-in area for users and partners: every child route is behind `requireUser` as well. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { AppFrame } from "~/components/app/app-frame";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return { user: { name: user.name, email: user.email, role: user.role } };
}

export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AppFrame user={user}>
      <Outlet />
    </AppFrame>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";

/** Any path no route claims: HTTP 404 with the not-found screen, inside the public frame. */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NotFoundScreen } from "~/utils/error-screen";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";

export async function loader({ params }: LoaderFunctionArgs) {
  return data({ meta: await pageMeta(params, "common", "notFound") }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function NotFound() {
  return (
    <div className="container-page">
      <NotFoundScreen />
    </div>
  );
}

/** Any path no route claims: HTTP 404 with the not-found screen, inside the public frame. */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NotFoundScreen } from "~/utils/error-screen";
import { metaFromLoader } from "~/utils/meta";
import { notFoundPage } from "~/utils/http.server";

export async function loader({ params }: LoaderFunctionArgs) {
  return notFoundPage(params, {});
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function NotFound() {
  return (
    <div className="container-page">
      <NotFoundScreen />
    </div>
  );
}

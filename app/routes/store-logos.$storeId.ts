/**
 * A partner store's uploaded logo (`/store-logos/:storeId`), public like the seeded marks under
 * `/images/stores/`. Kept in the database (see `~/stores/admin.server`), so every app server
 * answers the same; the pages link it with `?v=<time of upload>`, so it can be cached for long.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { getStoreLogo } from "~/stores/admin.server";
import { notFound } from "~/utils/http.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const logo = await getStoreLogo(db(), params.storeId ?? "");
  if (!logo) return notFound({ "Cache-Control": "no-store" });
  return new Response(new Uint8Array(logo.bytes), {
    headers: withSecurityHeaders({
      "Content-Type": logo.type,
      "Cache-Control": "public, max-age=86400",
      "Last-Modified": new Date(logo.updatedAt).toUTCString(),
    }),
  });
}

/** Translation resources for the browser: `/locales/<lng>/<ns>.json`. */
import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { namespaceResource } from "~/i18n/resources.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { notFound } from "~/utils/http.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const ns = (params.ns ?? "").replace(/\.json$/, "");
  const resource = namespaceResource(params.lng ?? "", ns);
  if (!resource) return notFound();
  const body = JSON.stringify(resource);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const headers = withSecurityHeaders({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "public, max-age=300, must-revalidate",
    ETag: etag,
  });
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}

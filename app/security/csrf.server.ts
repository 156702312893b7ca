/**
 * Cross-site request protection: owns the rule that a state-changing request (every action)
 * comes from our own pages. Browsers say where a request comes from (`Origin`, and
 * `Sec-Fetch-Site`); a request from another site is refused with 403 before anything changes.
 * Requests with neither header are not from a browser form (curl, the mobile apps) and carry
 * their own credentials.
 */
import { data } from "@remix-run/node";
import { env } from "~/config/env.server";

export type OriginVerdict = "same-origin" | "no-browser-context" | "cross-site";

export function judgeOrigin(request: Request, appUrl: URL): OriginVerdict {
  const origin = request.headers.get("Origin");
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (origin !== null) {
    const allowed = new Set([appUrl.origin, new URL(request.url).origin]);
    return allowed.has(origin) ? "same-origin" : "cross-site";
  }
  if (fetchSite !== null) {
    return fetchSite === "same-origin" || fetchSite === "none" ? "same-origin" : "cross-site";
  }
  return "no-browser-context";
}

/** Call first in every action: throws a 403 response for a cross-site request. */
export function requireSameOrigin(request: Request): void {
  if (judgeOrigin(request, env().appUrl) === "cross-site") {
    throw data({ error: "cross_site_request" }, { status: 403 });
  }
}

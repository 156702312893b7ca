/** Liveness and readiness for load balancers: answers 200 when the database answers. */
import { db, pingDatabase } from "~/db/db.server";
import { withSecurityHeaders } from "~/security/headers.server";

export async function loader() {
  const headers = withSecurityHeaders({ "Content-Type": "application/json", "Cache-Control": "no-store" });
  try {
    await pingDatabase(db());
    return new Response(JSON.stringify({ status: "ok" }), { headers });
  } catch (error) {
    console.error("healthz: database check failed", error);
    return new Response(JSON.stringify({ status: "unavailable" }), { status: 503, headers });
  }
}

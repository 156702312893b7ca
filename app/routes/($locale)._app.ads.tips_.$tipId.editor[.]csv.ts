/**
 * An applied tip's Google Ads Editor file (`/ads/tips/:tipId/editor.csv`): the CSV lines that make
 * the change (negative keywords, paused keywords, a new daily budget), to import in Google Ads
 * Editor (Account › Import › From file). The owner's applied tips only; anything else is 404.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdTools } from "~/ads/access.server";
import { TipNotFoundError, tipEditorFile } from "~/ads/tips.server";
import { db } from "~/db/db.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { notFound } from "~/utils/http.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdTools(request, params);
  const tipId = params.tipId ?? "";
  if (!UUID.test(tipId)) throw notFound();
  let file: Awaited<ReturnType<typeof tipEditorFile>>;
  try {
    file = await tipEditorFile(db(), user.id, tipId);
  } catch (error) {
    if (error instanceof TipNotFoundError) throw notFound();
    throw error;
  }
  const slug =
    (file.campaign ?? "campaign")
      .normalize("NFKD")
      .replace(/[^\w-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase()
      .slice(0, 40) || "campaign";
  return new Response(file.csv, {
    headers: withSecurityHeaders({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="cashwise-${file.kind}-${slug}.csv"`,
      "Cache-Control": "no-store",
    }),
  });
}

/**
 * An applied tip's Google Ads Editor file (`/ads/tips/:tipId/editor.csv`): the CSV lines that make
 * the change (negative keywords, paused keywords, a new daily budget), to import in Google Ads
 * Editor (Account › Import › From file). The owner's applied tips only; anything else is 404.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdTools } from "~/ads/access.server";
import { TipNotFoundError, tipEditorFile } from "~/ads/tips.server";
import { db } from "~/db/db.server";
import { CSV_TYPE, fileDownload, fileSlug } from "~/utils/download.server";
import { notFound, orNotFound } from "~/utils/http.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdTools(request, params);
  const tipId = params.tipId ?? "";
  if (!UUID.test(tipId)) throw notFound();
  const file = await orNotFound(tipEditorFile(db(), user.id, tipId), TipNotFoundError);
  const slug = fileSlug(file.campaign ?? "campaign", "campaign");
  return fileDownload(file.csv, `cashwise-${file.kind}-${slug}.csv`, CSV_TYPE);
}

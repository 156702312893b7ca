/**
 * The Google Ads Editor file that removes the negatives blocking active keywords
 * (`/ads/negatives/editor.csv?client=`): one line per blocking negative with `Status` `Removed`, to
 * import in Google Ads Editor (Account › Import › From file). The chosen client account of the
 * signed-in user only; with no conflict (or another user's account) it is 404.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdTools } from "~/ads/access.server";
import { negativeRemovalCsv } from "~/ads/negative-conflicts.server";
import { db } from "~/db/db.server";
import { CSV_TYPE, fileDownload, fileSlug } from "~/utils/download.server";
import { notFound } from "~/utils/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client } = await requireAdTools(request, params);
  const csv = await negativeRemovalCsv(db(), user.id, client.id);
  if (!csv) throw notFound();
  return fileDownload(csv, `cashwise-negative-conflicts-${fileSlug(client.name, "client")}.csv`, CSV_TYPE);
}

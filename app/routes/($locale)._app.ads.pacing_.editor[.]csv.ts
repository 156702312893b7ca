/**
 * The pacing page's Google Ads Editor file (`/ads/pacing/editor.csv?month=YYYY-MM`): the daily
 * budgets that end each campaign over pace on its month's budget (`Campaign`, `Budget`), to import
 * in Google Ads Editor (Account › Import › From file). The chosen client account's only (`?client=`
 * of another user is their own); 404 when no campaign is over pace.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdTools } from "~/ads/access.server";
import { pacingEditorCsv, pacingReport } from "~/ads/pacing.server";
import { db } from "~/db/db.server";
import { CSV_TYPE, fileDownload } from "~/utils/download.server";
import { notFound } from "~/utils/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client } = await requireAdTools(request, params);
  const month = new URL(request.url).searchParams.get("month")?.slice(0, 7) ?? null;
  const report = await pacingReport(db(), user.id, client.id, { month });
  const csv = pacingEditorCsv(report);
  if (csv === null) throw notFound();
  return fileDownload(csv, `cashwise-pacing-${report.month}.csv`, CSV_TYPE);
}

/**
 * A saved keyword list as a Google Ads Editor CSV (`/ads/keywords/:listId/editor.csv`): `Campaign,
 * Ad Group, Keyword, Criterion Type`, one ad group per theme, each keyword as Exact and Phrase; to
 * import in Google Ads Editor (Account › Import › From file). The owner's lists only; anything
 * else is 404.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdTools } from "~/ads/access.server";
import { KeywordListNotFoundError, keywordListEditorCsv } from "~/ads/keywords/keywords.server";
import { db } from "~/db/db.server";
import { CSV_TYPE, fileDownload, fileSlug } from "~/utils/download.server";
import { notFound, orNotFound } from "~/utils/http.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdTools(request, params);
  const listId = params.listId ?? "";
  if (!UUID.test(listId)) throw notFound();
  const file = await orNotFound(keywordListEditorCsv(db(), user.id, listId), KeywordListNotFoundError);
  const slug = fileSlug(file.name, "keywords");
  return fileDownload(file.csv, `cashwise-keywords-${slug}-editor.csv`, CSV_TYPE);
}

/**
 * The chosen n-grams as negative keywords (`POST /ads/ngrams/negatives.csv`, with the n-gram
 * page's query): fields `ngram` (repeated) and `matchType` (phrase|exact) answer a Google Ads
 * Editor CSV of campaign negatives, one row per n-gram and campaign it ran in, in the period and
 * campaign of the query (`~/ads/ngrams.server`). Nothing chosen or a bad match type goes back to the
 * page with the reason; a GET goes to the page. The client account is the query's `client`, the
 * user's own only.
 */
import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdTools } from "~/ads/access.server";
import { NegativesSchema, ngramQueryFromSearch } from "~/ads/ngram-query";
import { ngramNegativesCsv } from "~/ads/ngrams.server";
import { db } from "~/db/db.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { CSV_TYPE, fileDownload } from "~/utils/download.server";
import { readForm } from "~/utils/form-data.server";
import { formIntent, redirectWithFlash } from "~/utils/http.server";
import { localePath } from "~/utils/paths";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = await requireAdTools(request, params);
  throw redirect(`${localePath(locale, "/ads/ngrams")}${new URL(request.url).search}`, { headers: withSecurityHeaders() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, client, locale } = await requireAdTools(request, params);
  const search = new URL(request.url).search;
  const form = await readForm(request);
  formIntent(form, ["negatives"], "negatives");
  const submission = parseWithZod(form, { schema: NegativesSchema });
  if (submission.status !== "success") {
    const key = Object.values(submission.error ?? {}).flat()[0] ?? "ads-ngrams:errors.none";
    throw await redirectWithFlash(`${localePath(locale, "/ads/ngrams")}${search}`, { kind: "notice", key, tone: "error" });
  }
  const query = ngramQueryFromSearch(new URL(request.url).searchParams);
  const file = await ngramNegativesCsv(db(), user.id, client.id, {
    period: query.period,
    campaign: query.campaign,
    ngrams: submission.value.ngram,
    matchType: submission.value.matchType,
  });
  const period = (file.period ?? "all").replace("..", "_");
  return fileDownload(file.csv, `cashwise-negatives-${submission.value.matchType}-${period}.csv`, CSV_TYPE);
}

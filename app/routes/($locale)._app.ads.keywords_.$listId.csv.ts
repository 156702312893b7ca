/**
 * A saved keyword list as a CSV (`/ads/keywords/:listId/csv`): each keyword with its ad group, how
 * it was made and its figures with their source, column titles in the page's language. The
 * owner's lists only; anything else is 404.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdTools } from "~/ads/access.server";
import { KeywordListNotFoundError, keywordListCsv, type ListCsvLabels } from "~/ads/keywords/keywords.server";
import { EXPANSION_KINDS, type ExpansionKind } from "~/ads/keywords/form";
import { db } from "~/db/db.server";
import { fixedT } from "~/i18n/translator.server";
import { CSV_TYPE, fileDownload, fileSlug } from "~/utils/download.server";
import { notFound, orNotFound } from "~/utils/http.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale } = await requireAdTools(request, params);
  const listId = params.listId ?? "";
  if (!UUID.test(listId)) throw notFound();
  const t = fixedT(locale, "ads-keywords");
  const labels: ListCsvLabels = {
    header: [
      t("csv.keyword"),
      t("csv.adGroup"),
      t("csv.kind"),
      t("csv.source"),
      t("csv.searches"),
      t("csv.searchesRange"),
      t("csv.competition"),
      t("csv.competitionIndex"),
      t("csv.bidLow"),
      t("csv.bidHigh"),
      t("csv.impressions"),
      t("csv.clicks"),
      t("csv.cost"),
      t("csv.cpc"),
      t("csv.conversions"),
      t("csv.period"),
      t("csv.currency"),
    ],
    kinds: Object.fromEntries(EXPANSION_KINDS.map((kind) => [kind, t(`kinds.${kind}`)])) as Record<ExpansionKind, string>,
    sources: { "keyword-planner": t("sources.keywordPlanner"), account: t("sources.account"), none: t("sources.none") },
    bases: { keyword: t("csv.basisKeyword"), "search-term": t("csv.basisSearchTerm") },
    competition: { low: t("competition.low"), medium: t("competition.medium"), high: t("competition.high") },
    allTime: t("figures.allTime"),
  };
  const file = await orNotFound(keywordListCsv(db(), user.id, listId, labels), KeywordListNotFoundError);
  return fileDownload(file.csv, `cashwise-keywords-${fileSlug(file.name, "keywords")}.csv`, CSV_TYPE);
}

/**
 * The n-gram page's query string and the names the server and the page share: `period` (an
 * imported search terms report's period, `YYYY-MM-DD..YYYY-MM-DD` or `all`), `campaign`, `n` (1, 2,
 * 3 or all), `sort` and `wasted` (only n-grams with significant spend and no conversion); and the
 * download's fields (`ngram`, repeated, and `matchType`), posted to the page's URL with its query. A bad value reads as the default, never
 * an exception. Pure TypeScript, safe in the browser bundle.
 */
import { z } from "zod";

export const NGRAM_SIZES = ["1", "2", "3", "all"] as const;
export type NgramSize = (typeof NGRAM_SIZES)[number];
export const NGRAM_SORTS = [
  "cost",
  "impressions",
  "clicks",
  "conversions",
  "value",
  "cpa",
  "conversionRate",
  "roas",
  "terms",
  "ngram",
] as const;
export type NgramSort = (typeof NGRAM_SORTS)[number];
export const NEGATIVE_MATCH_TYPES = ["phrase", "exact"] as const;
export type NegativeMatchType = (typeof NEGATIVE_MATCH_TYPES)[number];
/** N-grams one download takes at most (the table never shows more). */
export const MAX_SELECTED = 500;
/** The longest n-gram text accepted back from the form (a search term is at most 80 characters at Google). */
export const NGRAM_MAX = 200;

export interface NgramQuery {
  /** null: the latest period. */
  period: string | null;
  campaign: string | null;
  n: NgramSize;
  sort: NgramSort;
  wastedOnly: boolean;
}

const PERIOD = /^(\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}|all)$/;

export function ngramQueryFromSearch(search: URLSearchParams): NgramQuery {
  const period = search.get("period");
  const campaign = search.get("campaign")?.slice(0, 255) || null;
  const n = z.enum(NGRAM_SIZES).safeParse(search.get("n"));
  const sort = z.enum(NGRAM_SORTS).safeParse(search.get("sort"));
  return {
    period: period && PERIOD.test(period) ? period : null,
    campaign,
    n: n.success ? n.data : "all",
    sort: sort.success ? sort.data : "cost",
    wastedOnly: search.get("wasted") === "1",
  };
}

/** The download form: the chosen n-grams and the match type (the view they were chosen in is the URL's query). */
export const NegativesSchema = z.object({
  ngram: z.array(z.string().trim().min(1).max(NGRAM_MAX)).min(1, "ads-ngrams:errors.none").max(MAX_SELECTED, "ads-ngrams:errors.tooMany"),
  matchType: z.enum(NEGATIVE_MATCH_TYPES, { errorMap: () => ({ message: "ads-ngrams:errors.matchType" }) }),
});

/** The n-gram page's query string for a view (the current one with some choices changed), defaults left out. */
import type { NgramQuery } from "~/ads/ngram-query";

export function ngramSearch(query: NgramQuery, clientId: string | null, change: Partial<NgramQuery> = {}): string {
  const next = { ...query, ...change };
  const search = new URLSearchParams();
  if (clientId) search.set("client", clientId);
  if (next.period) search.set("period", next.period);
  if (next.campaign) search.set("campaign", next.campaign);
  if (next.n !== "all") search.set("n", next.n);
  if (next.sort !== "cost") search.set("sort", next.sort);
  if (next.wastedOnly) search.set("wasted", "1");
  const text = search.toString();
  return text ? `?${text}` : "";
}

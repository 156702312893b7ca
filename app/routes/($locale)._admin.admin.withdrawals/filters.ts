/** The payout desk's filters (`state`, `method`, `q`, `from`/`to`, `batch`), read from the query string. */
import { z } from "zod";
import { pickFilter } from "~/components/admin/list-filters";
import { WITHDRAWAL_STATES } from "~/db/schema";

export const FILTERS = ["open", "all", ...WITHDRAWAL_STATES] as const;
export type Filter = (typeof FILTERS)[number];
export const PAYOUT_METHOD_OPTIONS = ["paypal", "bank"] as const;

/** A YYYY-MM-DD date that exists, else undefined. */
export function dateParam(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

/** The desk's filters from the query string (anything unreadable is ignored). */
export function filtersFromSearch(search: URLSearchParams) {
  const batch = search.get("batch") ?? "";
  return {
    state: pickFilter(FILTERS, search.get("state"), "open"),
    method: pickFilter(PAYOUT_METHOD_OPTIONS, search.get("method")),
    q: (search.get("q") ?? "").trim().slice(0, 100),
    from: dateParam(search.get("from")) ?? "",
    to: dateParam(search.get("to")) ?? "",
    batch: z.string().uuid().safeParse(batch).success ? batch : "",
  };
}

export type Filters = ReturnType<typeof filtersFromSearch>;

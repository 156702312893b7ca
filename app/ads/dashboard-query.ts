/**
 * The ad dashboard's query string and the names both the server and the page use: platforms,
 * export levels, sortable columns, day ranges, and reading `platform`, `campaign`, `from`, `to`,
 * `period=all`, `sort` and `dir` (dates validated with zod: a bad range is an error code and the
 * default period, never an exception). Pure TypeScript, safe in the browser bundle.
 */
import { z } from "zod";
import type { AdPlatform } from "./import/types";
import { addDays } from "~/utils/dates";

export const AD_PLATFORMS = ["google", "meta", "microsoft"] as const satisfies readonly AdPlatform[];
/** The levels that hold metrics, highest first: the first with data in the period counts. */
export const DASHBOARD_LEVELS = ["campaign", "ad-group", "ad", "keyword", "search-term"] as const;
export type DashboardLevel = (typeof DASHBOARD_LEVELS)[number];
export const CAMPAIGN_SORTS = [
  "campaign",
  "platform",
  "spend",
  "impressions",
  "clicks",
  "ctr",
  "cpc",
  "conversions",
  "cpa",
  "roas",
] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];
export type SortDirection = "asc" | "desc";
/** The longest range the filter accepts (three years and a day). */
export const MAX_RANGE_DAYS = 1096;

export interface DayRange {
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

export interface DashboardQuery {
  /** null: the period of the latest import; "all": every stored row (an "All time" export included). */
  period: DayRange | "all" | null;
  platform: AdPlatform | null;
  /** Exact campaign name. */
  campaign: string | null;
  sort: CampaignSort;
  dir: SortDirection;
}

export type DashboardQueryError = "dates" | "order" | "tooLong";

// ---------------------------------------------------------------------------------------------
// Days

export const DAY_MS = 86_400_000;
export const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Days in a range, both ends included. */
export const rangeDays = (range: DayRange) => Math.round((toMs(range.to) - toMs(range.from)) / DAY_MS) + 1;

function isRealDay(value: string): boolean {
  const ms = toMs(value);
  return Number.isFinite(ms) && fromMs(ms) === value;
}

/** The previous period: the same number of days right before. */
export function previousRange(range: DayRange): DayRange {
  const days = rangeDays(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

// ---------------------------------------------------------------------------------------------
// The query string

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isRealDay);
const RangeSchema = z
  .object({ from: Day, to: Day })
  .refine((range) => range.from <= range.to, { message: "order" })
  .refine((range) => range.from > range.to || rangeDays(range) <= MAX_RANGE_DAYS, { message: "tooLong" });

const TEXT_SORTS: readonly CampaignSort[] = ["campaign", "platform"];
/** A column's first direction: names A→Z, figures largest first. */
export const defaultDirection = (sort: CampaignSort): SortDirection => (TEXT_SORTS.includes(sort) ? "asc" : "desc");

/**
 * The dashboard's filters from the query string (`platform`, `campaign`, `from`, `to`, `period=all`,
 * `sort`, `dir`). Dates that are not a valid range give an error code and the default period.
 */
export function dashboardQueryFromSearch(search: URLSearchParams): { query: DashboardQuery; error: DashboardQueryError | null } {
  const platform = search.get("platform");
  const campaign = (search.get("campaign") ?? "").trim().slice(0, 255);
  const sortParam = search.get("sort");
  const sort = (CAMPAIGN_SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as CampaignSort) : "spend";
  const dirParam = search.get("dir");
  const dir: SortDirection = dirParam === "asc" || dirParam === "desc" ? dirParam : defaultDirection(sort);
  const from = (search.get("from") ?? "").trim();
  const to = (search.get("to") ?? "").trim();
  let period: DashboardQuery["period"] = search.get("period") === "all" ? "all" : null;
  let error: DashboardQueryError | null = null;
  if (from || to) {
    const parsed = RangeSchema.safeParse({ from, to });
    if (parsed.success) period = parsed.data;
    else {
      // A field that is not a date wins over what the range's checks made of it.
      const message = parsed.error.issues.some((issue) => issue.path.length > 0) ? "dates" : parsed.error.issues[0]?.message;
      error = message === "order" || message === "tooLong" ? message : "dates";
      period = null;
    }
  }
  return {
    query: {
      period,
      platform: (AD_PLATFORMS as readonly string[]).includes(platform ?? "") ? (platform as AdPlatform) : null,
      campaign: campaign || null,
      sort,
      dir,
    },
    error,
  };
}

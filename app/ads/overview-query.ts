/**
 * The agency overview's names, shared by the server and the page (a `.server` export is undefined
 * in the browser): its sortable columns, the KPIs it shows, each column's first direction, and how
 * long a fired alert counts. Pure TypeScript.
 */
import type { KpiKey } from "./dashboard.server";

export const OVERVIEW_SORTS = ["name", "spend", "conversions", "cpa", "roas", "grade", "alerts", "pacing"] as const;
export type OverviewSort = (typeof OVERVIEW_SORTS)[number];
/** The KPIs the overview shows, in order. */
export const OVERVIEW_KPIS = ["spendCents", "conversions", "cpaCents", "roas"] as const satisfies readonly KpiKey[];
export type OverviewKpi = (typeof OVERVIEW_KPIS)[number];
/** Alerts count as open this long after they fired. */
export const RECENT_ALERT_DAYS = 7;

/** A column's first direction: names A→Z, cost per conversion cheapest first, the rest largest first. */
export const overviewDefaultDirection = (sort: OverviewSort): "asc" | "desc" => (sort === "name" || sort === "cpa" ? "asc" : "desc");

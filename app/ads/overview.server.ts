/**
 * The agency overview (`/ads/clients`): owns one row per client account of the owner's workspace,
 * for the period asked (else each client account's latest import's period, as its dashboard
 * opens): spend, conversions, cost per conversion and ROAS with their change against the days
 * right before, taken from `adsDashboard` so both pages always show the same figures; the latest
 * audit's grade; how many alerts fired in the last seven days; the budget pacing of this month
 * (`readPacing`: how many campaigns are on pace, under or over); and the rows' order (`sort`,
 * `dir`; a figure a client account lacks sorts last either way).
 */
import type { DbOrTx } from "~/db/db.server";
import { listClientAccounts } from "./accounts.server";
import { recentFiringCounts } from "./alerts.server";
import { latestAuditGrades } from "./audit/audit.server";
import type { DayRange } from "./dashboard-query";
import { adsDashboard, type Kpi } from "./dashboard.server";
import { readPacing } from "./pacing.server";
import { OVERVIEW_KPIS, RECENT_ALERT_DAYS, type OverviewKpi, type OverviewSort } from "./overview-query";

export interface ClientOverview {
  id: string;
  name: string;
  currency: string | null;
  /** Any stored import with metrics. */
  hasData: boolean;
  /** The period the figures cover ("all": an "All time" export), and the one compared with. */
  period: DayRange | "all";
  previous: DayRange | null;
  hasPrevious: boolean;
  kpis: Record<OverviewKpi, Kpi>;
  audit: { grade: "A" | "B" | "C"; score: number; createdAt: string } | null;
  /** Distinct alerts that fired in the last `RECENT_ALERT_DAYS` days. */
  alertsFired: number;
  /** This month's pacing of the campaigns with a daily budget; null when none has one. */
  pacing: { month: string; onPace: number; under: number; over: number } | null;
}

const SORT_VALUE: Record<OverviewSort, (row: ClientOverview) => number | string | null> = {
  name: (row) => row.name.toLocaleLowerCase(),
  spend: (row) => row.kpis.spendCents.value,
  conversions: (row) => row.kpis.conversions.value,
  cpa: (row) => row.kpis.cpaCents.value,
  roas: (row) => row.kpis.roas.value,
  grade: (row) => row.audit?.score ?? null,
  alerts: (row) => row.alertsFired,
  // Campaigns off pace, over first.
  pacing: (row) => (row.pacing ? row.pacing.over * 1000 + row.pacing.under : null),
};

/** Orders the rows by a column; missing figures last in both directions, ties by name. */
export function sortOverview(rows: ClientOverview[], sort: OverviewSort, dir: "asc" | "desc"): ClientOverview[] {
  const value = SORT_VALUE[sort];
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
    const order = typeof x === "string" ? x.localeCompare(y as string) : x - (y as number);
    return order !== 0 ? order * sign : a.name.localeCompare(b.name);
  });
}

/** Every client account of the owner's workspace with its figures (see the header). */
export async function agencyOverview(
  db: DbOrTx,
  ownerId: string,
  query: { period: DayRange | null; sort: OverviewSort; dir: "asc" | "desc" },
  nowMs = Date.now(),
): Promise<ClientOverview[]> {
  const since = new Date(nowMs - RECENT_ALERT_DAYS * 86_400_000).toISOString();
  const [accounts, grades, firings] = await Promise.all([
    listClientAccounts(db, ownerId),
    latestAuditGrades(db, ownerId),
    recentFiringCounts(db, ownerId, since),
  ]);
  const rows = await Promise.all(
    accounts.map(async (account): Promise<ClientOverview> => {
      const [dashboard, pacing] = await Promise.all([
        adsDashboard(db, ownerId, account.id, { period: query.period, platform: null, campaign: null, sort: "spend", dir: "desc" }),
        readPacing(db, account.id, { nowMs }),
      ]);
      const count = (status: string) => pacing.campaigns.filter((campaign) => campaign.pace.status === status).length;
      return {
        id: account.id,
        name: account.name,
        currency: dashboard.currency,
        hasData: dashboard.hasData,
        period: dashboard.period,
        previous: dashboard.previous,
        hasPrevious: dashboard.hasPrevious,
        kpis: Object.fromEntries(OVERVIEW_KPIS.map((key) => [key, dashboard.kpis[key]])) as Record<OverviewKpi, Kpi>,
        audit: grades.get(account.id) ?? null,
        alertsFired: firings.get(account.id) ?? 0,
        pacing: pacing.campaigns.length
          ? { month: pacing.month, onPace: count("on-pace"), under: count("under"), over: count("over") }
          : null,
      };
    }),
  );
  return sortOverview(rows, query.sort, query.dir);
}

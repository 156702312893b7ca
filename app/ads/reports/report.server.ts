/**
 * A white-label report's figures: owns gathering, for one client account and period, what the PDF
 * and the shared page show: the KPIs with their changes and the days (from the dashboard's reading
 * of the imports, so nothing counts twice), the top campaigns by spend, the audit grade and its
 * trend (the latest audits up to the period's end), and the tips applied in the period; and the
 * period the report form starts on. The client account must be the owner's
 * (`ClientAccountNotFoundError` otherwise).
 */
import type { DbOrTx } from "~/db/db.server";
import { getClientAccount } from "../accounts.server";
import { listAudits } from "../audit/audit.server";
import { previousRange, type DayRange } from "../dashboard-query";
import { addDays } from "~/utils/dates";
import { adsDashboard, latestImportPeriod, type CampaignRow, type Kpi, type KpiKey } from "../dashboard.server";
import { listTips } from "../tips.server";
import type { AdPlatform } from "../import/types";
import type { TipKind } from "../tip-kinds";

/** Campaigns in the report's table (largest spend first). */
export const TOP_CAMPAIGNS = 10;
/** Audits in the grade's trend. */
export const AUDIT_TREND = 6;
/** Days the report form offers when the dashboard opens on every stored row (a form needs dates). */
export const FALLBACK_PERIOD_DAYS = 30;

export interface ReportAudit {
  createdAt: string;
  grade: string;
  score: number;
}

export interface ReportTip {
  kind: TipKind;
  campaign: string | null;
  appliedAt: string;
}

export interface ReportData {
  client: { id: string; name: string };
  /** null: the imports state no currency (amounts without a symbol). */
  currency: string | null;
  period: DayRange;
  previous: DayRange;
  hasPrevious: boolean;
  hasData: boolean;
  kpis: Record<KpiKey, Kpi>;
  days: Array<{ day: string; spendCents: number; conversions: number }>;
  campaigns: CampaignRow[];
  /** What the counted exports are broken down by (Meta breakdowns), per platform; empty when none is. */
  breakdowns: Array<{ platform: AdPlatform; breakdown: string[] }>;
  /** The latest audits, oldest first (the last one is the grade shown). */
  audits: ReportAudit[];
  tips: ReportTip[];
}

/**
 * The period the report form starts on: the one the dashboard opens on (the latest performance
 * import's); when that is every stored row (an "All time" export, or nothing imported), which
 * dates cannot say, the last 30 days before today.
 */
export async function reportDefaultPeriod(db: DbOrTx, clientAccountId: string, today = new Date()): Promise<DayRange> {
  const period = await latestImportPeriod(db, clientAccountId);
  if (period !== "all") return period;
  const day = today.toISOString().slice(0, 10);
  return { from: addDays(day, -FALLBACK_PERIOD_DAYS), to: addDays(day, -1) };
}

export async function reportData(db: DbOrTx, ownerId: string, clientAccountId: string, period: DayRange): Promise<ReportData> {
  const client = await getClientAccount(db, ownerId, clientAccountId);
  const [dashboard, audits, tips] = await Promise.all([
    adsDashboard(db, ownerId, client.id, {
      period,
      platform: null,
      campaign: null,
      sort: "spend",
      dir: "desc",
    }),
    listAudits(db, ownerId, client.id, { limit: AUDIT_TREND }),
    listTips(db, ownerId, client.id),
  ]);
  const end = `${period.to}T23:59:59.999Z`;
  const start = `${period.from}T00:00:00.000Z`;
  return {
    client: { id: client.id, name: client.name },
    currency: dashboard.currency,
    period,
    previous: dashboard.previous ?? previousRange(period),
    hasPrevious: dashboard.hasPrevious,
    hasData: dashboard.rows > 0,
    kpis: dashboard.kpis,
    days: dashboard.days,
    campaigns: dashboard.campaigns.slice(0, TOP_CAMPAIGNS),
    breakdowns: dashboard.sources.flatMap((source) =>
      source.breakdown ? [{ platform: source.platform, breakdown: source.breakdown }] : [],
    ),
    audits: audits
      .slice(0, AUDIT_TREND)
      .reverse()
      .map((item) => ({
        createdAt: item.createdAt,
        grade: item.grade,
        score: item.score,
      })),
    tips: tips.applied
      .filter((tip) => tip.decidedAt !== null && tip.decidedAt >= start && tip.decidedAt <= end)
      .map((tip) => ({
        kind: tip.kind,
        campaign: tip.subject.campaign ?? null,
        appliedAt: tip.decidedAt!,
      })),
  };
}

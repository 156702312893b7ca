/**
 * Budget pacing: owns reading a client account's Google Ads campaigns into one month's pacing per
 * campaign (the maths are pacing.ts). Read only; another user's client account is "not found".
 *
 * - **Spend** comes from the Google Ads campaign report by day (`ad_rows` of kind `campaign` with a
 *   day, of imported imports): a day is covered when any campaign has a row of it, and a covered
 *   day without a row of a campaign is a day it spent nothing. Device-segmented rows count only on
 *   a day without unsegmented ones (segments of the same traffic). Period exports are never spread
 *   over days, so they give no pacing.
 * - **The daily budget** of a campaign is the `Budget` of the latest Google Ads Editor campaigns
 *   export or of the campaign's latest day row in the campaign report, whichever was imported
 *   last; a `Budget type` of a campaign total budget is left out (it is not a daily budget), and so
 *   are removed campaigns. A paused campaign is shown as paused and projects no more spend.
 * - **The month** is the current month of the client account's time zone unless another is asked
 *   for; the months offered are those the day rows cover, and the current one.
 * Meta and Microsoft rows are not paced: their budgets follow other rules.
 * `pacingEditorCsv` writes the proposed daily budgets (campaigns over pace) as a Google Ads Editor
 * CSV (`Campaign`, `Budget`: Account › Import › From file), as the tips' budget change does.
 */
import { stringify } from "csv-stringify/sync";
import type { DbOrTx } from "~/db/db.server";
import { centsToDecimalString } from "~/utils/money";
import { ownersRead } from "./accounts.server";
import { addDays, monthEnd, monthStart, zonedDay } from "~/utils/dates";
import { DEFAULT_TOLERANCE_PERCENT, isMonth, paceCampaign, paceSeries, type Pace, type PaceSeries } from "./pacing";

/** Days before the month's first read for the recent rate (its 7 days with data may reach back). */
const LOOKBACK_DAYS = 31;
/** Months offered by the selector (the latest ones). */
const MAX_MONTHS = 24;

const PAUSED = /paused|pausiert|onderbroken|en pause|pausad/i;
const REMOVED = /removed|entfernt|verwijderd|supprim|eliminad|quitad/i;
/** Budget types that are not an average daily budget (a campaign total budget). */
const NOT_DAILY = /total|gesamt|totaal/i;

export interface PacingSourceImport {
  id: string;
  filename: string;
  kind: string;
  periodStart: string | null;
  periodEnd: string | null;
  importedAt: string | null;
}

export interface PacingCampaign {
  campaign: string;
  /** Where the daily budget was read: the Editor campaigns export or the campaign report. */
  budgetSource: "editor" | "report";
  budgetImport: PacingSourceImport;
  pace: Pace;
  series: PaceSeries;
}

export interface PacingReport {
  month: string;
  /** The client account's local date the month is measured to. */
  today: string;
  timeZone: string;
  currency: string | null;
  /** Months to choose from, newest first. */
  months: string[];
  campaigns: PacingCampaign[];
  /** The campaign report imports whose day rows the figures come from (oldest first). */
  spendImports: PacingSourceImport[];
  tolerancePercent: number;
}

type Extras = { budgetCents?: number | null; budgetType?: string | null; campaignStatus?: string | null; device?: string | null };

function parseExtras(raw: string): Extras {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" ? (value as Extras) : {};
  } catch {
    return {};
  }
}

const nameKey = (name: string) => name.trim().toLocaleLowerCase("en");

/** Months from the first to the last day given, newest first, at most MAX_MONTHS. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let month = last.slice(0, 7);
  while (month >= first.slice(0, 7) && months.length < MAX_MONTHS) {
    months.push(month);
    month = addDays(monthStart(month), -1).slice(0, 7);
  }
  return months;
}

/** The owner's client account's pacing for a month (another user's client account is "not found"). */
export const pacingReport = ownersRead(readPacing);

/** The pacing without the owner check (the alerts' evaluation, which already holds the account). */
export async function readPacing(
  db: DbOrTx,
  clientAccountId: string,
  options: { month?: string | null; nowMs?: number; tolerancePercent?: number } = {},
): Promise<PacingReport> {
  const account = await db
    .selectFrom("adClientAccounts")
    .select(["timeZone", "currency"])
    .where("id", "=", clientAccountId)
    .executeTakeFirstOrThrow();
  const today = zonedDay(options.nowMs ?? Date.now(), account.timeZone);
  const tolerancePercent = options.tolerancePercent ?? DEFAULT_TOLERANCE_PERCENT;
  const current = today.slice(0, 7);

  const bounds = await db
    .selectFrom("adRows")
    .innerJoin("adImports", "adImports.id", "adRows.importId")
    .select((eb) => [eb.fn.min("adRows.day").as("first"), eb.fn.max("adRows.day").as("last")])
    .where("adRows.clientAccountId", "=", clientAccountId)
    .where("adRows.platform", "=", "google")
    .where("adRows.kind", "=", "campaign")
    .where("adRows.day", "is not", null)
    .where("adImports.status", "=", "imported")
    .executeTakeFirst();
  const first = (bounds?.first as string | null) ?? null;
  const last = (bounds?.last as string | null) ?? null;
  const months = first && last ? monthsBetween(first, last < today ? today : last) : [current];
  const month = isMonth(options.month) && months.includes(options.month) ? options.month : current;
  const report: PacingReport = {
    month,
    today,
    timeZone: account.timeZone,
    currency: account.currency,
    months,
    campaigns: [],
    spendImports: [],
    tolerancePercent,
  };

  const from = addDays(monthStart(month), -LOOKBACK_DAYS);
  const to = monthEnd(month);
  const rows = await db
    .selectFrom("adRows")
    .innerJoin("adImports", "adImports.id", "adRows.importId")
    .select([
      "adRows.importId",
      "adRows.day",
      "adRows.line",
      "adRows.campaign",
      "adRows.status",
      "adRows.costCents",
      "adRows.extras",
      "adImports.filename",
      "adImports.kind",
      "adImports.periodStart",
      "adImports.periodEnd",
      "adImports.importedAt",
    ])
    .where("adRows.clientAccountId", "=", clientAccountId)
    .where("adImports.clientAccountId", "=", clientAccountId)
    .where("adRows.platform", "=", "google")
    .where("adRows.kind", "=", "campaign")
    .where("adRows.day", ">=", from)
    .where("adRows.day", "<=", to)
    .where("adImports.status", "=", "imported")
    .execute();

  // Spend per campaign and day: unsegmented rows, else the day's device segments.
  type DayBucket = { plain: Map<string, number>; device: Map<string, number> };
  const byDay = new Map<string, DayBucket>();
  const names = new Map<string, string>();
  const imports = new Map<string, PacingSourceImport>();
  type Latest = { budgetCents: number | null; budgetType: string | null; status: string | null; order: string; importId: string };
  const latestRow = new Map<string, Latest>();
  for (const row of rows) {
    if (!row.day || !row.campaign) continue;
    const extras = parseExtras(row.extras);
    const key = nameKey(row.campaign);
    names.set(key, row.campaign.trim());
    imports.set(row.importId, {
      id: row.importId,
      filename: row.filename,
      kind: row.kind,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      importedAt: row.importedAt,
    });
    const bucket = byDay.get(row.day) ?? { plain: new Map(), device: new Map() };
    byDay.set(row.day, bucket);
    const target = extras.device ? bucket.device : bucket.plain;
    target.set(key, (target.get(key) ?? 0) + Number(row.costCents ?? 0));
    const order = `${row.day}|${String(row.line).padStart(9, "0")}`;
    const known = latestRow.get(key);
    if (!known || known.order < order)
      latestRow.set(key, {
        budgetCents: typeof extras.budgetCents === "number" ? extras.budgetCents : null,
        budgetType: extras.budgetType ?? null,
        status: extras.campaignStatus ?? row.status,
        order,
        importId: row.importId,
      });
  }
  const coveredDays = [...byDay.keys()];
  const spendOf = new Map<string, Map<string, number>>();
  for (const [day, bucket] of byDay) {
    const use = bucket.plain.size ? bucket.plain : bucket.device;
    for (const [key, cents] of use) {
      const series = spendOf.get(key) ?? new Map<string, number>();
      spendOf.set(key, series);
      series.set(day, cents);
    }
  }

  // The latest Editor campaigns export (settings, not a period).
  const editor = await db
    .selectFrom("adImports")
    .select(["id", "filename", "kind", "periodStart", "periodEnd", "importedAt"])
    .where("clientAccountId", "=", clientAccountId)
    .where("platform", "=", "google")
    .where("kind", "=", "editor-campaigns")
    .where("status", "=", "imported")
    .orderBy("importedAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const editorRows = new Map<string, { budgetCents: number | null; budgetType: string | null; status: string | null }>();
  if (editor) {
    const stored = await db
      .selectFrom("adRows")
      .select(["campaign", "status", "extras", "line"])
      .where("importId", "=", editor.id)
      .orderBy("line")
      .execute();
    for (const row of stored) {
      if (!row.campaign) continue;
      const extras = parseExtras(row.extras);
      const key = nameKey(row.campaign);
      if (!names.has(key)) names.set(key, row.campaign.trim());
      editorRows.set(key, {
        budgetCents: typeof extras.budgetCents === "number" ? extras.budgetCents : null,
        budgetType: extras.budgetType ?? null,
        status: extras.campaignStatus ?? row.status,
      });
    }
  }

  for (const [key, campaign] of names) {
    const fromReport = latestRow.get(key);
    const fromEditor = editorRows.get(key);
    const reportImport = fromReport ? imports.get(fromReport.importId) : undefined;
    const editorIsLater =
      fromEditor &&
      editor &&
      (!reportImport || (editor.importedAt ?? "") >= (reportImport.importedAt ?? "")) &&
      fromEditor.budgetCents !== null;
    const chosen = editorIsLater ? fromEditor : fromReport;
    if (!chosen || chosen.budgetCents === null || chosen.budgetCents <= 0) continue;
    if (chosen.budgetType && NOT_DAILY.test(chosen.budgetType)) continue;
    const status = (editorIsLater ? fromEditor!.status : (fromReport?.status ?? fromEditor?.status)) ?? "";
    if (REMOVED.test(status)) continue;
    const spend = spendOf.get(key) ?? new Map<string, number>();
    const pace = paceCampaign({
      month,
      today,
      dailyBudgetCents: chosen.budgetCents,
      spend,
      coveredDays,
      paused: PAUSED.test(status),
      tolerancePercent,
    });
    report.campaigns.push({
      campaign,
      budgetSource: editorIsLater ? "editor" : "report",
      budgetImport: editorIsLater ? { ...editor! } : reportImport!,
      pace,
      series: paceSeries(pace, spend, coveredDays),
    });
  }
  report.campaigns.sort((a, b) => a.campaign.localeCompare(b.campaign));
  report.spendImports = [...imports.values()].sort((a, b) => (a.periodStart ?? "").localeCompare(b.periodStart ?? ""));
  return report;
}

/** The Google Ads Editor CSV of the month's proposed daily budgets; null when no campaign is over pace. */
export function pacingEditorCsv(report: PacingReport): string | null {
  const rows = report.campaigns
    .filter((item) => item.pace.suggestedDailyBudgetCents !== null)
    .map((item) => [item.campaign, centsToDecimalString(item.pace.suggestedDailyBudgetCents!)]);
  if (!rows.length) return null;
  return stringify([["Campaign", "Budget"], ...rows], { record_delimiter: "\r\n", escape_formulas: true });
}

/**
 * Scheduled monthly white-label reports: owns `ad_report_schedules` (one per client account: the
 * client's addresses, at most five, the report's language, on/off; saved by the owner only, and
 * audited) and `ad_report_deliveries` (each month a schedule's report went out).
 *
 * `sendDueReports` (the daily `ads.reports-monthly` job) sends, for every enabled schedule, the
 * report of the client account's previous calendar month in the client account's time zone, once:
 * the PDF is built first, outside any transaction (it is slow), then one unit of work inserts the
 * month's delivery row and writes one mail per address to the outbox, the PDF attached. The row's
 * key (schedule, month) decides: a second run, or a second worker at the same moment, inserts
 * nothing and so writes no mail. Running daily, a server that was down on the 1st catches up.
 *
 * Not sent, and not marked delivered (so a later run sends it when it can):
 * - a schedule whose owner no longer has the ad tools (trial over, no live plan) or is suspended;
 * - a month without imported figures: an empty report is no use to a client, and figures are
 *   often imported some days after the month ends, so the report goes out on the first daily run
 *   after they are. Only the previous month is ever sent: one whose figures arrive after the next
 *   month has ended is not sent by the schedule (the PDF can still be downloaded).
 * A new schedule sends the previous month's report at the next run.
 */
import { randomUUID } from "node:crypto";
import { audit } from "~/audit/audit.server";
import { now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { fixedT } from "~/i18n/translator.server";
import { isLocale, type Locale } from "~/i18n/config";
import { enqueueMail } from "~/jobs/outbox.server";
import { adReportMail } from "./mail.server";
import { hasAdToolsAccess } from "~/plans/subscriptions.server";
import { getClientAccount } from "../accounts.server";
import { previousMonth as monthBefore, zonedDay } from "~/utils/dates";
import type { DayRange } from "../dashboard-query";
import { getBrand, getLogo } from "./brand.server";
import { REPORT_RECIPIENTS_MAX, type ScheduleInput } from "./form";
import { reportFileName, reportPdf } from "./pdf.server";
import { reportData } from "./report.server";

export const REPORTS_MONTHLY_JOB = "ads.reports-monthly";

export interface ReportDelivery {
  /** YYYY-MM */
  month: string;
  mails: number;
  sentAt: string;
}

export interface ReportSchedule {
  id: string;
  clientAccountId: string;
  recipients: string[];
  language: Locale;
  enabled: boolean;
  updatedAt: string;
  /** The latest month sent, or null. */
  lastDelivery: ReportDelivery | null;
}

function parseRecipients(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string").slice(0, REPORT_RECIPIENTS_MAX) : [];
  } catch {
    return [];
  }
}

/** The schedule of the owner's client account, or null when none was saved (`ClientAccountNotFoundError` for anyone else's). */
export async function getSchedule(db: DbOrTx, ownerId: string, clientAccountId: string): Promise<ReportSchedule | null> {
  const client = await getClientAccount(db, ownerId, clientAccountId);
  const row = await db
    .selectFrom("adReportSchedules")
    .select(["id", "clientAccountId", "recipients", "language", "enabled", "updatedAt"])
    .where("clientAccountId", "=", client.id)
    .where("ownerId", "=", ownerId)
    .executeTakeFirst();
  if (!row) return null;
  const last = await db
    .selectFrom("adReportDeliveries")
    .select(["month", "mailCount", "createdAt"])
    .where("scheduleId", "=", row.id)
    .orderBy("month", "desc")
    .executeTakeFirst();
  return {
    id: row.id,
    clientAccountId: row.clientAccountId,
    recipients: parseRecipients(row.recipients),
    language: isLocale(row.language) ? row.language : "en",
    enabled: Number(row.enabled) === 1,
    updatedAt: row.updatedAt,
    lastDelivery: last ? { month: last.month, mails: Number(last.mailCount), sentAt: last.createdAt } : null,
  };
}

/** Saves the schedule of the owner's client account (validated by `ScheduleSchema`); audited. */
export async function saveSchedule(tx: Tx, ownerId: string, clientAccountId: string, input: ScheduleInput): Promise<ReportSchedule> {
  const before = await getSchedule(tx, ownerId, clientAccountId);
  const recipients = input.recipients.slice(0, REPORT_RECIPIENTS_MAX);
  const at = now();
  const id = before?.id ?? randomUUID();
  if (before) {
    await tx
      .updateTable("adReportSchedules")
      .set({ recipients: JSON.stringify(recipients), language: input.language, enabled: input.enabled ? 1 : 0, updatedAt: at })
      .where("id", "=", id)
      .execute();
  } else {
    await tx
      .insertInto("adReportSchedules")
      .values({
        id,
        ownerId,
        clientAccountId,
        recipients: JSON.stringify(recipients),
        language: input.language,
        enabled: input.enabled ? 1 : 0,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
  }
  await audit(tx, {
    actorId: ownerId,
    action: "ads.reports.schedule",
    subject: `ad-client:${clientAccountId}`,
    before: before ? { recipients: before.recipients, language: before.language, enabled: before.enabled } : null,
    after: { recipients, language: input.language, enabled: input.enabled },
  });
  return (await getSchedule(tx, ownerId, clientAccountId))!;
}

// ——— The monthly run ———

/** The calendar month before the one `day` (YYYY-MM-DD) is in, as YYYY-MM. */
export const previousMonth = (day: string): string => monthBefore(day.slice(0, 7));

/** The days of a month (YYYY-MM). */
export function monthRange(month: string): DayRange {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

export interface MonthlyRunReport {
  /** Schedules whose month went out now (mails written to the outbox). */
  sent: number;
  mails: number;
  /** Already sent for the month (by an earlier run, or by another worker at the same moment). */
  alreadySent: number;
  /** Owners without the ad tools (or suspended). */
  noAccess: number;
  /** Months without imported figures (tried again by the next run). */
  noData: number;
  /** Enabled schedules without an address (the form does not let one be saved). */
  noRecipients: number;
  failed: number;
}

type DueRow = {
  id: string;
  ownerId: string;
  clientAccountId: string;
  recipients: string;
  language: string;
  timeZone: string;
  clientName: string;
  ownerEmail: string;
  ownerName: string;
  suspendedAt: string | null;
};

/** The daily job: every enabled schedule's previous month, once (one failing schedule does not stop the others). */
export async function sendDueReports(db: Db, options: { nowMs?: number } = {}): Promise<MonthlyRunReport> {
  const nowMs = options.nowMs ?? Date.now();
  const total: MonthlyRunReport = { sent: 0, mails: 0, alreadySent: 0, noAccess: 0, noData: 0, noRecipients: 0, failed: 0 };
  const rows: DueRow[] = await db
    .selectFrom("adReportSchedules")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adReportSchedules.clientAccountId")
    .innerJoin("users", "users.id", "adReportSchedules.ownerId")
    .select([
      "adReportSchedules.id",
      "adReportSchedules.ownerId",
      "adReportSchedules.clientAccountId",
      "adReportSchedules.recipients",
      "adReportSchedules.language",
      "adClientAccounts.timeZone",
      "adClientAccounts.name as clientName",
      "users.email as ownerEmail",
      "users.name as ownerName",
      "users.suspendedAt",
    ])
    .where("adReportSchedules.enabled", "=", 1)
    // The client account must still be the schedule owner's.
    .whereRef("adClientAccounts.ownerId", "=", "adReportSchedules.ownerId")
    .orderBy("adReportSchedules.createdAt")
    .execute();
  const access = new Map<string, boolean>();
  for (const row of rows) {
    try {
      const outcome = await sendOne(db, row, nowMs, access);
      if (outcome.kind === "sent") {
        total.sent++;
        total.mails += outcome.mails;
      } else total[outcome.kind]++;
    } catch (error) {
      total.failed++;
      console.error(`ad reports: schedule ${row.id} failed`, error);
    }
  }
  return total;
}

type Outcome = { kind: "sent"; mails: number } | { kind: "alreadySent" | "noAccess" | "noData" | "noRecipients" };

async function sendOne(db: Db, row: DueRow, nowMs: number, access: Map<string, boolean>): Promise<Outcome> {
  const month = previousMonth(zonedDay(nowMs, row.timeZone));
  const delivered = async (from: DbOrTx) =>
    Boolean(
      await from
        .selectFrom("adReportDeliveries")
        .select("month")
        .where("scheduleId", "=", row.id)
        .where("month", "=", month)
        .executeTakeFirst(),
    );
  if (await delivered(db)) return { kind: "alreadySent" };
  if (row.suspendedAt) return { kind: "noAccess" };
  if (!access.has(row.ownerId)) access.set(row.ownerId, await hasAdToolsAccess(db, row.ownerId, nowMs));
  if (!access.get(row.ownerId)) return { kind: "noAccess" };
  const recipients = parseRecipients(row.recipients);
  const language: Locale = isLocale(row.language) ? row.language : "en";
  if (!recipients.length) return { kind: "noRecipients" };

  // The slow part, outside any transaction.
  const period = monthRange(month);
  const report = await reportData(db, row.ownerId, row.clientAccountId, period);
  if (!report.hasData) return { kind: "noData" };
  const [brand, logo] = await Promise.all([getBrand(db, row.ownerId), getLogo(db, row.ownerId)]);
  const pdf = await reportPdf({ report, brand, logo, locale: language, t: fixedT(language, ["ads-reports"]) });
  const filename = reportFileName(report);
  const agency = brand.agencyName || row.ownerName;

  return unitOfWork(db, async (tx): Promise<Outcome> => {
    const inserted = await tx
      .insertInto("adReportDeliveries")
      .values({ scheduleId: row.id, month, outboxIds: "[]", mailCount: 0, createdAt: now() })
      .onConflict((oc) => oc.columns(["scheduleId", "month"]).doNothing())
      .returning("month")
      .executeTakeFirst();
    // Another run got there first (on PostgreSQL this waited for it to commit): it wrote the mails.
    if (!inserted) return { kind: "alreadySent" };
    const ids: string[] = [];
    for (const to of recipients) {
      ids.push(
        await enqueueMail(
          tx,
          adReportMail({
            to,
            language,
            agency,
            agencyColor: brand.primaryColor,
            agencyFooter: brand.footer,
            replyTo: row.ownerEmail,
            clientName: report.client.name,
            month,
            pdf,
            filename,
          }),
        ),
      );
    }
    await tx
      .updateTable("adReportDeliveries")
      .set({ outboxIds: JSON.stringify(ids), mailCount: ids.length })
      .where("scheduleId", "=", row.id)
      .where("month", "=", month)
      .execute();
    await audit(tx, {
      actorId: null,
      action: "ads.reports.schedule-sent",
      subject: `ad-client:${row.clientAccountId}`,
      details: { scheduleId: row.id, month, mails: ids.length, language },
    });
    return { kind: "sent", mails: ids.length };
  });
}

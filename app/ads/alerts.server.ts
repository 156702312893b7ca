/**
 * Ad alerts: owns `ad_alerts` and `ad_alert_firings`. A user sets thresholds per client account:
 *
 * - `daily-spend`: spend on the latest day with day rows above X (cents, the account's currency);
 * - `cpa`: cost per conversion over the last 7 days of day rows above X (spend without a single
 *   conversion above X counts too);
 * - `ctr-drop`: CTR of the last 7 days down more than X% against the 7 days before;
 * - `no-conversions`: no conversion in the last N days while spending (more than X, 0 = anything);
 * - `lost-is-budget`: a Google campaign lost more than X% of its search impressions to budget, on
 *   the latest day of campaign day rows or in the latest campaign period export;
 * - `competitor-gaining`: in the Auction insights imports (competitors.server.ts), a competitor is a
 *   new entrant, gained at least X percentage points of impression share, or overtook the client's
 *   ads in position-above rate, in the latest period (its data key: that period and the domains);
 * - `pacing`: a Google campaign's projected month-end spend (pacing.server.ts, the current month of
 *   the client account's time zone) is over or under its month's budget by more than X percent (X,
 *   not the page's ±10 %, decides; paused campaigns and those without data never fire)
 *   (its data key: the month, the data's last day and the campaigns flagged).
 *
 * Spend is never counted twice: per platform and day one export level is read (campaign rows,
 * else ad group, else keyword, else ad). "The latest day" is the client account's latest day with
 * day rows; period exports are never spread over days.
 *
 * `evaluateAlerts` runs after every stored import (`afterAdImport` queues `ads.evaluate-alerts`)
 * and daily (`ads.alerts-daily`). Each firing is one unit of work: the firing row, a notification
 * (`notifications:ads.alerts.*`) and, when the owner's preferences want e-mail, an outbox mail in
 * their language. An alert fires at most once per day of the client account's time zone (a unique
 * key, so concurrent evaluations cannot both fire), and once per data key (the data's latest day
 * or period with the alert's settings), so unchanged data does not fire again every day.
 * Only the owner lists or changes alerts: another user's alert is "not found".
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { audit, changedFields } from "~/audit/audit.server";
import { env } from "~/config/env.server";
import { now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import type { Selectable } from "kysely";
import type { AdAlertKind, AdAlertsTable } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { queueJob } from "~/jobs/jobs.server";
import { enqueueMail } from "~/jobs/outbox.server";
import { adAlertMail } from "./alert-mail.server";
import { recordNotification } from "~/notifications/notifications.server";
import { hasAdToolsAccess } from "~/plans/subscriptions.server";
import { localePath } from "~/utils/paths";
import { getClientAccount } from "./accounts.server";
import { readCompetitors, type CompetitorReport } from "./competitors.server";
import { readPacing, type PacingReport } from "./pacing.server";
import { ALERT_KIND_KEYS, ALERT_UNITS, type AlertInput } from "./alert-form";
import { addDays, zonedDay } from "~/utils/dates";
import { figureAdder } from "./sums";
import { NamedError } from "~/utils/named-error";

export const MAX_ALERTS_PER_CLIENT = 50;
/** The export levels read for day totals, in order of preference (one per platform and day). */
const LEVELS = ["campaign", "ad-group", "keyword", "ad"] as const;
/** The longest window any kind reads (no-conversions' N at most). */
const MAX_WINDOW_DAYS = 90;
const WEEK = 7;

export const EVALUATE_ALERTS_JOB = "ads.evaluate-alerts";
export const ALERTS_DAILY_JOB = "ads.alerts-daily";

export class AlertNotFoundError extends NamedError {
  constructor() {
    super("alert not found");
  }
}

export class TooManyAlertsError extends NamedError {
  constructor() {
    super(`a client account has at most ${MAX_ALERTS_PER_CLIENT} alerts`);
  }
}

/** An alert as the pages and the job see it: `enabled` as a boolean, and when it last fired. */
export type AdAlert = Omit<Selectable<AdAlertsTable>, "enabled"> & { enabled: boolean; lastFiredAt: string | null };

/** What the data was: one day, a period, or an "All time" export. */
export type FiringBasis = { day: string } | { start: string; end: string } | { allTime: true };

export interface FiringDetails {
  basis: FiringBasis;
  /** The notification's keys and values (`notifications` namespace), also shown on the alerts page. */
  titleKey: string;
  messageKey: string;
  params: Record<string, string | number>;
  /** The figures behind the value (spend, conversions, CTRs, campaigns over the threshold…). */
  figures: Record<string, unknown>;
}

export interface AlertFiring {
  id: string;
  alertId: string;
  kind: AdAlertKind;
  campaign: string | null;
  days: number | null;
  /** The client account's local date of the evaluation. */
  day: string;
  value: number;
  threshold: number;
  details: FiringDetails;
  createdAt: string;
}

// ——— Alerts (owner only) ———

type AlertRow = Omit<AdAlert, "enabled" | "lastFiredAt"> & { enabled: number };

const ALERT_COLUMNS = [
  "adAlerts.id",
  "adAlerts.clientAccountId",
  "adAlerts.kind",
  "adAlerts.threshold",
  "adAlerts.days",
  "adAlerts.campaign",
  "adAlerts.enabled",
  "adAlerts.createdAt",
  "adAlerts.updatedAt",
] as const;

function toAlert(row: AlertRow & { lastFiredAt?: string | null }): AdAlert {
  return {
    id: row.id,
    clientAccountId: row.clientAccountId,
    kind: row.kind,
    threshold: Number(row.threshold),
    days: row.days === null ? null : Number(row.days),
    campaign: row.campaign,
    enabled: Number(row.enabled) === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastFiredAt: row.lastFiredAt ?? null,
  };
}

async function ownedAlert(db: DbOrTx, ownerId: string, alertId: string): Promise<AdAlert> {
  const row = await db
    .selectFrom("adAlerts")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adAlerts.clientAccountId")
    .select(ALERT_COLUMNS)
    .where("adAlerts.id", "=", alertId)
    .where("adClientAccounts.ownerId", "=", ownerId)
    .executeTakeFirst();
  if (!row) throw new AlertNotFoundError();
  return toAlert(row);
}

/** The owner's alerts of one client account, oldest first, each with when it last fired. */
export async function listAlerts(db: DbOrTx, ownerId: string, clientAccountId: string): Promise<AdAlert[]> {
  const rows = await db
    .selectFrom("adAlerts")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adAlerts.clientAccountId")
    .select(ALERT_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom("adAlertFirings")
        .select((inner) => inner.fn.max("adAlertFirings.createdAt").as("last"))
        .whereRef("adAlertFirings.alertId", "=", "adAlerts.id")
        .as("lastFiredAt"),
    )
    .where("adAlerts.clientAccountId", "=", clientAccountId)
    .where("adClientAccounts.ownerId", "=", ownerId)
    .orderBy("adAlerts.createdAt")
    .orderBy("adAlerts.id")
    .execute();
  return rows.map((row) => toAlert({ ...row, lastFiredAt: (row.lastFiredAt as string | null) ?? null }));
}

const auditable = (alert: Pick<AdAlert, "kind" | "threshold" | "days" | "campaign">) => ({
  kind: alert.kind,
  threshold: alert.threshold,
  days: alert.days,
  campaign: alert.campaign,
});

function normalized(input: AlertInput): AlertInput {
  return {
    kind: input.kind,
    threshold: ALERT_UNITS[input.kind] === "money" ? Math.round(input.threshold) : input.threshold,
    days: input.kind === "no-conversions" ? input.days : null,
    campaign: input.campaign?.trim() ? input.campaign.trim() : null,
  };
}

export async function createAlert(tx: Tx, ownerId: string, clientAccountId: string, input: AlertInput): Promise<AdAlert> {
  await getClientAccount(tx, ownerId, clientAccountId);
  const count = await tx
    .selectFrom("adAlerts")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("clientAccountId", "=", clientAccountId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_ALERTS_PER_CLIENT) throw new TooManyAlertsError();
  const at = now();
  const id = randomUUID();
  const value = normalized(input);
  await tx
    .insertInto("adAlerts")
    .values({ id, clientAccountId, ...value, enabled: 1, createdAt: at, updatedAt: at })
    .execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.alert.create",
    subject: `ad-alert:${id}`,
    details: { clientAccountId },
    after: auditable(value),
  });
  return ownedAlert(tx, ownerId, id);
}

export async function updateAlert(tx: Tx, ownerId: string, alertId: string, input: AlertInput): Promise<AdAlert> {
  const before = await ownedAlert(tx, ownerId, alertId);
  const value = normalized(input);
  const changed = changedFields(auditable(before), auditable(value));
  if (!changed) return before;
  await tx
    .updateTable("adAlerts")
    .set({ ...value, updatedAt: now() })
    .where("id", "=", alertId)
    .execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.alert.update",
    subject: `ad-alert:${alertId}`,
    details: { clientAccountId: before.clientAccountId },
    ...changed,
  });
  return ownedAlert(tx, ownerId, alertId);
}

export async function setAlertEnabled(tx: Tx, ownerId: string, alertId: string, enabled: boolean): Promise<AdAlert> {
  const before = await ownedAlert(tx, ownerId, alertId);
  if (before.enabled === enabled) return before;
  await tx
    .updateTable("adAlerts")
    .set({ enabled: enabled ? 1 : 0, updatedAt: now() })
    .where("id", "=", alertId)
    .execute();
  await audit(tx, {
    actorId: ownerId,
    action: enabled ? "ads.alert.enable" : "ads.alert.disable",
    subject: `ad-alert:${alertId}`,
    details: { clientAccountId: before.clientAccountId },
    before: { enabled: before.enabled },
    after: { enabled },
  });
  return { ...before, enabled };
}

/** Deletes an alert and its firings (the notifications already sent stay). */
export async function deleteAlert(tx: Tx, ownerId: string, alertId: string): Promise<void> {
  const before = await ownedAlert(tx, ownerId, alertId);
  await tx.deleteFrom("adAlertFirings").where("alertId", "=", alertId).execute();
  await tx.deleteFrom("adAlerts").where("id", "=", alertId).execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.alert.delete",
    subject: `ad-alert:${alertId}`,
    details: { clientAccountId: before.clientAccountId },
    before: auditable(before),
  });
}

/** The client account's latest firings, newest first (owner only). */
export async function listFirings(db: DbOrTx, ownerId: string, clientAccountId: string, limit = 20): Promise<AlertFiring[]> {
  const rows = await db
    .selectFrom("adAlertFirings")
    .innerJoin("adAlerts", "adAlerts.id", "adAlertFirings.alertId")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adAlerts.clientAccountId")
    .select([
      "adAlertFirings.id",
      "adAlertFirings.alertId",
      "adAlertFirings.day",
      "adAlertFirings.value",
      "adAlertFirings.threshold",
      "adAlertFirings.details",
      "adAlertFirings.createdAt",
      "adAlerts.kind",
      "adAlerts.campaign",
      "adAlerts.days",
    ])
    .where("adAlerts.clientAccountId", "=", clientAccountId)
    .where("adClientAccounts.ownerId", "=", ownerId)
    .orderBy("adAlertFirings.createdAt", "desc")
    .orderBy("adAlertFirings.id")
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const details = JSON.parse(row.details) as FiringDetails;
    // The days the alert counted when it fired (it may have been changed since).
    const days = typeof details.figures.days === "number" ? details.figures.days : row.days === null ? null : Number(row.days);
    return {
      id: row.id,
      alertId: row.alertId,
      kind: row.kind,
      campaign: row.campaign,
      days,
      day: row.day,
      value: Number(row.value),
      threshold: Number(row.threshold),
      details,
      createdAt: row.createdAt,
    };
  });
}

/** How many of each of the owner's client accounts' alerts fired since `since` (an ISO time). */
export async function recentFiringCounts(db: DbOrTx, ownerId: string, since: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("adAlertFirings")
    .innerJoin("adAlerts", "adAlerts.id", "adAlertFirings.alertId")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adAlerts.clientAccountId")
    .select(["adAlerts.clientAccountId", sql<string | number>`count(distinct ${sql.ref("adAlertFirings.alertId")})`.as("alerts")])
    .where("adClientAccounts.ownerId", "=", ownerId)
    .where("adAlertFirings.createdAt", ">=", since)
    .groupBy("adAlerts.clientAccountId")
    .execute();
  return new Map(rows.map((row) => [row.clientAccountId, Number(row.alerts)]));
}

/** Campaign names in the client account's imported rows (offered by the form), by name. */
export async function knownCampaigns(db: DbOrTx, ownerId: string, clientAccountId: string, limit = 200): Promise<string[]> {
  await getClientAccount(db, ownerId, clientAccountId);
  const rows = await db
    .selectFrom("adRows")
    .select("campaign")
    .distinct()
    .where("clientAccountId", "=", clientAccountId)
    .where("kind", "in", LEVELS)
    .where("campaign", "is not", null)
    .orderBy("campaign")
    .limit(limit)
    .execute();
  return rows.map((row) => row.campaign!).filter(Boolean);
}

// ——— Reading the data ———

const sameCampaign = (a: string, b: string) => a.trim().toLocaleLowerCase("en") === b.trim().toLocaleLowerCase("en");

interface Totals {
  costCents: number;
  impressions: number;
  clicks: number;
  conversions: number;
  /** Rows that carry a conversions figure (0: the exports say nothing about conversions). */
  conversionRows: number;
}

const emptyTotals = (): Totals => ({ costCents: 0, impressions: 0, clicks: 0, conversions: 0, conversionRows: 0 });

const addTotals = figureAdder<keyof Totals>(["costCents", "impressions", "clicks", "conversions", "conversionRows"]);

/** One client account's day rows, read once per evaluation (and once per campaign filter). */
class AccountData {
  #bounds: Promise<{ earliest: string | null; latest: string | null }> | undefined;
  #days = new Map<string, Promise<Map<string, Totals>>>();

  #pacing: Promise<PacingReport> | undefined;

  constructor(
    private readonly db: DbOrTx,
    private readonly clientAccountId: string,
    private readonly nowMs: number = Date.now(),
  ) {}

  /** The current month's budget pacing (pacing.server.ts), read once per evaluation. */
  pacing(): Promise<PacingReport> {
    this.#pacing ??= readPacing(this.db, this.clientAccountId, { nowMs: this.nowMs });
    return this.#pacing;
  }

  /** The first and the latest day with day rows at a level that counts spend. */
  bounds() {
    this.#bounds ??= this.db
      .selectFrom("adRows")
      .select((eb) => [eb.fn.min("day").as("earliest"), eb.fn.max("day").as("latest")])
      .where("clientAccountId", "=", this.clientAccountId)
      .where("kind", "in", LEVELS)
      .where("day", "is not", null)
      .executeTakeFirst()
      .then((row) => ({ earliest: (row?.earliest as string | null) ?? null, latest: (row?.latest as string | null) ?? null }));
    return this.#bounds;
  }

  /** Totals per day over the last MAX_WINDOW_DAYS days up to the latest, one level per platform and day. */
  days(campaign: string | null): Promise<Map<string, Totals>> {
    const key = campaign === null ? "" : `c:${campaign.trim().toLocaleLowerCase("en")}`;
    let found = this.#days.get(key);
    if (!found) {
      found = this.#readDays(campaign);
      this.#days.set(key, found);
    }
    return found;
  }

  async #readDays(campaign: string | null): Promise<Map<string, Totals>> {
    const { latest } = await this.bounds();
    const byDay = new Map<string, Totals>();
    if (!latest) return byDay;
    let query = this.db
      .selectFrom("adRows")
      .select(["platform", "kind", "day"])
      .select((eb) => [
        eb.fn.sum<number | string | null>("costCents").as("cost"),
        eb.fn.sum<number | string | null>("impressions").as("impressions"),
        eb.fn.sum<number | string | null>("clicks").as("clicks"),
        eb.fn.sum<number | string | null>("conversions").as("conversions"),
        eb.fn.count<number | string>("conversions").as("conversionRows"),
      ])
      .where("clientAccountId", "=", this.clientAccountId)
      .where("kind", "in", LEVELS)
      .where("day", ">=", addDays(latest, -(MAX_WINDOW_DAYS - 1)))
      .where("day", "<=", latest)
      .groupBy(["platform", "kind", "day"]);
    // Campaign names are compared without case in JavaScript (SQLite's lower() is ASCII only).
    if (campaign !== null) query = query.select("campaign").where("campaign", "is not", null).groupBy("campaign");
    const rows = await query.execute();
    // platform|day → level → totals
    const levels = new Map<string, Map<string, Totals>>();
    for (const row of rows) {
      const rowCampaign = (row as { campaign?: string | null }).campaign;
      if (campaign !== null && (!rowCampaign || !sameCampaign(rowCampaign, campaign))) continue;
      const slot = `${row.platform}|${row.day}`;
      const perLevel = levels.get(slot) ?? new Map<string, Totals>();
      levels.set(slot, perLevel);
      const totals = perLevel.get(row.kind) ?? emptyTotals();
      perLevel.set(
        row.kind,
        addTotals(totals, {
          costCents: Number(row.cost ?? 0),
          impressions: Number(row.impressions ?? 0),
          clicks: Number(row.clicks ?? 0),
          conversions: Number(row.conversions ?? 0),
          conversionRows: Number(row.conversionRows ?? 0),
        }),
      );
    }
    for (const [slot, perLevel] of levels) {
      const day = slot.slice(slot.indexOf("|") + 1);
      const level = LEVELS.find((candidate) => perLevel.has(candidate));
      if (!level) continue;
      byDay.set(day, addTotals(byDay.get(day) ?? emptyTotals(), perLevel.get(level)!));
    }
    return byDay;
  }

  async window(campaign: string | null, from: string, to: string): Promise<Totals> {
    const days = await this.days(campaign);
    const sum = emptyTotals();
    for (const [day, totals] of days) if (day >= from && day <= to) addTotals(sum, totals);
    return sum;
  }

  /** The Auction insights trends (competitors.server.ts) of one campaign, or the account level. */
  competitors(campaign: string | null, gainPoints: number): Promise<CompetitorReport> {
    return readCompetitors(this.db, this.clientAccountId, { campaign, gainPoints });
  }

  /** The Google campaign rows to read lost impression share from: the latest day or the latest period export. */
  async lostIsRows(): Promise<{ basis: FiringBasis; ref: string; rows: Array<{ campaign: string | null; extras: string }> } | null> {
    const latestDay = await this.db
      .selectFrom("adRows")
      .select((eb) => eb.fn.max("day").as("latest"))
      .where("clientAccountId", "=", this.clientAccountId)
      .where("platform", "=", "google")
      .where("kind", "=", "campaign")
      .where("day", "is not", null)
      .executeTakeFirst();
    const day = (latestDay?.latest as string | null) ?? null;
    const imports = await this.db
      .selectFrom("adImports")
      .select(["id", "periodStart", "periodEnd", "importedAt"])
      .where("clientAccountId", "=", this.clientAccountId)
      .where("platform", "=", "google")
      .where("kind", "=", "campaign")
      .where("granularity", "=", "period")
      .where("status", "=", "imported")
      .execute();
    // A period export's "as of" is its last day; an "All time" export's, the day it was imported.
    const asOf = (item: (typeof imports)[number]) => item.periodEnd ?? (item.importedAt ?? "").slice(0, 10);
    const period = imports.sort((a, b) => asOf(b).localeCompare(asOf(a)) || (b.importedAt ?? "").localeCompare(a.importedAt ?? ""))[0];
    if (period && (!day || asOf(period) > day)) {
      const rows = await this.db
        .selectFrom("adRows")
        .select(["campaign", "extras"])
        .where("importId", "=", period.id)
        .where("kind", "=", "campaign")
        .execute();
      const basis: FiringBasis =
        period.periodStart && period.periodEnd ? { start: period.periodStart, end: period.periodEnd } : { allTime: true };
      return { basis, ref: `import:${period.id}`, rows };
    }
    if (!day) return null;
    const rows = await this.db
      .selectFrom("adRows")
      .select(["campaign", "extras"])
      .where("clientAccountId", "=", this.clientAccountId)
      .where("platform", "=", "google")
      .where("kind", "=", "campaign")
      .where("day", "=", day)
      .execute();
    return { basis: { day }, ref: `day:${day}`, rows };
  }
}

// ——— Checking one alert ———

interface Outcome {
  value: number;
  basis: FiringBasis;
  /** What was read, for the data key (e.g. `day:2026-06-04`, `import:<id>`). */
  dataRef: string;
  messageKey: string;
  params: Record<string, string | number>;
  figures: Record<string, unknown>;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

async function check(alert: AdAlert, data: AccountData): Promise<Outcome | null> {
  const event = ALERT_KIND_KEYS[alert.kind];
  if (alert.kind === "lost-is-budget") return checkLostIs(alert, data);
  if (alert.kind === "competitor-gaining") return checkCompetitors(alert, data);
  if (alert.kind === "pacing") return checkPacing(alert, data);
  const { earliest, latest } = await data.bounds();
  if (!latest || !earliest) return null;
  const basis: FiringBasis = { day: latest };
  const dataRef = `day:${latest}`;

  if (alert.kind === "daily-spend") {
    const spend = (await data.window(alert.campaign, latest, latest)).costCents;
    if (!(spend > alert.threshold)) return null;
    return {
      value: spend,
      basis,
      dataRef,
      messageKey: `ads.alerts.${event}.message`,
      params: { latestDay: latest, valueCents: spend, thresholdCents: alert.threshold },
      figures: { costCents: spend },
    };
  }

  if (alert.kind === "cpa") {
    const from = addDays(latest, -(WEEK - 1));
    const week = await data.window(alert.campaign, from, latest);
    if (week.conversionRows === 0) return null; // the exports carry no conversions: nothing to judge
    const figures = { from, to: latest, costCents: week.costCents, conversions: round(week.conversions, 2) };
    if (week.conversions <= 0) {
      if (!(week.costCents > alert.threshold)) return null;
      return {
        value: week.costCents,
        basis,
        dataRef,
        messageKey: `ads.alerts.${event}.messageNoConversions`,
        params: { latestDay: latest, spendCents: week.costCents, thresholdCents: alert.threshold },
        figures: { ...figures, noConversions: true },
      };
    }
    const cpa = Math.round(week.costCents / week.conversions);
    if (!(cpa > alert.threshold)) return null;
    return {
      value: cpa,
      basis,
      dataRef,
      messageKey: `ads.alerts.${event}.message`,
      params: { latestDay: latest, valueCents: cpa, thresholdCents: alert.threshold },
      figures,
    };
  }

  if (alert.kind === "ctr-drop") {
    const from = addDays(latest, -(WEEK - 1));
    const current = await data.window(alert.campaign, from, latest);
    const previous = await data.window(alert.campaign, addDays(from, -WEEK), addDays(from, -1));
    if (current.impressions <= 0 || previous.impressions <= 0 || previous.clicks <= 0) return null;
    const before = (previous.clicks / previous.impressions) * 100;
    const after = (current.clicks / current.impressions) * 100;
    const drop = ((before - after) / before) * 100;
    if (!(drop > alert.threshold)) return null;
    return {
      value: round(drop, 2),
      basis,
      dataRef,
      messageKey: `ads.alerts.${event}.message`,
      params: {
        latestDay: latest,
        dropPercent: round(drop, 1),
        beforePercent: round(before, 2),
        afterPercent: round(after, 2),
        thresholdPercent: alert.threshold,
      },
      figures: { from, to: latest, ctrBefore: round(before, 4), ctrAfter: round(after, 4), previous, current },
    };
  }

  // no-conversions: N days in a row, all of them covered by the data.
  const days = alert.days ?? 7;
  const from = addDays(latest, -(days - 1));
  if (earliest > from) return null;
  const span = await data.window(alert.campaign, from, latest);
  if (span.conversionRows === 0 || span.conversions > 0 || !(span.costCents > alert.threshold) || span.costCents <= 0) return null;
  return {
    value: span.costCents,
    basis,
    dataRef,
    messageKey: `ads.alerts.${event}.message`,
    params: { latestDay: latest, count: days, spendCents: span.costCents },
    figures: { from, to: latest, days, costCents: span.costCents, clicks: span.clicks },
  };
}

type Bounded = { value: number; bound: "exact" | "below" | "above" };

async function checkLostIs(alert: AdAlert, data: AccountData): Promise<Outcome | null> {
  const found = await data.lostIsRows();
  if (!found) return null;
  const over = new Map<string, { percent: number; bound: Bounded["bound"] }>();
  for (const row of found.rows) {
    if (!row.campaign || (alert.campaign !== null && !sameCampaign(row.campaign, alert.campaign))) continue;
    let lost: Bounded | undefined;
    try {
      lost = (JSON.parse(row.extras) as { lostIsBudget?: Bounded }).lostIsBudget;
    } catch {
      lost = undefined;
    }
    if (!lost || typeof lost.value !== "number") continue;
    const percent = round(lost.value * 100, 2);
    // "< 10%" says too little to be above anything; "> 90%" is above X when 90 >= X.
    const above = lost.bound === "exact" ? percent > alert.threshold : lost.bound === "above" ? percent >= alert.threshold : false;
    if (!above) continue;
    const known = over.get(row.campaign);
    if (!known || known.percent < percent) over.set(row.campaign, { percent, bound: lost.bound });
  }
  if (!over.size) return null;
  const campaigns = [...over]
    .map(([name, item]) => ({ name, ...item }))
    .sort((a, b) => b.percent - a.percent || a.name.localeCompare(b.name));
  const worst = campaigns[0]!;
  return {
    value: worst.percent,
    basis: found.basis,
    dataRef: found.ref,
    messageKey: "ads.alerts.lostIsBudget.message",
    params: {
      campaign: worst.name,
      valuePercent: worst.percent,
      thresholdPercent: alert.threshold,
      ...(worst.bound === "above" ? { context: "above" } : {}),
    },
    figures: { campaigns: campaigns.slice(0, 20) },
  };
}

/** The competitors flagged in the latest Auction insights period; the message names the one with the highest share. */
async function checkCompetitors(alert: AdAlert, data: AccountData): Promise<Outcome | null> {
  const report = await data.competitors(alert.campaign, alert.threshold);
  const latest = report.periods.at(-1);
  if (!latest) return null;
  const flagged = report.competitors.filter((trend) => trend.newEntrant || trend.gaining);
  if (!flagged.length) return null;
  const top = flagged[0]!;
  const share = top.latest?.impressionShare ?? null;
  const sharePercent = share ? round(share.value * 100, 2) : 0;
  const reason = top.newEntrant ? "newEntrant" : top.gainingShare ? "gaining" : "overtaking";
  const params: Record<string, string | number> = { domain: top.domain, sharePercent, latestDay: latest.key, others: flagged.length - 1 };
  if (reason === "gaining") params.gainPercent = top.change!.min;
  if (reason === "overtaking") params.ratePercent = round((top.latest?.positionAboveRate?.value ?? 0) * 100, 2);
  const basis: FiringBasis = latest.start && latest.end ? { start: latest.start, end: latest.end } : { day: latest.key };
  const domains = flagged.map((trend) => trend.domain.toLocaleLowerCase("en")).sort();
  return {
    value: sharePercent,
    basis,
    dataRef: `auction:${report.campaign ?? ""}:${latest.key}:${domains.join(",")}`,
    messageKey: `ads.alerts.competitorGaining.${reason}`,
    params,
    figures: {
      period: latest,
      competitors: flagged.slice(0, 20).map((trend) => ({
        domain: trend.domain,
        newEntrant: trend.newEntrant,
        gaining: trend.gaining,
        overtaking: trend.overtaking,
        change: trend.change,
        impressionShare: trend.latest?.impressionShare ?? null,
      })),
    },
  };
}

/** Campaigns projected over or under their month's budget by more than the threshold; the message names the furthest off. */
async function checkPacing(alert: AdAlert, data: AccountData): Promise<Outcome | null> {
  const report = await data.pacing();
  const flagged = report.campaigns
    .filter((item) => alert.campaign === null || sameCampaign(item.campaign, alert.campaign))
    // The alert's threshold is its own tolerance: the page's ±10 % does not decide.
    .filter((item) => item.pace.status !== "paused" && item.pace.status !== "no-data" && item.pace.deviationPercent !== null)
    .filter((item) => Math.abs(item.pace.deviationPercent!) > alert.threshold)
    .sort((a, b) => Math.abs(b.pace.deviationPercent!) - Math.abs(a.pace.deviationPercent!) || a.campaign.localeCompare(b.campaign));
  if (!flagged.length) return null;
  const top = flagged[0]!;
  const through =
    flagged
      .map((item) => item.pace.dataThrough ?? "")
      .sort()
      .at(-1) || report.today;
  return {
    value: top.pace.deviationPercent!,
    basis: { start: `${report.month}-01`, end: through },
    dataRef: `pacing:${report.month}:${through}:${flagged.map((item) => `${item.campaign.toLocaleLowerCase("en")}=${item.pace.deviationPercent! > 0 ? "over" : "under"}`).join(",")}`,
    messageKey: `ads.alerts.pacing.${top.pace.deviationPercent! > 0 ? "over" : "under"}`,
    params: {
      campaign: top.campaign,
      projectedCents: top.pace.projectedCents ?? 0,
      budgetCents: top.pace.monthBudgetCents,
      offPercent: Math.abs(top.pace.deviationPercent!),
      thresholdPercent: alert.threshold,
      others: flagged.length - 1,
    },
    figures: {
      month: report.month,
      campaigns: flagged.slice(0, 20).map((item) => ({
        campaign: item.campaign,
        status: item.pace.status,
        deviationPercent: item.pace.deviationPercent,
        spentCents: item.pace.spentCents,
        projectedCents: item.pace.projectedCents,
        monthBudgetCents: item.pace.monthBudgetCents,
        rateDays: item.pace.rateDays,
      })),
    },
  };
}

// ——— Evaluating and firing ———

export interface CreatedFiring {
  id: string;
  alertId: string;
  kind: AdAlertKind;
  day: string;
  value: number;
  threshold: number;
}

export interface EvaluateOptions {
  /** The evaluation's moment (its day in the client account's time zone is the firing's day). */
  nowMs?: number;
  /** The site's address, for the links in the e-mail (default: the configured APP_URL). */
  appUrl?: URL;
}

type Account = { id: string; ownerId: string; name: string; currency: string | null; timeZone: string };

/**
 * Checks a client account's enabled alerts against its imported data and fires those whose
 * threshold is crossed; answers the firings made (none when every one already fired today, or
 * for this data). An owner whose ad tools are locked gets no alerts.
 */
export async function evaluateAlerts(db: Db, clientAccountId: string, options: EvaluateOptions = {}): Promise<CreatedFiring[]> {
  const nowMs = options.nowMs ?? Date.now();
  const account = await db
    .selectFrom("adClientAccounts")
    .select(["id", "ownerId", "name", "currency", "timeZone"])
    .where("id", "=", clientAccountId)
    .executeTakeFirst();
  if (!account) return [];
  const rows = await db
    .selectFrom("adAlerts")
    .select(ALERT_COLUMNS)
    .where("clientAccountId", "=", clientAccountId)
    .where("enabled", "=", 1)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  if (!rows.length) return [];
  if (!(await hasAdToolsAccess(db, account.ownerId))) return [];
  const day = zonedDay(nowMs, account.timeZone);
  const firedToday = new Set(
    (
      await db
        .selectFrom("adAlertFirings")
        .select("alertId")
        .where(
          "alertId",
          "in",
          rows.map((row) => row.id),
        )
        .where("day", "=", day)
        .execute()
    ).map((row) => row.alertId),
  );
  const data = new AccountData(db, clientAccountId, nowMs);
  const created: CreatedFiring[] = [];
  for (const alert of rows.map((row) => toAlert(row))) {
    if (firedToday.has(alert.id)) continue;
    const outcome = await check(alert, data);
    if (!outcome) continue;
    const firing = await fire(db, account, alert, day, outcome, options);
    if (firing) created.push(firing);
  }
  return created;
}

function subjectOf(account: Account, alert: AdAlert): string {
  return alert.campaign ? `${account.name} · ${alert.campaign}` : account.name;
}

async function fire(
  db: Db,
  account: Account,
  alert: AdAlert,
  day: string,
  outcome: Outcome,
  options: EvaluateOptions,
): Promise<CreatedFiring | null> {
  const event = ALERT_KIND_KEYS[alert.kind];
  const params: Record<string, string | number> = {
    subject: subjectOf(account, alert),
    ...(account.currency ? { currency: account.currency } : {}),
    ...outcome.params,
  };
  const details: FiringDetails = {
    basis: outcome.basis,
    titleKey: `ads.alerts.${event}.title`,
    messageKey: outcome.messageKey,
    params,
    figures: outcome.figures,
  };
  // The data read and the alert's settings: the same question on the same data fires once.
  const dataKey = [outcome.dataRef, alert.threshold, alert.days ?? "", alert.campaign?.trim().toLocaleLowerCase("en") ?? ""].join("|");
  return unitOfWork(db, async (tx) => {
    const still = await tx.selectFrom("adAlerts").select("id").where("id", "=", alert.id).where("enabled", "=", 1).executeTakeFirst();
    if (!still) return null;
    const id = randomUUID();
    const inserted = await tx
      .insertInto("adAlertFirings")
      .values({
        id,
        alertId: alert.id,
        day,
        value: outcome.value,
        threshold: alert.threshold,
        dataKey,
        details: JSON.stringify(details),
        createdAt: now(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null; // fired today already, or for this data
    const recipient = await recordNotification(tx, account.ownerId, {
      type: "warning",
      topic: "ads",
      titleKey: details.titleKey,
      messageKey: details.messageKey,
      params,
    });
    if (recipient) {
      const appUrl = options.appUrl ?? env().appUrl;
      const link = (path: string) => new URL(`${localePath(recipient.locale, path)}?client=${encodeURIComponent(account.id)}`, appUrl).href;
      await enqueueMail(
        tx,
        adAlertMail({
          to: recipient.email,
          name: recipient.name,
          locale: recipient.locale,
          clientName: account.name,
          titleKey: details.titleKey,
          messageKey: details.messageKey,
          params,
          alertsUrl: link("/ads/alerts"),
          dashboardUrl: link("/ads"),
        }),
      );
    }
    return { id, alertId: alert.id, kind: alert.kind, day, value: outcome.value, threshold: alert.threshold };
  });
}

/** The daily run: every client account with an enabled alert. One account's failure does not stop the others (the job retries). */
export async function evaluateAllAlerts(db: Db, options: EvaluateOptions = {}): Promise<{ accounts: number; firings: number }> {
  const accounts = await db.selectFrom("adAlerts").select("clientAccountId").where("enabled", "=", 1).groupBy("clientAccountId").execute();
  let firings = 0;
  let failure: unknown;
  for (const { clientAccountId } of accounts) {
    try {
      firings += (await evaluateAlerts(db, clientAccountId, options)).length;
    } catch (error) {
      console.error(`alerts of client account ${clientAccountId} could not be evaluated`, error);
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return { accounts: accounts.length, firings };
}

/**
 * Called by the import route after an import is stored: when the client account has an enabled
 * alert, queues `ads.evaluate-alerts` for it (the evaluation never runs inside the request).
 * Answers whether a job was queued.
 */
export async function afterAdImport(
  db: DbOrTx,
  clientAccountId: string,
  options: { queue?: (name: string, data: { clientAccountId: string }) => Promise<void> } = {},
): Promise<boolean> {
  const enabled = await db
    .selectFrom("adAlerts")
    .select("id")
    .where("clientAccountId", "=", clientAccountId)
    .where("enabled", "=", 1)
    .limit(1)
    .executeTakeFirst();
  if (!enabled) return false;
  const queue =
    options.queue ??
    ((name: string, data: { clientAccountId: string }) => queueJob(name, data, undefined, { singletonKey: data.clientAccountId }));
  await queue(EVALUATE_ALERTS_JOB, { clientAccountId });
  return true;
}

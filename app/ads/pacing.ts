/**
 * Budget pacing, pure: owns the maths of one campaign's month against its average daily budget
 * (pacing.server.ts reads the rows; the page and the `pacing` alert show what this answers).
 *
 * Google's documented rules (support.google.com/google-ads/answer/6385083 "About average daily
 * budgets", and answer/6312 "Daily budget: Definition"): a campaign may spend up to **2 ×** its
 * average daily budget on any one day (the daily spending limit), and is never charged more than
 * **30.4 ×** it in a month (the monthly spending limit, 30.4 being 365 / 12 days).
 *
 * - The month's budget is the daily budget × the month's days, at most 30.4 × it (a 31-day month's
 *   budget is 30.4 days', a 28-day month's 28 days').
 * - Month to date is the spend of the month's days the data covers, up to the client account's
 *   "today" (its time zone); the data covers a day when the campaign report has a row of that day.
 * - The recent daily rate is the average spend of the last 7 days the data covers (up to the last
 *   covered day of the month; at the start of a month it reaches into the month before), and the
 *   page says which days those were.
 * - The projected month-end spend is month to date + the rate × the days the data does not cover
 *   yet, the rate capped at 2 × the daily budget (no day can serve more). A paused campaign spends
 *   nothing more; a month the data covers to its end is its spend. What Google charges of it is at
 *   most 30.4 × the daily budget (`projectedChargeCents`): served cost above that limit is credited
 *   back, and the page says so, but it still means the campaign runs over its budget.
 * - The status compares the projection with the month's budget: within ±`tolerance` percent
 *   (10 by default) it is on pace, below under, above over.
 * - The proposed change, for a campaign over pace only (a campaign under pace is rarely held back
 *   by its budget): the daily budget that spends what is left of the month's budget over the days
 *   not imported yet, (month's budget − spent) / those days, in whole cents; none when nothing is
 *   left (pause the campaign instead), the month has no such day or has ended.
 * No Node API: the page's components may use it.
 */
import { daysInMonth, monthEnd, monthStart } from "~/utils/dates";

/** On any day a campaign may spend up to this many times its average daily budget (Google). */
export const DAY_CAP_FACTOR = 2;
/** In a month a campaign is charged at most this many times its average daily budget (Google: 365 / 12). */
export const MONTH_CHARGE_DAYS = 30.4;
/** Days with data the recent daily rate averages. */
export const RECENT_DAYS = 7;
/** Percent either side of the month's budget that is still on pace. */
export const DEFAULT_TOLERANCE_PERCENT = 10;

export type PaceStatus = "on-pace" | "under" | "over" | "paused" | "no-data";

export interface PaceInput {
  /** YYYY-MM. */
  month: string;
  /** The client account's local date (YYYY-MM-DD). */
  today: string;
  dailyBudgetCents: number;
  /** The campaign's spend per day (YYYY-MM-DD → cents); a covered day without an entry spent nothing. */
  spend: ReadonlyMap<string, number>;
  /** The days the data covers (any campaign's day rows), in any order. */
  coveredDays: Iterable<string>;
  paused?: boolean;
  tolerancePercent?: number;
}

export interface PacePoint {
  /** YYYY-MM-DD. */
  x: string;
  /** Cents, cumulative from the month's first day. */
  y: number;
}

export interface Pace {
  month: string;
  daysInMonth: number;
  dailyBudgetCents: number;
  /** Daily budget × the month's days, at most 30.4 × the daily budget. */
  monthBudgetCents: number;
  /** 30.4 × the daily budget: never charged more in a month. */
  monthLimitCents: number;
  /** 2 × the daily budget: never more on one day. */
  dayCapCents: number;
  /** Month to date: the covered days of the month up to today. */
  spentCents: number;
  /** The last day of the month the data covers (up to today); null when none yet. */
  dataThrough: string | null;
  /** The days averaged for the rate (oldest first; may be of the month before); empty without data. */
  rateDays: string[];
  /** Average spend per day of `rateDays`; null without data. */
  ratePerDayCents: number | null;
  /** Days of the month after `dataThrough` (the whole month when nothing is covered yet). */
  remainingDays: number;
  /** Month-end spend; null when there is nothing to project from. */
  projectedCents: number | null;
  /** The recent rate was above 2 × the daily budget: the projection uses 2 ×. */
  capped: "day" | null;
  /** What Google would charge of the projection: at most 30.4 × the daily budget; null without a projection. */
  projectedChargeCents: number | null;
  /** The projection is above the month's charging limit (the excess is credited, not charged). */
  overLimit: boolean;
  /** (projected / month's budget − 1) in percent, one decimal; null without a projection. */
  deviationPercent: number | null;
  status: PaceStatus;
  tolerancePercent: number;
  /** Days of the month whose spend passed 2 × today's daily budget (the budget was lower then, or pay-per-conversion). */
  daysOverDayCap: string[];
  /** The month has ended in the client account's time zone. */
  ended: boolean;
  /** Over pace: the daily budget that ends the month on its budget; null otherwise. */
  suggestedDailyBudgetCents: number | null;
}

const DAY_MS = 86_400_000;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const isMonth = (value: string | null | undefined): value is string => typeof value === "string" && MONTH.test(value);

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function statusOf(deviationPercent: number, tolerancePercent: number): Exclude<PaceStatus, "paused" | "no-data"> {
  if (deviationPercent > tolerancePercent) return "over";
  if (deviationPercent < -tolerancePercent) return "under";
  return "on-pace";
}

/** One campaign's month: budget, month to date, the recent rate, the projection and the status. */
export function paceCampaign(input: PaceInput): Pace {
  const tolerancePercent = input.tolerancePercent ?? DEFAULT_TOLERANCE_PERCENT;
  const days = daysInMonth(input.month);
  const first = monthStart(input.month);
  const last = monthEnd(input.month);
  const daily = Math.max(0, Math.round(input.dailyBudgetCents));
  const monthLimitCents = Math.round(daily * MONTH_CHARGE_DAYS);
  const monthBudgetCents = Math.round(daily * Math.min(days, MONTH_CHARGE_DAYS));
  const dayCapCents = daily * DAY_CAP_FACTOR;
  const upTo = input.today < last ? input.today : last;
  const covered = [...new Set(input.coveredDays)].filter((day) => day <= upTo).sort();
  const spendOf = (day: string) => input.spend.get(day) ?? 0;

  const inMonth = covered.filter((day) => day >= first);
  const dataThrough = inMonth.at(-1) ?? null;
  const spentCents = inMonth.reduce((sum, day) => sum + spendOf(day), 0);
  const rateDays = covered.slice(-RECENT_DAYS);
  const ratePerDayCents = rateDays.length ? Math.round(rateDays.reduce((sum, day) => sum + spendOf(day), 0) / rateDays.length) : null;
  const remainingDays = dataThrough
    ? Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${dataThrough}T00:00:00Z`)) / DAY_MS)
    : days;
  const daysOverDayCap = daily > 0 ? inMonth.filter((day) => spendOf(day) > dayCapCents) : [];

  let projectedCents: number | null = null;
  let capped: Pace["capped"] = null;
  if (remainingDays === 0 || input.paused) projectedCents = spentCents;
  else if (ratePerDayCents !== null) {
    let rate = ratePerDayCents;
    if (rate > dayCapCents) {
      rate = dayCapCents;
      capped = "day";
    }
    projectedCents = spentCents + rate * remainingDays;
  }
  const projectedChargeCents = projectedCents === null ? null : Math.min(projectedCents, monthLimitCents);
  const deviationPercent =
    projectedCents !== null && monthBudgetCents > 0 ? oneDecimal((projectedCents / monthBudgetCents - 1) * 100) : null;
  const status: PaceStatus = input.paused
    ? "paused"
    : deviationPercent === null || (dataThrough === null && ratePerDayCents === null)
      ? "no-data"
      : statusOf(deviationPercent, tolerancePercent);
  const left = monthBudgetCents - spentCents;
  const suggestedDailyBudgetCents =
    status === "over" && input.today <= last && remainingDays > 0 && left > 0 ? Math.min(daily, Math.floor(left / remainingDays)) : null;
  return {
    month: input.month,
    daysInMonth: days,
    dailyBudgetCents: daily,
    monthBudgetCents,
    monthLimitCents,
    dayCapCents,
    spentCents,
    dataThrough,
    rateDays,
    ratePerDayCents,
    remainingDays,
    projectedCents,
    capped,
    projectedChargeCents,
    overLimit: projectedCents !== null && projectedCents > monthLimitCents,
    deviationPercent,
    status,
    tolerancePercent,
    daysOverDayCap,
    ended: input.today > last,
    suggestedDailyBudgetCents,
  };
}

export interface PaceSeries {
  /** Cumulative spend on each covered day of the month. */
  actual: PacePoint[];
  /** The month's budget spread evenly: from 0 before the first day to the budget on the last. */
  budget: PacePoint[];
  /** From the last covered day (or the month's start) to the projected month end. */
  projection: PacePoint[];
}

/** The chart's lines of one campaign's month (cumulative cents per day). */
export function paceSeries(pace: Pace, spend: ReadonlyMap<string, number>, coveredDays: Iterable<string>): PaceSeries {
  const first = monthStart(pace.month);
  const last = monthEnd(pace.month);
  const covered = [...new Set(coveredDays)].filter((day) => day >= first && (pace.dataThrough === null || day <= pace.dataThrough)).sort();
  let total = 0;
  const actual = covered.map((day) => {
    total += spend.get(day) ?? 0;
    return { x: day, y: total };
  });
  const budget = [
    { x: first, y: Math.round(pace.monthBudgetCents / pace.daysInMonth) },
    { x: last, y: pace.monthBudgetCents },
  ];
  const projection =
    pace.projectedCents === null || pace.remainingDays === 0
      ? []
      : [pace.dataThrough ? { x: pace.dataThrough, y: pace.spentCents } : { x: first, y: 0 }, { x: last, y: pace.projectedCents }];
  return { actual, budget, projection };
}

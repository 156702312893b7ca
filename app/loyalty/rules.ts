/**
 * The loyalty scheme's rules as pure functions (server and browser): points for an amount, the
 * level for points earned in the window, each level's success fee, a redemption's value, and
 * which points expire when (oldest first). The numbers come from the admin settings
 * (`loyaltyRules` in points.server.ts reads them); the defaults are in app/settings/defaults.ts.
 */
import { LOYALTY_LEVELS, type LoyaltyLevel } from "~/db/schema";
import { DEFAULT_LOYALTY_RULES } from "~/settings/defaults";

export { LOYALTY_LEVELS, type LoyaltyLevel };

export interface LoyaltyRules {
  cashbackPointsPerDollar: number;
  referralPoints: number;
  planPointsPerDollar: number;
  /** Points earned in the window from which each level starts (Bronze at 0). */
  thresholds: Record<LoyaltyLevel, number>;
  /** The success fee on cashback at each level, in basis points of the commission. */
  feeBps: Record<LoyaltyLevel, number>;
  redeemStepPoints: number;
  redeemStepCents: number;
  expiryMonths: number;
  expiryWarningDays: number;
  levelWindowMonths: number;
}

export const DEFAULT_RULES: LoyaltyRules = DEFAULT_LOYALTY_RULES;

/** Levels whose withdrawals the payout desk handles first. */
export const PRIORITY_LEVELS: readonly LoyaltyLevel[] = ["gold", "platinum"];

/** Whole points for an amount at a rate per dollar (rounded down: $0.99 of cashback at 10/$ is 9 points). */
export function pointsForCents(cents: number, pointsPerDollar: number): number {
  if (!Number.isFinite(cents) || cents <= 0 || pointsPerDollar <= 0) return 0;
  return Math.floor((Math.floor(cents) * pointsPerDollar) / 100);
}

/** The highest level whose threshold the points reach (Bronze for anything below Silver's). */
export function levelFor(points: number, rules: Pick<LoyaltyRules, "thresholds">): LoyaltyLevel {
  let level: LoyaltyLevel = "bronze";
  for (const candidate of LOYALTY_LEVELS) if (candidate === "bronze" || points >= rules.thresholds[candidate]) level = candidate;
  return level;
}

export function levelRank(level: LoyaltyLevel): number {
  return LOYALTY_LEVELS.indexOf(level);
}

export function nextLevel(level: LoyaltyLevel): LoyaltyLevel | null {
  return LOYALTY_LEVELS[levelRank(level) + 1] ?? null;
}

/** The member's share of a commission at a level, in basis points (90% for Bronze at the default 10% fee). */
export function memberShareBps(level: LoyaltyLevel, rules: Pick<LoyaltyRules, "feeBps">): number {
  return 10_000 - rules.feeBps[level];
}

/** What `points` are worth when redeemed: whole steps only (null when not a positive multiple of the step). */
export function redemptionCents(points: number, rules: Pick<LoyaltyRules, "redeemStepPoints" | "redeemStepCents">): number | null {
  if (!Number.isSafeInteger(points) || points <= 0 || points % rules.redeemStepPoints !== 0) return null;
  return (points / rules.redeemStepPoints) * rules.redeemStepCents;
}

/** The largest redeemable amount of a balance (whole steps). */
export function redeemablePoints(balance: number, rules: Pick<LoyaltyRules, "redeemStepPoints">): number {
  return Math.max(0, Math.floor(balance / rules.redeemStepPoints) * rules.redeemStepPoints);
}

/** `iso` moved by whole calendar months (UTC), the day clamped to the month's last (Jan 31 + 1 month = Feb 28). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}

/** A batch of points added to the balance, expiring at `expiresAt`. */
export interface PointLot {
  points: number;
  expiresAt: string;
}

/**
 * Points still unspent that expire by `by`: every spending (redemption, expiry, reversal) takes
 * the oldest points first, so what is left of the lots due by then is their total less all that
 * was spent (never below zero). `lots` in any order; `spent` is the sum of every debit so far.
 */
export function expiringBy(lots: readonly PointLot[], spent: number, by: string): number {
  const due = lots.reduce((sum, lot) => (lot.expiresAt <= by ? sum + lot.points : sum), 0);
  return Math.max(0, due - spent);
}

/** When the oldest unspent points expire (null when nothing is left). */
export function firstExpiry(lots: readonly PointLot[], spent: number): string | null {
  let left = spent;
  for (const lot of [...lots].sort((a, b) => (a.expiresAt < b.expiresAt ? -1 : a.expiresAt > b.expiresAt ? 1 : 0))) {
    if (lot.points > left) return lot.expiresAt;
    left -= lot.points;
  }
  return null;
}

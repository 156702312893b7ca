/**
 * Competitor tracking: owns reading a client account's stored Google Ads Auction insights rows
 * (`ad_rows` of kind `auction-insights`, written by imports.server.ts) into trends per competitor
 * domain: impression share, overlap, position above, top of page, absolute top and outranking
 * share per period, and the flags:
 *
 * - a **new entrant**: absent from the earliest period, present in the latest with an impression
 *   share of at least 10% (a `< 10%` share never counts: it is a bound, not a number);
 * - **gaining**: its impression share up by at least `gainPoints` percentage points (5 by default)
 *   from its first period to the latest, counted on the bounds (`< 10%` → somewhere in 0–10%, so a
 *   gain is only claimed when even the least possible gain reaches the threshold);
 * - **overtaking**: its position-above rate crossed 50% (its ad now shows above the client's in
 *   most shared auctions) between its first period and the latest.
 *
 * A period is a row's time segment (its week, month… start, stored as `day`) or, for an
 * unsegmented export, its import's period end. The same period, campaign and domain in two imports:
 * the later import wins. Rows with a campaign are read for that campaign only; without a campaign
 * filter, the account-level rows (no `Campaign` column) are read, else the first campaign's.
 * Device-segmented rows are not combined (a share cannot be summed) and are left out. Read only;
 * another user's client account is "not found".
 */
import type { DbOrTx } from "~/db/db.server";
import { ownersRead } from "./accounts.server";
import type { BoundedValue } from "./import/types";

export const AUCTION_KIND = "auction-insights";
/** The share a new entrant reaches, as a fraction. */
export const NEW_ENTRANT_SHARE = 0.1;
/** The default impression-share gain (percentage points) that flags a competitor as gaining. */
export const DEFAULT_GAIN_POINTS = 5;
/** Position-above rate beyond which a competitor is above the client's ads in most shared auctions. */
const OVERTAKE_RATE = 0.5;
/** Periods kept (the latest ones). */
const MAX_PERIODS = 52;

export const RATE_KEYS = [
  "impressionShare",
  "overlapRate",
  "positionAboveRate",
  "topOfPageRate",
  "absTopOfPageRate",
  "outrankingShare",
] as const;
export type RateKey = (typeof RATE_KEYS)[number];
export type Rates = Record<RateKey, BoundedValue | null>;

export interface CompetitorPeriod {
  /** YYYY-MM-DD: the segment's first day, or the import's period end. */
  key: string;
  /** The import's period for an unsegmented export; null for a time segment. */
  start: string | null;
  end: string | null;
}

/** A change in percentage points as bounds (equal when both ends are exact). */
export interface PointChange {
  min: number;
  max: number;
}

export interface CompetitorTrend {
  /** The domain as written in the latest period it appears in (`You` for the own row). */
  domain: string;
  isYou: boolean;
  /** One entry per report period (null where the domain did not appear). */
  points: Array<Rates | null>;
  latest: Rates | null;
  /** Impression share, first period the domain appears in → latest period. */
  change: PointChange | null;
  newEntrant: boolean;
  /** Gaining: by impression share (`gainingShare`) or by overtaking. */
  gaining: boolean;
  gainingShare: boolean;
  overtaking: boolean;
}

export interface CompetitorReport {
  periods: CompetitorPeriod[];
  /** Campaigns with auction insights rows (an export with a `Campaign` column). */
  campaigns: string[];
  /** The campaign read, or null for account-level rows. */
  campaign: string | null;
  /** Rows without a campaign exist (the choice "whole account" can be offered). */
  accountLevel: boolean;
  you: CompetitorTrend | null;
  /** By latest impression share, highest first; those missing from the latest period last. */
  competitors: CompetitorTrend[];
  /** Device-segmented rows left out. */
  skippedDeviceRows: number;
}

type StoredRow = {
  day: string | null;
  campaign: string | null;
  extras: string;
  periodStart: string | null;
  periodEnd: string | null;
  importedAt: string | null;
};

type Extras = Partial<Record<RateKey, BoundedValue>> & { domain?: string; isYou?: boolean; device?: string };

function parseExtras(raw: string): Extras {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" ? (value as Extras) : {};
  } catch {
    return {};
  }
}

const isBounded = (value: unknown): value is BoundedValue =>
  Boolean(value) &&
  typeof (value as BoundedValue).value === "number" &&
  ["exact", "below", "above"].includes((value as BoundedValue).bound);

/** The range a bounded fraction stands for: `< 10%` → [0, 0.1], `> 90%` → [0.9, 1]. */
export function rangeOf(value: BoundedValue): { low: number; high: number } {
  if (value.bound === "below") return { low: 0, high: value.value };
  if (value.bound === "above") return { low: value.value, high: 1 };
  return { low: value.value, high: value.value };
}

const points = (fraction: number) => Math.round(fraction * 10000) / 100;

/** Impression share from → to in percentage points, as bounds. */
export function shareChange(from: BoundedValue, to: BoundedValue): PointChange {
  const a = rangeOf(from);
  const b = rangeOf(to);
  return { min: points(b.low - a.high), max: points(b.high - a.low) };
}

/** At least `share` for sure (a `< 10%` never is). */
const atLeast = (value: BoundedValue | null, share: number) => value != null && rangeOf(value).low >= share - 1e-9;

/** The owner's client account's competitor report (another user's client account is "not found"). */
export const competitorReport = ownersRead(readCompetitors);

/** The report without the owner check (the alerts' evaluation, which already holds the account). */
export async function readCompetitors(
  db: DbOrTx,
  clientAccountId: string,
  options: { campaign?: string | null; gainPoints?: number } = {},
): Promise<CompetitorReport> {
  const gainPoints = options.gainPoints ?? DEFAULT_GAIN_POINTS;
  const rows: StoredRow[] = await db
    .selectFrom("adRows")
    .innerJoin("adImports", "adImports.id", "adRows.importId")
    .select(["adRows.day", "adRows.campaign", "adRows.extras", "adImports.periodStart", "adImports.periodEnd", "adImports.importedAt"])
    .where("adRows.clientAccountId", "=", clientAccountId)
    .where("adRows.kind", "=", AUCTION_KIND)
    .where("adImports.clientAccountId", "=", clientAccountId)
    .where("adImports.status", "=", "imported")
    .execute();

  const campaigns = [...new Set(rows.map((row) => row.campaign).filter((name): name is string => Boolean(name)))].sort((a, b) =>
    a.localeCompare(b),
  );
  const wanted = options.campaign?.trim() ? options.campaign.trim().toLocaleLowerCase("en") : null;
  let campaign: string | null = null;
  if (wanted) campaign = campaigns.find((name) => name.toLocaleLowerCase("en") === wanted) ?? null;
  else if (!rows.some((row) => row.campaign === null) && campaigns.length) campaign = campaigns[0]!;
  const accountLevel = rows.some((row) => row.campaign === null);
  const empty: CompetitorReport = { periods: [], campaigns, campaign, accountLevel, you: null, competitors: [], skippedDeviceRows: 0 };
  if (wanted && campaign === null) return empty;

  // Per period and domain, the row of the latest import.
  type Entry = { period: CompetitorPeriod; domain: string; isYou: boolean; rates: Rates; importedAt: string };
  const chosen = new Map<string, Entry>();
  let skippedDeviceRows = 0;
  for (const row of rows) {
    if ((row.campaign ?? null) !== campaign) continue;
    const extras = parseExtras(row.extras);
    if (typeof extras.domain !== "string" || extras.domain.trim() === "") continue;
    if (extras.device) {
      skippedDeviceRows++;
      continue;
    }
    const key = row.day ?? row.periodEnd ?? (row.importedAt ?? "").slice(0, 10);
    if (!key) continue;
    const period: CompetitorPeriod = row.day ? { key, start: null, end: null } : { key, start: row.periodStart, end: row.periodEnd };
    const isYou = extras.isYou === true;
    const domainKey = isYou ? "\u0000you" : extras.domain.trim().toLocaleLowerCase("en");
    const rates = Object.fromEntries(RATE_KEYS.map((rate) => [rate, isBounded(extras[rate]) ? extras[rate] : null])) as Rates;
    const slot = `${key}|${domainKey}`;
    const importedAt = row.importedAt ?? "";
    const known = chosen.get(slot);
    if (!known || known.importedAt < importedAt) chosen.set(slot, { period, domain: extras.domain.trim(), isYou, rates, importedAt });
  }
  if (!chosen.size) return { ...empty, skippedDeviceRows };

  const periodByKey = new Map<string, CompetitorPeriod>();
  for (const entry of chosen.values()) if (!periodByKey.has(entry.period.key)) periodByKey.set(entry.period.key, entry.period);
  const periods = [...periodByKey.values()].sort((a, b) => a.key.localeCompare(b.key)).slice(-MAX_PERIODS);
  const index = new Map(periods.map((period, i) => [period.key, i]));
  const last = periods.length - 1;

  const byDomain = new Map<string, { domain: string; isYou: boolean; points: Array<Rates | null> }>();
  for (const [slot, entry] of chosen) {
    const i = index.get(entry.period.key);
    if (i === undefined) continue;
    const domainKey = slot.slice(slot.indexOf("|") + 1);
    let trend = byDomain.get(domainKey);
    if (!trend) {
      trend = { domain: entry.domain, isYou: entry.isYou, points: periods.map(() => null) };
      byDomain.set(domainKey, trend);
    }
    trend.points[i] = entry.rates;
    if (i === last) trend.domain = entry.domain;
  }

  const trends: CompetitorTrend[] = [...byDomain.values()].map(({ domain, isYou, points: series }) => {
    const firstIndex = series.findIndex((point) => point !== null);
    const first = series[firstIndex] ?? null;
    const latest = series[last] ?? null;
    const change =
      first?.impressionShare && latest?.impressionShare && firstIndex < last
        ? shareChange(first.impressionShare, latest.impressionShare)
        : null;
    const several = periods.length >= 2 && !isYou;
    const newEntrant = several && firstIndex > 0 && atLeast(latest?.impressionShare ?? null, NEW_ENTRANT_SHARE);
    const overtaking =
      several &&
      firstIndex < last &&
      first?.positionAboveRate != null &&
      latest?.positionAboveRate != null &&
      rangeOf(first.positionAboveRate).high <= OVERTAKE_RATE &&
      rangeOf(latest.positionAboveRate).low > OVERTAKE_RATE;
    const gainingShare = several && change !== null && change.min >= gainPoints - 1e-9;
    return { domain, isYou, points: series, latest, change, newEntrant, gaining: gainingShare || overtaking, gainingShare, overtaking };
  });

  const share = (trend: CompetitorTrend) => (trend.latest?.impressionShare ? rangeOf(trend.latest.impressionShare).high : -1);
  const competitors = trends.filter((trend) => !trend.isYou).sort((a, b) => share(b) - share(a) || a.domain.localeCompare(b.domain));
  return { periods, campaigns, campaign, accountLevel, you: trends.find((trend) => trend.isYou) ?? null, competitors, skippedDeviceRows };
}

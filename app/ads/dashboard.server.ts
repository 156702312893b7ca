/**
 * The ad dashboard (`/ads`): owns reading a client account's imported ad rows as one period's
 * figures (KPIs with their change against the previous period, spend and conversions per day, the
 * campaigns table) without counting anything twice:
 *
 * - one export level counts per platform: the highest with data in the period, in the order
 *   campaign, ad group (Meta ad sets), ad, keyword, search term; Editor exports hold no metrics;
 * - day rows count for the days inside the range; a period export's rows count only when the range
 *   covers its whole period, and not where day rows of the same level cover some of its days (nor
 *   where a newer period export of the level overlaps it); an "All time" export is one period of
 *   unknown days: it counts only when every stored row is asked for ("all"), and then alone;
 * - the previous period is the same number of days right before, read at the same levels.
 *
 * Aggregation happens in SQL, per platform and level, on the covering `(client_account_id,
 * platform, kind, day, …)` index (migration 0029); only per-campaign and per-day sums reach
 * JavaScript. The client account must be the owner's (another user's is "not found"). The query
 * string and the names the page shares are in `./dashboard-query`.
 */
import { sql } from "kysely";
import type { DbOrTx } from "~/db/db.server";
import { addDays } from "~/utils/dates";
import { getClientAccount } from "./accounts.server";
import {
  AD_PLATFORMS,
  DASHBOARD_LEVELS,
  DAY_MS,
  MAX_RANGE_DAYS,
  fromMs,
  previousRange,
  toMs,
  type CampaignSort,
  type DashboardLevel,
  type DashboardQuery,
  type DayRange,
  type SortDirection,
} from "./dashboard-query";
import type { AdPlatform } from "./import/types";
import { PERFORMANCE_KPI_KEYS } from "./kpi-format";

/** Imported periods offered as quick picks. */
const QUICK_PERIODS = 6;

// ---------------------------------------------------------------------------------------------
// Figures

interface Sums {
  rows: number;
  impressions: number | null;
  clicks: number | null;
  costCents: number | null;
  conversions: number | null;
  conversionValueCents: number | null;
  /** Spend of the rows that report conversions (the CPA's numerator). */
  costWithConversionsCents: number | null;
  /** Spend of the rows that report a conversion value (the ROAS's denominator). */
  costWithValueCents: number | null;
}

const SUM_KEYS = [
  "impressions",
  "clicks",
  "costCents",
  "conversions",
  "conversionValueCents",
  "costWithConversionsCents",
  "costWithValueCents",
] as const;

const emptySums = (): Sums => ({
  rows: 0,
  impressions: null,
  clicks: null,
  costCents: null,
  conversions: null,
  conversionValueCents: null,
  costWithConversionsCents: null,
  costWithValueCents: null,
});

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const addNullable = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

function addSums(into: Sums, more: Sums): Sums {
  into.rows += more.rows;
  for (const key of SUM_KEYS) into[key] = addNullable(into[key], more[key]);
  return into;
}

export interface Figures {
  spendCents: number | null;
  impressions: number | null;
  clicks: number | null;
  /** Clicks / impressions, a fraction. */
  ctr: number | null;
  avgCpcCents: number | null;
  conversions: number | null;
  cpaCents: number | null;
  conversionValueCents: number | null;
  /** Conversion value / spend (of the rows reporting a value). */
  roas: number | null;
}

const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);

function figuresOf(sums: Sums): Figures {
  return {
    spendCents: sums.costCents,
    impressions: sums.impressions,
    clicks: sums.clicks,
    ctr: ratio(sums.clicks, sums.impressions),
    avgCpcCents: ratio(sums.costCents, sums.clicks),
    conversions: sums.conversions === null ? null : Math.round(sums.conversions * 100) / 100,
    cpaCents: ratio(sums.costWithConversionsCents, sums.conversions),
    conversionValueCents: sums.conversionValueCents,
    roas: ratio(sums.conversionValueCents, sums.costWithValueCents),
  };
}

export const KPI_KEYS = [...PERFORMANCE_KPI_KEYS, "campaigns"] as const;
export type KpiKey = (typeof KPI_KEYS)[number];

export interface Kpi {
  value: number | null;
  previous: number | null;
  /** Percent change against the previous period; null when there is nothing to compare with. */
  change: number | null;
}

export interface CampaignRow extends Figures {
  platform: AdPlatform;
  /** null for rows the export gave no campaign. */
  campaign: string | null;
}

export interface PlatformSource {
  platform: AdPlatform;
  level: DashboardLevel;
  /** Some of its figures come from period exports (in the totals, not in the charts). */
  periodExports: boolean;
  /** They come from an "All time" export. */
  allTime: boolean;
  /**
   * The Meta breakdown the counted exports are broken down by (`["age", "gender"]`; several
   * exports: every dimension once); null when none is. Their rows add up to the exports' totals
   * (the summary rows are never rows), so summing them per campaign counts nothing twice.
   */
  breakdown: string[] | null;
}

export interface AdsDashboard {
  /** The client account's currency; null while its imports state none (amounts are shown without a symbol). */
  currency: string | null;
  /** Any stored import with metrics (else the page shows its empty state). */
  hasData: boolean;
  /** Only Editor exports (settings, no metrics) are stored. */
  editorOnly: boolean;
  /** The period shown; "all" = every stored row. */
  period: DayRange | "all";
  /** The period is the latest import's (no period asked for, or a bad one). */
  defaultPeriod: boolean;
  previous: DayRange | null;
  /** The previous period has data to compare with. */
  hasPrevious: boolean;
  /** Which export level each platform's figures come from. */
  sources: PlatformSource[];
  kpis: Record<KpiKey, Kpi>;
  /** Day rows only, per day of the days they cover in the period (missing days there are 0). */
  days: Array<{ day: string; spendCents: number; conversions: number }>;
  /** Counted rows (0: the filters match nothing). */
  rows: number;
  campaigns: CampaignRow[];
  /** The period's campaign names (the campaign filter's choices). */
  campaignNames: string[];
  /** Imported periods, newest first (quick picks). */
  periods: Array<DayRange | "all">;
}

interface ImportSpan {
  id: string;
  platform: AdPlatform;
  kind: string;
  granularity: "day" | "period";
  periodStart: string | null;
  periodEnd: string | null;
  breakdown: string | null;
}

/** Where a platform's figures at one level come from. */
interface Sources {
  /** Day rows of these days ("all": every day row), except `exceptDays`; null: none. */
  days: DayRange | "all" | null;
  /** Days a counted period export holds (its day rows would count them twice). */
  exceptDays: DayRange[];
  /** Period exports whose rows count whole. */
  periodImports: string[];
  allTime: boolean;
}

const overlaps = (a: { periodStart: string | null; periodEnd: string | null }, b: DayRange) =>
  a.periodStart !== null && a.periodEnd !== null && a.periodStart <= b.to && a.periodEnd >= b.from;
const spanOf = (span: ImportSpan): DayRange => ({ from: span.periodStart!, to: span.periodEnd! });

/** Whether the spans together hold every day of the range. */
function covers(spans: DayRange[], range: DayRange): boolean {
  let next = range.from;
  for (const span of spans.slice().sort((a, b) => (a.from < b.from ? -1 : 1))) {
    if (span.from > next) break;
    if (span.to >= next) next = addDays(span.to, 1);
    if (next > range.to) return true;
  }
  return next > range.to;
}

/**
 * What counts for one platform at one level in the period. A period export counts when the period
 * covers it whole and no newer counted period export overlaps it; where day exports hold all of its
 * days they count instead (same figures, and they give the charts), else it counts and the day rows
 * of its days do not.
 */
function sourcesFor(imports: ImportSpan[], platform: AdPlatform, kind: DashboardLevel, period: DayRange | "all"): Sources {
  const same = imports.filter((item) => item.platform === platform && item.kind === kind);
  const dayImports = same.filter((item) => item.granularity === "day" && item.periodStart !== null && item.periodEnd !== null);
  const periodImports = same.filter((item) => item.granularity === "period");
  if (period === "all") {
    // Every stored row: the newest "All time" export of the level holds them all, alone.
    const allTime = periodImports.find((item) => item.periodStart === null || item.periodEnd === null);
    if (allTime) return { days: null, exceptDays: [], periodImports: [allTime.id], allTime: true };
  }
  const daySpans = dayImports.map(spanOf);
  const chosen: ImportSpan[] = [];
  for (const candidate of periodImports) {
    if (candidate.periodStart === null || candidate.periodEnd === null) continue;
    if (period !== "all" && (candidate.periodStart < period.from || candidate.periodEnd > period.to)) continue;
    const range = spanOf(candidate);
    if (chosen.some((other) => overlaps(other, range)) || covers(daySpans, range)) continue;
    chosen.push(candidate);
  }
  const days = dayImports.some((item) => period === "all" || overlaps(item, period)) ? period : null;
  return { days, exceptDays: chosen.map(spanOf), periodImports: chosen.map((item) => item.id), allTime: false };
}

type Where = { clientAccountId: string; platform: AdPlatform; kind: DashboardLevel; campaign: string | null };

function dayRows(db: DbOrTx, where: Where, days: DayRange | "all", exceptDays: DayRange[] = []) {
  let query = db
    .selectFrom("adRows")
    .where("clientAccountId", "=", where.clientAccountId)
    .where("platform", "=", where.platform)
    .where("kind", "=", where.kind);
  query = days === "all" ? query.where("day", "is not", null) : query.where("day", ">=", days.from).where("day", "<=", days.to);
  for (const span of exceptDays) query = query.where((eb) => eb.or([eb("day", "<", span.from), eb("day", ">", span.to)]));
  return where.campaign === null ? query : query.where("campaign", "=", where.campaign);
}

function periodRows(db: DbOrTx, where: Where, importIds: string[]) {
  const query = db
    .selectFrom("adRows")
    .where("clientAccountId", "=", where.clientAccountId)
    .where("importId", "in", importIds)
    .where("day", "is", null);
  return where.campaign === null ? query : query.where("campaign", "=", where.campaign);
}

const SUM_COLUMNS = [
  sql<string | number>`count(*)`.as("rows"),
  sql<string | number | null>`sum(${sql.ref("impressions")})`.as("impressions"),
  sql<string | number | null>`sum(${sql.ref("clicks")})`.as("clicks"),
  sql<string | number | null>`sum(${sql.ref("costCents")})`.as("costCents"),
  sql<string | number | null>`sum(${sql.ref("conversions")})`.as("conversions"),
  sql<string | number | null>`sum(${sql.ref("conversionValueCents")})`.as("conversionValueCents"),
  sql<string | number | null>`sum(case when ${sql.ref("conversions")} is not null then ${sql.ref("costCents")} end)`.as(
    "costWithConversionsCents",
  ),
  sql<string | number | null>`sum(case when ${sql.ref("conversionValueCents")} is not null then ${sql.ref("costCents")} end)`.as(
    "costWithValueCents",
  ),
];

function toSums(row: Record<string, unknown>): Sums {
  return {
    rows: Number(row.rows),
    impressions: numberOrNull(row.impressions),
    clicks: numberOrNull(row.clicks),
    costCents: numberOrNull(row.costCents),
    conversions: numberOrNull(row.conversions),
    conversionValueCents: numberOrNull(row.conversionValueCents),
    costWithConversionsCents: numberOrNull(row.costWithConversionsCents),
    costWithValueCents: numberOrNull(row.costWithValueCents),
  };
}

/** The sums of one platform's level per campaign (keys: campaign name, "" for rows without one). */
async function sumsByCampaign(db: DbOrTx, where: Where, sources: Sources): Promise<Map<string | null, Sums>> {
  const result = new Map<string | null, Sums>();
  const merge = (rows: Array<Record<string, unknown>>) => {
    for (const row of rows) {
      const key = (row.campaign as string | null) ?? null;
      result.set(key, addSums(result.get(key) ?? emptySums(), toSums(row)));
    }
  };
  if (sources.days)
    merge(await dayRows(db, where, sources.days, sources.exceptDays).select("campaign").select(SUM_COLUMNS).groupBy("campaign").execute());
  if (sources.periodImports.length)
    merge(await periodRows(db, where, sources.periodImports).select("campaign").select(SUM_COLUMNS).groupBy("campaign").execute());
  return result;
}

async function hasDayRows(db: DbOrTx, where: Where, days: DayRange | "all"): Promise<boolean> {
  return Boolean(
    await dayRows(db, { ...where, campaign: null }, days)
      .select("day")
      .limit(1)
      .executeTakeFirst(),
  );
}

function change(value: number | null, previous: number | null, hasPrevious: boolean): number | null {
  if (!hasPrevious || value === null || previous === null || previous === 0) return null;
  return Math.round(((value - previous) / Math.abs(previous)) * 1000) / 10;
}

function sortCampaigns(rows: CampaignRow[], sort: CampaignSort, dir: SortDirection): CampaignRow[] {
  const valueOf = (row: CampaignRow): string | number | null => {
    switch (sort) {
      case "campaign":
        return row.campaign?.toLocaleLowerCase("en") ?? null;
      case "platform":
        return row.platform;
      case "spend":
        return row.spendCents;
      case "cpc":
        return row.avgCpcCents;
      case "cpa":
        return row.cpaCents;
      default:
        return row[sort];
    }
  };
  const sign = dir === "asc" ? 1 : -1;
  return rows.slice().sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    // Missing values last, whichever the direction.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    if (order !== 0) return order * sign;
    return (a.campaign ?? "").localeCompare(b.campaign ?? "") || a.platform.localeCompare(b.platform);
  });
}

/** The dimensions of the counted exports' breakdowns (each once, in their order), null when none has one. */
function breakdownOf(
  imports: ImportSpan[],
  platform: AdPlatform,
  level: DashboardLevel,
  sources: Sources,
  period: DayRange | "all",
): string[] | null {
  const counted = imports.filter(
    (item) =>
      item.platform === platform &&
      item.kind === level &&
      (sources.periodImports.includes(item.id) ||
        (sources.days !== null && item.granularity === "day" && (period === "all" || overlaps(item, period)))),
  );
  const dimensions = [...new Set(counted.flatMap((item) => (item.breakdown ? item.breakdown.split(",") : [])))];
  return dimensions.length ? dimensions : null;
}

/** Days the counted day exports cover inside the period (an export of more than three years adds its rows only). */
function coveredDays(
  imports: ImportSpan[],
  chosen: Array<{ platform: AdPlatform; level: DashboardLevel; sources: Sources }>,
  period: DayRange | "all",
): string[] {
  const days = new Set<number>();
  const dayNumber = (day: string) => toMs(day) / DAY_MS;
  for (const item of imports) {
    if (item.granularity !== "day" || item.periodStart === null || item.periodEnd === null) continue;
    const pick = chosen.find(
      (candidate) => candidate.sources.days && candidate.platform === item.platform && candidate.level === item.kind,
    );
    if (!pick || (period !== "all" && !overlaps(item, period))) continue;
    const from = dayNumber(period !== "all" && item.periodStart < period.from ? period.from : item.periodStart);
    const to = dayNumber(period !== "all" && item.periodEnd > period.to ? period.to : item.periodEnd);
    if (to - from >= MAX_RANGE_DAYS) continue;
    const except = pick.sources.exceptDays.map((span) => [dayNumber(span.from), dayNumber(span.to)] as const);
    for (let day = from; day <= to; day++) if (!except.some(([a, b]) => day >= a && day <= b)) days.add(day);
  }
  return [...days].map((day) => fromMs(day * DAY_MS));
}

/** The client account's stored imports with rows, newest first. */
function storedImports(db: DbOrTx, clientAccountId: string) {
  return db
    .selectFrom("adImports")
    .select(["id", "platform", "kind", "granularity", "periodStart", "periodEnd", "breakdown"])
    .where("clientAccountId", "=", clientAccountId)
    .where("status", "=", "imported")
    .where("rowCount", ">", 0)
    .orderBy("importedAt", "desc")
    .orderBy("createdAt", "desc")
    .execute();
}

/** The imports whose rows the dashboard reads (its levels, of a known platform), in the same order. */
const performanceImports = (stored: Awaited<ReturnType<typeof storedImports>>) =>
  stored.filter(
    (item): item is ImportSpan =>
      (DASHBOARD_LEVELS as readonly string[]).includes(item.kind) && (AD_PLATFORMS as readonly string[]).includes(item.platform),
  );

/** The latest import's period; "all" when it is an "All time" export or nothing is imported. */
const periodOfLatest = (imports: ImportSpan[]): DayRange | "all" => {
  const latest = imports[0];
  return latest && latest.periodStart && latest.periodEnd ? { from: latest.periodStart, to: latest.periodEnd } : "all";
};

/**
 * The period the dashboard opens on when none is asked for: the latest performance import's (not
 * a Keyword Planner export's or an Auction insights report's), "all" when that import is an
 * "All time" export or nothing is imported. The white-label report form starts on it too.
 */
export async function latestImportPeriod(db: DbOrTx, clientAccountId: string): Promise<DayRange | "all"> {
  return periodOfLatest(performanceImports(await storedImports(db, clientAccountId)));
}

/**
 * The dashboard of one of the owner's client accounts for a query (see the header for what
 * counts). Throws `ClientAccountNotFoundError` when the client account is not the owner's.
 */
export async function adsDashboard(db: DbOrTx, ownerId: string, clientAccountId: string, query: DashboardQuery): Promise<AdsDashboard> {
  // Independent reads run together (on PostgreSQL each is a round trip; SQLite queues them).
  const [client, stored] = await Promise.all([getClientAccount(db, ownerId, clientAccountId), storedImports(db, clientAccountId)]);
  const imports = performanceImports(stored);
  const currency = client.currency;
  const emptyKpis = Object.fromEntries(KPI_KEYS.map((key) => [key, { value: null, previous: null, change: null }])) as Record<KpiKey, Kpi>;

  const latest = imports[0];
  const period = query.period ?? periodOfLatest(imports);
  const base: AdsDashboard = {
    currency,
    hasData: imports.length > 0,
    // Keyword Planner (and other metric-less kinds) are not Editor exports: the plain empty state.
    editorOnly: imports.length === 0 && stored.some((item) => item.kind.startsWith("editor-")),
    period,
    defaultPeriod: query.period === null,
    previous: period === "all" ? null : previousRange(period),
    hasPrevious: false,
    sources: [],
    kpis: emptyKpis,
    days: [],
    rows: 0,
    campaigns: [],
    campaignNames: [],
    periods: [],
  };
  if (!latest) return base;

  const periods: Array<DayRange | "all"> = [];
  for (const item of imports) {
    const pick: DayRange | "all" = item.periodStart && item.periodEnd ? { from: item.periodStart, to: item.periodEnd } : "all";
    if (!periods.some((known) => (known === "all" || pick === "all" ? known === pick : known.from === pick.from && known.to === pick.to)))
      periods.push(pick);
    if (periods.length === QUICK_PERIODS) break;
  }
  base.periods = periods;

  // One level per platform: the highest with data in the period.
  const platforms = AD_PLATFORMS.filter(
    (platform) => (query.platform === null || query.platform === platform) && imports.some((item) => item.platform === platform),
  );
  const picks = await Promise.all(
    platforms.map(async (platform) => {
      for (const level of DASHBOARD_LEVELS) {
        const sources = sourcesFor(imports, platform, level, period);
        const where = { clientAccountId: client.id, platform, kind: level, campaign: null };
        if (sources.periodImports.length || (sources.days && (await hasDayRows(db, where, sources.days))))
          return { platform, level, sources };
      }
      return null;
    }),
  );
  const chosen = picks.filter((pick): pick is NonNullable<typeof pick> => pick !== null);
  base.sources = chosen.map(({ platform, level, sources }) => ({
    platform,
    level,
    periodExports: sources.periodImports.length > 0,
    allTime: sources.allTime,
    breakdown: breakdownOf(imports, platform, level, sources, period),
  }));

  // The period per campaign (the campaign filter applies to what is shown, not to the list of
  // names), the previous period at the same levels, and the days.
  const previousPeriod = base.previous;
  const [currentSums, previousSums, daySums] = await Promise.all([
    Promise.all(
      chosen.map(({ platform, level, sources }) =>
        sumsByCampaign(db, { clientAccountId: client.id, platform, kind: level, campaign: null }, sources),
      ),
    ),
    Promise.all(
      previousPeriod
        ? chosen.map(({ platform, level }) =>
            sumsByCampaign(
              db,
              { clientAccountId: client.id, platform, kind: level, campaign: query.campaign },
              sourcesFor(imports, platform, level, previousPeriod),
            ),
          )
        : [],
    ),
    Promise.all(
      chosen.map(({ platform, level, sources }) =>
        sources.days
          ? dayRows(db, { clientAccountId: client.id, platform, kind: level, campaign: query.campaign }, sources.days, sources.exceptDays)
              .select([
                "day",
                sql<string | number | null>`sum(${sql.ref("costCents")})`.as("spendCents"),
                sql<string | number | null>`sum(${sql.ref("conversions")})`.as("conversions"),
              ])
              .groupBy("day")
              .execute()
          : [],
      ),
    ),
  ]);

  const campaignRows: Array<CampaignRow & { sums: Sums }> = [];
  chosen.forEach(({ platform }, i) => {
    for (const [campaign, value] of currentSums[i]!) campaignRows.push({ platform, campaign, sums: value, ...figuresOf(value) });
  });
  base.campaignNames = [...new Set(campaignRows.map((row) => row.campaign).filter((name): name is string => name !== null))].sort((a, b) =>
    a.localeCompare(b),
  );
  const shown = query.campaign === null ? campaignRows : campaignRows.filter((row) => row.campaign === query.campaign);
  const current = shown.reduce((total, row) => addSums(total, row.sums), emptySums());
  base.rows = current.rows;
  base.campaigns = sortCampaigns(
    shown.map(({ sums: _sums, ...row }) => row),
    query.sort,
    query.dir,
  );

  let previous = emptySums();
  let previousCampaigns = 0;
  for (const sums of previousSums) {
    for (const [campaign, value] of sums) {
      previous = addSums(previous, value);
      if (campaign !== null) previousCampaigns++;
    }
  }
  base.hasPrevious = previous.rows > 0;

  const now = figuresOf(current);
  const before = figuresOf(previous);
  const kpis = {} as Record<KpiKey, Kpi>;
  for (const key of KPI_KEYS) {
    const value = key === "campaigns" ? (current.rows ? shown.filter((row) => row.campaign !== null).length : null) : now[key];
    const prior = key === "campaigns" ? (base.hasPrevious ? previousCampaigns : null) : base.hasPrevious ? before[key] : null;
    kpis[key] = { value, previous: prior, change: change(value, prior, base.hasPrevious) };
  }
  base.kpis = kpis;

  // Spend and conversions per day, from day rows only.
  const perDay = new Map<string, { spendCents: number; conversions: number }>();
  for (const day of coveredDays(imports, chosen, period)) perDay.set(day, { spendCents: 0, conversions: 0 });
  for (const rows of daySums) {
    for (const row of rows) {
      const day = perDay.get(row.day!) ?? { spendCents: 0, conversions: 0 };
      day.spendCents += Number(row.spendCents ?? 0);
      day.conversions += Number(row.conversions ?? 0);
      perDay.set(row.day!, day);
    }
  }
  base.days = [...perDay]
    .map(([day, value]) => ({ day, spendCents: value.spendCents, conversions: Math.round(value.conversions * 100) / 100 }))
    .sort((a, b) => (a.day < b.day ? -1 : 1));
  return base;
}

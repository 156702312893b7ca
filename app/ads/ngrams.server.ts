/**
 * The n-gram analysis' reading side: owns choosing the search-term rows of one imported period of
 * a client account and handing them to the counting (`ngrams.ts`), and the Google Ads Editor CSV
 * of chosen n-grams as campaign negative keywords. Read only; another user's client account is
 * "not found".
 *
 * - The periods offered are those of the client account's imported search terms reports (`ad_rows`
 *   of kind `search-term`), `YYYY-MM-DD..YYYY-MM-DD` or `all` for an "All time" export; the latest
 *   (ending last, the longer first) is the default. Per platform one import gives a period's rows:
 *   a day-by-day import before a period export of the same dates, else the later import. Imports of
 *   different periods are never mixed (the tips' rule, tip-data.server.ts).
 * - Device-segmented rows are segments of the same traffic: the unsegmented rows count when there
 *   are both (as for the tips).
 * - The significance basis (the account's cost per conversion and conversion rate) is the whole
 *   period's rows, every campaign, also when the table shows one campaign: the tips' basis.
 * - Each row's language is its import's (the export's column language): it decides the stop words
 *   and the lower-casing.
 * - The Editor file: one row per chosen n-gram and campaign it ran in (within the chosen campaign),
 *   `Campaign, Ad Group, Keyword, Criterion Type` with `Campaign Negative Phrase` or `Campaign
 *   Negative Exact` and no ad group: Editor's campaign-level negative keywords, the criterion types
 *   its own exports write (the importer reads them back, normalize.ts).
 */
import { stringify } from "csv-stringify/sync";
import type { DbOrTx } from "~/db/db.server";
import { getClientAccount } from "./accounts.server";
import type { AdPlatform } from "./import/types";
import type { NegativeMatchType, NgramQuery } from "./ngram-query";
import { countNgrams, selectNgrams, type NgramInput, type NgramLanguage, type NgramRow } from "./ngrams";
import { significanceBasis } from "./tip-rules";

/** Rows the table shows at most (the rest are counted; filters narrow them). */
export const MAX_TABLE_ROWS = 200;
const LANGUAGES: readonly NgramLanguage[] = ["en", "nl", "fr", "es", "de"];

export interface NgramSource {
  importId: string;
  platform: AdPlatform;
  filename: string;
  granularity: "day" | "period";
  importedAt: string | null;
}

export interface NgramPeriod {
  /** `YYYY-MM-DD..YYYY-MM-DD`, or `all` for an "All time" export. */
  key: string;
  start: string | null;
  end: string | null;
  sources: NgramSource[];
}

export interface NgramReport {
  /** Latest first. */
  periods: NgramPeriod[];
  period: NgramPeriod | null;
  /** Campaigns with search terms in the period, sorted. */
  campaigns: string[];
  campaign: string | null;
  /** The account's figures the "wasted" flag compares against (the whole period); null without conversions. */
  basis: { cpaCents: number; conversionRate: number } | null;
  /** The shown rows' totals before the n, sort and wasted choices: every search term of the view. */
  totals: { terms: number; impressions: number; clicks: number; costCents: number; conversions: number; conversionValueCents: number };
  /** N-grams matching the choices, and how many are flagged as wasted among them. */
  matching: number;
  wasted: number;
  rows: NgramRow[];
}

type ImportRow = {
  id: string;
  platform: string;
  filename: string;
  language: string;
  granularity: "day" | "period";
  periodStart: string | null;
  periodEnd: string | null;
  importedAt: string | null;
};

const keyOf = (i: ImportRow) => (i.periodEnd ? `${i.periodStart ?? i.periodEnd}..${i.periodEnd}` : "all");

async function searchTermImports(db: DbOrTx, clientAccountId: string): Promise<ImportRow[]> {
  return (await db
    .selectFrom("adImports")
    .select(["id", "platform", "filename", "language", "granularity", "periodStart", "periodEnd", "importedAt"])
    .where("clientAccountId", "=", clientAccountId)
    .where("status", "=", "imported")
    .where("kind", "=", "search-term")
    .execute()) as ImportRow[];
}

/** The periods of the imported search terms reports, latest first, one import per platform each. */
export function periodsOf(imports: readonly ImportRow[]): Array<NgramPeriod & { languages: Map<string, NgramLanguage> }> {
  const byKey = new Map<string, ImportRow[]>();
  for (const i of imports) byKey.set(keyOf(i), [...(byKey.get(keyOf(i)) ?? []), i]);
  const periods = [...byKey.entries()].map(([key, list]) => {
    const chosen = new Map<string, ImportRow>();
    const order = [...list].sort(
      (a, b) =>
        (a.granularity === "day" ? 0 : 1) - (b.granularity === "day" ? 0 : 1) ||
        (b.importedAt ?? "").localeCompare(a.importedAt ?? "") ||
        b.id.localeCompare(a.id),
    );
    for (const i of order) if (!chosen.has(i.platform)) chosen.set(i.platform, i);
    const picked = [...chosen.values()].sort((a, b) => a.platform.localeCompare(b.platform));
    return {
      key,
      start: list[0]!.periodEnd ? (list[0]!.periodStart ?? list[0]!.periodEnd) : null,
      end: list[0]!.periodEnd,
      sources: picked.map((i) => ({
        importId: i.id,
        platform: i.platform as AdPlatform,
        filename: i.filename,
        granularity: i.granularity,
        importedAt: i.importedAt,
      })),
      languages: new Map(
        picked.map((i) => [i.id, (LANGUAGES as readonly string[]).includes(i.language) ? (i.language as NgramLanguage) : "en"]),
      ),
    };
  });
  // Latest end first, the longer period first, "All time" last.
  return periods.sort((a, b) => {
    if (!a.end || !b.end) return a.end ? -1 : b.end ? 1 : 0;
    return b.end.localeCompare(a.end) || a.start!.localeCompare(b.start!);
  });
}

/** A stored row's extras mention a device segment (extras are stored as compact JSON, summary.ts). */
const DEVICE_EXTRAS = '%"device":%';

/**
 * The period's search-term rows summed per import, campaign and term in the database (100,000
 * stored rows read as rows cost seconds; their sums a fraction), as the counting reads them: the
 * unsegmented rows when there are device segments.
 */
async function periodRows(db: DbOrTx, period: ReturnType<typeof periodsOf>[number]): Promise<NgramInput[]> {
  const ids = period.sources.map((s) => s.importId);
  const sums = (withDevices: boolean) => {
    let query = db
      .selectFrom("adRows")
      .select((eb) => [
        "importId",
        "campaign",
        "searchTerm",
        eb.fn.sum<number | string>("impressions").as("impressions"),
        eb.fn.sum<number | string>("clicks").as("clicks"),
        eb.fn.sum<number | string>("costCents").as("costCents"),
        eb.fn.sum<number | string>("conversions").as("conversions"),
        eb.fn.sum<number | string>("conversionValueCents").as("conversionValueCents"),
      ])
      .where("importId", "in", ids)
      .where("searchTerm", "is not", null);
    if (!withDevices) query = query.where("extras", "not like", DEVICE_EXTRAS);
    return query.groupBy(["importId", "campaign", "searchTerm"]).execute();
  };
  let rows = await sums(false);
  if (!rows.length) rows = await sums(true);
  return rows.map((row) => ({
    campaign: row.campaign,
    searchTerm: row.searchTerm,
    language: period.languages.get(row.importId) ?? "en",
    impressions: Number(row.impressions ?? 0),
    clicks: Number(row.clicks ?? 0),
    costCents: Number(row.costCents ?? 0),
    conversions: Number(row.conversions ?? 0),
    conversionValueCents: Number(row.conversionValueCents ?? 0),
  }));
}

const withoutLanguages = ({ languages: _languages, ...period }: ReturnType<typeof periodsOf>[number]): NgramPeriod => period;

async function analysed(db: DbOrTx, clientAccountId: string, query: Pick<NgramQuery, "period" | "campaign">) {
  const periods = periodsOf(await searchTermImports(db, clientAccountId));
  const period = periods.find((p) => p.key === query.period) ?? periods[0] ?? null;
  if (!period) return { periods, period: null, campaigns: [], campaign: null, basis: null, inView: [], all: [] };
  const all = await periodRows(db, period);
  const campaigns = [...new Set(all.map((row) => row.campaign).filter((c): c is string => Boolean(c)))].sort();
  const campaign = query.campaign && campaigns.includes(query.campaign) ? query.campaign : null;
  const inView = campaign ? all.filter((row) => row.campaign === campaign) : all;
  return { periods, period, campaigns, campaign, basis: significanceBasis(all), inView, all };
}

/** The owner's client account's n-gram table for the query (another user's client account is "not found"). */
export async function ngramReport(db: DbOrTx, ownerId: string, clientAccountId: string, query: NgramQuery): Promise<NgramReport> {
  const account = await getClientAccount(db, ownerId, clientAccountId);
  const { periods, period, campaigns, campaign, basis, inView } = await analysed(db, account.id, query);
  const counted = countNgrams(inView, basis);
  const chosen = selectNgrams(counted.ngrams, query);
  const sum = (pick: (row: NgramInput) => number) => inView.reduce((total, row) => total + pick(row), 0);
  return {
    periods: periods.map(withoutLanguages),
    period: period ? withoutLanguages(period) : null,
    campaigns,
    campaign,
    basis: basis ? { cpaCents: Math.round(basis.cpa), conversionRate: basis.rate } : null,
    totals: {
      terms: counted.terms,
      impressions: sum((row) => row.impressions),
      clicks: sum((row) => row.clicks),
      costCents: sum((row) => row.costCents),
      conversions: Math.round(sum((row) => row.conversions) * 100) / 100,
      conversionValueCents: sum((row) => row.conversionValueCents),
    },
    matching: chosen.length,
    wasted: chosen.filter((row) => row.wasted).length,
    rows: chosen.slice(0, MAX_TABLE_ROWS),
  };
}

const CRITERION: Record<NegativeMatchType, string> = { phrase: "Campaign Negative Phrase", exact: "Campaign Negative Exact" };

/**
 * The chosen n-grams as campaign negative keywords in a Google Ads Editor CSV (English headers,
 * CRLF, formulas escaped): one row per n-gram and campaign it ran in, in the period (and campaign)
 * they were chosen in. N-grams the period does not have are left out; none left is an empty file
 * with its header.
 */
export async function ngramNegativesCsv(
  db: DbOrTx,
  ownerId: string,
  clientAccountId: string,
  choice: { period: string | null; campaign: string | null; ngrams: readonly string[]; matchType: NegativeMatchType },
): Promise<{ csv: string; rows: number; period: string | null }> {
  const account = await getClientAccount(db, ownerId, clientAccountId);
  const { period, basis, inView } = await analysed(db, account.id, choice);
  const wanted = new Set(choice.ngrams.map((text) => text.normalize("NFC").trim().replace(/\s+/g, " ")));
  const found = countNgrams(inView, basis)
    .ngrams.filter((row) => wanted.has(row.ngram))
    .sort((a, b) => a.ngram.localeCompare(b.ngram));
  const lines = found.flatMap((row) => row.campaigns.map((campaign) => [campaign, "", row.ngram, CRITERION[choice.matchType]]));
  const csv = stringify([["Campaign", "Ad Group", "Keyword", "Criterion Type"], ...lines], {
    record_delimiter: "\r\n",
    escape_formulas: true,
  });
  return { csv, rows: lines.length, period: period?.key ?? null };
}

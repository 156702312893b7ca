/**
 * The keyword generator's data: owns `ad_keyword_lists` and `ad_keyword_list_items` (saved lists,
 * their CSV and Google Ads Editor CSV) and the figures shown beside generated keywords, never
 * invented, each with its basis:
 *
 * - **keyword-planner**: the client account's imported Keyword Planner rows (the latest import that
 *   has the keyword): platform estimates (average monthly searches, a bucket's bounds, competition,
 *   top-of-page bid range) with the file's period;
 * - **account**: else the client account's own imported keyword rows (the keyword as a criterion,
 *   negatives excluded), else its search-term rows (the query as typed): impressions, clicks, cost,
 *   conversions and CPC summed over the imported period, per platform either its day-by-day
 *   imports or its latest period export (never both, never double-counted);
 * - **none**: no data.
 *
 * Keywords are compared normalized (`normalizeKeyword`). Only the owner of the client account
 * sees or changes its lists.
 */
import { randomUUID } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { sql } from "kysely";
import type { RowExtras } from "../import/types";
import { audit } from "~/audit/audit.server";
import { now, type DbOrTx, type Tx } from "~/db/db.server";
import { getClientAccount } from "../accounts.server";
import type { ExpansionKind, KeywordLanguage, MetricSource } from "./form";
import { KEYWORD_LIMITS } from "./form";
import { normalizeKeyword, type GenerateInput, type GenerateResult, type PlannerIdea } from "./generate";
import { centsToDecimalString } from "~/utils/money";
import { NamedError } from "~/utils/named-error";

export interface Period {
  start: string;
  end: string;
}

/** An idea's Keyword Planner figures (see `RowExtras`), and the Planner file's date range. */
export type PlannerFigures = Pick<
  RowExtras,
  | "searchVolume"
  | "volumeLow"
  | "volumeHigh"
  | "competition"
  | "competitionIndex"
  | "bidLowCents"
  | "bidHighCents"
  | "threeMonthChange"
  | "yoyChange"
> & { period: Period | null };

export interface AccountFigures {
  /** `keyword`: the user's own keyword with this text; `search-term`: searches with this text. */
  basis: "keyword" | "search-term";
  impressions: number;
  clicks: number;
  costCents: number;
  conversions: number;
  /** Cost / clicks; null without clicks. */
  cpcCents: number | null;
  /** The imported period the sums cover; null when it includes an "All time" export. */
  period: Period | null;
}

export type KeywordFigures =
  { source: "keyword-planner"; planner: PlannerFigures } | { source: "account"; account: AccountFigures } | { source: "none" };

/** The rows of these kinds are the user's own traffic. */
const ACCOUNT_KINDS = ["keyword", "search-term"] as const;
const ID_CHUNK = 200;

interface ImportSource {
  id: string;
  platform: string;
  kind: string;
  granularity: string;
  periodStart: string | null;
  periodEnd: string | null;
  importedAt: string | null;
}

function widen(period: Period | null | undefined, start: string | null, end: string | null): Period | null {
  if (!start || !end) return null;
  if (!period) return { start, end };
  return { start: start < period.start ? start : period.start, end: end > period.end ? end : period.end };
}

/** Per platform: every day-by-day import of the kind, else its latest period import. */
function chooseSources(imports: ImportSource[]): { ids: string[]; period: Period | null; allTime: boolean } {
  const ids: string[] = [];
  let period: Period | null = null;
  let allTime = false;
  for (const platform of new Set(imports.map((i) => i.platform))) {
    const mine = imports.filter((i) => i.platform === platform);
    const days = mine.filter((i) => i.granularity === "day");
    const chosen = days.length ? days : [...mine].sort((a, b) => (b.importedAt ?? "").localeCompare(a.importedAt ?? "")).slice(0, 1);
    for (const source of chosen) {
      ids.push(source.id);
      if (!source.periodStart) allTime = true;
      else period = widen(period, source.periodStart, source.periodEnd);
    }
  }
  return { ids, period, allTime };
}

/** The figures of each keyword (normalized) for the client account: Keyword Planner, else the account's own, else none. */
export async function keywordFigures(
  db: DbOrTx,
  clientAccountId: string,
  keywords: readonly string[],
): Promise<Map<string, KeywordFigures>> {
  const wanted = new Set(keywords.map(normalizeKeyword));
  const result = new Map<string, KeywordFigures>();
  const imports = (await db
    .selectFrom("adImports")
    .select(["id", "platform", "kind", "granularity", "periodStart", "periodEnd", "importedAt"])
    .where("clientAccountId", "=", clientAccountId)
    .where("status", "=", "imported")
    .where("kind", "in", ["keyword-planner", ...ACCOUNT_KINDS])
    .execute()) as ImportSource[];

  // Keyword Planner: the newest import that has the keyword wins.
  const planner = imports
    .filter((i) => i.kind === "keyword-planner")
    .sort((a, b) => (b.importedAt ?? "").localeCompare(a.importedAt ?? "") || b.id.localeCompare(a.id));
  for (const source of planner) {
    const rows = await db
      .selectFrom("adRows")
      .select(["keyword", "extras"])
      .where("importId", "=", source.id)
      .where("keyword", "is not", null)
      .orderBy("line")
      .execute();
    for (const row of rows) {
      const keyword = normalizeKeyword(row.keyword ?? "");
      if (!wanted.has(keyword) || result.has(keyword)) continue;
      const x = JSON.parse(row.extras) as Partial<PlannerFigures>;
      result.set(keyword, {
        source: "keyword-planner",
        planner: {
          searchVolume: x.searchVolume ?? null,
          volumeLow: x.volumeLow ?? null,
          volumeHigh: x.volumeHigh ?? null,
          competition: x.competition ?? null,
          competitionIndex: x.competitionIndex ?? null,
          bidLowCents: x.bidLowCents ?? null,
          bidHighCents: x.bidHighCents ?? null,
          threeMonthChange: x.threeMonthChange ?? null,
          yoyChange: x.yoyChange ?? null,
          period: source.periodStart && source.periodEnd ? { start: source.periodStart, end: source.periodEnd } : null,
        },
      });
    }
  }

  // The account's own keyword rows, then its search-term rows.
  for (const kind of ACCOUNT_KINDS) {
    const sources = chooseSources(imports.filter((i) => i.kind === kind));
    if (!sources.ids.length) continue;
    const column = kind === "keyword" ? "keyword" : "searchTerm";
    const sums = new Map<string, Omit<AccountFigures, "cpcCents" | "period" | "basis">>();
    for (let i = 0; i < sources.ids.length; i += ID_CHUNK) {
      let query = db
        .selectFrom("adRows")
        .select([
          `${column} as text` as "keyword as text",
          sql<string | number | null>`sum(impressions)`.as("impressions"),
          sql<string | number | null>`sum(clicks)`.as("clicks"),
          sql<string | number | null>`sum(cost_cents)`.as("costCents"),
          sql<string | number | null>`sum(conversions)`.as("conversions"),
        ])
        .where("importId", "in", sources.ids.slice(i, i + ID_CHUNK))
        .where(column, "is not", null)
        .groupBy(column);
      if (kind === "keyword") query = query.where("negative", "=", 0);
      for (const row of await query.execute()) {
        const keyword = normalizeKeyword(row.text ?? "");
        if (!wanted.has(keyword) || result.has(keyword)) continue;
        const sum = sums.get(keyword) ?? { impressions: 0, clicks: 0, costCents: 0, conversions: 0 };
        sum.impressions += Number(row.impressions ?? 0);
        sum.clicks += Number(row.clicks ?? 0);
        sum.costCents += Number(row.costCents ?? 0);
        sum.conversions += Number(row.conversions ?? 0);
        sums.set(keyword, sum);
      }
    }
    for (const [keyword, sum] of sums) {
      result.set(keyword, {
        source: "account",
        account: {
          basis: kind,
          ...sum,
          conversions: Math.round(sum.conversions * 100) / 100,
          cpcCents: sum.clicks > 0 ? Math.round(sum.costCents / sum.clicks) : null,
          period: sources.allTime ? null : sources.period,
        },
      });
    }
  }
  for (const keyword of wanted) if (!result.has(keyword)) result.set(keyword, { source: "none" });
  return result;
}

/**
 * The client account's Keyword Planner ideas for the generator: every keyword of its imported
 * Planner files (the newest import's volume where files overlap), in no particular order.
 */
export async function plannerIdeas(db: DbOrTx, clientAccountId: string): Promise<PlannerIdea[]> {
  const rows = await db
    .selectFrom("adRows")
    .innerJoin("adImports", "adImports.id", "adRows.importId")
    .select(["adRows.keyword", "adRows.extras"])
    .where("adImports.clientAccountId", "=", clientAccountId)
    .where("adImports.status", "=", "imported")
    .where("adImports.kind", "=", "keyword-planner")
    .where("adRows.keyword", "is not", null)
    .orderBy("adImports.importedAt", "desc")
    .orderBy("adImports.id", "desc")
    .orderBy("adRows.line")
    .execute();
  const ideas = new Map<string, PlannerIdea>();
  for (const row of rows) {
    const keyword = normalizeKeyword(row.keyword ?? "");
    if (!keyword || ideas.has(keyword)) continue;
    ideas.set(keyword, { keyword, searchVolume: (JSON.parse(row.extras) as { searchVolume?: number | null }).searchVolume ?? null });
  }
  return [...ideas.values()];
}

/** The language of the client account's latest import (its exports' language), if any. */
export async function clientExportLanguage(db: DbOrTx, clientAccountId: string): Promise<string | null> {
  const row = await db
    .selectFrom("adImports")
    .select("language")
    .where("clientAccountId", "=", clientAccountId)
    .where("status", "=", "imported")
    .orderBy("importedAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.language ?? null;
}

export const sourceOf = (figures: KeywordFigures | undefined): MetricSource => figures?.source ?? "none";

// ---------------------------------------------------------------------------------------------
// Saved lists

export class KeywordListNotFoundError extends NamedError {
  constructor() {
    super("keyword list not found");
  }
}

export class TooManyKeywordListsError extends NamedError {
  constructor() {
    super("too many keyword lists");
  }
}

export interface KeywordListSummary {
  id: string;
  name: string;
  language: KeywordLanguage;
  keywordCount: number;
  createdAt: string;
}

export interface KeywordListItem {
  position: number;
  keyword: string;
  theme: string;
  kind: ExpansionKind;
}

export interface KeywordList extends KeywordListSummary {
  clientAccountId: string;
  currency: string | null;
  seeds: string;
  landingPage: string | null;
  negatives: string | null;
  items: KeywordListItem[];
}

/** Saves a generated result as a list of the owner's client account (one unit of work's part, with its audit row). */
export async function saveKeywordList(
  tx: Tx,
  ownerId: string,
  clientAccountId: string,
  input: { name: string } & GenerateInput,
  result: GenerateResult,
): Promise<string> {
  await getClientAccount(tx, ownerId, clientAccountId);
  const count = await tx
    .selectFrom("adKeywordLists")
    .select(sql<string | number>`count(*)`.as("n"))
    .where("clientAccountId", "=", clientAccountId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= KEYWORD_LIMITS.lists) throw new TooManyKeywordListsError();
  const id = randomUUID();
  const items = result.themes.flatMap((theme) =>
    theme.keywords.map((item) => ({ keyword: item.keyword, theme: theme.name, kind: item.kind })),
  );
  await tx
    .insertInto("adKeywordLists")
    .values({
      id,
      clientAccountId,
      createdBy: ownerId,
      name: input.name,
      language: result.language,
      seeds: input.seeds,
      landingPage: input.landingPage?.trim() ? input.landingPage : null,
      negatives: input.negatives?.trim() ? input.negatives : null,
      keywordCount: items.length,
      createdAt: now(),
    })
    .execute();
  for (let i = 0; i < items.length; i += 250) {
    await tx
      .insertInto("adKeywordListItems")
      .values(items.slice(i, i + 250).map((item, j) => ({ listId: id, position: i + j + 1, ...item })))
      .execute();
  }
  await audit(tx, {
    actorId: ownerId,
    action: "ads.keywords.save",
    subject: `ad-keyword-list:${id}`,
    details: { clientAccountId, name: input.name, keywords: items.length, themes: result.themes.length },
  });
  return id;
}

/** The client account's saved lists, newest first. */
export async function listKeywordLists(db: DbOrTx, ownerId: string, clientAccountId: string): Promise<KeywordListSummary[]> {
  const rows = await db
    .selectFrom("adKeywordLists")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adKeywordLists.clientAccountId")
    .select([
      "adKeywordLists.id",
      "adKeywordLists.name",
      "adKeywordLists.language",
      "adKeywordLists.keywordCount",
      "adKeywordLists.createdAt",
    ])
    .where("adClientAccounts.ownerId", "=", ownerId)
    .where("adKeywordLists.clientAccountId", "=", clientAccountId)
    .orderBy("adKeywordLists.createdAt", "desc")
    .orderBy("adKeywordLists.id")
    .execute();
  return rows.map((row) => ({ ...row, language: row.language as KeywordLanguage }));
}

/** One of the owner's lists with its keywords; another user's list is not found. */
export async function getKeywordList(db: DbOrTx, ownerId: string, listId: string): Promise<KeywordList> {
  const row = await db
    .selectFrom("adKeywordLists")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adKeywordLists.clientAccountId")
    .selectAll("adKeywordLists")
    .select("adClientAccounts.currency")
    .where("adKeywordLists.id", "=", listId)
    .where("adClientAccounts.ownerId", "=", ownerId)
    .executeTakeFirst();
  if (!row) throw new KeywordListNotFoundError();
  const items = await db
    .selectFrom("adKeywordListItems")
    .select(["position", "keyword", "theme", "kind"])
    .where("listId", "=", listId)
    .orderBy("position")
    .execute();
  return {
    id: row.id,
    name: row.name,
    language: row.language as KeywordLanguage,
    keywordCount: row.keywordCount,
    createdAt: row.createdAt,
    clientAccountId: row.clientAccountId,
    currency: row.currency,
    seeds: row.seeds,
    landingPage: row.landingPage,
    negatives: row.negatives,
    items: items.map((item) => ({ ...item, kind: item.kind as ExpansionKind })),
  };
}

export async function deleteKeywordList(tx: Tx, ownerId: string, listId: string): Promise<void> {
  const list = await getKeywordList(tx, ownerId, listId);
  await tx.deleteFrom("adKeywordListItems").where("listId", "=", listId).execute();
  await tx.deleteFrom("adKeywordLists").where("id", "=", listId).execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.keywords.delete",
    subject: `ad-keyword-list:${listId}`,
    details: { clientAccountId: list.clientAccountId, name: list.name, keywords: list.keywordCount },
  });
}

// ---------------------------------------------------------------------------------------------
// Files

const csv = (rows: (string | number | null)[][]) => stringify(rows, { record_delimiter: "\r\n", escape_formulas: true });
const amount = (cents: number | null) => (cents == null ? "" : centsToDecimalString(cents));
const value = (n: number | null | undefined) => (n == null ? "" : n);

/** Column titles of the list CSV, in the user's language (the route passes them translated). */
export interface ListCsvLabels {
  header: [
    keyword: string,
    adGroup: string,
    kind: string,
    source: string,
    searches: string,
    searchesRange: string,
    competition: string,
    competitionIndex: string,
    bidLow: string,
    bidHigh: string,
    impressions: string,
    clicks: string,
    cost: string,
    cpc: string,
    conversions: string,
    period: string,
    currency: string,
  ];
  kinds: Record<ExpansionKind, string>;
  sources: Record<MetricSource, string>;
  bases: Record<AccountFigures["basis"], string>;
  competition: Record<"low" | "medium" | "high", string>;
  allTime: string;
}

/** A list as a CSV (CRLF, formulas escaped): each keyword with its ad group, how it was made and its figures with their source. */
export async function keywordListCsv(
  db: DbOrTx,
  ownerId: string,
  listId: string,
  labels: ListCsvLabels,
): Promise<{ name: string; csv: string }> {
  const list = await getKeywordList(db, ownerId, listId);
  const figures = await keywordFigures(
    db,
    list.clientAccountId,
    list.items.map((item) => item.keyword),
  );
  const rows = list.items.map((item) => {
    const f = figures.get(item.keyword) ?? { source: "none" as const };
    const p = f.source === "keyword-planner" ? f.planner : null;
    const a = f.source === "account" ? f.account : null;
    const period = p?.period ?? a?.period ?? null;
    return [
      item.keyword,
      item.theme,
      labels.kinds[item.kind] ?? item.kind,
      a ? `${labels.sources.account} (${labels.bases[a.basis]})` : labels.sources[f.source],
      value(p?.searchVolume),
      p?.volumeLow != null && p.volumeHigh != null ? `${p.volumeLow}-${p.volumeHigh}` : "",
      p?.competition ? labels.competition[p.competition] : "",
      value(p?.competitionIndex),
      amount(p?.bidLowCents ?? null),
      amount(p?.bidHighCents ?? null),
      value(a?.impressions),
      value(a?.clicks),
      amount(a?.costCents ?? null),
      amount(a?.cpcCents ?? null),
      value(a?.conversions),
      period ? `${period.start}..${period.end}` : a ? labels.allTime : "",
      f.source === "none" ? "" : (list.currency ?? ""),
    ];
  });
  return { name: list.name, csv: csv([labels.header, ...rows]) };
}

/**
 * A list as a Google Ads Editor CSV (English headers, CRLF, formulas escaped): campaign = the
 * list's name, one ad group per theme, each keyword as an Exact and a Phrase row.
 */
export async function keywordListEditorCsv(db: DbOrTx, ownerId: string, listId: string): Promise<{ name: string; csv: string }> {
  const list = await getKeywordList(db, ownerId, listId);
  const rows = list.items.flatMap((item) => [
    [list.name, item.theme, item.keyword, "Exact"],
    [list.name, item.theme, item.keyword, "Phrase"],
  ]);
  return { name: list.name, csv: csv([["Campaign", "Ad Group", "Keyword", "Criterion Type"], ...rows]) };
}

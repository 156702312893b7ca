/**
 * Ad imports: owns `ad_imports`, `ad_import_files` and `ad_rows`. An upload is parsed once (nothing
 * is stored when the file is not a supported export) and kept as a pending import: its preview
 * (kind, period, rows, totals, warnings with line numbers, a sample) and its parsed rows; the rows
 * are only stored when the user confirms. Storing is one unit of work and idempotent by content and period:
 *
 * - the same file (by SHA-256) already imported into the client account changes nothing;
 * - a day-by-day export replaces the client account's rows of the same platform and kind on the
 *   days it covers (an older import left without rows is marked replaced);
 * - a period export (an "All time" one included, one period of unknown days, never spread over
 *   days) replaces the imports of the same platform, kind and period.
 *
 * A client account's currency is set by its first import; a file in another currency is refused
 * (the preview offers a new client account for it). Only the owner of the client account sees or
 * changes its imports.
 */
import { createHash, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { audit } from "~/audit/audit.server";
import { now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import type { AdImportStatus } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { getClientAccount, type ClientAccount } from "./accounts.server";
import { parseAdsExport } from "./import/read.server";
import type {
  AdPlatform,
  AdReportKind,
  AdsImport,
  DerivedMetrics,
  FileTotals,
  ImportWarning,
  Metrics,
  NormalizedRow,
} from "./import/types";

/** Rows shown in the preview. */
const SAMPLE_ROWS = 20;
/** Warnings kept in the preview (the count says how many there were). */
const KEPT_WARNINGS = 200;
/** Rows per INSERT (well under SQLite's and PostgreSQL's bound-parameter limits). */
const INSERT_CHUNK = 500;

export interface SampleRow {
  line: number;
  day: string | null;
  campaign: string | null;
  adGroup: string | null;
  keyword: string | null;
  matchType: string | null;
  searchTerm: string | null;
  impressions: number | null;
  clicks: number | null;
  costCents: number | null;
  conversions: number | null;
}

export interface ImportSummary {
  platform: AdPlatform;
  kind: AdReportKind;
  language: string;
  granularity: "day" | "period";
  currency: string | null;
  /** YYYY-MM-DD bounds; null for "All time" or an export without dates. */
  period: { start: string; end: string } | null;
  allTime: boolean;
  title: string | null;
  rows: number;
  days: number | null;
  campaigns: number;
  totals: Metrics & { derived: DerivedMetrics };
  fileTotals: FileTotals[];
  warnings: ImportWarning[];
  warningCount: number;
  sample: SampleRow[];
}

export interface ImportListItem {
  id: string;
  clientAccountId: string;
  status: AdImportStatus;
  filename: string;
  platform: string;
  kind: string;
  granularity: "day" | "period";
  currency: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  rowCount: number;
  createdAt: string;
  importedAt: string | null;
}

export class ImportNotFoundError extends Error {
  constructor() {
    super("import not found");
    this.name = "ImportNotFoundError";
  }
}

/** The file is in another currency than the client account's (never mixed). */
export class CurrencyMismatchError extends Error {
  constructor(
    readonly accountCurrency: string,
    readonly fileCurrency: string,
  ) {
    super(`the client account is in ${accountCurrency}, the file in ${fileCurrency}`);
    this.name = "CurrencyMismatchError";
  }
}

/** Only a pending import can be stored or discarded. */
export class ImportNotPendingError extends Error {
  constructor(readonly status: AdImportStatus) {
    super(`the import is ${status}`);
    this.name = "ImportNotPendingError";
  }
}

function periodOf(parsed: AdsImport): { period: ImportSummary["period"]; allTime: boolean } {
  if (parsed.period === "all-time") return { period: null, allTime: true };
  if (parsed.period) return { period: parsed.period, allTime: false };
  const days = parsed.rows.map((row) => row.day).filter((day): day is string => day !== null);
  if (!days.length) return { period: null, allTime: false };
  days.sort();
  return { period: { start: days[0]!, end: days.at(-1)! }, allTime: false };
}

export function summarize(parsed: AdsImport): ImportSummary {
  const { period, allTime } = periodOf(parsed);
  const days = parsed.granularity === "day" ? new Set(parsed.rows.map((row) => row.day)).size : null;
  return {
    platform: parsed.platform,
    kind: parsed.kind,
    language: parsed.language,
    granularity: parsed.granularity,
    currency: parsed.currency,
    period,
    allTime,
    title: parsed.title,
    rows: parsed.rows.length,
    days,
    campaigns: new Set(parsed.rows.map((row) => row.campaign).filter(Boolean)).size,
    totals: parsed.computedTotals,
    fileTotals: parsed.fileTotals,
    warnings: parsed.warnings.slice(0, KEPT_WARNINGS),
    warningCount: parsed.warnings.length,
    sample: parsed.rows.slice(0, SAMPLE_ROWS).map((row) => ({
      line: row.line,
      day: row.day,
      campaign: row.campaign,
      adGroup: row.adGroup,
      keyword: row.keyword,
      matchType: row.matchType,
      searchTerm: row.searchTerm,
      impressions: row.metrics.impressions,
      clicks: row.metrics.clicks,
      costCents: row.metrics.costCents,
      conversions: row.metrics.conversions,
    })),
  };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Parses an upload and keeps it as a pending import of the owner's client account. Throws
 * `AdsImportError` (nothing stored) when the file is not a supported export.
 */
export async function stageImport(
  db: Db,
  input: { ownerId: string; clientAccountId: string; filename: string; bytes: Uint8Array },
): Promise<string> {
  await getClientAccount(db, input.ownerId, input.clientAccountId);
  const parsed = await parseAdsExport(input.bytes);
  const summary = summarize(parsed);
  const id = randomUUID();
  await unitOfWork(db, async (tx) => {
    await tx
      .insertInto("adImports")
      .values({
        id,
        clientAccountId: input.clientAccountId,
        userId: input.ownerId,
        status: "pending",
        filename: input.filename.slice(0, 255) || "export.csv",
        byteSize: input.bytes.byteLength,
        contentHash: sha256(input.bytes),
        platform: summary.platform,
        kind: summary.kind,
        language: summary.language,
        granularity: summary.granularity,
        currency: summary.currency,
        periodStart: summary.period?.start ?? null,
        periodEnd: summary.period?.end ?? null,
        title: summary.title,
        rowCount: summary.rows,
        summary: JSON.stringify(summary),
        createdAt: now(),
        importedAt: null,
        replacedBy: null,
      })
      .execute();
    await tx
      .insertInto("adImportFiles")
      .values({ importId: id, data: packRows(parsed.rows) })
      .execute();
  });
  return id;
}

async function importRow(db: DbOrTx, ownerId: string, importId: string) {
  const row = await db
    .selectFrom("adImports")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adImports.clientAccountId")
    .selectAll("adImports")
    .where("adImports.id", "=", importId)
    .where("adClientAccounts.ownerId", "=", ownerId)
    .executeTakeFirst();
  if (!row) throw new ImportNotFoundError();
  return row;
}

export interface ImportPreview {
  id: string;
  status: AdImportStatus;
  filename: string;
  byteSize: number;
  createdAt: string;
  importedAt: string | null;
  clientAccount: ClientAccount;
  summary: ImportSummary;
  /** The client account is in another currency: storing is refused, a new client account offered. */
  currencyMismatch: { account: string; file: string } | null;
  /** The same file is already imported into the client account (storing it again changes nothing). */
  duplicateOf: string | null;
  /** Imports whose rows storing this one would replace (wholly or on the days it covers). */
  replaces: ImportListItem[];
}

const LIST_COLUMNS = [
  "id",
  "clientAccountId",
  "status",
  "filename",
  "platform",
  "kind",
  "granularity",
  "currency",
  "periodStart",
  "periodEnd",
  "rowCount",
  "createdAt",
  "importedAt",
] as const;

/** The stored imports a new one of this platform, kind and period would replace. */
async function overlapping(
  db: DbOrTx,
  target: {
    id: string;
    clientAccountId: string;
    platform: string;
    kind: string;
    granularity: string;
    periodStart: string | null;
    periodEnd: string | null;
  },
) {
  let query = db
    .selectFrom("adImports")
    .select(LIST_COLUMNS)
    .where("clientAccountId", "=", target.clientAccountId)
    .where("platform", "=", target.platform)
    .where("kind", "=", target.kind)
    .where("status", "=", "imported")
    .where("id", "!=", target.id);
  if (target.granularity === "day" && target.periodStart && target.periodEnd) {
    query = query
      .where("granularity", "=", "day")
      .where("periodStart", "<=", target.periodEnd)
      .where("periodEnd", ">=", target.periodStart);
  } else {
    query = query.where("granularity", "=", "period");
    query =
      target.periodStart === null
        ? query.where("periodStart", "is", null).where("periodEnd", "is", null)
        : query.where("periodStart", "=", target.periodStart).where("periodEnd", "=", target.periodEnd);
  }
  return (await query.orderBy("importedAt").execute()) as ImportListItem[];
}

export async function getImportPreview(db: DbOrTx, ownerId: string, importId: string): Promise<ImportPreview> {
  const row = await importRow(db, ownerId, importId);
  const clientAccount = await getClientAccount(db, ownerId, row.clientAccountId);
  const summary = JSON.parse(row.summary) as ImportSummary;
  const duplicate =
    row.status === "pending"
      ? await db
          .selectFrom("adImports")
          .select("id")
          .where("clientAccountId", "=", row.clientAccountId)
          .where("contentHash", "=", row.contentHash)
          .where("status", "=", "imported")
          .executeTakeFirst()
      : undefined;
  const mismatch =
    clientAccount.currency && row.currency && clientAccount.currency !== row.currency
      ? { account: clientAccount.currency, file: row.currency }
      : null;
  return {
    id: row.id,
    status: row.status,
    filename: row.filename,
    byteSize: row.byteSize,
    createdAt: row.createdAt,
    importedAt: row.importedAt,
    clientAccount,
    summary,
    currencyMismatch: mismatch,
    duplicateOf: duplicate?.id ?? null,
    replaces: row.status === "pending" ? await overlapping(db, row) : [],
  };
}

/**
 * A pending import's rows as they will be stored (one JSON array per row, in `STORED_COLUMNS`
 * order): storing then needs no second parse of the file (on a 100,000-row report that is half
 * the import's time).
 */
const STORED_COLUMNS = [
  "line",
  "day",
  "campaign",
  "adGroup",
  "keyword",
  "matchType",
  "negative",
  "searchTerm",
  "status",
  "impressions",
  "clicks",
  "costCents",
  "conversions",
  "conversionValueCents",
  "extras",
] as const;
type StoredRow = [
  number,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  number,
  string | null,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string,
];

function packRows(rows: readonly NormalizedRow[]): string {
  const packed: StoredRow[] = rows.map((row) => [
    row.line,
    row.day,
    row.campaign,
    row.adGroup,
    row.keyword,
    row.matchType,
    row.negative ? 1 : 0,
    row.searchTerm,
    row.status,
    row.metrics.impressions,
    row.metrics.clicks,
    row.metrics.costCents,
    row.metrics.conversions,
    row.metrics.conversionValueCents,
    extrasOf(row),
  ]);
  return JSON.stringify({ columns: STORED_COLUMNS, rows: packed });
}

function unpackRows(data: string): StoredRow[] {
  const parsed = JSON.parse(data) as { columns?: unknown; rows?: unknown };
  if (JSON.stringify(parsed.columns) !== JSON.stringify(STORED_COLUMNS) || !Array.isArray(parsed.rows))
    throw new Error("a pending import in an unknown layout");
  return parsed.rows as StoredRow[];
}

function extrasOf(row: NormalizedRow): string {
  const extras: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row.extras)) if (value !== null) extras[key] = value;
  if (row.ad) {
    const ad: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row.ad)) if (value !== null && !(Array.isArray(value) && value.length === 0)) ad[key] = value;
    extras.ad = ad;
  }
  return JSON.stringify(extras);
}

export interface StoreOutcome {
  outcome: "stored" | "unchanged";
  /** The stored import (the earlier one when the same file was already imported). */
  importId: string;
  rows: number;
  replaced: string[];
}

/**
 * Stores a pending import (optionally into another of the owner's client accounts, for a file in a
 * new currency). One unit of work: the rows, the replaced imports' rows and statuses, the client
 * account's currency and the audit row.
 */
export async function storeImport(
  db: Db,
  ownerId: string,
  importId: string,
  options: { clientAccountId?: string } = {},
): Promise<StoreOutcome> {
  const file = await db.selectFrom("adImportFiles").select("data").where("importId", "=", importId).executeTakeFirst();
  const pending = await importRow(db, ownerId, importId);
  if (pending.status !== "pending" || !file) throw new ImportNotPendingError(pending.status);
  const stored = unpackRows(file.data);
  return unitOfWork(db, async (tx) => {
    const row = await importRow(tx, ownerId, importId);
    if (row.status !== "pending") throw new ImportNotPendingError(row.status);
    const target = await getClientAccount(tx, ownerId, options.clientAccountId ?? row.clientAccountId);
    if (target.currency && row.currency && target.currency !== row.currency) throw new CurrencyMismatchError(target.currency, row.currency);
    const at = now();
    const duplicate = await tx
      .selectFrom("adImports")
      .select(["id", "rowCount"])
      .where("clientAccountId", "=", target.id)
      .where("contentHash", "=", row.contentHash)
      .where("status", "=", "imported")
      .executeTakeFirst();
    if (duplicate) {
      await tx.updateTable("adImports").set({ status: "discarded", clientAccountId: target.id }).where("id", "=", importId).execute();
      await tx.deleteFrom("adImportFiles").where("importId", "=", importId).execute();
      return { outcome: "unchanged", importId: duplicate.id, rows: duplicate.rowCount, replaced: [] };
    }
    const moved = { ...row, clientAccountId: target.id };
    const replacedImports = await overlapping(tx, moved);
    const replacedIds = replacedImports.map((item) => item.id);
    if (replacedIds.length) {
      let remove = tx.deleteFrom("adRows").where("importId", "in", replacedIds);
      if (row.granularity === "day" && row.periodStart && row.periodEnd)
        remove = remove.where("day", ">=", row.periodStart).where("day", "<=", row.periodEnd);
      await remove.execute();
    }
    const values = stored.map(
      ([
        line,
        day,
        campaign,
        adGroup,
        keyword,
        matchType,
        negative,
        searchTerm,
        status,
        impressions,
        clicks,
        costCents,
        conversions,
        conversionValueCents,
        extras,
      ]) => ({
        importId,
        clientAccountId: target.id,
        platform: row.platform,
        kind: row.kind,
        line,
        day,
        campaign,
        adGroup,
        keyword,
        matchType,
        negative,
        searchTerm,
        status,
        impressions,
        clicks,
        costCents,
        conversions,
        conversionValueCents,
        extras,
      }),
    );
    for (let i = 0; i < values.length; i += INSERT_CHUNK)
      await tx
        .insertInto("adRows")
        .values(values.slice(i, i + INSERT_CHUNK))
        .execute();
    // An older import left without rows is replaced; one still holding other days stays imported.
    const replaced: string[] = [];
    for (const id of replacedIds) {
      const left = await tx.selectFrom("adRows").select("importId").where("importId", "=", id).limit(1).executeTakeFirst();
      if (left) continue;
      await tx.updateTable("adImports").set({ status: "replaced", replacedBy: importId }).where("id", "=", id).execute();
      replaced.push(id);
    }
    await tx
      .updateTable("adImports")
      .set({ status: "imported", importedAt: at, clientAccountId: target.id })
      .where("id", "=", importId)
      .execute();
    await tx.deleteFrom("adImportFiles").where("importId", "=", importId).execute();
    if (!target.currency && row.currency)
      await tx.updateTable("adClientAccounts").set({ currency: row.currency, updatedAt: at }).where("id", "=", target.id).execute();
    await audit(tx, {
      actorId: ownerId,
      action: "ads.import.store",
      subject: `ad-import:${importId}`,
      details: {
        clientAccountId: target.id,
        platform: row.platform,
        kind: row.kind,
        rows: values.length,
        period: row.periodStart ? `${row.periodStart}..${row.periodEnd}` : null,
        replaced,
      },
    });
    return { outcome: "stored", importId, rows: values.length, replaced };
  });
}

/** Drops a pending import (its file is deleted). */
export async function discardImport(tx: Tx, ownerId: string, importId: string): Promise<void> {
  const row = await importRow(tx, ownerId, importId);
  if (row.status !== "pending") throw new ImportNotPendingError(row.status);
  await tx.updateTable("adImports").set({ status: "discarded" }).where("id", "=", importId).execute();
  await tx.deleteFrom("adImportFiles").where("importId", "=", importId).execute();
}

/** Removes a stored import's rows (the user imported the wrong file); the import is kept as discarded. */
export async function removeImport(tx: Tx, ownerId: string, importId: string): Promise<void> {
  const row = await importRow(tx, ownerId, importId);
  if (row.status !== "imported") throw new ImportNotPendingError(row.status);
  await tx.deleteFrom("adRows").where("importId", "=", importId).execute();
  await tx.updateTable("adImports").set({ status: "discarded" }).where("id", "=", importId).execute();
  await audit(tx, {
    actorId: ownerId,
    action: "ads.import.remove",
    subject: `ad-import:${importId}`,
    details: { clientAccountId: row.clientAccountId, rows: row.rowCount },
  });
}

/** The owner's imports (newest first), optionally of one client account; pending ones included. */
export async function listImports(
  db: DbOrTx,
  ownerId: string,
  options: { clientAccountId?: string; limit?: number } = {},
): Promise<ImportListItem[]> {
  let query = db
    .selectFrom("adImports")
    .innerJoin("adClientAccounts", "adClientAccounts.id", "adImports.clientAccountId")
    .select(LIST_COLUMNS.map((column) => `adImports.${column}` as const))
    .where("adClientAccounts.ownerId", "=", ownerId)
    .where("adImports.status", "!=", "discarded");
  if (options.clientAccountId) query = query.where("adImports.clientAccountId", "=", options.clientAccountId);
  return (await query
    .orderBy("adImports.createdAt", "desc")
    .limit(options.limit ?? 50)
    .execute()) as ImportListItem[];
}

/** Pending uploads older than a day are dropped with their files (run by the daily ads job). */
export async function purgeStalePending(db: DbOrTx, olderThan: string): Promise<number> {
  const stale = await db.selectFrom("adImports").select("id").where("status", "=", "pending").where("createdAt", "<", olderThan).execute();
  if (!stale.length) return 0;
  const ids = stale.map((row) => row.id);
  await db.deleteFrom("adImportFiles").where("importId", "in", ids).execute();
  await db.updateTable("adImports").set({ status: "discarded" }).where("id", "in", ids).execute();
  return ids.length;
}

/** How many rows a client account holds (for the empty states). */
export async function rowCount(db: DbOrTx, clientAccountId: string): Promise<number> {
  const result = await db
    .selectFrom("adRows")
    .select(sql<string | number>`count(*)`.as("n"))
    .where("clientAccountId", "=", clientAccountId)
    .executeTakeFirstOrThrow();
  return Number(result.n);
}

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
import { promisify } from "node:util";
import { gunzip as gunzipCallback, gzip as gzipCallback } from "node:zlib";
import { CompiledQuery, sql, type Insertable } from "kysely";
import { audit } from "~/audit/audit.server";
import { dialectOf, now, type Db, type DbOrTx, type Tx } from "~/db/db.server";
import type { AdImportStatus, AdRowsTable } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { getClientAccount, type ClientAccount } from "./accounts.server";
import { checkHead } from "./import/read.server";
import { reconcileSummary, STORED_COLUMNS, unpackRows, type ImportSummary, type StoredRow } from "./import/summary";
import { AdsImportError, type AdsImportErrorParams } from "./import/types";
import { parseInWorker } from "./import/worker.server";
import { NamedError } from "~/utils/named-error";

export { summarize, type ImportSummary, type SampleRow } from "./import/summary";

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** The job that reads an accepted upload (`processImport`). */
export const PROCESS_IMPORT_JOB = "ads.import-process";
/** The hourly job that drops pending, failed and stuck imports (`purgeStalePending`). */
export const PURGE_IMPORTS_JOB = "ads.imports-purge";

/**
 * Rows read at most: per file, and per member and UTC day (every file they upload that day, read
 * or refused, counts the rows read). The upload rate limit is `adsImport` in rate-limit.server.ts.
 */
export const IMPORT_LIMITS = { rowsPerFile: 200_000, rowsPerDay: 1_000_000 };
export type ImportLimits = typeof IMPORT_LIMITS;
/** Rows per stored batch of a pending import (gzip'd packed rows). */
const BATCH_ROWS = 5_000;
/** Pending, failed and stuck imports are dropped after this long (the purge runs every 10 minutes: all are gone within the hour). */
export const PENDING_TTL_MS = 50 * 60_000;

/** Rows per INSERT on SQLite (well under its bound-parameter limit). */
const INSERT_CHUNK = 500;
/** Rows per INSERT on PostgreSQL (19 array parameters, whatever the count). */
const PG_INSERT_CHUNK = 10_000;

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

export class ImportNotFoundError extends NamedError {
  constructor() {
    super("import not found");
  }
}

/** The file is in another currency than the client account's (never mixed). */
export class CurrencyMismatchError extends NamedError {
  constructor(
    readonly accountCurrency: string,
    readonly fileCurrency: string,
  ) {
    super(`the client account is in ${accountCurrency}, the file in ${fileCurrency}`);
  }
}

/** Only a pending import can be stored or discarded. */
export class ImportNotPendingError extends NamedError {
  constructor(readonly status: AdImportStatus) {
    super(`the import is ${status}`);
  }
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const dayStart = (at: Date) => `${at.toISOString().slice(0, 10)}T00:00:00.000Z`;

/** Rows the member's imports of the UTC day have read (processing, refused and stored ones alike). */
export async function rowsReadToday(db: DbOrTx, ownerId: string, at = new Date(), except?: string): Promise<number> {
  let query = db
    .selectFrom("adImports")
    .select(sql<string | number | null>`sum(progress_rows)`.as("n"))
    .where("userId", "=", ownerId)
    .where("createdAt", ">=", dayStart(at));
  if (except) query = query.where("id", "!=", except);
  return Number((await query.executeTakeFirstOrThrow()).n ?? 0);
}

/**
 * Accepts an upload (the request's part): checks the client account, the file's head (`checkHead`:
 * a file that is not a supported export throws `AdsImportError`, nothing stored) and what is left
 * of the member's daily row budget (`ads.import.dailyBudget`), then keeps the file gzip'd as a
 * `processing` import (one unit of work). The caller queues `PROCESS_IMPORT_JOB`.
 */
export async function acceptUpload(
  db: Db,
  input: { ownerId: string; clientAccountId: string; filename: string; bytes: Uint8Array },
  limits: ImportLimits = IMPORT_LIMITS,
): Promise<string> {
  await getClientAccount(db, input.ownerId, input.clientAccountId);
  const head = await checkHead(input.bytes);
  if ((await rowsReadToday(db, input.ownerId)) >= limits.rowsPerDay)
    throw new AdsImportError("ads.import.dailyBudget", { max: limits.rowsPerDay });
  // The fastest level (as the row batches): the upload is kept only until it is read (13 MB: 110 ms, not 400).
  const packed = await gzip(input.bytes, { level: 1 });
  const id = randomUUID();
  await unitOfWork(db, async (tx) => {
    await tx
      .insertInto("adImports")
      .values({
        id,
        clientAccountId: input.clientAccountId,
        userId: input.ownerId,
        status: "processing",
        filename: input.filename.slice(0, 255) || "export.csv",
        byteSize: input.bytes.byteLength,
        contentHash: sha256(input.bytes),
        platform: head.platform,
        kind: head.kind,
        language: head.language,
        granularity: head.granularity,
        currency: head.currency,
        periodStart: null,
        periodEnd: null,
        title: head.title,
        rowCount: 0,
        summary: "null",
        createdAt: now(),
        importedAt: null,
        replacedBy: null,
      })
      .execute();
    await tx.insertInto("adImportParts").values({ importId: id, kind: "upload", part: 0, data: packed }).execute();
  });
  return id;
}

export interface ProcessOutcome {
  status: "pending" | "failed" | "skipped";
  /** The worker thread that read the file (never the server's own thread). */
  threadId?: number;
  error?: AdsImportError;
}

/**
 * Reads a `processing` import (the job's handler; idempotent: any other status is skipped, a
 * restarted run starts over). The file is parsed in a worker thread; its progress is written to
 * the import and its rows stored in batches as they come, between awaits. Ends `pending` with the
 * preview, or `failed` with the parser's problem (a row limit passed included) and no rows kept.
 */
export async function processImport(db: Db, importId: string, options: { limits?: ImportLimits; at?: Date } = {}): Promise<ProcessOutcome> {
  const limits = options.limits ?? IMPORT_LIMITS;
  const row = await db.selectFrom("adImports").selectAll().where("id", "=", importId).executeTakeFirst();
  if (!row || row.status !== "processing") return { status: "skipped" };
  const upload = await db
    .selectFrom("adImportParts")
    .select("data")
    .where("importId", "=", importId)
    .where("kind", "=", "upload")
    .executeTakeFirst();
  if (!upload) return fail(db, importId, new AdsImportError("ads.import.interrupted"));
  await db.deleteFrom("adImportParts").where("importId", "=", importId).where("kind", "=", "rows").execute();
  await db.updateTable("adImports").set({ progressRows: 0, progressBytes: 0 }).where("id", "=", importId).execute();
  const left = limits.rowsPerDay - (await rowsReadToday(db, row.userId ?? "", options.at ?? new Date(row.createdAt), importId));
  const byDay = left < limits.rowsPerFile;
  const bytes = await gunzip(Buffer.from(upload.data));
  try {
    const { summary, threadId } = await parseInWorker(
      bytes,
      {
        maxRows: Math.max(0, byDay ? left : limits.rowsPerFile),
        limitCode: byDay ? "ads.import.dailyBudget" : "ads.import.tooManyRows",
        batchRows: BATCH_ROWS,
      },
      {
        onProgress: async (rows, read) => {
          await db.updateTable("adImports").set({ progressRows: rows, progressBytes: read }).where("id", "=", importId).execute();
        },
        onBatch: async (part, _rows, data) => {
          await db.insertInto("adImportParts").values({ importId, kind: "rows", part, data }).execute();
        },
      },
    );
    await unitOfWork(db, async (tx) => {
      await tx
        .updateTable("adImports")
        .set({
          status: "pending",
          platform: summary.platform,
          kind: summary.kind,
          language: summary.language,
          granularity: summary.granularity,
          currency: summary.currency,
          periodStart: summary.period?.start ?? null,
          periodEnd: summary.period?.end ?? null,
          title: summary.title,
          breakdown: summary.breakdown?.length ? summary.breakdown.join(",") : null,
          rowCount: summary.rows,
          summary: JSON.stringify(summary),
          progressRows: summary.rows,
          progressBytes: row.byteSize,
        })
        .where("id", "=", importId)
        .where("status", "=", "processing")
        .execute();
      await tx.deleteFrom("adImportParts").where("importId", "=", importId).where("kind", "=", "upload").execute();
    });
    return { status: "pending", threadId };
  } catch (error) {
    if (!(error instanceof AdsImportError)) throw error;
    return fail(db, importId, error);
  }
}

async function fail(db: Db, importId: string, error: AdsImportError): Promise<ProcessOutcome> {
  await unitOfWork(db, async (tx) => {
    await tx
      .updateTable("adImports")
      // A row limit passed: the rows read up to it count against the day's budget.
      .set({
        status: "failed",
        error: JSON.stringify({ code: error.code, ...error.params }),
        ...(error.params.max ? { progressRows: error.params.max } : {}),
      })
      .where("id", "=", importId)
      .where("status", "=", "processing")
      .execute();
    await tx.deleteFrom("adImportParts").where("importId", "=", importId).execute();
  });
  return { status: "failed", error };
}

/**
 * Accepts and reads an upload in one go (scripts, seeds and domain tests; the upload route goes
 * through the job). Throws `AdsImportError` (nothing kept) when the file is not a supported export.
 */
export async function stageImport(
  db: Db,
  input: { ownerId: string; clientAccountId: string; filename: string; bytes: Uint8Array },
  limits: ImportLimits = IMPORT_LIMITS,
): Promise<string> {
  const id = await acceptUpload(db, input, limits);
  const outcome = await processImport(db, id, { limits });
  if (outcome.status === "failed") {
    await db.deleteFrom("adImports").where("id", "=", id).execute();
    throw outcome.error!;
  }
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
  /** While `processing`: rows and bytes read so far (of `byteSize`). */
  progress: { rows: number; bytes: number };
  /** A `failed` import's problem (as the upload form shows it). */
  problem: ({ code: string } & AdsImportErrorParams) | null;
  filename: string;
  byteSize: number;
  createdAt: string;
  importedAt: string | null;
  clientAccount: ClientAccount;
  summary: ImportSummary | null;
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
  // Null until the job has read the file; a preview kept before the totals check gets it worked out.
  const summary = JSON.parse(row.summary) as ImportSummary | null;
  if (summary) summary.reconciliation = reconcileSummary(summary);
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
    progress: { rows: row.progressRows, bytes: row.progressBytes },
    problem: row.error ? (JSON.parse(row.error) as ImportPreview["problem"]) : null,
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
  const pending = await importRow(db, ownerId, importId);
  if (pending.status !== "pending") throw new ImportNotPendingError(pending.status);
  const stored = await pendingRows(db, importId);
  if (!stored) throw new ImportNotPendingError(pending.status);
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
      await dropData(tx, importId);
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
    await insertAdRows(tx, { importId, clientAccountId: target.id, platform: row.platform, kind: row.kind }, stored);
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
    await dropData(tx, importId);
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
        rows: stored.length,
        period: row.periodStart ? `${row.periodStart}..${row.periodEnd}` : null,
        replaced,
      },
    });
    return { outcome: "stored", importId, rows: stored.length, replaced };
  });
}

type AdRowValues = Insertable<AdRowsTable>;
/** What every row of one import shares: the columns before a stored row's own. */
type RowsOf = Pick<AdRowValues, "importId" | "clientAccountId" | "platform" | "kind">;

/** The columns of `ad_rows` with their PostgreSQL types, in the order `insertAdRows` sends them: `RowsOf`, then a stored row's. */
const AD_ROW_COLUMNS = [
  ["importId", "import_id", "text"],
  ["clientAccountId", "client_account_id", "text"],
  ["platform", "platform", "text"],
  ["kind", "kind", "text"],
  ["line", "line", "integer"],
  ["day", "day", "text"],
  ["campaign", "campaign", "text"],
  ["adGroup", "ad_group", "text"],
  ["keyword", "keyword", "text"],
  ["matchType", "match_type", "text"],
  ["negative", "negative", "integer"],
  ["searchTerm", "search_term", "text"],
  ["status", "status", "text"],
  ["impressions", "impressions", "integer"],
  ["clicks", "clicks", "integer"],
  ["costCents", "cost_cents", "integer"],
  ["conversions", "conversions", "double precision"],
  ["conversionValueCents", "conversion_value_cents", "integer"],
  ["extras", "extras", "text"],
] as const satisfies ReadonlyArray<readonly [keyof AdRowValues, string, string]>;
const SHARED_COLUMNS = 4;
if (AD_ROW_COLUMNS.slice(SHARED_COLUMNS).some(([key], i) => key !== STORED_COLUMNS[i]))
  throw new Error("AD_ROW_COLUMNS must end with STORED_COLUMNS, in their order");

/**
 * Inserts an import's rows, each one's values sent as they are stored (no object per row). On
 * PostgreSQL one statement per PG_INSERT_CHUNK rows, each column sent as one array and unnested (a
 * few parameters instead of one per value: several times faster than rows of VALUES, which
 * PostgreSQL also caps at 65,535 parameters); on SQLite rows of VALUES, INSERT_CHUNK rows a
 * statement whose text is the same every time (prepared once).
 */
async function insertAdRows(tx: Tx, shared: RowsOf, rows: StoredRow[]): Promise<void> {
  const first = [shared.importId, shared.clientAccountId, shared.platform, shared.kind];
  if (dialectOf(tx) !== "postgres") {
    const tuple = `(${AD_ROW_COLUMNS.map(() => "?").join(", ")})`;
    const head = `insert into ad_rows (${AD_ROW_COLUMNS.map(([, column]) => `"${column}"`).join(", ")}) values `;
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK);
      const parameters: unknown[] = [];
      for (const row of chunk) parameters.push(...first, ...row);
      await tx.executeQuery(CompiledQuery.raw(head + new Array(chunk.length).fill(tuple).join(", "), parameters));
    }
    return;
  }
  const names = sql.join(AD_ROW_COLUMNS.map(([, column]) => sql.id(column)));
  for (let i = 0; i < rows.length; i += PG_INSERT_CHUNK) {
    const chunk = rows.slice(i, i + PG_INSERT_CHUNK);
    const arrays = AD_ROW_COLUMNS.map(([, , type], column) => {
      const values =
        column < SHARED_COLUMNS ? new Array(chunk.length).fill(first[column]) : chunk.map((row) => row[column - SHARED_COLUMNS]);
      return sql`${values}::${sql.raw(type)}[]`;
    });
    await sql`insert into ad_rows (${names}) select * from unnest(${sql.join(arrays)})`.execute(tx);
  }
}

/** A pending import's rows: its gzip'd batches in order (or the one JSON text of an older import). */
async function pendingRows(db: DbOrTx, importId: string): Promise<StoredRow[] | null> {
  const parts = await db
    .selectFrom("adImportParts")
    .select("data")
    .where("importId", "=", importId)
    .where("kind", "=", "rows")
    .orderBy("part")
    .execute();
  if (parts.length) {
    const rows: StoredRow[] = [];
    for (const part of parts) for (const packed of unpackRows((await gunzip(Buffer.from(part.data))).toString("utf8"))) rows.push(packed);
    return rows;
  }
  const file = await db.selectFrom("adImportFiles").select("data").where("importId", "=", importId).executeTakeFirst();
  if (file) return unpackRows(file.data);
  const row = await db.selectFrom("adImports").select("rowCount").where("id", "=", importId).executeTakeFirst();
  // A file without rows (a header only) has nothing to keep.
  return row?.rowCount === 0 ? [] : null;
}

/** Deletes what an import keeps while it is processed or previewed. */
async function dropData(db: DbOrTx, importId: string | string[]): Promise<void> {
  const ids = Array.isArray(importId) ? importId : [importId];
  await db.deleteFrom("adImportParts").where("importId", "in", ids).execute();
  await db.deleteFrom("adImportFiles").where("importId", "in", ids).execute();
}

/** Drops a pending (or failed) import; what it kept is deleted. */
export async function discardImport(tx: Tx, ownerId: string, importId: string): Promise<void> {
  const row = await importRow(tx, ownerId, importId);
  if (row.status !== "pending" && row.status !== "failed") throw new ImportNotPendingError(row.status);
  await tx.updateTable("adImports").set({ status: "discarded" }).where("id", "=", importId).execute();
  await dropData(tx, importId);
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

/**
 * Imports nobody stored are dropped with what they kept (run hourly by `PURGE_IMPORTS_JOB` with
 * `PENDING_TTL_MS`): pending and failed ones, and processing ones whose job never finished.
 */
export async function purgeStalePending(db: DbOrTx, olderThan: string): Promise<number> {
  const stale = await db
    .selectFrom("adImports")
    .select("id")
    .where("status", "in", ["pending", "failed", "processing"])
    .where("createdAt", "<", olderThan)
    .execute();
  if (!stale.length) return 0;
  const ids = stale.map((row) => row.id);
  await dropData(db, ids);
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

/** Whether the client account has a stored import (any kind; the tips page's empty state). */
export async function hasStoredImport(db: DbOrTx, clientAccountId: string): Promise<boolean> {
  const found = await db
    .selectFrom("adImports")
    .select("id")
    .where("clientAccountId", "=", clientAccountId)
    .where("status", "=", "imported")
    .limit(1)
    .executeTakeFirst();
  return Boolean(found);
}

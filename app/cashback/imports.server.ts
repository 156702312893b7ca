/**
 * Network report imports: owns `report_imports`. Most networks do not sign postbacks, and their
 * corrections arrive in transaction reports (Awin, Impact and CJ CSV layouts, parsed by
 * `reports.ts`). An upload is kept with a preview: every row run through the one ingestion in a
 * unit of work that is then rolled back, so the preview says exactly what applying would do at
 * that moment (created, confirmed, declined, reversed, amended, unchanged, unmatched) and changes
 * nothing. Applying runs each row in its own unit of work (a replayed file changes nothing more)
 * and happens once per upload; the admin back office and `npm run cashback:import` share it.
 */
import { randomUUID } from "node:crypto";
import { audit } from "~/audit/audit.server";
import { now, type Db, type DbOrTx } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { ingestConversion, type IngestOutcome } from "./conversions.server";
import { parseReport, type ReportNetwork, type ReportRow, type RowError } from "./reports";

/** The largest report accepted, in bytes (a month of a busy store is far less). */
export const MAX_REPORT_BYTES = 5 * 1024 * 1024;
const SAMPLE_ROWS = 200;

export type RowOutcome = IngestOutcome | "unsupported_currency";

export interface ImportPreview {
  network: ReportNetwork;
  rows: number;
  errors: RowError[];
  outcomes: Partial<Record<RowOutcome, number>>;
  /** The first rows with what each would do. */
  sample: Array<{
    line: number;
    transactionId: string;
    clickId: string | null;
    commissionCents: number;
    saleAmountCents: number;
    status: string;
    outcome: RowOutcome;
  }>;
}

class Rollback extends Error {
  constructor(readonly preview: ImportPreview) {
    super("preview rolled back");
  }
}

function toEvent(network: ReportNetwork, row: ReportRow) {
  return {
    network,
    transactionId: row.transactionId,
    partId: row.partId,
    clickId: row.clickId,
    saleAmountCents: row.saleAmountCents,
    commissionCents: row.commissionCents,
    currency: row.currency,
    status: row.status,
    occurredAt: row.occurredAt,
    source: "report" as const,
    raw: row.raw,
  };
}

/** What applying would do now: each row through the ingestion in one unit of work, rolled back. */
export async function previewReport(db: Db, network: ReportNetwork, input: string | Uint8Array): Promise<ImportPreview> {
  const parsed = parseReport(network, input);
  const preview: ImportPreview = { network, rows: parsed.rows.length, errors: parsed.errors, outcomes: {}, sample: [] };
  try {
    await unitOfWork(db, async (tx) => {
      for (const row of parsed.rows) {
        const outcome: RowOutcome =
          row.currency !== "USD" ? "unsupported_currency" : (await ingestConversion(tx, toEvent(network, row))).outcome;
        preview.outcomes[outcome] = (preview.outcomes[outcome] ?? 0) + 1;
        if (preview.sample.length < SAMPLE_ROWS) {
          preview.sample.push({
            line: row.line,
            transactionId: row.transactionId,
            clickId: row.clickId,
            commissionCents: row.commissionCents,
            saleAmountCents: row.saleAmountCents,
            status: row.statusWord,
            outcome,
          });
        }
      }
      throw new Rollback(preview);
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return preview;
}

/** Applies a parsed report row by row; returns how many rows had each outcome. */
export async function applyReport(
  db: Db,
  network: ReportNetwork,
  input: string | Uint8Array,
): Promise<Partial<Record<RowOutcome, number>>> {
  const parsed = parseReport(network, input);
  const counts: Partial<Record<RowOutcome, number>> = {};
  for (const row of parsed.rows) {
    const outcome: RowOutcome =
      row.currency !== "USD" ? "unsupported_currency" : (await unitOfWork(db, (tx) => ingestConversion(tx, toEvent(network, row)))).outcome;
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

/** Keeps an admin's upload with its preview; the ReportFormatError of a file that is no report propagates. */
export async function createImport(
  db: Db,
  input: { adminId: string; network: ReportNetwork; filename: string; bytes: Uint8Array; clientAddress?: string | null },
): Promise<string> {
  const preview = await previewReport(db, input.network, input.bytes);
  const id = randomUUID();
  await unitOfWork(db, async (tx) => {
    await tx
      .insertInto("reportImports")
      .values({
        id,
        adminId: input.adminId,
        network: input.network,
        filename: input.filename.replace(/[^\p{L}\p{N}._ -]/gu, "_").slice(0, 120) || "report.csv",
        content: Buffer.from(input.bytes).toString("base64"),
        status: "previewed",
        preview: JSON.stringify(preview),
        result: null,
        createdAt: now(),
        appliedAt: null,
      })
      .execute();
    await audit(tx, {
      actorId: input.adminId,
      action: "report.uploaded",
      subject: `import:${id}`,
      details: { network: input.network, rows: preview.rows, errors: preview.errors.length },
      clientAddress: input.clientAddress,
    });
  });
  return id;
}

export interface ImportView {
  id: string;
  network: ReportNetwork;
  filename: string;
  status: "previewed" | "applying" | "applied";
  preview: ImportPreview;
  result: Partial<Record<RowOutcome, number>> | null;
  createdAt: string;
  appliedAt: string | null;
}

export async function getImport(db: DbOrTx, id: string): Promise<ImportView | null> {
  const row = await db
    .selectFrom("reportImports")
    .select(["id", "network", "filename", "status", "preview", "result", "createdAt", "appliedAt"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    network: row.network as ReportNetwork,
    preview: JSON.parse(row.preview) as ImportPreview,
    result: row.result ? (JSON.parse(row.result) as ImportView["result"]) : null,
  };
}

export async function recentImports(db: DbOrTx, limit = 10) {
  return db
    .selectFrom("reportImports")
    .select(["id", "network", "filename", "status", "createdAt", "appliedAt"])
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
}

/** An import left "applying" this long (a crash) may be applied again: ingestion is idempotent. */
const STUCK_MS = 10 * 60_000;

/**
 * Applies an upload once: it is claimed (previewed → applying) so a double click or a second admin
 * applies nothing more, then every row runs in its own unit of work.
 */
export async function applyImport(
  db: Db,
  input: { importId: string; adminId: string; clientAddress?: string | null },
): Promise<{ ok: true; result: Partial<Record<RowOutcome, number>> } | { ok: false; error: "notFound" | "alreadyApplied" }> {
  const claimed = await unitOfWork(db, async (tx) => {
    const row = await tx
      .selectFrom("reportImports")
      .select(["id", "network", "content", "status", "appliedAt"])
      .where("id", "=", input.importId)
      .executeTakeFirst();
    if (!row) return "notFound" as const;
    const stuck = row.status === "applying" && row.appliedAt !== null && Date.parse(row.appliedAt) < Date.now() - STUCK_MS;
    if (row.status !== "previewed" && !stuck) return "alreadyApplied" as const;
    const updated = await tx
      .updateTable("reportImports")
      .set({ status: "applying", appliedAt: now() })
      .where("id", "=", row.id)
      .where("status", "=", row.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return "alreadyApplied" as const;
    return row;
  });
  if (claimed === "notFound" || claimed === "alreadyApplied") return { ok: false, error: claimed };
  const result = await applyReport(db, claimed.network as ReportNetwork, Buffer.from(claimed.content, "base64"));
  await unitOfWork(db, async (tx) => {
    await tx
      .updateTable("reportImports")
      .set({ status: "applied", result: JSON.stringify(result), appliedAt: now() })
      .where("id", "=", claimed.id)
      .execute();
    await audit(tx, {
      actorId: input.adminId,
      action: "report.applied",
      subject: `import:${claimed.id}`,
      before: { status: "previewed" },
      after: { status: "applied" },
      details: { network: claimed.network, result },
      clientAddress: input.clientAddress,
    });
  });
  return { ok: true, result };
}

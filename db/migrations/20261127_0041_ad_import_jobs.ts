import { PostgresAdapter, sql, type Kysely } from "kysely";
import { replaceCheckValues } from "../check-constraint";
import { notNull } from "../columns";

// Ad imports read by a background job (issue #25): an accepted upload is `processing` (its bytes kept
// gzip'd until the job has read them) and ends `pending` (previewed) or `failed` (with the parser's
// problem, `error`, JSON); the job's progress is on the import (`progress_rows`, `progress_bytes`).
// A pending import's rows are kept as gzip'd batches of packed rows (`ad_import_parts`), not as one
// JSON text; `ad_import_files` is only read for pending imports made before this migration.
const STATUSES = ["pending", "imported", "replaced", "discarded"];
const WITH_JOBS = [...STATUSES, "processing", "failed"];
const CHECK = { table: "ad_imports", column: "status", constraint: "ad_imports_status_check" };

export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob";
  await db.schema
    .alterTable("ad_imports")
    .addColumn("progress_rows", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("ad_imports")
    .addColumn("progress_bytes", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("ad_imports").addColumn("error", "text").execute();
  await replaceCheckValues(db, { ...CHECK, from: STATUSES, to: WITH_JOBS });
  // The daily row budget sums a member's imports of the day.
  await db.schema.createIndex("ad_imports_user_day").on("ad_imports").columns(["user_id", "created_at"]).execute();
  await db.schema
    .createTable("ad_import_parts")
    .addColumn("import_id", "text", (col) => col.notNull().references("ad_imports.id").onDelete("cascade"))
    // `upload`: the file as uploaded (part 0); `rows`: one batch of packed rows per part, in order.
    .addColumn("kind", "text", notNull)
    .addColumn("part", "integer", notNull)
    .addColumn("data", binary, notNull)
    .addPrimaryKeyConstraint("ad_import_parts_pk", ["import_id", "kind", "part"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ad_import_parts").execute();
  await sql`update ad_imports set status = 'discarded' where status in ('processing', 'failed')`.execute(db);
  await replaceCheckValues(db, { ...CHECK, from: WITH_JOBS, to: STATUSES });
  await db.schema.dropIndex("ad_imports_user_day").execute();
  await db.schema.alterTable("ad_imports").dropColumn("error").execute();
  await db.schema.alterTable("ad_imports").dropColumn("progress_bytes").execute();
  await db.schema.alterTable("ad_imports").dropColumn("progress_rows").execute();
}

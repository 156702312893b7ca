import { type Kysely } from "kysely";

// The ledger check, run by the job runner (hourly, or when an admin asks): each run's counts and
// problems are kept so the back office can show the last result and when it ran.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("reconciliation_runs")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("trigger", "text", (col) => col.notNull())
    .addColumn("requested_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("accounts", "integer", (col) => col.notNull())
    .addColumn("entries", "integer", (col) => col.notNull())
    .addColumn("postings", "integer", (col) => col.notNull())
    .addColumn("problems", "text", (col) => col.notNull())
    .addColumn("ok", "integer", (col) => col.notNull())
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("reconciliation_runs_finished").on("reconciliation_runs").column("finished_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reconciliation_runs").execute();
}

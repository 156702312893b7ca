import { type Kysely } from "kysely";
import { entityTable, notNull } from "../columns";

// The ledger check, run by the job runner (hourly, or when an admin asks): each run's counts and
// problems are kept so the back office can show the last result and when it ran.
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "reconciliation_runs")
    .addColumn("trigger", "text", notNull)
    .addColumn("requested_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("accounts", "integer", notNull)
    .addColumn("entries", "integer", notNull)
    .addColumn("postings", "integer", notNull)
    .addColumn("problems", "text", notNull)
    .addColumn("ok", "integer", notNull)
    .addColumn("started_at", "text", notNull)
    .addColumn("finished_at", "text", notNull)
    .execute();
  await db.schema.createIndex("reconciliation_runs_finished").on("reconciliation_runs").column("finished_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reconciliation_runs").execute();
}

import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull } from "../columns";

// The campaign auditor's snapshots: one row per audit run on a client account, with the imports it
// ran on, the period its data covers, the overall score and grade, and every check's result (JSON),
// kept for comparison with the next audit.
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "ad_audits")
    .addColumn("client_account_id", "text", (col) => col.notNull().references("ad_client_accounts.id").onDelete("cascade"))
    // Who ran it (null once that user is deleted).
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .$call(createdAt)
    // JSON array of ad_imports ids (a snapshot: later imports do not change the audit).
    .addColumn("import_ids", "text", notNull)
    // `YYYY-MM-DD..YYYY-MM-DD` the metrics cover; null when only settings (Editor) were audited.
    .addColumn("period", "text")
    .addColumn("score", "double precision", notNull)
    .addColumn("grade", "text", (col) => col.notNull().check(sql`grade in ('A', 'B', 'C')`))
    // JSON array of CheckResult (app/ads/audit/types.ts).
    .addColumn("checks", "text", notNull)
    .execute();
  await db.schema.createIndex("ad_audits_client_created").on("ad_audits").columns(["client_account_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ad_audits").execute();
}

import type { Kysely } from "kysely";

// Two-factor recovery codes: ten single-use codes per account, shown once when two-factor
// authentication is turned on (or the codes are regenerated) and kept only as SHA-256 hashes. A
// code is spent by setting `used_at` (a conditional update: spent once, even under concurrency).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("recovery_codes_user_hash").on("recovery_codes").columns(["user_id", "code_hash"]).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("recovery_codes").execute();
}

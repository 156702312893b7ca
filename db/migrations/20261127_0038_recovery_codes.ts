import type { Kysely } from "kysely";
import { createdAt, entityTable, notNull, userColumn } from "../columns";

// Two-factor recovery codes: ten single-use codes per account, shown once when two-factor
// authentication is turned on (or the codes are regenerated) and kept only as SHA-256 hashes. A
// code is spent by setting `used_at` (a conditional update: spent once, even under concurrency).
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "recovery_codes")
    .$call(userColumn)
    .addColumn("code_hash", "text", notNull)
    .addColumn("used_at", "text")
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("recovery_codes_user_hash").on("recovery_codes").columns(["user_id", "code_hash"]).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("recovery_codes").execute();
}

import type { Kysely } from "kysely";

// The dashboard's figures read one user's transactions by type and status, and by month.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("transactions_user_type_status")
    .on("transactions")
    .columns(["user_id", "type", "status", "merchant", "amount_cents"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("transactions_user_type_status").execute();
}

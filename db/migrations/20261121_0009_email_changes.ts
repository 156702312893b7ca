import type { Kysely } from "kysely";

// A change of e-mail address waits here until the code sent to the new address is entered.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("email_changes")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("new_email", "text", (col) => col.notNull())
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("consumed_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("email_changes_user").on("email_changes").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("email_changes").execute();
}

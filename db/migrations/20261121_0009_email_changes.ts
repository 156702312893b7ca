import type { Kysely } from "kysely";
import { createdAt, entityTable, notNull, userColumn } from "../columns";

// A change of e-mail address waits here until the code sent to the new address is entered.
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "email_changes")
    .$call(userColumn)
    .addColumn("new_email", "text", notNull)
    .addColumn("code_hash", "text", notNull)
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expires_at", "text", notNull)
    .addColumn("consumed_at", "text")
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("email_changes_user").on("email_changes").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("email_changes").execute();
}

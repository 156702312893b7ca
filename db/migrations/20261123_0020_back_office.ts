import { type Kysely } from "kysely";
import { createdAt, entityTable, notNull, userColumn } from "../columns";

// The back office, part one: the audit log keeps what a change was before and after and the
// client address it came from (and is searched by time, action and actor); accounts can be
// suspended (sign-in and withdrawals blocked, with the reason shown to the user); admins keep
// notes on an account.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("before", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("after", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("client_address", "text").execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "created_at"]).execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor_id", "created_at"]).execute();

  await db.schema.alterTable("users").addColumn("suspended_at", "text").execute();
  await db.schema.alterTable("users").addColumn("suspended_reason", "text").execute();

  await entityTable(db, "admin_notes")
    .$call(userColumn)
    .addColumn("author_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("body", "text", notNull)
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("admin_notes_user").on("admin_notes").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("admin_notes").execute();
  await db.schema.alterTable("users").dropColumn("suspended_reason").execute();
  await db.schema.alterTable("users").dropColumn("suspended_at").execute();
  for (const index of ["audit_log_actor", "audit_log_action", "audit_log_created"]) await db.schema.dropIndex(index).execute();
  for (const column of ["client_address", "after", "before"]) await db.schema.alterTable("audit_log").dropColumn(column).execute();
}

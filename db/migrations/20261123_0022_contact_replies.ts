import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull } from "../columns";

// The messages desk: a contact message has a status (new → read when an admin opens it → replied
// → done, and a done one can be reopened) with the time of each step, and the replies admins
// send (who, when, what, in which language) are kept beside it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("contact_messages")
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("new")
        .check(sql`status in ('new', 'read', 'replied', 'done')`),
    )
    .execute();
  await db.schema.alterTable("contact_messages").addColumn("read_at", "text").execute();
  await db.schema.alterTable("contact_messages").addColumn("replied_at", "text").execute();
  await db.schema.alterTable("contact_messages").addColumn("done_at", "text").execute();
  await db.schema.createIndex("contact_messages_status").on("contact_messages").columns(["status", "created_at"]).execute();

  await entityTable(db, "contact_replies")
    .addColumn("message_id", "text", (col) => col.notNull().references("contact_messages.id").onDelete("cascade"))
    .addColumn("author_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("body", "text", notNull)
    // The language the reply e-mail was written in (the sender's).
    .addColumn("locale", "text", notNull)
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("contact_replies_message").on("contact_replies").columns(["message_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_replies").execute();
  await db.schema.dropIndex("contact_messages_status").execute();
  for (const column of ["done_at", "replied_at", "read_at", "status"])
    await db.schema.alterTable("contact_messages").dropColumn(column).execute();
}

import { type Kysely } from "kysely";
import { createdAt, entityTable, notNull, userColumn } from "../columns";

// The assistant's conversations: one row per message, the user's question or the assistant's
// answer, kept per user until the user deletes the conversation. An answer keeps the pages it came
// from (JSON: title and link) and how it was made (`rules`: composed from templates; `llm`: phrased
// by the configured chat endpoint).
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "assistant_messages")
    .$call(userColumn)
    // question | answer
    .addColumn("role", "text", notNull)
    .addColumn("content", "text", notNull)
    .addColumn("sources", "text", (col) => col.notNull().defaultTo("[]"))
    // rules | llm (null for questions)
    .addColumn("via", "text")
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("assistant_messages_user").on("assistant_messages").columns(["user_id", "created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("assistant_messages").execute();
}

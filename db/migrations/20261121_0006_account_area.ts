import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, userColumn } from "../columns";

// The signed-in area: notifications, and the user's settings (theme, notification preferences, 2FA).
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "notifications")
    .$call(userColumn)
    .addColumn("type", "text", (col) => col.notNull().check(sql`type in ('success', 'warning', 'info')`))
    // Translation keys (namespace "notifications") and their values: shown in the reader's language.
    .addColumn("title_key", "text", notNull)
    .addColumn("message_key", "text", notNull)
    .addColumn("params", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("read_at", "text")
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("notifications_user_created").on("notifications").columns(["user_id", "created_at"]).execute();

  await db.schema
    .alterTable("users")
    .addColumn("theme", "text", (col) => col.notNull().defaultTo("light"))
    .execute();
  for (const [name, on] of [
    ["notify_email", 1],
    ["notify_push", 1],
    ["notify_sms", 0],
    ["notify_cashback", 1],
    ["notify_purchases", 1],
    ["notify_promotions", 0],
  ] as const) {
    await db.schema
      .alterTable("users")
      .addColumn(name, "integer", (col) => col.notNull().defaultTo(on))
      .execute();
  }
  await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    "totp_enabled_at",
    "totp_secret",
    "notify_promotions",
    "notify_purchases",
    "notify_cashback",
    "notify_sms",
    "notify_push",
    "notify_email",
    "theme",
  ]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
  await db.schema.dropTable("notifications").execute();
}

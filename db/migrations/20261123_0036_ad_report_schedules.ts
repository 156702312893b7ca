import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt } from "../columns";

// Scheduled monthly white-label reports. `ad_report_schedules`: at most one per client account
// (UNIQUE client_account_id): the owner, the client's addresses (a JSON array of at most five,
// checked by the form), the report's language and whether it is on. `ad_report_deliveries`: each
// month a schedule's report went out (UNIQUE schedule_id, month `YYYY-MM`), with the outbox rows
// its mails were written to. The unique key is what makes a month go out at most once: two workers
// at once both try to insert the row in the transaction that writes the mails, and the one that
// inserts nothing writes no mail.
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "ad_report_schedules")
    .addColumn("owner_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("client_account_id", "text", (col) => col.notNull().unique().references("ad_client_accounts.id").onDelete("cascade"))
    // JSON array of e-mail addresses.
    .addColumn("recipients", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("language", "text", (col) => col.notNull().check(sql.raw("language in ('en', 'nl', 'fr', 'es', 'de')")))
    .addColumn("enabled", "integer", (col) => col.notNull().defaultTo(1))
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("ad_report_schedules_owner").on("ad_report_schedules").column("owner_id").execute();

  await db.schema
    .createTable("ad_report_deliveries")
    .addColumn("schedule_id", "text", (col) => col.notNull().references("ad_report_schedules.id").onDelete("cascade"))
    // The report's month in the client account's time zone: YYYY-MM.
    .addColumn("month", "text", notNull)
    // JSON array of the outbox rows' ids (one mail per recipient).
    .addColumn("outbox_ids", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("mail_count", "integer", (col) => col.notNull().defaultTo(0))
    .$call(createdAt)
    .addPrimaryKeyConstraint("ad_report_deliveries_pk", ["schedule_id", "month"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ad_report_deliveries").execute();
  await db.schema.dropTable("ad_report_schedules").execute();
}

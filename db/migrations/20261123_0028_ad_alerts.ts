import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt } from "../columns";

// The ad suite's alerts: thresholds a user sets per client account (daily spend, cost per
// conversion, CTR drop week over week, no conversions for N days, impression share lost to
// budget), and each time one fired. An alert fires at most once per day of the client account's
// time zone (UNIQUE alert_id, day, so two evaluations at once cannot both fire) and once per
// `data_key` (the data's latest day or period with the alert's settings), so data that did not
// change does not fire again every day.
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "ad_alerts")
    .addColumn("client_account_id", "text", (col) => col.notNull().references("ad_client_accounts.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) =>
      col.notNull().check(sqlIn("kind", ["daily-spend", "cpa", "ctr-drop", "no-conversions", "lost-is-budget"])),
    )
    // Integer cents (in the client account's currency) for daily-spend, cpa and no-conversions
    // (there: the least spend that counts, 0 = any); percent points for ctr-drop and lost-is-budget.
    .addColumn("threshold", "double precision", notNull)
    // no-conversions: how many days in a row; null for the other kinds (fixed windows).
    .addColumn("days", "integer")
    // Only rows of this campaign (compared without case); null = the whole client account.
    .addColumn("campaign", "text")
    .addColumn("enabled", "integer", (col) => col.notNull().defaultTo(1))
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("ad_alerts_client").on("ad_alerts").columns(["client_account_id", "created_at"]).execute();
  await db.schema.createIndex("ad_alerts_enabled").on("ad_alerts").columns(["enabled", "client_account_id"]).execute();

  await entityTable(db, "ad_alert_firings")
    .addColumn("alert_id", "text", (col) => col.notNull().references("ad_alerts.id").onDelete("cascade"))
    // The client account's local date when the alert was evaluated (YYYY-MM-DD).
    .addColumn("day", "text", notNull)
    // What was measured and the threshold it crossed, in the alert's unit (cents or percent points).
    .addColumn("value", "double precision", notNull)
    .addColumn("threshold", "double precision", notNull)
    .addColumn("data_key", "text", notNull)
    // JSON: the data's day or period, the figures behind the value, the notification's keys and values.
    .addColumn("details", "text", (col) => col.notNull().defaultTo("{}"))
    .$call(createdAt)
    .addUniqueConstraint("ad_alert_firings_alert_day", ["alert_id", "day"])
    .addUniqueConstraint("ad_alert_firings_alert_data", ["alert_id", "data_key"])
    .execute();
  await db.schema.createIndex("ad_alert_firings_created").on("ad_alert_firings").columns(["alert_id", "created_at"]).execute();
}

/** A CHECK constraint both dialects read the same way. */
function sqlIn(column: string, values: string[]) {
  return sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(", ")})`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ad_alert_firings").execute();
  await db.schema.dropTable("ad_alerts").execute();
}

import { type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt } from "../columns";

// The daily tips of the ad suite: one row per piece of advice on a client account, generated from
// its latest audit and trends. A tip is known by its fingerprint (kind, subject and the evidence
// that matters), so the daily job can run any number of times and a dismissed tip stays away until
// its evidence changes. Applying keeps the Google Ads Editor lines the change needs.
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "ad_tips")
    .addColumn("client_account_id", "text", (col) => col.notNull().references("ad_client_accounts.id").onDelete("cascade"))
    .addColumn("audit_id", "text")
    .addColumn("kind", "text", notNull)
    .addColumn("fingerprint", "text", notNull)
    // JSON: the campaign (and ad group) the tip is about.
    .addColumn("subject", "text", notNull)
    // JSON: the figures behind the tip (shown as its evidence).
    .addColumn("evidence", "text", notNull)
    // Estimated monthly impact in cents of the client account's currency, and what it measures.
    .addColumn("impact_cents", "integer")
    .addColumn("impact_kind", "text")
    // The Google Ads Editor CSV that makes the change, when the change is a file.
    .addColumn("editor_csv", "text")
    // open → applied | dismissed; open → expired when its evidence is gone.
    .addColumn("status", "text", (col) => col.notNull().defaultTo("open"))
    .addColumn("dismiss_reason", "text")
    .addColumn("dismiss_note", "text")
    .addColumn("decided_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("decided_at", "text")
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("ad_tips_fingerprint").on("ad_tips").columns(["client_account_id", "fingerprint"]).unique().execute();
  await db.schema.createIndex("ad_tips_client_status").on("ad_tips").columns(["client_account_id", "status"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ad_tips").execute();
}

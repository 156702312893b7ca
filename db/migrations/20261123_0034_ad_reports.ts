import { type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt } from "../columns";

// White-label reports of the ad suite. `ad_report_brands`: one row per workspace (its owner) with
// the agency's name, logo (bytes as base64, PNG or JPEG recognised by content), colours (#rrggbb)
// and footer text. `ad_report_shares`: the share links given out for a client account's report;
// the link's token is signed and carries its own expiry, the row lets the owner list and revoke it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("ad_report_brands")
    .addColumn("owner_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("agency_name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("logo_data", "text")
    .addColumn("logo_type", "text")
    .addColumn("primary_color", "text", (col) => col.notNull().defaultTo("#047857"))
    .addColumn("accent_color", "text", (col) => col.notNull().defaultTo("#0ea5e9"))
    .addColumn("footer", "text", (col) => col.notNull().defaultTo(""))
    .$call(updatedAt)
    .execute();
  await entityTable(db, "ad_report_shares")
    .addColumn("client_account_id", "text", (col) => col.notNull().references("ad_client_accounts.id").onDelete("cascade"))
    .addColumn("created_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("period_from", "text", notNull)
    .addColumn("period_to", "text", notNull)
    .addColumn("language", "text", notNull)
    // The token's signature: how a link presented finds its row (to see it is not revoked).
    .addColumn("signature", "text", (col) => col.notNull().unique())
    .addColumn("expires_at", "text", notNull)
    .addColumn("revoked_at", "text")
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("ad_report_shares_client").on("ad_report_shares").columns(["client_account_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ad_report_shares").execute();
  await db.schema.dropTable("ad_report_brands").execute();
}

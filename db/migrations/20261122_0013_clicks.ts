import { sql, type Kysely } from "kysely";

// Cashback, part one: stores learn which affiliate network tracks them and how (the network's
// advertiser id, a tracking URL template with a {clickId} placeholder, the member's share of the
// commission, the confirmation window, terms per locale), and every "Shop now" is recorded as a
// click with a random, unguessable id that travels to the network and comes back with the sale.
// Stores without a network are on the built-in sandbox network (the demo's).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("stores")
    .addColumn("network", "text", (col) => col.notNull().defaultTo("sandbox").check(sql`network in ('awin', 'impact', 'cj', 'rakuten', 'sandbox', 'other')`))
    .execute();
  await db.schema.alterTable("stores").addColumn("advertiser_id", "text").execute();
  // Where "Shop now" goes: the network's tracking link, {clickId} replaced by the click's id.
  await db.schema.alterTable("stores").addColumn("tracking_url", "text").execute();
  // The member's share of the network's commission in basis points (null: the platform default).
  await db.schema.alterTable("stores").addColumn("user_share_bps", "integer").execute();
  // Days the store usually takes to confirm (null: the platform default).
  await db.schema.alterTable("stores").addColumn("confirmation_days", "integer").execute();
  // A different rate for new customers, in basis points (null: none).
  await db.schema.alterTable("stores").addColumn("new_customer_rate_bps", "integer").execute();
  // JSON object: locale → the store's cashback terms.
  await db.schema.alterTable("stores").addColumn("terms", "text").execute();

  await db.schema
    .createTable("clicks")
    // Random and unguessable (24 base64url characters): it is what the network sends back.
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("store_id", "text", (col) => col.notNull().references("stores.id"))
    // HMAC of the client address with the server secret: enough to spot abuse, not an address.
    .addColumn("ip_hash", "text", (col) => col.notNull())
    .addColumn("user_agent", "text")
    // Recorded, never credited.
    .addColumn("is_bot", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("clicks_user_created").on("clicks").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("clicks_store").on("clicks").column("store_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("clicks").execute();
  for (const column of ["terms", "new_customer_rate_bps", "confirmation_days", "user_share_bps", "tracking_url", "advertiser_id", "network"]) {
    await db.schema.alterTable("stores").dropColumn(column).execute();
  }
}

import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, idColumn, notNull, updatedAt, userColumn } from "../columns";

// Cashback, part one: stores learn which affiliate network tracks them and how (the network's
// advertiser id, a tracking URL template with a {clickId} placeholder, the member's share of the
// commission, the confirmation window, terms per locale), and every "Shop now" is recorded as a
// click with a random, unguessable id that travels to the network and comes back with the sale.
// Stores without a network are on the built-in sandbox network (the demo's). Conversions arrive
// from networks as events (kept as they came) and settle into one row per network transaction.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("stores")
    .addColumn("network", "text", (col) =>
      col
        .notNull()
        .defaultTo("sandbox")
        .check(sql`network in ('awin', 'impact', 'cj', 'rakuten', 'sandbox', 'other')`),
    )
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
    .$call(idColumn)
    .$call(userColumn)
    .addColumn("store_id", "text", (col) => col.notNull().references("stores.id"))
    // HMAC of the client address with the server secret: enough to spot abuse, not an address.
    .addColumn("ip_hash", "text", notNull)
    .addColumn("user_agent", "text")
    // Recorded, never credited.
    .addColumn("is_bot", "integer", (col) => col.notNull().defaultTo(0))
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("clicks_user_created").on("clicks").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("clicks_store").on("clicks").column("store_id").execute();

  // Every raw conversion event as it arrived (postback, report row, sandbox), append-only.
  await entityTable(db, "conversion_events")
    .addColumn("network", "text", notNull)
    .addColumn("network_transaction_id", "text", notNull)
    .addColumn("source", "text", (col) => col.notNull().check(sql`source in ('postback', 'report', 'admin')`))
    .addColumn("body", "text", notNull)
    // What the event did: created, confirmed, declined, unchanged, unmatched, needs-review.
    .addColumn("outcome", "text", notNull)
    .addColumn("received_at", "text", notNull)
    .execute();
  await db.schema.createIndex("conversion_events_txn").on("conversion_events").columns(["network", "network_transaction_id"]).execute();

  // One row per network transaction: what the network reported, whose it is, where it stands.
  await entityTable(db, "conversions")
    .addColumn("network", "text", notNull)
    .addColumn("network_transaction_id", "text", notNull)
    .addColumn("click_id", "text")
    // Null while unmatched (no click, or a bot's click): kept for an admin to resolve, never credited.
    .addColumn("user_id", "text", (col) => col.references("users.id"))
    .addColumn("store_id", "text", (col) => col.references("stores.id"))
    .addColumn("sale_amount_cents", "integer", notNull)
    .addColumn("commission_cents", "integer", notNull)
    .addColumn("cashback_cents", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("currency", "text", notNull)
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('pending', 'confirmed', 'declined', 'unmatched', 'needs-review')`),
    )
    // The member's cashback on the ledger (pending, then completed or failed).
    .addColumn("transaction_id", "text", (col) => col.references("transactions.id"))
    .addColumn("occurred_at", "text", notNull)
    .$call(createdAt)
    .$call(updatedAt)
    .addUniqueConstraint("conversions_network_txn", ["network", "network_transaction_id"])
    .execute();
  await db.schema.createIndex("conversions_user").on("conversions").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("conversions_click").on("conversions").column("click_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("conversions").execute();
  await db.schema.dropTable("conversion_events").execute();
  await db.schema.dropTable("clicks").execute();
  for (const column of [
    "terms",
    "new_customer_rate_bps",
    "confirmation_days",
    "user_share_bps",
    "tracking_url",
    "advertiser_id",
    "network",
  ]) {
    await db.schema.alterTable("stores").dropColumn(column).execute();
  }
}

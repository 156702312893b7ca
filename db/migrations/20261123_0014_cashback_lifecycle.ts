import { PostgresAdapter, sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt, userColumn } from "../columns";

// Cashback, part three: the whole lifecycle.
// - A conversion can be **reversed** (a return after the cashback became available), and remembers
//   the network's latest word (`reported_status`), when it is due to confirm (`confirms_at`: the
//   report's date plus the store's window), how much a return took back (`reversed_cents`), the
//   member's share it was credited at, the decline reason, and the claim it came from.
// - CJ corrections arrive as separate records of one original action, to be summed: an event can
//   be a `part` of its transaction, unique by (network, transaction, part), with its own amounts.
// - Missing-cashback claims: one per user, store and order.
const STATUSES = "('pending', 'confirmed', 'declined', 'reversed', 'unmatched', 'needs-review')";
const OLD_STATUSES = "('pending', 'confirmed', 'declined', 'unmatched', 'needs-review')";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`alter table conversions drop constraint conversions_status_check`.execute(db);
    await sql.raw(`alter table conversions add constraint conversions_status_check check (status in ${STATUSES})`).execute(db);
  } else {
    await rebuildSqliteConversions(db, STATUSES);
  }
  await db.schema.alterTable("conversions").addColumn("reported_status", "text").execute();
  await db.schema.alterTable("conversions").addColumn("confirms_at", "text").execute();
  await db.schema
    .alterTable("conversions")
    .addColumn("reversed_cents", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("conversions").addColumn("decline_reason", "text").execute();
  await db.schema.alterTable("conversions").addColumn("claim_id", "text").execute();
  // The member's share when the conversion was credited: amendments and returns keep to it.
  await db.schema.alterTable("conversions").addColumn("user_share_bps", "integer").execute();
  await sql`update conversions set reported_status = case status when 'confirmed' then 'approved' when 'declined' then 'declined' else 'pending' end`.execute(
    db,
  );
  await db.schema.createIndex("conversions_due").on("conversions").columns(["status", "confirms_at"]).execute();
  await db.schema.createIndex("conversions_status_created").on("conversions").columns(["status", "created_at"]).execute();

  await db.schema.alterTable("conversion_events").addColumn("part_id", "text").execute();
  await db.schema.alterTable("conversion_events").addColumn("sale_amount_cents", "integer").execute();
  await db.schema.alterTable("conversion_events").addColumn("commission_cents", "integer").execute();
  await db.schema
    .createIndex("conversion_events_part")
    .unique()
    .on("conversion_events")
    .columns(["network", "network_transaction_id", "part_id"])
    .where(sql.ref("part_id"), "is not", null)
    .execute();

  await entityTable(db, "cashback_claims")
    .$call(userColumn)
    .addColumn("store_id", "text", (col) => col.notNull().references("stores.id"))
    .addColumn("click_id", "text", (col) => col.notNull().references("clicks.id"))
    .addColumn("order_id", "text", notNull)
    .addColumn("order_date", "text", notNull)
    .addColumn("amount_cents", "integer", (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('open', 'approved', 'rejected')`))
    .addColumn("reason", "text")
    .addColumn("conversion_id", "text", (col) => col.references("conversions.id"))
    .addColumn("decided_by", "text", (col) => col.references("users.id"))
    .addColumn("decided_at", "text")
    .$call(createdAt)
    .$call(updatedAt)
    .addUniqueConstraint("cashback_claims_order", ["user_id", "store_id", "order_id"])
    .execute();
  await db.schema.createIndex("cashback_claims_status").on("cashback_claims").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("cashback_claims_user").on("cashback_claims").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable("cashback_claims").execute();
  await db.schema.dropIndex("conversion_events_part").execute();
  for (const column of ["commission_cents", "sale_amount_cents", "part_id"])
    await db.schema.alterTable("conversion_events").dropColumn(column).execute();
  await db.schema.dropIndex("conversions_status_created").execute();
  await db.schema.dropIndex("conversions_due").execute();
  for (const column of ["user_share_bps", "claim_id", "decline_reason", "reversed_cents", "confirms_at", "reported_status"]) {
    await db.schema.alterTable("conversions").dropColumn(column).execute();
  }
  await sql`update conversions set status = 'needs-review' where status = 'reversed'`.execute(db);
  if (postgres) {
    await sql`alter table conversions drop constraint conversions_status_check`.execute(db);
    await sql.raw(`alter table conversions add constraint conversions_status_check check (status in ${OLD_STATUSES})`).execute(db);
  } else {
    await rebuildSqliteConversions(db, OLD_STATUSES);
  }
}

/** SQLite cannot alter a CHECK constraint: the table is rebuilt with the new one (columns of 0013). */
async function rebuildSqliteConversions(db: Kysely<any>, statuses: string): Promise<void> {
  await entityTable(db, "conversions_next")
    .addColumn("network", "text", notNull)
    .addColumn("network_transaction_id", "text", notNull)
    .addColumn("click_id", "text")
    .addColumn("user_id", "text", (col) => col.references("users.id"))
    .addColumn("store_id", "text", (col) => col.references("stores.id"))
    .addColumn("sale_amount_cents", "integer", notNull)
    .addColumn("commission_cents", "integer", notNull)
    .addColumn("cashback_cents", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("currency", "text", notNull)
    .addColumn("status", "text", (col) => col.notNull().check(sql.raw(`status in ${statuses}`)))
    .addColumn("transaction_id", "text", (col) => col.references("transactions.id"))
    .addColumn("occurred_at", "text", notNull)
    .$call(createdAt)
    .$call(updatedAt)
    .addUniqueConstraint("conversions_network_txn", ["network", "network_transaction_id"])
    .execute();
  const columns =
    "id, network, network_transaction_id, click_id, user_id, store_id, sale_amount_cents, commission_cents, cashback_cents, currency, status, transaction_id, occurred_at, created_at, updated_at";
  await sql.raw(`insert into conversions_next (${columns}) select ${columns} from conversions`).execute(db);
  await db.schema.dropTable("conversions").execute();
  await db.schema.alterTable("conversions_next").renameTo("conversions").execute();
  await db.schema.createIndex("conversions_user").on("conversions").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("conversions_click").on("conversions").column("click_id").execute();
}

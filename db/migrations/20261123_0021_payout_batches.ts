import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt } from "../columns";

// Payout batches (see app/wallet/payout-batches.server.ts): the processing withdrawals of one payout
// method gathered into one file for the payment provider (a PayPal Payouts CSV, a pain.001 credit
// transfer for the bank), then marked paid together with one payout reference. A withdrawal belongs
// to at most one open or paid batch (`withdrawals.batch_id`); a cancelled batch lets its withdrawals go.
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "payout_batches")
    .addColumn("method", "text", (col) => col.notNull().check(sql`method in ('paypal', 'bank')`))
    .addColumn("state", "text", (col) => col.notNull().check(sql`state in ('open', 'paid', 'cancelled')`))
    .addColumn("currency", "text", notNull)
    .addColumn("item_count", "integer", (col) => col.notNull().check(sql`item_count > 0`))
    .addColumn("total_cents", "bigint", (col) => col.notNull().check(sql`total_cents > 0`))
    .addColumn("payout_reference", "text")
    .addColumn("created_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("decided_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("decided_at", "text")
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("payout_batches_created").on("payout_batches").columns(["created_at", "id"]).execute();

  await db.schema
    .alterTable("withdrawals")
    .addColumn("batch_id", "text", (col) => col.references("payout_batches.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("withdrawals_batch").on("withdrawals").column("batch_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("withdrawals_batch").execute();
  await db.schema.alterTable("withdrawals").dropColumn("batch_id").execute();
  await db.schema.dropTable("payout_batches").execute();
}

import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt } from "../columns";

// The partner programme: one commission per subscription payment of a business a partner referred
// (see app/partner/commissions.server.ts). Held for the refund window, then available (an
// `affiliate` credit on the ledger); cancelled when refunded while held, reversed after.
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "partner_commissions")
    .addColumn("partner_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("business_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("subscription_payment_id", "text", (col) => col.notNull().unique().references("subscription_payments.id"))
    .addColumn("payment_amount_cents", "bigint", notNull)
    .addColumn("rate_bps", "integer", notNull)
    .addColumn("amount_cents", "bigint", (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('held', 'available', 'cancelled', 'reversed')`))
    .addColumn("paid_at", "text", notNull)
    .addColumn("release_at", "text", notNull)
    .addColumn("transaction_id", "text", (col) => col.references("transactions.id"))
    .addColumn("reversal_transaction_id", "text", (col) => col.references("transactions.id"))
    .addColumn("released_at", "text")
    .addColumn("cancelled_at", "text")
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("partner_commissions_partner").on("partner_commissions").columns(["partner_id", "paid_at"]).execute();
  await db.schema.createIndex("partner_commissions_due").on("partner_commissions").columns(["status", "release_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("partner_commissions").execute();
}

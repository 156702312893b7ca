import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { entityTable, notNull } from "../columns";

// The 30-day money-back guarantee is once per member (#25, finding 8): one row per member who used
// it (UNIQUE user_id: a second use cannot be recorded, whatever races), with the subscription it
// refunded. A payment's card fingerprint (Stripe's `payment_method_details.card.fingerprint`, when
// known) lets the guarantee be once per card as well. Members who already had a refund are
// recorded as having used it (their first refunded subscription).
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "money_back_guarantees")
    .addColumn("user_id", "text", (col) => col.notNull().unique().references("users.id").onDelete("cascade"))
    .addColumn("subscription_id", "text", (col) => col.notNull().references("subscriptions.id").onDelete("cascade"))
    .addColumn("used_at", "text", notNull)
    .execute();
  await db.schema.alterTable("payments").addColumn("card_fingerprint", "text").execute();
  await db.schema.createIndex("payments_card_fingerprint").on("payments").column("card_fingerprint").execute();

  const refunded = await sql<{ id: string; user_id: string; ended_at: string | null; updated_at: string }>`
    select id, user_id, ended_at, updated_at from subscriptions where status = 'refunded' order by coalesce(ended_at, updated_at), id
  `.execute(db);
  const seen = new Set<string>();
  for (const row of refunded.rows) {
    if (seen.has(row.user_id)) continue;
    seen.add(row.user_id);
    await db
      .insertInto("money_back_guarantees")
      .values({ id: randomUUID(), user_id: row.user_id, subscription_id: row.id, used_at: row.ended_at ?? row.updated_at })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("payments_card_fingerprint").execute();
  await db.schema.alterTable("payments").dropColumn("card_fingerprint").execute();
  await db.schema.dropTable("money_back_guarantees").execute();
}

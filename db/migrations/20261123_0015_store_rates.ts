import { sql, type Kysely } from "kysely";
import { notNull, updatedAt } from "../columns";

// The stores back office: a store's rate is a percentage of the sale (`cashback_rate_bps`, the base
// rate, with `new_customer_rate_bps` for new customers) or a fixed amount per sale; some stores pay
// more in some categories. Logos uploaded by an admin are kept in the database (like profile
// pictures), so every app server behind a load balancer serves the same file.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("stores")
    .addColumn("rate_kind", "text", (col) =>
      col
        .notNull()
        .defaultTo("percent")
        .check(sql`rate_kind in ('percent', 'fixed')`),
    )
    .execute();
  // Fixed-rate stores: the cashback per sale, in cents (null for percent stores).
  await db.schema
    .alterTable("stores")
    .addColumn("rate_fixed_cents", "integer", (col) => col.check(sql`rate_fixed_cents is null or rate_fixed_cents > 0`))
    .execute();
  // JSON array of { name: { locale: text } | text, rateBps } (null: none).
  await db.schema.alterTable("stores").addColumn("category_rates", "text").execute();

  // One uploaded logo per store: base64 of a PNG, JPEG or WebP recognised by its content.
  await db.schema
    .createTable("store_logos")
    .addColumn("store_id", "text", (col) => col.primaryKey().references("stores.id").onDelete("cascade"))
    .addColumn("data", "text", notNull)
    .addColumn("type", "text", (col) => col.notNull().check(sql`type in ('image/png', 'image/jpeg', 'image/webp')`))
    .$call(updatedAt)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("store_logos").execute();
  for (const column of ["category_rates", "rate_fixed_cents", "rate_kind"]) {
    await db.schema.alterTable("stores").dropColumn(column).execute();
  }
}

import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt } from "../columns";

// The public site: rate-limit counters, contact messages, stores, plans, blog posts, newsletter.
export async function up(db: Kysely<any>): Promise<void> {
  // Shared by every app instance; the layout is the one rate-limiter-flexible expects.
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(255)", (col) => col.primaryKey())
    .addColumn("points", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();

  await entityTable(db, "contact_messages")
    .addColumn("name", "text", notNull)
    .addColumn("email", "text", notNull)
    .addColumn("company", "text")
    .addColumn("message", "text", notNull)
    .addColumn("locale", "text", notNull)
    .addColumn("client_address", "text")
    .addColumn("emailed_at", "text")
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("contact_messages_created_at").on("contact_messages").column("created_at").execute();

  await entityTable(db, "stores")
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", notNull)
    .addColumn("logo", "text")
    .addColumn("category", "text", notNull)
    // Basis points of the sale: 450 = 4.50 % cashback.
    .addColumn("cashback_rate_bps", "integer", (col) => col.notNull().check(sql`cashback_rate_bps between 0 and 10000`))
    // JSON object: locale → description.
    .addColumn("description", "text", notNull)
    .addColumn("affiliate_url", "text", notNull)
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("stores_category").on("stores").columns(["category", "active"]).execute();

  await entityTable(db, "plans")
    .addColumn("code", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", notNull)
    .addColumn("audience", "text", (col) => col.notNull().check(sql`audience in ('business', 'partner')`))
    .addColumn("price_cents", "integer", (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn("duration_days", "integer", (col) => col.notNull().check(sql`duration_days > 0`))
    // JSON array of feature codes, translated by the pricing namespace.
    .addColumn("features", "text", notNull)
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .$call(createdAt)
    .execute();

  await entityTable(db, "blog_posts")
    .addColumn("slug", "text", notNull)
    .addColumn("locale", "text", notNull)
    .addColumn("title", "text", notNull)
    .addColumn("excerpt", "text", notNull)
    .addColumn("body", "text", notNull)
    .addColumn("cover", "text")
    .addColumn("author", "text", notNull)
    .addColumn("reading_minutes", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("published_at", "text", notNull)
    .$call(createdAt)
    .addUniqueConstraint("blog_posts_locale_slug", ["locale", "slug"])
    .execute();
  await db.schema.createIndex("blog_posts_locale_published").on("blog_posts").columns(["locale", "published_at"]).execute();

  await entityTable(db, "newsletter_subscriptions")
    .addColumn("email", "text", notNull)
    .addColumn("locale", "text", notNull)
    // pending → confirmed → unsubscribed (and back to pending on a new subscription).
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`))
    .addColumn("confirm_token_hash", "text")
    .addColumn("confirm_expires_at", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("unsubscribed_at", "text")
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema
    .createIndex("newsletter_subscriptions_email_unique")
    .on("newsletter_subscriptions")
    .unique()
    .expression(sql`lower(email)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["newsletter_subscriptions", "blog_posts", "plans", "stores", "contact_messages", "rate_limits"]) {
    await db.schema.dropTable(table).execute();
  }
}

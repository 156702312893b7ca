import { sql, type Kysely } from "kysely";

// The public site: rate-limit counters, contact messages, stores, plans, blog posts, newsletter.
export async function up(db: Kysely<any>): Promise<void> {
  // Shared by every app instance; the layout is the one rate-limiter-flexible expects.
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(255)", (col) => col.primaryKey())
    .addColumn("points", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("company", "text")
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("locale", "text", (col) => col.notNull())
    .addColumn("client_address", "text")
    .addColumn("emailed_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("contact_messages_created_at").on("contact_messages").column("created_at").execute();

  await db.schema
    .createTable("stores")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("logo", "text")
    .addColumn("category", "text", (col) => col.notNull())
    // Basis points of the sale: 450 = 4.50 % cashback.
    .addColumn("cashback_rate_bps", "integer", (col) => col.notNull().check(sql`cashback_rate_bps between 0 and 10000`))
    // JSON object: locale → description.
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("affiliate_url", "text", (col) => col.notNull())
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("stores_category").on("stores").columns(["category", "active"]).execute();

  await db.schema
    .createTable("plans")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("code", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("audience", "text", (col) => col.notNull().check(sql`audience in ('business', 'partner')`))
    .addColumn("price_cents", "integer", (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn("duration_days", "integer", (col) => col.notNull().check(sql`duration_days > 0`))
    // JSON array of feature codes, translated by the pricing namespace.
    .addColumn("features", "text", (col) => col.notNull())
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("blog_posts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("slug", "text", (col) => col.notNull())
    .addColumn("locale", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("excerpt", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("cover", "text")
    .addColumn("author", "text", (col) => col.notNull())
    .addColumn("reading_minutes", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("published_at", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("blog_posts_locale_slug", ["locale", "slug"])
    .execute();
  await db.schema.createIndex("blog_posts_locale_published").on("blog_posts").columns(["locale", "published_at"]).execute();

  await db.schema
    .createTable("newsletter_subscriptions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("locale", "text", (col) => col.notNull())
    // pending → confirmed → unsubscribed (and back to pending on a new subscription).
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`))
    .addColumn("confirm_token_hash", "text")
    .addColumn("confirm_expires_at", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("unsubscribed_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
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

import { sql, type Kysely } from "kysely";
import { SEED_FAQ, seedFaqId } from "../seed-data/faq";
import { createdAt, entityTable, notNull, updatedAt } from "../columns";

// The admin's content screens. Blog articles get a status (draft or published): `published_at`
// stays NOT NULL (SQLite cannot relax it), every existing article is published, and the public
// pages show published ones only. The FAQ moves from the translation files into `faq_entries`
// (per locale: category, question, answer, position in its category, published), filled here with
// the questions the files held, so every database shows the same FAQ as before.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("blog_posts")
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("published")
        .check(sql`status in ('draft', 'published')`),
    )
    .execute();
  await db.schema.alterTable("blog_posts").addColumn("updated_at", "text").execute();
  await db.schema
    .createIndex("blog_posts_locale_status_published")
    .on("blog_posts")
    .columns(["locale", "status", "published_at"])
    .execute();

  await entityTable(db, "faq_entries")
    .addColumn("locale", "text", notNull)
    .addColumn("category", "text", notNull)
    .addColumn("question", "text", notNull)
    .addColumn("answer", "text", notNull)
    // The order within the locale's category: smaller first.
    .addColumn("position", "integer", notNull)
    .addColumn("published", "integer", (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`published in (0, 1)`),
    )
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("faq_entries_locale_category").on("faq_entries").columns(["locale", "category", "position"]).execute();

  const timestamp = new Date().toISOString();
  for (const [locale, entries] of Object.entries(SEED_FAQ)) {
    const positions = new Map<string, number>();
    await db
      .insertInto("faq_entries")
      .values(
        entries.map((entry, index) => {
          const position = positions.get(entry.category) ?? 0;
          positions.set(entry.category, position + 1);
          return {
            id: seedFaqId(locale, index),
            locale,
            category: entry.category,
            question: entry.question,
            answer: entry.answer,
            position,
            published: 1,
            created_at: timestamp,
            updated_at: timestamp,
          };
        }),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("faq_entries").execute();
  await db.schema.dropIndex("blog_posts_locale_status_published").execute();
  await db.schema.alterTable("blog_posts").dropColumn("updated_at").execute();
  await db.schema.alterTable("blog_posts").dropColumn("status").execute();
}

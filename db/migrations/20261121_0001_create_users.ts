import { sql, type Kysely } from "kysely";

// Migrations are frozen in time: they use Kysely<any>, never the app's Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("password_hash", "text")
    .addColumn("role", "text", (col) =>
      col
        .notNull()
        .defaultTo("user")
        .check(sql`role in ('user', 'partner', 'admin')`),
    )
    .addColumn("locale", "text", (col) => col.notNull().defaultTo("en"))
    .addColumn("email_verified_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  // One account per address, whatever its letter case.
  await db.schema
    .createIndex("users_email_unique")
    .on("users")
    .unique()
    .expression(sql`lower(email)`)
    .execute();
  await db.schema.createIndex("users_created_at").on("users").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("users").execute();
}

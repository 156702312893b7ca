import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt } from "../columns";

// Migrations are frozen in time: they use Kysely<any>, never the app's Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "users")
    .addColumn("email", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("password_hash", "text")
    .addColumn("role", "text", (col) =>
      col
        .notNull()
        .defaultTo("user")
        .check(sql`role in ('user', 'partner', 'admin')`),
    )
    .addColumn("locale", "text", (col) => col.notNull().defaultTo("en"))
    .addColumn("email_verified_at", "text")
    .$call(createdAt)
    .$call(updatedAt)
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

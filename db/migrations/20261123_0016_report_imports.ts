import { sql, type Kysely } from "kysely";

// Network report imports: an admin's upload is kept with what its preview predicted, applied once
// (previewed → applied), and what applying it did. The file itself is kept for the record (at
// most a few megabytes: the upload limit).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("report_imports")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("admin_id", "text", (col) => col.references("users.id"))
    .addColumn("network", "text", (col) => col.notNull())
    .addColumn("filename", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('previewed', 'applying', 'applied')`))
    // JSON: the preview (predicted outcome per row, row errors), then what applying did.
    .addColumn("preview", "text", (col) => col.notNull())
    .addColumn("result", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("applied_at", "text")
    .execute();
  await db.schema.createIndex("report_imports_created").on("report_imports").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("report_imports").execute();
}

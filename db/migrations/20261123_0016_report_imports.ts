import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull } from "../columns";

// Network report imports: an admin's upload is kept with what its preview predicted, applied once
// (previewed → applied), and what applying it did. The file itself is kept for the record (at
// most a few megabytes: the upload limit).
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "report_imports")
    .addColumn("admin_id", "text", (col) => col.references("users.id"))
    .addColumn("network", "text", notNull)
    .addColumn("filename", "text", notNull)
    .addColumn("content", "text", notNull)
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('previewed', 'applying', 'applied')`))
    // JSON: the preview (predicted outcome per row, row errors), then what applying did.
    .addColumn("preview", "text", notNull)
    .addColumn("result", "text")
    .$call(createdAt)
    .addColumn("applied_at", "text")
    .execute();
  await db.schema.createIndex("report_imports_created").on("report_imports").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("report_imports").execute();
}

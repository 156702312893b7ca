import { sql, type Kysely } from "kysely";
import { createdAt, entityTable, notNull, updatedAt } from "../columns";

// The ad suite's storage: client accounts (inside a user's workspace), uploaded ad exports (kept
// while previewed, then imported, replaced or discarded) and the rows of imported exports, one
// table for every report kind (the columns a level lacks stay null; the kind's extras as JSON).
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "ad_client_accounts")
    .addColumn("owner_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", notNull)
    // ISO 4217, set by the first import; every later import must match it.
    .addColumn("currency", "text")
    .addColumn("industry", "text", (col) => col.notNull().defaultTo("all"))
    .addColumn("time_zone", "text", (col) => col.notNull().defaultTo("UTC"))
    // The auditor's thresholds this client account overrides (JSON object, rule id → values).
    .addColumn("thresholds", "text", (col) => col.notNull().defaultTo("{}"))
    .$call(createdAt)
    .$call(updatedAt)
    .execute();
  await db.schema.createIndex("ad_client_accounts_owner").on("ad_client_accounts").columns(["owner_id", "name"]).execute();

  await entityTable(db, "ad_imports")
    .addColumn("client_account_id", "text", (col) => col.notNull().references("ad_client_accounts.id").onDelete("cascade"))
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("set null"))
    // pending (previewed, not stored yet) → imported → replaced (a later import of the period); or discarded.
    .addColumn("status", "text", (col) => col.notNull().check(sqlIn("status", ["pending", "imported", "replaced", "discarded"])))
    .addColumn("filename", "text", notNull)
    .addColumn("byte_size", "integer", notNull)
    .addColumn("content_hash", "text", notNull)
    .addColumn("platform", "text", notNull)
    .addColumn("kind", "text", notNull)
    .addColumn("language", "text", notNull)
    .addColumn("granularity", "text", notNull)
    .addColumn("currency", "text")
    // Both null for an "All time" export (one period of unknown days).
    .addColumn("period_start", "text")
    .addColumn("period_end", "text")
    .addColumn("title", "text")
    .addColumn("row_count", "integer", notNull)
    // The preview: totals, the file's own totals, warnings and a sample of rows (JSON).
    .addColumn("summary", "text", notNull)
    .$call(createdAt)
    .addColumn("imported_at", "text")
    .addColumn("replaced_by", "text")
    .execute();
  await db.schema.createIndex("ad_imports_client").on("ad_imports").columns(["client_account_id", "status", "created_at"]).execute();
  await db.schema.createIndex("ad_imports_hash").on("ad_imports").columns(["client_account_id", "content_hash"]).execute();

  // A pending import's parsed rows (JSON, as they will be stored); deleted once it is imported or discarded.
  await db.schema
    .createTable("ad_import_files")
    .addColumn("import_id", "text", (col) => col.primaryKey().references("ad_imports.id").onDelete("cascade"))
    .addColumn("data", "text", notNull)
    .execute();

  await db.schema
    .createTable("ad_rows")
    .addColumn("import_id", "text", (col) => col.notNull().references("ad_imports.id").onDelete("cascade"))
    .addColumn("client_account_id", "text", (col) => col.notNull().references("ad_client_accounts.id").onDelete("cascade"))
    .addColumn("platform", "text", notNull)
    .addColumn("kind", "text", notNull)
    .addColumn("line", "integer", notNull)
    // One day (day-by-day exports), else null and the import's period applies.
    .addColumn("day", "text")
    .addColumn("campaign", "text")
    .addColumn("ad_group", "text")
    .addColumn("keyword", "text")
    .addColumn("match_type", "text")
    .addColumn("negative", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("search_term", "text")
    .addColumn("status", "text")
    .addColumn("impressions", "integer")
    .addColumn("clicks", "integer")
    .addColumn("cost_cents", "integer")
    .addColumn("conversions", "double precision")
    .addColumn("conversion_value_cents", "integer")
    // The kind's extra columns and the ad's texts (JSON, only the non-empty ones).
    .addColumn("extras", "text", (col) => col.notNull().defaultTo("{}"))
    .execute();
  await db.schema.createIndex("ad_rows_client_day").on("ad_rows").columns(["client_account_id", "kind", "day"]).execute();
  await db.schema.createIndex("ad_rows_import").on("ad_rows").column("import_id").execute();
}

/** A CHECK constraint both dialects read the same way. */
function sqlIn(column: string, values: string[]) {
  return sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(", ")})`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ad_rows").execute();
  await db.schema.dropTable("ad_import_files").execute();
  await db.schema.dropTable("ad_imports").execute();
  await db.schema.dropTable("ad_client_accounts").execute();
}

import type { Kysely } from "kysely";

// Meta breakdown exports (issue #26): an import records its breakdown's dimensions (`age,gender`,
// comma-separated, in the file's column order; null without a breakdown), so the dashboard and the
// client report can say what the counted rows are broken down by.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ad_imports").addColumn("breakdown", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ad_imports").dropColumn("breakdown").execute();
}

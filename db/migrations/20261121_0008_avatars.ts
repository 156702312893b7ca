import type { Kysely } from "kysely";

// Profile pictures: the image itself (base64 text, at most 1 MB of image), and its media type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("avatar_data", "text").execute();
  await db.schema.alterTable("users").addColumn("avatar_type", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("avatar_type").execute();
  await db.schema.alterTable("users").dropColumn("avatar_data").execute();
}

import type { Kysely } from "kysely";

// The profile: where the user is (free text), shown on their profile.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("location", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("location").execute();
}

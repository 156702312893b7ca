import type { Kysely } from "kysely";

// A new member's first-steps checklist on the dashboard (app/users/first-steps.server.ts): the steps
// themselves are read from the member's own data; only "hide this list" is stored, when it was chosen.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("first_steps_dismissed_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("first_steps_dismissed_at").execute();
}

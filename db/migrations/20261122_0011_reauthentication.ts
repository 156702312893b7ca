import type { Kysely } from "kysely";

// Sign-in hardening: the last TOTP time step accepted (a code is good once), and when a session
// last proved who is there (sensitive changes ask again after 10 minutes).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("totp_last_step", "bigint").execute();
  await db.schema.alterTable("sessions").addColumn("reauthenticated_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("reauthenticated_at").execute();
  await db.schema.alterTable("users").dropColumn("totp_last_step").execute();
}

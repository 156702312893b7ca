import { type Kysely } from "kysely";

// The client account the ad pages were last opened on is the browser session's, not the account's
// (0050 kept it on the client account, so two devices, or two tabs of a test suite, moved each
// other's choice): each session remembers its own; a new sign-in starts on the first by name.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("ad_client_id", "text").execute();
  await db.schema.alterTable("ad_client_accounts").dropColumn("opened_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ad_client_accounts").addColumn("opened_at", "text").execute();
  await db.schema.alterTable("sessions").dropColumn("ad_client_id").execute();
}

import { type Kysely } from "kysely";

// The client account an ad page was last opened on: the ad suite and the assistant open on it when
// a link names no client account (`?client=`), so the chosen client is kept across pages.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ad_client_accounts").addColumn("opened_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ad_client_accounts").dropColumn("opened_at").execute();
}

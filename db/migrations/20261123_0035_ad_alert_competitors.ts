import { sql, type Kysely } from "kysely";
import { replaceCheckValues } from "../check-constraint";

// The ad alerts' `competitor-gaining` kind (an Auction insights competitor new with a real share,
// gaining impression share, or overtaking the client's ads). The kinds are a CHECK constraint,
// replaced (on SQLite by rebuilding `ad_alerts`: db/check-constraint.ts).
const KINDS = ["daily-spend", "cpa", "ctr-drop", "no-conversions", "lost-is-budget"];
const WITH_COMPETITORS = [...KINDS, "competitor-gaining"];
const CHECK = { table: "ad_alerts", column: "kind", constraint: "ad_alerts_kind_check" };

export async function up(db: Kysely<any>): Promise<void> {
  await replaceCheckValues(db, { ...CHECK, from: KINDS, to: WITH_COMPETITORS });
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from ad_alert_firings where alert_id in (select id from ad_alerts where kind = 'competitor-gaining')`.execute(db);
  await sql`delete from ad_alerts where kind = 'competitor-gaining'`.execute(db);
  await replaceCheckValues(db, { ...CHECK, from: WITH_COMPETITORS, to: KINDS });
}

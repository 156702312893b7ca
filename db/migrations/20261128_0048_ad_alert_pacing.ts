import { sql, type Kysely } from "kysely";
import { replaceCheckValues } from "../check-constraint";

// The ad alerts' `pacing` kind (a campaign projected over or under its month's budget by more than
// the threshold: app/ads/pacing.ts). The kinds are a CHECK constraint, replaced (on SQLite by
// rebuilding `ad_alerts`: db/check-constraint.ts).
const KINDS = ["daily-spend", "cpa", "ctr-drop", "no-conversions", "lost-is-budget", "competitor-gaining"];
const WITH_PACING = [...KINDS, "pacing"];
const CHECK = { table: "ad_alerts", column: "kind", constraint: "ad_alerts_kind_check" };

export async function up(db: Kysely<any>): Promise<void> {
  await replaceCheckValues(db, { ...CHECK, from: KINDS, to: WITH_PACING });
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from ad_alert_firings where alert_id in (select id from ad_alerts where kind = 'pacing')`.execute(db);
  await sql`delete from ad_alerts where kind = 'pacing'`.execute(db);
  await replaceCheckValues(db, { ...CHECK, from: WITH_PACING, to: KINDS });
}

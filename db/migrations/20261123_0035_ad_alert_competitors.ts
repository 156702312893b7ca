import { PostgresAdapter, sql, type Kysely } from "kysely";

// The ad alerts' `competitor-gaining` kind (an Auction insights competitor new with a real share,
// gaining impression share, or overtaking the client's ads). The kinds are a CHECK constraint:
// PostgreSQL replaces it; SQLite cannot alter one, so `ad_alerts` is rebuilt from its own stored
// definition with the foreign keys off for the swap (its firings keep referring to it), then checked.
const KINDS = ["daily-spend", "cpa", "ctr-drop", "no-conversions", "lost-is-budget"];
const WITH_COMPETITORS = [...KINDS, "competitor-gaining"];

const list = (kinds: string[]) => `(${kinds.map((kind) => `'${kind}'`).join(", ")})`;

export async function up(db: Kysely<any>): Promise<void> {
  await setKinds(db, KINDS, WITH_COMPETITORS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from ad_alert_firings where alert_id in (select id from ad_alerts where kind = 'competitor-gaining')`.execute(db);
  await sql`delete from ad_alerts where kind = 'competitor-gaining'`.execute(db);
  await setKinds(db, WITH_COMPETITORS, KINDS);
}

async function setKinds(db: Kysely<any>, from: string[], to: string[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table ad_alerts drop constraint ad_alerts_kind_check`.execute(db);
    await sql.raw(`alter table ad_alerts add constraint ad_alerts_kind_check check (kind in ${list(to)})`).execute(db);
    return;
  }
  const objects = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'ad_alerts' and sql is not null`.execute(db);
  const table = objects.rows.find((row) => row.type === "table")?.sql;
  if (!table) throw new Error("no ad_alerts table");
  const before = `kind in ${list(from)}`;
  if (!table.includes(before)) throw new Error(`the ad_alerts table has no check "${before}": ${table}`);
  const next = table.replace(before, `kind in ${list(to)}`).replace(/^create table ("?)ad_alerts\1/i, 'create table "ad_alerts_next"');
  const dependants = objects.rows.filter((row) => row.type === "index" || row.type === "trigger").map((row) => row.sql!);
  // Only outside a transaction does this pragma take effect (the SQLite migrator runs none).
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(next).execute(db);
      await sql`insert into ad_alerts_next select * from ad_alerts`.execute(db);
      await sql`drop table ad_alerts`.execute(db);
      await sql`alter table ad_alerts_next rename to ad_alerts`.execute(db);
      for (const statement of dependants) await sql.raw(statement).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error(`foreign keys broken by the rebuild of ad_alerts: ${JSON.stringify(broken.rows.slice(0, 5))}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

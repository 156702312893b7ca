import { PostgresAdapter, sql, type Kysely } from "kysely";

// The back office's manual balance adjustments: a ledger transaction of its own type, `adjustment`
// (a credit from, or a debit to, the platform's `adjustments` account, with the admin's reason).
// The transaction types are a CHECK constraint: PostgreSQL replaces it; SQLite cannot alter one, so
// the table is rebuilt from its own stored definition (every column, default and constraint as it
// is now, whatever earlier migrations added) with the foreign keys off for the swap, then checked.
const TYPES = ["cashback", "withdrawal", "referral", "affiliate", "purchase", "deposit"];
const WITH_ADJUSTMENT = [...TYPES, "adjustment"];

const list = (types: string[]) => `(${types.map((type) => `'${type}'`).join(", ")})`;

export async function up(db: Kysely<any>): Promise<void> {
  await setTypes(db, TYPES, WITH_ADJUSTMENT);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Refused (by the constraint) while adjustments exist: ledger rows are never deleted.
  await setTypes(db, WITH_ADJUSTMENT, TYPES);
}

async function setTypes(db: Kysely<any>, from: string[], to: string[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table transactions drop constraint transactions_type_check`.execute(db);
    await sql.raw(`alter table transactions add constraint transactions_type_check check (type in ${list(to)})`).execute(db);
    return;
  }
  const objects = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'transactions' and sql is not null`.execute(db);
  const table = objects.rows.find((row) => row.type === "table")?.sql;
  if (!table) throw new Error("no transactions table");
  const before = `type in ${list(from)}`;
  if (!table.includes(before)) throw new Error(`the transactions table has no check "${before}": ${table}`);
  const next = table.replace(before, `type in ${list(to)}`).replace(/^create table ("?)transactions\1/i, 'create table "transactions_next"');
  // The indexes (and any triggers) go with the old table: made again on the new one.
  const dependants = objects.rows.filter((row) => row.type === "index" || row.type === "trigger").map((row) => row.sql!);
  // Only outside a transaction does this pragma take effect (the SQLite migrator runs none).
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(next).execute(db);
      await sql`insert into transactions_next select * from transactions`.execute(db);
      await sql`drop table transactions`.execute(db);
      await sql`alter table transactions_next rename to transactions`.execute(db);
      for (const statement of dependants) await sql.raw(statement).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error(`foreign keys broken by the rebuild of transactions: ${JSON.stringify(broken.rows.slice(0, 5))}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

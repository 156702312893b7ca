/**
 * Changing the values a CHECK constraint allows (`column in ('a', 'b', …)`), for migrations.
 * PostgreSQL drops and adds the constraint. SQLite cannot alter one, so the table is rebuilt from
 * its own stored definition (every column, default and constraint as it is now, whatever earlier
 * migrations added) with the foreign keys off for the swap (rows elsewhere keep referring to it),
 * its indexes and triggers made again, and the foreign keys checked before committing.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";

export interface CheckChange {
  table: string;
  column: string;
  /** PostgreSQL's name for the constraint (`<table>_<column>_check` when created inline). */
  constraint: string;
  from: readonly string[];
  to: readonly string[];
}

const list = (values: readonly string[]) => `(${values.map((value) => `'${value}'`).join(", ")})`;

export async function replaceCheckValues(db: Kysely<any>, change: CheckChange): Promise<void> {
  const { table: name, column, constraint, from, to } = change;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(`alter table ${name} drop constraint ${constraint}`).execute(db);
    await sql.raw(`alter table ${name} add constraint ${constraint} check (${column} in ${list(to)})`).execute(db);
    return;
  }
  const objects = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${name} and sql is not null`.execute(db);
  const table = objects.rows.find((row) => row.type === "table")?.sql;
  if (!table) throw new Error(`no ${name} table`);
  const before = `${column} in ${list(from)}`;
  if (!table.includes(before)) throw new Error(`the ${name} table has no check "${before}": ${table}`);
  const next = table
    .replace(before, `${column} in ${list(to)}`)
    .replace(new RegExp(`^create table ("?)${name}\\1`, "i"), `create table "${name}_next"`);
  // The indexes (and any triggers) go with the old table: made again on the new one.
  const dependants = objects.rows.filter((row) => row.type === "index" || row.type === "trigger").map((row) => row.sql!);
  // Only outside a transaction does this pragma take effect (the SQLite migrator runs none).
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(next).execute(db);
      await sql.raw(`insert into ${name}_next select * from ${name}`).execute(db);
      await sql.raw(`drop table ${name}`).execute(db);
      await sql.raw(`alter table ${name}_next rename to ${name}`).execute(db);
      for (const statement of dependants) await sql.raw(statement).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error(`foreign keys broken by the rebuild of ${name}: ${JSON.stringify(broken.rows.slice(0, 5))}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

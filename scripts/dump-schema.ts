/**
 * Prints the schema the migrations build, on a fresh SQLite file and (with DATABASE_URL) a fresh
 * PostgreSQL schema: every table, column, index and constraint as the database reports it.
 * Used to prove that a change to the migrations' code leaves what they build unchanged.
 */
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { migrateToLatest } from "../db/migrate";

async function sqlite(): Promise<string> {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
  await migrateToLatest(db);
  const rows = await sql<{ sql: string }>`select sql from sqlite_master where sql is not null order by type, name`.execute(db);
  await db.destroy();
  return rows.rows.map((row) => row.sql).join("\n");
}

async function postgres(url: string): Promise<string> {
  const schema = `dump_${process.pid}`;
  const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  await sql.raw(`create schema ${schema}`).execute(db);
  try {
    await migrateToLatest(db);
    const columns = await sql<Record<string, unknown>>`
      select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
      where table_schema = ${schema} order by table_name, ordinal_position`.execute(db);
    const constraints = await sql<Record<string, unknown>>`
      select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition from pg_constraint
      where connamespace = ${schema}::regnamespace order by 1, 2`.execute(db);
    const indexes = await sql<Record<string, unknown>>`
      select indexname, indexdef from pg_indexes where schemaname = ${schema} order by 1`.execute(db);
    return [...columns.rows, ...constraints.rows, ...indexes.rows].map((row) => JSON.stringify(row).replaceAll(schema, "S")).join("\n");
  } finally {
    await sql.raw(`drop schema ${schema} cascade`).execute(db);
    await db.destroy();
  }
}

console.log(await sqlite());
if (process.env.DATABASE_URL) console.log(await postgres(process.env.DATABASE_URL));

/**
 * The PostgreSQL the benchmarks measure on (BENCH_DATABASE_URL, else TEST_DATABASE_URL), and a
 * throw-away schema of their own on it: created, migrated, handed to the measurement, dropped.
 */
import pg from "pg";
import { createDb, type Db } from "../app/db/db.server";
import { migrateToLatest } from "../db/migrate";

export const benchPostgresUrl = (): string | undefined => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * Runs `measure` on a migrated schema named `<prefix>_<time>` of the benchmark's PostgreSQL and drops
 * the schema afterwards; without a PostgreSQL, says how to measure it too and returns undefined.
 */
export async function onThrowAwaySchema<T>(
  prefix: string,
  poolSize: number | undefined,
  measure: (db: Db) => Promise<T>,
): Promise<T | undefined> {
  const url = benchPostgresUrl();
  if (!url) {
    console.log("(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL too)");
    return undefined;
  }
  const schema = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  const db = createDb({ kind: "postgres", connectionString: url }, { searchPath: schema, poolSize });
  try {
    await migrateToLatest(db);
    return await measure(db);
  } finally {
    await db.destroy();
    await admin.query(`drop schema "${schema}" cascade`);
    await admin.end();
  }
}

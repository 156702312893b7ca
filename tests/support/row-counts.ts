/** Row counts for database suites: how many rows tables hold, to show what a request wrote (or that it wrote nothing). */
import { sql } from "kysely";
import type { DbOrTx } from "~/db/db.server";

/** How many rows the table `table` (its SQL name, e.g. `audit_log`) holds. */
export async function rowCount(db: DbOrTx, table: string): Promise<number> {
  return Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
}

/** How many rows each of `tables` (their SQL names) holds. */
export async function rowCounts(db: DbOrTx, tables: readonly string[]): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of tables) result[table] = await rowCount(db, table);
  return result;
}

/**
 * Runs the migrations in `db/migrations` against any Kysely instance (SQLite or PostgreSQL).
 * Used by `npm run db:migrate`, by `npm start`, by the end-to-end server and by the test suites.
 */
import { Migrator, PostgresAdapter, sql, type Kysely, type MigrationResult } from "kysely";
import { migrations } from "./migrations/index";

/**
 * On PostgreSQL the migration tables live in the connection's current schema: without saying so,
 * Kysely finds another schema's tables in the same database and skips creating its own.
 */
export async function createMigrator(db: Kysely<any>): Promise<Migrator> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const schema = postgres ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
}

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResult[]> {
  const { error, results } = await (await createMigrator(db)).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results ?? [];
}

/**
 * Runs the migrations in `db/migrations` against any Kysely instance (SQLite or PostgreSQL).
 * Used by `npm run db:migrate`, by `npm start`, by the end-to-end server and by the test suites.
 */
import { Migrator, type Kysely, type MigrationResult } from "kysely";
import { migrations } from "./migrations/index";

export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResult[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new Error(
      `Migration ${failed?.migrationName ?? "(unknown)"} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return results ?? [];
}

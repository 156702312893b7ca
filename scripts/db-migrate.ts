/** `npm run db:migrate`: brings the database named by DATABASE_URL to the latest migration. */
import { envOrExit } from "../app/config/env.server";
import { createDb } from "../app/db/db.server";
import { migrateToLatest } from "../db/migrate";

const config = envOrExit();
const db = createDb(config.database);
try {
  const results = await migrateToLatest(db);
  console.log(results.length ? results.map((r) => `${r.status}: ${r.migrationName}`).join("\n") : "Already up to date.");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

/**
 * `npm run db:seed`: adds the launch content and the demo accounts (idempotent).
 * `npm run db:seed -- --content-only` adds only the content (plans, stores, articles); the demo
 * accounts, whose passwords are public, are refused in production.
 */
import { envOrExit } from "../app/config/env.server";
import { createDb } from "../app/db/db.server";
import { migrateToLatest } from "../db/migrate";
import { seedContent, seedDemoData } from "../db/seed";
import { parseArgs } from "./lib";

const contentOnly = parseArgs(process.argv.slice(2))["content-only"] === true;
const config = envOrExit();
if (config.appEnv === "production" && !contentOnly) {
  console.error("Refusing to seed demo accounts with known passwords into a production database (use --content-only).");
  process.exit(1);
}
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  const { created } = contentOnly ? await seedContent(db) : await seedDemoData(db);
  console.log(created.length ? `Seeded: ${created.join(", ")}` : "Demo data already present.");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

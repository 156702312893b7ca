/** `npm run db:seed`: adds the demo data (idempotent). Refused in production. */
import { envOrExit } from "../app/config/env.server";
import { createDb } from "../app/db/db.server";
import { migrateToLatest } from "../db/migrate";
import { seedDemoData } from "../db/seed";

const config = envOrExit();
if (config.appEnv === "production") {
  console.error("Refusing to seed demo accounts with known passwords into a production database.");
  process.exit(1);
}
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  const { created } = await seedDemoData(db);
  console.log(created.length ? `Seeded: ${created.join(", ")}` : "Demo data already present.");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

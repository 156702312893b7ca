/**
 * `npm start`: checks the configuration, builds when the build is missing or stale, migrates the
 * database, adds whatever demo data the embedded database lacks, then serves with remix-serve on PORT.
 */
import { spawn, spawnSync } from "node:child_process";
import { envOrExit } from "../app/config/env.server";
import { createDb } from "../app/db/db.server";
import { migrateToLatest } from "../db/migrate";
import { seedDemoData } from "../db/seed";
import { buildIsStale, serverCommand } from "./lib";

const config = envOrExit();

if (buildIsStale()) {
  console.log("Building the app…");
  const build = spawnSync("npx", ["remix", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const db = createDb(config.database);
try {
  const applied = await migrateToLatest(db);
  if (applied.length) console.log(`Applied migrations: ${applied.map((m) => m.migrationName).join(", ")}`);
  // The embedded database gets the demo data (idempotent: only what is missing is added).
  if (config.database.kind === "sqlite" && config.appEnv !== "production") {
    const { created } = await seedDemoData(db);
    if (created.length) console.log(`Seeded demo data into the embedded database: ${created.join(", ")}.`);
  }
} catch (error) {
  console.error(`Could not prepare the database: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
} finally {
  await db.destroy();
}

const server = spawn(serverCommand().command, serverCommand().args, {
  stdio: "inherit",
  env: { ...process.env, PORT: String(config.port), NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/**
 * Database-backed suites run once per database: always SQLite, and PostgreSQL as well when
 * TEST_DATABASE_URL is set. Each suite gets a clean, fully migrated database of its own: a fresh
 * SQLite file, or a fresh PostgreSQL schema dropped afterwards. No mocks of our own database.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { createDb, type Db } from "~/db/db.server";
import { migrateToLatest } from "../../db/migrate";

export type DialectName = "sqlite" | "postgres";

export interface TestDatabase {
  dialect: DialectName;
  db: Db;
  destroy(): Promise<void>;
}

export function testDialects(): DialectName[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export async function createTestDatabase(dialect: DialectName, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const id = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  let db: Db;
  let cleanup: () => Promise<void>;

  if (dialect === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-test-"));
    db = createDb({ kind: "sqlite", filename: path.join(dir, `${id}.db`) });
    cleanup = async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const connectionString = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    await admin.query(`create schema "${id}"`);
    await admin.end();
    db = createDb({ kind: "postgres", connectionString }, { searchPath: id, poolSize: 20 });
    cleanup = async () => {
      await sql`drop schema ${sql.id(id)} cascade`.execute(db);
      await db.destroy();
    };
  }
  if (options.migrate !== false) await migrateToLatest(db);
  return { dialect, db, destroy: cleanup };
}

/**
 * `describeEachDatabase("users", (t) => { it(..., async () => { t.db ... }) })` runs the suite on
 * every configured database, each on its own clean schema.
 */
export function describeEachDatabase(
  name: string,
  suite: (context: { readonly db: Db; readonly dialect: DialectName }) => void,
  options: { migrate?: boolean } = {},
): void {
  for (const dialect of testDialects()) {
    describe(`${name} [${dialect}]`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(dialect, options);
      });
      afterAll(async () => {
        await database?.destroy();
      });
      suite({
        get db() {
          if (!database) throw new Error("test database not ready");
          return database.db;
        },
        dialect,
      });
    });
  }
}

/** For tests of an npm script on a database file of its own: a migrated SQLite file in a throw-away folder, removed after `fn`. */
export async function withSqliteFile<T>(prefix: string, fn: (sqlite: { db: Db; filename: string; dir: string }) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cashwise-${prefix}-`));
  const filename = path.join(dir, "app.db");
  const db = createDb({ kind: "sqlite", filename });
  try {
    await migrateToLatest(db);
    return await fn({ db, filename, dir });
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `script` (a file under scripts/, with tsx) with `args` on the SQLite file `filename`, as `npm run` would: its exit status and output. */
export function runScriptOn(filename: string, script: string, ...args: string[]) {
  return spawnSync("npx", ["tsx", script, ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: `file:${filename}`, APP_ENV: "test" },
  });
}

/**
 * Database connections: owns turning a `DatabaseTarget` into a Kysely instance (SQLite through
 * better-sqlite3, PostgreSQL through a `pg` pool) and the app's shared instance. Domain modules
 * take a `Db` (or a transaction) as their first argument and never open connections themselves.
 * The shared instance is closed on shutdown (`~/utils/shutdown.server`).
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
  type Transaction,
} from "kysely";
import pg from "pg";
import { env, type DatabaseTarget } from "~/config/env.server";
import { onShutdown, SHUTDOWN_ORDER } from "~/utils/shutdown.server";
import type { Database } from "./schema";

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DbOrTx = Db | Tx;

// int8 (bigint) columns carry cents and counts: return them as numbers, not strings. Integer
// cents stay exact far beyond any balance this product will hold (2^53 cents).
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export interface CreateDbOptions {
  /** PostgreSQL only: the schema to work in (tests give every file its own). */
  searchPath?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
}

/** The driver-level client behind a Db, for libraries that speak to the driver directly. */
export type RawClient = { kind: "sqlite"; client: SQLite.Database } | { kind: "postgres"; client: pg.Pool };
const rawClients = new WeakMap<object, RawClient>();

export function rawClientOf(db: Db): RawClient {
  const raw = rawClients.get(db);
  if (!raw) throw new Error("rawClientOf: this Db was not made by createDb");
  return raw;
}

/**
 * SQLite transactions start with BEGIN IMMEDIATE: the write lock is taken at the start, so two
 * processes on one file (the app and `npm run worker`) queue on the busy timeout instead of failing
 * with SQLITE_BUSY when a reading transaction tries to become a writing one.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;
  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#settings);
  }
}

/**
 * better-sqlite3 prepares a statement on every query Kysely sends; parsing and planning the SQL
 * costs more than running it. The same SQL text reuses its prepared statement (up to 500 kept), unless
 * that one is still busy (a streamed query being read).
 */
function withStatementCache(database: SQLite.Database): SqliteDialectConfig["database"] {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(sql);
      if (!cached) {
        if (statements.size >= 500) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

export function createDb(target: DatabaseTarget, options: CreateDbOptions = {}): Db {
  const plugins = [new CamelCasePlugin()];
  if (target.kind === "sqlite") {
    if (target.filename !== ":memory:") {
      fs.mkdirSync(path.dirname(target.filename), { recursive: true });
    }
    const database = new SQLite(target.filename);
    database.pragma("journal_mode = WAL");
    database.pragma("foreign_keys = ON");
    database.pragma("busy_timeout = 5000");
    database.pragma("synchronous = NORMAL");
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(database) }), plugins });
    rawClients.set(db, { kind: "sqlite", client: database });
    return db;
  }
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  rawClients.set(db, { kind: "postgres", client: pool });
  return db;
}

export function dialectOf(db: DbOrTx): DatabaseTarget["kind"] {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

const globalForDb = globalThis as typeof globalThis & { __cashwiseDb?: Db };

/** The app's shared connection (one per process), created on first use from the environment. */
export function db(): Db {
  if (!globalForDb.__cashwiseDb) {
    const shared = createDb(env().database);
    globalForDb.__cashwiseDb = shared;
    // Closed (the PostgreSQL pool ended, the SQLite file closed) when the process is told to stop.
    onShutdown("database", SHUTDOWN_ORDER.database, async () => {
      if (globalForDb.__cashwiseDb === shared) globalForDb.__cashwiseDb = undefined;
      await shared.destroy();
    });
  }
  return globalForDb.__cashwiseDb;
}

/** Current time as the ISO-8601 UTC text every timestamp column holds. */
export function now(): string {
  return new Date().toISOString();
}

/**
 * Database connections: owns turning a `DatabaseTarget` into a Kysely instance (SQLite through
 * better-sqlite3, PostgreSQL through a `pg` pool) and the app's shared instance. Domain modules
 * take a `Db` (or a transaction) as their first argument and never open connections themselves.
 * The shared instance is closed on shutdown (`~/config/shutdown.server`).
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
  sql,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type SchemaMetadata,
  type TableMetadata,
  type SqliteDialectConfig,
  type Transaction,
} from "kysely";
import pg from "pg";
import { env, type DatabaseTarget } from "~/config/env.server";
import { onShutdown, SHUTDOWN_ORDER } from "~/config/shutdown.server";
import { withPreparedStatements } from "./prepared.server";
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
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool: withPreparedStatements(pool) }), plugins });
  rawClients.set(db, { kind: "postgres", client: pool });
  return db;
}

/**
 * Kysely's PostgreSQL introspector (used by the migrator to find its own tables) reads every
 * schema of the database and asks `pg_get_serial_sequence` of each column: a column dropped by a
 * migration running at that moment in another schema (another server's, another test suite's)
 * makes it fail. This one reads only the connection's current schema, from information_schema.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      tableType: string;
      column: string | null;
      dataType: string | null;
      nullable: string | null;
      columnDefault: string | null;
      identity: string | null;
    }>`select t.table_schema as schema, t.table_name as table, t.table_type as table_type, c.column_name as column,
         c.udt_name as data_type, c.is_nullable as nullable, c.column_default as column_default, c.is_identity as identity
       from information_schema.tables t
       left join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
       where t.table_schema = current_schema()
       order by t.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata["columns"][number][] }>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.tableType === "VIEW", columns: [] };
        tables.set(row.table, table);
      }
      if (row.column)
        table.columns.push({
          name: row.column,
          dataType: row.dataType ?? "",
          isNullable: row.nullable === "YES",
          hasDefaultValue: row.columnDefault !== null,
          isAutoIncrementing: row.identity === "YES" || (row.columnDefault ?? "").startsWith("nextval("),
        });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
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

/** Whether the database answers: runs `select 1` (the health check's probe), throwing when it cannot. */
export async function pingDatabase(database: DbOrTx): Promise<void> {
  await sql`select 1`.execute(database);
}

/** Current time as the ISO-8601 UTC text every timestamp column holds. */
export function now(): string {
  return new Date().toISOString();
}

/** A unique constraint refused the row (on either database). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL unique_violation, SQLite constraint codes from better-sqlite3.
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

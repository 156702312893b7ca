/**
 * Prepared statements on PostgreSQL: owns wrapping a `pg` pool so that Kysely's statements are
 * prepared once per connection under a name and then only bound and run. PostgreSQL parses and
 * plans every unnamed statement anew; a ledger movement is a handful of short statements. On the
 * 2-core bench machine, four runs each: the mixed ledger run 628–704/s → 614–841/s (medians 667 →
 * 764), deposits of 1,000 members 599–741/s → 751–852/s.
 *
 * - Only single data statements with parameters are named (a migration's text of several
 *   statements cannot be prepared), and only the first `PREPARED_TEXTS` distinct texts, so texts
 *   built from lists (`in ($1, $2, …)`) cannot grow a connection's prepared statements without bound.
 * - A prepared `select *` fails with "cached plan must not change result type" once a migration
 *   (another process's, in a rolling deploy) changed its table. Every name is then dropped for new
 *   ones (a new generation), and the statement is run again at once unless it was inside a
 *   transaction, whose unit of work fails this one time.
 */
import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";

/** Distinct statement texts prepared by name; beyond them statements are sent unnamed. */
export const PREPARED_TEXTS = 2_000;
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;

let generation = 0;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= PREPARED_TEXTS) return known;
  if (!PREPARABLE.test(text) || text.includes(";")) return undefined;
  const name = `cw${generation}_${names.size.toString(36)}`;
  names.set(text, name);
  return name;
}

/** A prepared statement the server no longer accepts as prepared (its tables changed, or it is gone). */
function isStalePlan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (code === "0A000" && typeof message === "string" && message.includes("cached plan")) || code === "26000";
}

function forgetNames() {
  generation++;
  names.clear();
}

export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let inTransaction = false;
      const run = async (text: string, values: unknown[]) => {
        const name = nameOf(text);
        if (!name) return client.query(text, values);
        try {
          return await client.query({ name, text, values });
        } catch (error) {
          if (!isStalePlan(error)) throw error;
          forgetNames();
          if (inTransaction) throw error;
          return client.query(text, values);
        }
      };
      return {
        // A cursor (a streamed query) and statements without parameters go through as they are.
        query: ((text: unknown, values?: unknown[]) => {
          if (typeof text !== "string" || !values?.length) {
            if (typeof text === "string") {
              const command = text.trim().toLowerCase();
              if (command.startsWith("begin") || command.startsWith("start transaction")) inTransaction = true;
              else if (command === "commit" || command === "rollback" || command === "end") inTransaction = false;
            }
            return client.query(text as string, values);
          }
          return run(text, values);
        }) as unknown as PostgresPoolClient["query"],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/**
 * The unit of work: owns the one database transaction of each state change. A route action, a
 * webhook or a job calls `unitOfWork(db, (tx) => …)` once; domain functions take that `tx` and never
 * open a transaction of their own, so the ledger postings, statuses, audit row, notification and
 * outbox row of one change commit together or not at all.
 *
 * A serialization failure or deadlock (PostgreSQL 40001, 40P01) or a busy SQLite file retries the
 * whole unit a bounded number of times, with jittered backoff. Work that must only happen once the
 * change is durable (waking the outbox worker) registers with `afterCommit(tx, fn)`.
 */
import type { Db, Tx } from "./db.server";

const RETRYABLE_PG = new Set(["40001", "40P01"]);
const RETRYABLE_SQLITE = new Set(["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_LOCKED"]);

export function isRetryable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && (RETRYABLE_PG.has(code) || RETRYABLE_SQLITE.has(code));
}

const hooks = new WeakMap<Tx, Array<() => void>>();

/** Runs `fn` after the transaction `tx` commits (never when it rolls back). */
export function afterCommit(tx: Tx, fn: () => void): void {
  const list = hooks.get(tx);
  if (!list) throw new Error("afterCommit: this transaction was not opened by unitOfWork");
  if (!list.includes(fn)) list.push(fn);
}

/**
 * `fn` once the change is durable: after `db`'s transaction commits when `db` is a unit of work's
 * transaction (never when it rolls back), at once otherwise (a script writing without one).
 */
export function whenCommitted(db: unknown, fn: () => void): void {
  const list = hooks.get(db as Tx);
  if (!list) return fn();
  if (!list.includes(fn)) list.push(fn);
}

/**
 * `fn` after `tx` commits when `tx` is a unit of work's transaction; never otherwise (nothing says
 * when, or whether, another transaction commits). For caches of what a commit makes true.
 */
export function ifCommitted(tx: Tx, fn: () => void): void {
  hooks.get(tx)?.push(fn);
}

export interface UnitOfWorkOptions {
  /** How many times the whole unit is tried on a serialization failure or deadlock (default 8). */
  attempts?: number;
}

export class TooMuchContentionError extends Error {
  constructor(cause: unknown) {
    super("the unit of work kept conflicting with concurrent ones; try again", { cause });
    this.name = "TooMuchContentionError";
  }
}

export async function unitOfWork<T>(db: Db, work: (tx: Tx) => Promise<T>, options: UnitOfWorkOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 8;
  for (let attempt = 1; ; attempt++) {
    const committed: Array<() => void> = [];
    try {
      const result = await db.transaction().execute(async (tx) => {
        hooks.set(tx, committed);
        return work(tx);
      });
      for (const fn of committed) {
        try {
          fn();
        } catch (error) {
          console.error("after-commit hook failed", error);
        }
      }
      return result;
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (attempt >= attempts) throw new TooMuchContentionError(error);
      const base = Math.min(200, 2 ** attempt);
      await new Promise((resolve) => setTimeout(resolve, base / 2 + Math.random() * base));
    }
  }
}

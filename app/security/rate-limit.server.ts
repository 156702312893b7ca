/**
 * Rate limits: owns how often one client (an IP address, or an account) may do a sensitive
 * thing. Counters live in the database's `rate_limits` table through rate-limiter-flexible, so
 * every app instance behind a load balancer shares them. Policies are named here, in one place.
 */
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import { rawClientOf, type Db } from "~/db/db.server";

export const RATE_LIMITS = {
  /** Contact form messages per IP address. */
  contact: { points: 5, duration: 60 * 60 },
  /** Newsletter subscriptions per IP address. */
  newsletter: { points: 10, duration: 60 * 60 },
} as const satisfies Record<string, { points: number; duration: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export type RateLimitVerdict = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

const limiters = new WeakMap<Db, Map<RateLimitName, RateLimiterAbstract>>();

function limiterFor(db: Db, name: RateLimitName): RateLimiterAbstract {
  let byName = limiters.get(db);
  if (!byName) {
    byName = new Map();
    limiters.set(db, byName);
  }
  let limiter = byName.get(name);
  if (!limiter) {
    const raw = rawClientOf(db);
    const options = { ...RATE_LIMITS[name], keyPrefix: name, tableName: "rate_limits", tableCreated: true };
    limiter =
      raw.kind === "sqlite"
        ? new RateLimiterSQLite({ ...options, storeClient: raw.client, storeType: "better-sqlite3" })
        : new RateLimiterPostgres({ ...options, storeClient: raw.client, storeType: "pool" });
    byName.set(name, limiter);
  }
  return limiter;
}

/** Counts one attempt by `key` against policy `name`; says whether it is still allowed. */
export async function consumeRateLimit(db: Db, name: RateLimitName, key: string): Promise<RateLimitVerdict> {
  try {
    const result = await limiterFor(db, name).consume(key);
    return { allowed: true, remaining: result.remainingPoints };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
    }
    throw error;
  }
}

/** Forgets `key`'s attempts (e.g. after a successful sign-in). */
export async function resetRateLimit(db: Db, name: RateLimitName, key: string): Promise<void> {
  await limiterFor(db, name).delete(key);
}

/** Minutes to show a person who must wait `seconds` (at least 1). */
export function minutesToWait(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

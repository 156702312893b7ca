/**
 * Rate limits: owns how often one client (an IP address, or an account) may do a sensitive
 * thing. Counters live in the database's `rate_limits` table through rate-limiter-flexible, so
 * every app instance behind a load balancer shares them. Policies are named here, in one place.
 */
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import { rawClientOf, type Db } from "~/db/db.server";

export const RATE_LIMITS = {
  /** "Shop now" click-outs per member (a person shops a few stores an hour, a script thousands). */
  clickOut: { points: 60, duration: 60 * 60 },
  /** Missing-cashback claims sent per member (a person claims a few orders, not dozens an hour). */
  cashbackClaim: { points: 10, duration: 60 * 60 },
  /** Referral invitations tried per member (each address once, at most 20 sent a day besides). */
  referralInvite: { points: 30, duration: 60 * 60 },
  /** Contact form messages per IP address. */
  contact: { points: 5, duration: 60 * 60 },
  /** Newsletter subscriptions per IP address. */
  newsletter: { points: 10, duration: 60 * 60 },
  /** Sign-in attempts (user and admin) per IP address, and per account. */
  signInIp: { points: 30, duration: 15 * 60 },
  signInAccount: { points: 10, duration: 15 * 60 },
  /** Verification code entries per IP address, and per account (each code also dies after 5 wrong tries). */
  codeIp: { points: 30, duration: 15 * 60 },
  codeAccount: { points: 15, duration: 15 * 60 },
  /** New codes sent per IP address, and per account. */
  resendIp: { points: 20, duration: 60 * 60 },
  resendAccount: { points: 5, duration: 60 * 60 },
  /** Password reset requests per IP address, and per account. */
  forgotIp: { points: 20, duration: 60 * 60 },
  forgotAccount: { points: 5, duration: 60 * 60 },
  /** Sign-ups per IP address. */
  signUpIp: { points: 20, duration: 60 * 60 },
  /**
   * Codes tried for an address with no pending code: counted like a real code's 5 tries in its
   * 10 minutes, so the answers ("not correct", then "too many tries") say nothing about the address.
   */
  codePhantom: { points: 5, duration: 10 * 60 },
  /** Ad export uploads per member (each one is read by a job: a person uploads a few an hour). */
  adsImport: { points: 20, duration: 60 * 60 },
  /** Questions to the assistant per member (a person asks a few a minute at most, a script hundreds). */
  assistantQuestion: { points: 30, duration: 10 * 60 },
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

/**
 * Counts one attempt against several policies (e.g. per IP and per account); refused when any is
 * exhausted, with the longest wait.
 */
export async function consumeRateLimits(db: Db, checks: Array<[RateLimitName, string]>): Promise<RateLimitVerdict> {
  let wait = 0;
  let remaining = Number.POSITIVE_INFINITY;
  for (const [name, key] of checks) {
    const verdict = await consumeRateLimit(db, name, key);
    if (!verdict.allowed) wait = Math.max(wait, verdict.retryAfterSeconds);
    else remaining = Math.min(remaining, verdict.remaining);
  }
  return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true, remaining };
}

/**
 * Gives back the attempt a check counted, for an attempt that turned out right (a correct
 * password): only failures use up a throttle, so an owner's good sign-ins never lock them out.
 * Counting first and refunding after keeps parallel wrong guesses from slipping past the limit.
 */
export async function refundRateLimits(db: Db, checks: Array<[RateLimitName, string]>): Promise<void> {
  for (const [name, key] of checks) {
    const limiter = limiterFor(db, name);
    const current = await limiter.get(key);
    if (current && current.consumedPoints > 0) await limiter.reward(key, 1);
  }
}

/** Minutes to show a person who must wait `seconds` (at least 1). */
export function minutesToWait(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

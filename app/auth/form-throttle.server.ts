/**
 * The one answer of the sign-in, sign-up and code forms to an attempt over its throttles: the
 * form's "too many attempts, try again in N minutes" (`common:errors.tooManyAttemptsMinutes`) with
 * the minutes to wait as `wait`, status 429. `throttleForm` counts the attempt first.
 */
import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { db } from "~/db/db.server";
import { consumeRateLimits, minutesToWait, type RateLimitName } from "~/security/rate-limit.server";

type Replying = Pick<Submission<unknown>, "reply">;

/** How the form comes back: `hideFields` (passwords) or `resetForm`. */
interface ReplyShape {
  hideFields?: string[];
  resetForm?: boolean;
}

/** The 429 answer for a wait of `retryAfterSeconds`; `extra` adds the page's own fields. */
export function tooManyAttempts<Extra extends object = Record<never, never>>(
  submission: Replying,
  retryAfterSeconds: number,
  shape: ReplyShape = {},
  extra?: Extra,
) {
  return data(
    {
      result: submission.reply({ formErrors: ["common:errors.tooManyAttemptsMinutes"], ...shape }),
      wait: minutesToWait(retryAfterSeconds),
      ...(extra as Extra),
    },
    { status: 429 },
  );
}

/** Counts the attempt against `checks`: null when it may go on, otherwise the 429 answer. */
export async function throttleForm<Extra extends object = Record<never, never>>(
  submission: Replying,
  checks: Array<[RateLimitName, string]>,
  shape: ReplyShape = {},
  extra?: Extra,
) {
  const verdict = await consumeRateLimits(db(), checks);
  return verdict.allowed ? null : tooManyAttempts(submission, verdict.retryAfterSeconds, shape, extra);
}

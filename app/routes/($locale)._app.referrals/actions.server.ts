/**
 * The referrals page's action (`/referrals`): invite a friend by e-mail (rate-limited per member;
 * each address once, at most a number a day: `app/referrals/referrals.server.ts`), then back to
 * the page with a notice.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { inviteFriend } from "~/referrals/referrals.server";
import { consumeRateLimit, minutesToWait } from "~/security/rate-limit.server";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";

const OUTCOME_ERRORS = { already: "referrals:invite.already", limit: "referrals:invite.limit", self: "referrals:invite.self" } as const;

type Reply = (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;

export async function invite(userId: string, locale: Locale, email: string, reply: Reply) {
  const verdict = await consumeRateLimit(db(), "referralInvite", userId);
  if (!verdict.allowed) {
    return data(
      { result: reply({ formErrors: ["common:errors.tooManyAttemptsMinutes"] }), minutes: minutesToWait(verdict.retryAfterSeconds) },
      { status: 429 },
    );
  }
  const outcome = await unitOfWork(db(), (tx) => inviteFriend(tx, { referrerId: userId, email, locale, appUrl: env().appUrl }));
  if (outcome !== "sent") {
    return data(
      { result: reply({ fieldErrors: { email: [OUTCOME_ERRORS[outcome]] } }), minutes: null },
      { status: outcome === "limit" ? 429 : 409 },
    );
  }
  throw await redirectWithFlash(localePath(locale, "/referrals"), {
    kind: "notice",
    key: "invite.sent",
    values: { email: email.toLowerCase() },
  });
}

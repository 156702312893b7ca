/**
 * The profile page's actions (`/profile`), one handler per `intent`: ask for a new sign-in address
 * (a code sent to it, rate-limited), confirm it with the code, and save the personal information
 * (the edit form, which sends no intent). Changing the address needs a recent proof of identity.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { requireRecentAuth } from "~/auth/guards.server";
import type { SessionRecord } from "~/auth/session.server";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import type { Locale } from "~/i18n/config";
import { outboxMailer } from "~/jobs/outbox.server";
import { consumeRateLimits, minutesToWait } from "~/security/rate-limit.server";
import { confirmEmailChange, requestEmailChange } from "~/users/email-change.server";
import { ProfileSchema, updateProfile } from "~/users/profile.server";
import { EmailSchema } from "~/users/validation";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";

/** The form sent: the e-mail change's two steps, else the personal information (that form sends no intent). */
export const PROFILE_INTENTS = ["email-request", "email-confirm", "save"] as const;

/** What each handler is given. */
export interface ProfileAction {
  request: Request;
  session: SessionRecord;
  userId: string;
  locale: Locale;
  formData: FormData;
}

const back = async (ctx: ProfileAction, key: string) =>
  await redirectWithFlash(localePath(ctx.locale, "/profile"), { kind: "notice", key });

/** Changing the sign-in address is sensitive: prove who is there first (within 10 minutes). */
const requireProof = (ctx: ProfileAction) => requireRecentAuth(ctx.request, ctx.session, localePath(ctx.locale, "/profile"));

export async function requestEmail(ctx: ProfileAction) {
  requireProof(ctx);
  const { formData, userId } = ctx;
  const parsed = EmailSchema.safeParse(formData.get("newEmail") ?? "");
  if (!parsed.success)
    return data(
      { result: undefined, email: { error: parsed.error.issues[0]!.message, typed: String(formData.get("newEmail") ?? "") } },
      { status: 400 },
    );
  const verdict = await consumeRateLimits(db(), [["resendAccount", `email-change:${userId}`]]);
  if (!verdict.allowed) {
    return data(
      {
        result: undefined,
        email: { error: "common:errors.tooManyAttemptsMinutes", typed: parsed.data, minutes: minutesToWait(verdict.retryAfterSeconds) },
      },
      { status: 429 },
    );
  }
  await requestEmailChange(db(), { userId, newEmail: parsed.data }, { mailer: outboxMailer(db()), secret: env().sessionSecrets[0]! });
  throw await back(ctx, "profile.emailChange.sent");
}

const CONFIRM_ERRORS = {
  invalid: "auth:verify.failed",
  none: "auth:verify.failed",
  expired: "auth:verify.expired",
  locked: "auth:verify.locked",
  taken: "auth:verify.failed",
} as const;

export async function confirmEmail(ctx: ProfileAction) {
  requireProof(ctx);
  const { formData, userId, session } = ctx;
  const code = String(formData.get("code") ?? "").trim();
  if (!/^\d{6}$/.test(code)) return data({ result: undefined, email: { error: "validation.invalidOtp", typed: "" } }, { status: 400 });
  const verdict = await consumeRateLimits(db(), [["codeAccount", `email-change:${userId}`]]);
  if (!verdict.allowed)
    return data(
      {
        result: undefined,
        email: { error: "common:errors.tooManyAttemptsMinutes", typed: "", minutes: minutesToWait(verdict.retryAfterSeconds) },
      },
      { status: 429 },
    );
  const outcome = await confirmEmailChange(
    db(),
    { userId, code, keepSessionId: session.id },
    { mailer: outboxMailer(db()), secrets: env().sessionSecrets },
  );
  if (outcome === "changed") throw await back(ctx, "profile.emailChange.changed");
  return data({ result: undefined, email: { error: CONFIRM_ERRORS[outcome], typed: "" } }, { status: 400 });
}

export async function saveProfile(ctx: ProfileAction) {
  const submission = parseWithZod(ctx.formData, { schema: ProfileSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), email: null }, { status: 400 });
  await updateProfile(db(), ctx.userId, submission.value);
  throw await redirectWithFlash(localePath(ctx.locale, "/profile"), { kind: "notice", key: "profile.saved" });
}

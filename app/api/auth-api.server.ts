/**
 * The JSON API's account endpoints for the mobile apps (spec section 7). They share the domain
 * code, the throttles and the messages with the web forms.
 */
import { z } from "zod";
import { resendVerificationCode, requestPasswordReset, resetPassword, verifyEmailCode } from "~/auth/accounts.server";
import { accountContext } from "~/auth/context.server";
import { CodeSchema, NewPasswordSchema } from "~/auth/schemas";
import { db } from "~/db/db.server";
import type { Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { clientAddress } from "~/security/client-address.server";
import { consumeRateLimits, minutesToWait, type RateLimitName } from "~/security/rate-limit.server";
import { EmailSchema } from "~/users/validation";
import { apiError, json, readJson } from "~/utils/json.server";

async function throttled(request: Request, locale: Locale, checks: Array<[RateLimitName, string]>): Promise<Response | null> {
  const verdict = await consumeRateLimits(db(), checks);
  if (verdict.allowed) return null;
  const minutes = minutesToWait(verdict.retryAfterSeconds);
  const response = apiError(
    locale,
    429,
    "too_many_attempts",
    "common:errors.tooManyAttemptsMinutes",
    { retryAfterSeconds: verdict.retryAfterSeconds },
    { minutes },
  );
  response.headers.set("Retry-After", String(verdict.retryAfterSeconds));
  return response;
}

const message = (locale: Locale, key: string, values: Record<string, unknown> = {}) => fixedT(locale, ["common", "auth"])(key, values);

export async function forgotPasswordApi(request: Request, locale: Locale): Promise<Response> {
  const body = await readJson(request, z.object({ email: EmailSchema }), locale);
  if (!body.ok) return body.response;
  const email = body.value.email;
  const limited = await throttled(request, locale, [
    ["forgotIp", clientAddress(request)],
    ["forgotAccount", email.toLowerCase()],
  ]);
  if (limited) return limited;
  try {
    await requestPasswordReset(db(), email, accountContext());
  } catch (error) {
    console.error("api forgot-password failed", error);
    return apiError(locale, 503, "send_failed", "auth:forgot.failed");
  }
  return json({ message: message(locale, "auth:forgot.sentText", { email }) });
}

export async function resetPasswordApi(request: Request, locale: Locale): Promise<Response> {
  const schema = z
    .object({
      email: EmailSchema,
      token: z.string({ required_error: "auth:reset.invalidLink" }).min(1, "auth:reset.invalidLink"),
      password: NewPasswordSchema,
      password_confirmation: z.string({ required_error: "validation.confirmRequired" }),
    })
    .superRefine((value, ctx) => {
      if (value.password !== value.password_confirmation) {
        ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: "validation.passwordMismatch" });
      }
    });
  const body = await readJson(request, schema, locale);
  if (!body.ok) return body.response;
  const done = await resetPassword(db(), { email: body.value.email, token: body.value.token, password: body.value.password });
  if (!done) return apiError(locale, 400, "invalid_token", "auth:reset.expired");
  return json({ message: message(locale, "auth:reset.doneText") });
}

export async function verifyOtpApi(request: Request, locale: Locale): Promise<Response> {
  const body = await readJson(request, CodeSchema.extend({ email: EmailSchema }), locale);
  if (!body.ok) return body.response;
  const { email, code } = body.value;
  const limited = await throttled(request, locale, [
    ["codeIp", clientAddress(request)],
    ["codeAccount", email.toLowerCase()],
  ]);
  if (limited) return limited;
  const outcome = await verifyEmailCode(db(), email, code, accountContext());
  if (outcome === "verified") return json({ verified: true, message: message(locale, "auth:verify.successText") });
  const errors = {
    invalid: ["invalid_code", "auth:verify.failed"],
    none: ["invalid_code", "auth:verify.failed"],
    expired: ["code_expired", "auth:verify.expired"],
    locked: ["code_locked", "auth:verify.locked"],
  } as const;
  const [errorCode, key] = errors[outcome];
  return apiError(locale, 400, errorCode, key);
}

export async function resendOtpApi(request: Request, locale: Locale): Promise<Response> {
  const body = await readJson(request, z.object({ email: EmailSchema }), locale);
  if (!body.ok) return body.response;
  const email = body.value.email;
  const limited = await throttled(request, locale, [
    ["resendIp", clientAddress(request)],
    ["resendAccount", email.toLowerCase()],
  ]);
  if (limited) return limited;
  try {
    await resendVerificationCode(db(), email, accountContext());
  } catch (error) {
    console.error("api resend-otp failed", error);
    return apiError(locale, 503, "send_failed", "auth:verify.resendFailed");
  }
  return json({ message: message(locale, "auth:verify.resent") });
}

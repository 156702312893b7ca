/**
 * The settings page's actions (`/settings`), one handler per `intent`: theme, language (which also
 * sets the language cookie and moves to the page in that language), notification preferences, the
 * password (the current one is the re-authentication, throttled like sign-in), and two-factor
 * authentication with its recovery codes (`app/auth/two-factor.server.ts`). A saved change goes
 * back to the page with a notice.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { PasswordChangeSchema } from "~/auth/password-change-schema";
import { requireRecentAuth } from "~/auth/guards.server";
import type { SessionRecord } from "~/auth/session.server";
import { postTwoFactorForm } from "~/auth/two-factor-form.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { isLocale, type Locale } from "~/i18n/config";
import { serializeLocaleCookie } from "~/i18n/locale.server";
import { clientAddress } from "~/security/client-address.server";
import { consumeRateLimits, refundRateLimits, type RateLimitName } from "~/security/rate-limit.server";
import { NOTIFICATION_FLAGS, type NotificationFlag } from "~/users/notification-flags";
import { applyPasswordChange, preparePasswordChange, setLocale, setNotificationFlags, setTheme } from "~/users/settings.server";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";

/** The form sent (any other intent is answered 400). */
export const SETTINGS_INTENTS = [
  "theme",
  "language",
  "notifications",
  "password",
  "2fa-start",
  "2fa-enable",
  "2fa-disable",
  "recovery-regenerate",
] as const;

type TwoFactorIntent = Extract<(typeof SETTINGS_INTENTS)[number], `2fa-${string}` | "recovery-regenerate">;

/** What each handler is given. */
export interface SettingsAction {
  request: Request;
  session: SessionRecord;
  user: { id: string; email: string };
  locale: Locale;
  formData: FormData;
}

/** Back to the settings (in `target`'s language, its cookie set) with a notice. */
async function saved(ctx: SettingsAction, target: Locale = ctx.locale, key = "settings.saved") {
  const headers = target !== ctx.locale ? { "Set-Cookie": await serializeLocaleCookie(target) } : undefined;
  return redirectWithFlash(localePath(target, "/settings"), { kind: "notice", key }, headers);
}

export async function saveTheme(ctx: SettingsAction): Promise<never> {
  const theme = ctx.formData.get("theme");
  await setTheme(db(), ctx.user.id, theme === "dark" || theme === "system" ? theme : "light");
  throw await saved(ctx);
}

export async function saveLanguage(ctx: SettingsAction) {
  const chosen = ctx.formData.get("language");
  if (!isLocale(chosen)) return data({ password: null }, { status: 400 });
  await setLocale(db(), ctx.user.id, chosen);
  throw await saved(ctx, chosen);
}

export async function saveNotifications(ctx: SettingsAction): Promise<never> {
  const flags = Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, ctx.formData.get(flag) === "on"])) as Record<
    NotificationFlag,
    boolean
  >;
  await setNotificationFlags(db(), ctx.user.id, flags);
  throw await saved(ctx);
}

export async function changePassword(ctx: SettingsAction) {
  const { user, session } = ctx;
  const submission = parseWithZod(ctx.formData, { schema: PasswordChangeSchema });
  const hideFields = ["currentPassword", "password", "confirmPassword"];
  if (submission.status !== "success") return data({ password: submission.reply({ hideFields }) }, { status: 400 });
  // The current password is the re-authentication here, throttled like sign-in.
  const limits: Array<[RateLimitName, string]> = [
    ["signInIp", clientAddress(ctx.request)],
    ["signInAccount", user.email.toLowerCase()],
  ];
  const verdict = await consumeRateLimits(db(), limits);
  if (!verdict.allowed) {
    return data({ password: submission.reply({ formErrors: ["common:errors.tooManyRequests.text"], hideFields }) }, { status: 429 });
  }
  const prepared = await preparePasswordChange(db(), { userId: user.id, ...submission.value });
  if (!prepared) {
    return data(
      { password: submission.reply({ fieldErrors: { currentPassword: ["app:settings.security.wrongCurrent"] }, hideFields }) },
      { status: 400 },
    );
  }
  await refundRateLimits(db(), limits);
  await unitOfWork(db(), (tx) => applyPasswordChange(tx, { userId: user.id, sessionId: session.id, passwordHash: prepared.passwordHash }));
  throw await saved(ctx, ctx.locale, "settings.security.changed");
}

/** Two-factor authentication: start, enable or disable it, or new recovery codes. */
export async function twoFactor(ctx: SettingsAction, intent: TwoFactorIntent) {
  const { request, session, locale } = ctx;
  // New recovery codes replace the old ones: only after proving again who one is.
  if (intent === "recovery-regenerate") requireRecentAuth(request, session, `${localePath(locale, "/settings")}#two-factor`);
  const outcome = await postTwoFactorForm(request, ctx, intent, ctx.formData.get("code"));
  if (outcome?.outcome === "started") throw redirect(`${localePath(locale, "/settings")}#two-factor`);
  if (outcome?.outcome === "error") return data({ password: null, twoFactorError: outcome.error }, { status: outcome.status });
  if (outcome?.outcome === "enabled" || outcome?.outcome === "regenerated") {
    // Shown once, in this answer: only their hashes are kept.
    const notice = outcome.outcome === "enabled" ? "settings.twoFactor.enabled" : "settings.recoveryCodes.regenerated";
    return data({ password: null, recoveryCodes: outcome.recoveryCodes, notice });
  }
  if (outcome) throw await saved(ctx, locale, "settings.twoFactor.disabled");
  return data({ password: null }, { status: 400 });
}

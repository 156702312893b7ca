/**
 * The sign-in forms' action (user sign-in and admin sign-in): validate in the spec's order,
 * throttle per IP and per account, check the password, then rotate the session. Admin sign-in
 * admits only the admin role and answers everyone else with the same generic failure.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { notify } from "~/notifications/notifications.server";
import type { Locale } from "~/i18n/config";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { consumeRateLimits, refundRateLimits } from "~/security/rate-limit.server";
import { setFlash } from "~/utils/flash.server";
import { localePath } from "~/utils/paths";
import { safeRedirect } from "~/utils/redirect-to";
import { isSuspended, restartVerification, sendUnlockLink, signIn, SUSPENDED_MESSAGE } from "./accounts.server";
import { accountContext } from "./context.server";
import { tooManyAttempts } from "./form-throttle.server";
import { SignInSchema } from "./schemas";
import { createSession, endSession } from "./session.server";
import { isKnownDevice, rememberDevice } from "~/security/known-device.server";
import { setPendingSignIn } from "./two-factor.server";
import { setVerifyEmail } from "./verify-cookie.server";
import { readForm } from "~/utils/form-data.server";

export async function signInAction(request: Request, locale: Locale, area: "user" | "admin") {
  requireSameOrigin(request);
  const submission = parseWithZod(await readForm(request), { schema: SignInSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }), wait: null }, { status: 400 });
  const { email, password, rememberMe, redirectTo } = submission.value;
  // Strangers' wrong passwords can exhaust an account's throttle; its owner on a browser that
  // signed in to it before still gets through (the per-IP throttle applies to everyone).
  const knownDevice = await isKnownDevice(request, email);
  const limits: Parameters<typeof consumeRateLimits>[1] = [["signInIp", clientAddress(request)]];
  if (!knownDevice) limits.push(["signInAccount", email.toLowerCase()]);
  const verdict = await consumeRateLimits(db(), limits);
  if (!verdict.allowed) {
    // The owner hears of it, with a link that lets their browser through (at most a few an hour).
    if (!knownDevice && (await consumeRateLimits(db(), [["resendAccount", `unlock:${email.toLowerCase()}`]])).allowed) {
      await sendUnlockLink(db(), email, accountContext());
    }
    return tooManyAttempts(submission, verdict.retryAfterSeconds, { hideFields });
  }
  const outcome = await signIn(db(), { email, password });
  const suspended = outcome.outcome === "suspended" && (area === "user" || outcome.user.role === "admin");
  const refused =
    !suspended && (outcome.outcome === "invalid" || (area === "admin" && (outcome.outcome !== "ok" || outcome.user.role !== "admin")));
  if (refused) return data({ result: submission.reply({ formErrors: ["auth:signin.invalid"], hideFields }), wait: null }, { status: 400 });
  // The right password: this attempt does not count against the throttles.
  await refundRateLimits(db(), limits);
  if (suspended) return data({ result: submission.reply({ formErrors: [SUSPENDED_MESSAGE], hideFields }), wait: null }, { status: 403 });
  if (outcome.outcome === "unverified") {
    await restartVerification(db(), outcome.user, accountContext());
    const headers = new Headers();
    headers.append("Set-Cookie", await setVerifyEmail(outcome.user.email));
    headers.append("Set-Cookie", await setFlash({ kind: "notice", key: "verify.unverifiedSignIn" }));
    throw redirect(localePath(locale, "/verify-email"), { headers });
  }
  if (outcome.outcome !== "ok") throw new Error("unreachable");
  return finishSignIn(request, outcome.user, { locale, remember: rememberMe === true, redirectTo: safeRedirect(redirectTo, null), area });
}

export interface FinishSignInOptions {
  locale: Locale;
  remember: boolean;
  redirectTo: string | null;
  area: "user" | "admin";
  /** Set only by the two-factor step, after it checked the code. */
  secondFactorPassed?: boolean;
  extraCookies?: string[];
}

/**
 * The one way every sign-in ends (password, social, the two-factor step, and later ones): a
 * suspended account goes back to its sign-in page, which says it is suspended; with 2FA on and no
 * code checked yet, it sends the browser to the code step; otherwise it tells the owner about a new
 * browser, rotates the session and goes on. No sign-in path can skip a step.
 */
export async function finishSignIn(
  request: Request,
  user: { id: string; email: string; role: "user" | "partner" | "admin" },
  options: FinishSignInOptions,
): Promise<never> {
  if (await isSuspended(db(), user.id)) {
    const headers = new Headers();
    for (const cookie of options.extraCookies ?? []) headers.append("Set-Cookie", cookie);
    throw redirect(`${localePath(options.locale, options.area === "admin" ? "/admin" : "/signin")}?suspended=1`, { headers });
  }
  if (!options.secondFactorPassed) {
    const twoFactor = await db().selectFrom("users").select("totpEnabledAt").where("id", "=", user.id).executeTakeFirst();
    if (twoFactor?.totpEnabledAt) {
      const headers = new Headers();
      headers.append(
        "Set-Cookie",
        await setPendingSignIn({ userId: user.id, remember: options.remember, redirectTo: options.redirectTo, area: options.area }),
      );
      for (const cookie of options.extraCookies ?? []) headers.append("Set-Cookie", cookie);
      throw redirect(localePath(options.locale, "/signin/two-factor"), { headers });
    }
  }
  const userAgent = request.headers.get("User-Agent") ?? "";
  const { setCookie } = await unitOfWork(db(), async (tx) => {
    // A browser this account has never signed in with: tell the owner.
    const known = await tx
      .selectFrom("sessions")
      .select("id")
      .where("userId", "=", user.id)
      .where("userAgent", "=", userAgent.slice(0, 300))
      .executeTakeFirst();
    const firstSession = await tx.selectFrom("sessions").select("id").where("userId", "=", user.id).executeTakeFirst();
    if (!known && firstSession) await notify(tx, user.id, "newDevice", { device: userAgent.slice(0, 120) || "?" });
    // Rotate: whatever session the browser had ends, a new one starts.
    await endSession(tx, request);
    return createSession(tx, user, {
      remember: options.remember,
      userAgent: request.headers.get("User-Agent"),
      clientAddress: clientAddress(request),
    });
  });
  const home = localePath(options.locale, user.role === "admin" ? "/admin/dashboard" : "/dashboard");
  let target = safeRedirect(options.redirectTo, home);
  if (options.area === "admin" && !target.includes("/admin/")) target = home;
  const headers = new Headers({ "Set-Cookie": setCookie });
  headers.append("Set-Cookie", await rememberDevice(request, user.email));
  for (const cookie of options.extraCookies ?? []) headers.append("Set-Cookie", cookie);
  throw redirect(target, { headers });
}

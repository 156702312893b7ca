/**
 * The referral cookie: `/r/<code>` remembers the referrer's code in this browser for 30 days, and
 * every sign-up (regular, partner, social) reads it to record who referred the new account.
 */
import { createCookie } from "@remix-run/node";
import { isKnownDevice } from "~/security/known-device.server";
import { env, isHttps } from "~/config/env.server";
import type { DbOrTx } from "~/db/db.server";
import { clientAddress } from "~/security/client-address.server";
import { CODE_PATTERN, REFERRAL_COOKIE_DAYS, referrerByCode, type ReferralSignUp } from "./referrals.server";

function referralCookie() {
  return createCookie("referral", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(),
    maxAge: REFERRAL_COOKIE_DAYS * 86_400,
    secrets: env().sessionSecrets,
  });
}

export async function rememberReferral(code: string): Promise<string> {
  return referralCookie().serialize(code.trim().toLowerCase());
}

export async function forgetReferral(): Promise<string> {
  return referralCookie().serialize("", { maxAge: 0 });
}

export async function referralCodeFromRequest(request: Request): Promise<string | null> {
  const value = (await referralCookie().parse(request.headers.get("Cookie"))) as unknown;
  return typeof value === "string" && CODE_PATTERN.test(value) ? value : null;
}

/** Who referred this sign-up request (from its cookie), with what the fraud checks need; null when nobody. */
export async function referralFromRequest(db: DbOrTx, request: Request): Promise<ReferralSignUp | null> {
  const code = await referralCodeFromRequest(request);
  if (!code) return null;
  const referrer = await referrerByCode(db, code);
  if (!referrer) return null;
  return {
    referrerId: referrer.id,
    referrerEmail: referrer.email,
    clientAddress: clientAddress(request),
    referrerDevice: await isKnownDevice(request, referrer.email),
  };
}

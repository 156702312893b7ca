/**
 * Social sign-in (google, facebook, instagram) through remix-auth-oauth2: authorization code with
 * state and PKCE. A provider is enabled when its client id and secret are configured; its
 * endpoints can be overridden (tests run a local OAuth2 server). Accounts are linked by provider
 * and provider user id; an account is created, or a new provider linked to one, only when the
 * provider vouches for the e-mail address (see `linkSocialAccount` and `address-proof.server.ts`).
 */
import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { env, isHttps } from "~/config/env.server";
import { db, now, type DbOrTx, type Tx } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { setFlash } from "~/utils/flash.server";
import { localePath } from "~/utils/paths";
import { safeRedirect } from "~/utils/redirect-to";
import { createUser, findUserByEmail, getUserById, type PublicUser } from "~/users/users.server";
import { referralFromRequest } from "~/referrals/cookie.server";
import { recordReferral, type ReferralSignUp } from "~/referrals/referrals.server";
import { recordAddressProof } from "./address-proof.server";
import { revokeUserSessions } from "./session.server";
import { finishSignIn } from "./signin-action.server";

import { isSocialProvider, SOCIAL_PROVIDERS, type SocialProvider } from "./providers";
import { socialProviderConfig, type SocialProviderConfig } from "./social-config.server";

export { isSocialProvider, socialProviderConfig, type SocialProvider };

export interface SocialProfile {
  provider: SocialProvider;
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

/**
 * Reads the provider's user info (OpenID Connect claims, or the Graph API's fields). An address
 * counts as verified only when the provider asserts it (`email_verified: true`): Facebook's and
 * Instagram's Graph fields assert nothing, so their addresses are never taken as proven.
 */
export function profileFrom(provider: SocialProvider, body: Record<string, unknown>): SocialProfile | null {
  const id = body.sub ?? body.id;
  if (typeof id !== "string" && typeof id !== "number") return null;
  const email = typeof body.email === "string" && body.email.includes("@") ? body.email : null;
  const emailVerified = email !== null && (body.email_verified === true || body.email_verified === "true");
  const name = [body.name, body.username, email?.split("@")[0]].find((v) => typeof v === "string" && v.trim()) as string | undefined;
  return { provider, providerUserId: String(id), email, emailVerified, name: (name ?? provider).slice(0, 100) };
}

/**
 * `unverifiedEmail`: the address has an account and the provider does not vouch for it (sign in with
 * the password first); `unverifiedAddress`: the provider does not vouch for the address, so it
 * neither creates an account nor opens one through a link made before the address was proven.
 */
export type LinkOutcome =
  { outcome: "ok"; user: PublicUser } | { outcome: "noEmail" } | { outcome: "unverifiedEmail" } | { outcome: "unverifiedAddress" };

const sameAddress = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Finds the account this provider identity belongs to, links it, or creates it. An address the
 * provider does not vouch for never creates an account nor links to one. An account whose address
 * was never proven may have been opened by someone else with the owner's address (a pre-account
 * takeover, or a link made from an unverified address before that was refused): when a provider
 * vouches for the address, the account is claimed by its owner and whatever the stranger set up
 * goes: the password, every session, pending codes, and every other social link (the owner is
 * told by e-mail which). A link to an account whose address is not proven opens it only when its
 * provider now vouches for the address.
 */
export async function linkSocialAccount(
  database: Tx,
  profile: SocialProfile,
  locale: Locale,
  referral: ReferralSignUp | null = null,
): Promise<LinkOutcome> {
  const linked = await database
    .selectFrom("oauthAccounts")
    .select(["id", "userId", "createdAt"])
    .where("provider", "=", profile.provider)
    .where("providerUserId", "=", profile.providerUserId)
    .executeTakeFirst();
  if (linked) {
    const user = await getUserById(database, linked.userId);
    // A link made once the address was proven opens the account.
    if (user?.emailVerifiedAt && linked.createdAt >= user.emailVerifiedAt) return { outcome: "ok", user };
    if (user) {
      // Made before the address was proven (before this rule): only when the provider now vouches for it.
      if (!profile.emailVerified || !sameAddress(profile.email, user.email)) return { outcome: "unverifiedAddress" };
      if (!user.emailVerifiedAt) await claimUnprovenAccount(database, user.id, linked.id);
      else await recordAddressProof(database, { userId: user.id, via: "provider", keepLinkId: linked.id });
      return { outcome: "ok", user: (await getUserById(database, user.id))! };
    }
  }
  if (!profile.email) return { outcome: "noEmail" };
  let user = await findUserByEmail(database, profile.email);
  if (!profile.emailVerified) return { outcome: user ? "unverifiedEmail" : "unverifiedAddress" };
  if (!user) {
    user = await createUser(database, { email: profile.email, name: profile.name, locale, emailVerified: true });
    await linkProvider(database, user.id, profile);
    if (referral) await recordReferral(database, { ...referral, referredUserId: user.id, referredEmail: user.email });
    return { outcome: "ok", user };
  }
  const linkId = await linkProvider(database, user.id, profile);
  if (!user.emailVerifiedAt) await claimUnprovenAccount(database, user.id, linkId);
  // A proven account keeps its links, but any made before its address was proven go.
  else await recordAddressProof(database, { userId: user.id, via: "provider", keepLinkId: linkId });
  return { outcome: "ok", user: (await getUserById(database, user.id))! };
}

/** The owner proved the address through a provider: what a stranger set up on the account goes. */
async function claimUnprovenAccount(database: Tx, userId: string, proofLinkId: string) {
  const timestamp = now();
  await database.updateTable("users").set({ passwordHash: null, updatedAt: timestamp }).where("id", "=", userId).execute();
  await revokeUserSessions(database, userId);
  await database
    .updateTable("verifications")
    .set({ consumedAt: timestamp })
    .where("userId", "=", userId)
    .where("consumedAt", "is", null)
    .execute();
  await database
    .updateTable("passwordResets")
    .set({ usedAt: timestamp })
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .execute();
  await recordAddressProof(database, { userId, via: "provider", keepLinkId: proofLinkId });
}

/** The providers this account can sign in with, in the order the product offers them. */
export async function linkedProviders(database: DbOrTx, userId: string): Promise<SocialProvider[]> {
  const rows = await database.selectFrom("oauthAccounts").select("provider").where("userId", "=", userId).execute();
  const linked = new Set(rows.map((r) => r.provider));
  return SOCIAL_PROVIDERS.filter((p) => linked.has(p));
}

/** Links the provider identity to the account (or finds the link a simultaneous sign-in made): its id. */
async function linkProvider(db: DbOrTx, userId: string, profile: SocialProfile): Promise<string> {
  await db
    .insertInto("oauthAccounts")
    .values({ id: randomUUID(), userId, provider: profile.provider, providerUserId: profile.providerUserId, createdAt: now() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .selectFrom("oauthAccounts")
    .select("id")
    .where("provider", "=", profile.provider)
    .where("providerUserId", "=", profile.providerUserId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Where to go after the provider: the locale, the page to return to, and which button started it. */
const returnCookie = () =>
  createCookie("social_return", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(),
    maxAge: 600,
    secrets: env().sessionSecrets,
  });

interface ReturnTo {
  locale: Locale;
  intent: "signin" | "signup";
  redirectTo: string | null;
}

function strategyFor(provider: SocialProvider, config: SocialProviderConfig) {
  return new OAuth2Strategy<SocialProfile>(
    {
      cookie: {
        name: `oauth2_${provider}`,
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        maxAge: 600,
        ...(isHttps() ? { secure: true as const } : {}),
      },
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authorizationEndpoint: config.authorization,
      tokenEndpoint: config.token,
      redirectURI: new URL(`/auth/${provider}/callback`, env().appUrl),
      scopes: config.scopes,
    },
    async ({ tokens }) => {
      const response = await fetch(config.userinfo, {
        headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`${provider} user info answered ${response.status}`);
      const profile = profileFrom(provider, (await response.json()) as Record<string, unknown>);
      if (!profile) throw new Error(`${provider} user info has no user id`);
      return profile;
    },
  );
}

/** Sends the browser to the provider (remix-auth-oauth2 throws that redirect, with the state cookie). */
export async function startSocialSignIn(
  request: Request,
  provider: SocialProvider,
  options: { locale: Locale; intent: "signin" | "signup"; redirectTo: FormDataEntryValue | null },
): Promise<never> {
  const config = socialProviderConfig(provider)!;
  const returnTo: ReturnTo = {
    locale: options.locale,
    intent: options.intent,
    // Only a path on this site is kept for the way back (finishSignIn checks it again).
    redirectTo: safeRedirect(options.redirectTo, null),
  };
  try {
    await strategyFor(provider, config).authenticate(request);
  } catch (thrown) {
    if (thrown instanceof Response) {
      const headers = new Headers(thrown.headers);
      headers.append("Set-Cookie", await returnCookie().serialize(returnTo));
      throw new Response(null, { status: thrown.status, headers });
    }
    throw thrown;
  }
  throw new Error("OAuth2 strategy did not redirect to the provider");
}

/** The provider sent the browser back: check state and code, find or create the account, sign in. */
export async function finishSocialSignIn(request: Request, provider: SocialProvider): Promise<never> {
  const cookie = request.headers.get("Cookie");
  const returnTo = ((await returnCookie().parse(cookie)) as ReturnTo | null) ?? { locale: "en", intent: "signin", redirectTo: null };
  const back = localePath(returnTo.locale, `/${returnTo.intent}`);
  const fail = async (key: string) => {
    throw redirect(back, {
      headers: { "Set-Cookie": await setFlash({ kind: "notice", key, values: { provider }, tone: "error" }) },
    });
  };
  const config = socialProviderConfig(provider);
  if (!config) return fail(returnTo.intent === "signup" ? "social.signupFailed" : "social.errorMessageDefault");

  let profile: SocialProfile;
  try {
    profile = await strategyFor(provider, config).authenticate(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`social sign-in with ${provider} failed`, error);
    return fail(returnTo.intent === "signup" ? "social.signupFailed" : "social.errorMessageDefault");
  }
  const referral = await referralFromRequest(db(), request);
  const linked = await unitOfWork(db(), (tx) => linkSocialAccount(tx, profile, returnTo.locale, referral));
  if (linked.outcome === "noEmail") return fail("social.noEmail");
  if (linked.outcome === "unverifiedEmail") return fail("social.unverifiedEmail");
  if (linked.outcome === "unverifiedAddress") return fail("social.unverifiedAddress");

  // The same end as every other sign-in: the two-factor step when it is on, then a new session.
  return finishSignIn(request, linked.user, {
    locale: returnTo.locale,
    remember: false,
    redirectTo: returnTo.redirectTo,
    area: "user",
    extraCookies: [await returnCookie().serialize("", { maxAge: 0 }), `oauth2_${provider}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`],
  });
}

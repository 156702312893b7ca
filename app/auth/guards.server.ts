/**
 * Guards: the one way every loader and action of the signed-in area asks who is there. Anonymous
 * visitors go to the sign-in page (with `redirectTo`), signed-in visitors of the wrong role get a
 * translated 403. The "user" guard admits users and partners; the admin guard admits admins.
 */
import { data, redirect } from "@remix-run/node";
import type { Actor } from "~/audit/audit.server";
import { db } from "~/db/db.server";
import type { Role } from "~/db/schema";
import type { Params } from "@remix-run/react";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { localeFromUrl } from "~/i18n/locale.server";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { readForm } from "~/utils/form-data.server";
import { localePath } from "~/utils/paths";
import { isRecentlyAuthenticated, readSession, type SessionRecord, type SignedInUser } from "./session.server";
import { oncePerRequest } from "~/utils/request-scope.server";

export type { SignedInUser };

/** The signed-in user and session, read once per request however many loaders ask. */
export async function getSignedIn(request: Request): Promise<{ user: SignedInUser; session: SessionRecord } | null> {
  return oncePerRequest(request, "session", () => readSession(db(), request));
}

export async function getOptionalUser(request: Request): Promise<SignedInUser | null> {
  return (await getSignedIn(request))?.user ?? null;
}

function signInRedirect(request: Request, signInPath: "/signin" | "/admin") {
  const url = new URL(request.url);
  const locale = localeFromUrl(url) ?? DEFAULT_LOCALE;
  const target = `${localePath(locale, signInPath)}?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
  return redirect(target, { headers: withSecurityHeaders() });
}

async function requireRole(request: Request, roles: Role[], signInPath: "/signin" | "/admin") {
  const signedIn = await getSignedIn(request);
  if (!signedIn) throw signInRedirect(request, signInPath);
  if (!roles.includes(signedIn.user.role)) throw data({ reason: "role" }, { status: 403 });
  return signedIn;
}

/**
 * Before a sensitive change (the e-mail address, the payout destination, turning 2FA off): the
 * session must have proved who is there within the last 10 minutes, else the browser goes to the
 * re-authentication step (password, or the authenticator code with 2FA on) and comes back to
 * `returnTo` (the page of the form; the form is sent again from there). A back-office request goes
 * to the back office's own step (`/admin/reauthenticate`: the member one is not for admins).
 */
export function requireRecentAuth(request: Request, session: SessionRecord, returnTo?: string): void {
  if (isRecentlyAuthenticated(session)) return;
  const url = new URL(request.url);
  const locale = localeFromUrl(url) ?? DEFAULT_LOCALE;
  const back = returnTo ?? `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  const step = /^\/(?:[a-z]{2}\/)?admin\//.test(url.pathname) ? "/admin/reauthenticate" : "/reauthenticate";
  throw redirect(`${localePath(locale, step)}?redirectTo=${encodeURIComponent(back)}`, { headers: withSecurityHeaders() });
}

/** Anyone signed in (users, partners and admins): for what every account has, like notifications. */
export async function requireSignedIn(request: Request) {
  return requireRole(request, ["user", "partner", "admin"], "/signin");
}

/** Users and partners. */
export async function requireUser(request: Request) {
  return requireRole(request, ["user", "partner"], "/signin");
}

/**
 * A form posted to a page of the signed-in area: sent from our own pages, by a user (or partner),
 * read once, with the page's locale; what the page's intent handlers are given.
 */
export async function requireUserForm(request: Request, params: Params) {
  requireSameOrigin(request);
  const { user, session } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  return { request, user, session, locale, formData: await readForm(request) };
}

/** A form posted to a back-office page: as `requireUserForm`, for an admin (`requireAdmin`'s answer, with its `actor`). */
export async function requireAdminForm(request: Request, params: Params, options: { twoFactor?: boolean } = {}) {
  requireSameOrigin(request);
  const signedIn = await requireAdmin(request, options);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  return { ...signedIn, request, locale, formData: await readForm(request) };
}

/**
 * The back office: admins only, and only with two-factor authentication on (an admin without it is
 * sent to turn it on first). Returns the `actor` that audit rows name: the admin and the request's
 * client address.
 */
export async function requireAdmin(request: Request, options: { twoFactor?: boolean } = {}) {
  const signedIn = await requireRole(request, ["admin"], "/admin");
  if (options.twoFactor !== false && !signedIn.user.twoFactor) {
    const url = new URL(request.url);
    const locale = localeFromUrl(url) ?? DEFAULT_LOCALE;
    const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
    throw redirect(`${localePath(locale, "/admin/two-factor")}?redirectTo=${encodeURIComponent(back)}`, { headers: withSecurityHeaders() });
  }
  const actor: Actor = { id: signedIn.user.id, clientAddress: clientAddress(request) };
  return { ...signedIn, actor };
}

/** Pages for signed-out visitors (sign-in, sign-up): a signed-in visitor goes to their dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
  const user = await getOptionalUser(request);
  if (!user) return;
  const locale = localeFromUrl(request.url) ?? DEFAULT_LOCALE;
  throw redirect(localePath(locale, user.role === "admin" ? "/admin/dashboard" : "/dashboard"), { headers: withSecurityHeaders() });
}

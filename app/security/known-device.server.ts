/**
 * Known devices: a browser that has signed in to an account before carries a signed cookie naming
 * that account (by a keyed hash of its address, never the address). When strangers exhaust an
 * account's sign-in throttle with wrong passwords, its owner on a known device still gets through
 * (the per-IP throttle still applies to everyone).
 */
import { createHmac } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { env, isHttps } from "~/config/env.server";

const MAX_ACCOUNTS = 5;

function deviceCookie() {
  return createCookie("known_device", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(),
    maxAge: 365 * 86_400,
    secrets: env().sessionSecrets,
  });
}

function accountTag(email: string): string {
  return createHmac("sha256", env().sessionSecrets[0]!).update(`device:${email.trim().toLowerCase()}`).digest("base64url").slice(0, 22);
}

async function tags(request: Request): Promise<string[]> {
  const value = (await deviceCookie().parse(request.headers.get("Cookie"))) as { accounts?: unknown } | null;
  return Array.isArray(value?.accounts)
    ? value.accounts.filter((tag): tag is string => typeof tag === "string").slice(0, MAX_ACCOUNTS)
    : [];
}

export async function isKnownDevice(request: Request, email: string): Promise<boolean> {
  return (await tags(request)).includes(accountTag(email));
}

/** The Set-Cookie header remembering this browser for the account (the newest few accounts). */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const tag = accountTag(email);
  const accounts = [tag, ...(await tags(request)).filter((existing) => existing !== tag)].slice(0, MAX_ACCOUNTS);
  return deviceCookie().serialize({ accounts });
}

/**
 * The address being verified travels between sign-up (or sign-in) and /verify-email in a short-
 * lived signed cookie, never in the URL or a form field a visitor could change.
 */
import { createCookie } from "@remix-run/node";
import { env, isHttps } from "~/config/env.server";

const MAX_AGE_SECONDS = 30 * 60;

function verifyCookie() {
  return createCookie("verify_email", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(),
    maxAge: MAX_AGE_SECONDS,
    secrets: env().sessionSecrets,
  });
}

export function setVerifyEmail(email: string): Promise<string> {
  return verifyCookie().serialize({ email });
}

export async function readVerifyEmail(request: Request): Promise<string | null> {
  const value = (await verifyCookie().parse(request.headers.get("Cookie"))) as { email?: unknown } | null;
  return value && typeof value.email === "string" ? value.email : null;
}

export function clearVerifyEmail(): Promise<string> {
  return verifyCookie().serialize("", { maxAge: 0 });
}

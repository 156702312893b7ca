/**
 * One-time messages across a redirect (post/redirect/get): an action sets a flash, the next page's
 * loader reads it once and clears it. Stored in a short-lived signed cookie.
 */
import { createCookie } from "@remix-run/node";
import { env, isHttps } from "~/config/env.server";

export type Flash =
  | { kind: "contactSent"; name: string }
  /** A translated one-time message: `key` in the `auth` namespace, with its values. */
  /** `tone: "error"` when something failed (shown as an alert in error colours), otherwise a confirmation. */
  | { kind: "notice"; key: string; values?: Record<string, string | number>; tone?: "error" }
  | { kind: "newsletter"; outcome: "checkInbox" | "confirmed" | "unsubscribed" | "invalidLink" };

function flashCookie() {
  return createCookie("flash", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(),
    maxAge: 60,
    secrets: env().sessionSecrets,
  });
}

export async function setFlash(flash: Flash): Promise<string> {
  return flashCookie().serialize(flash);
}

/** The pending flash, if any, and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; headers: HeadersInit }> {
  const cookie = flashCookie();
  const value = (await cookie.parse(request.headers.get("Cookie"))) as Flash | null;
  if (!value) return { flash: null, headers: {} };
  return { flash: value, headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } };
}

export type NoticeFlash = Extract<Flash, { kind: "notice" }>;

/** The pending flash when it is a notice (what most pages show), and the header that clears any flash. */
export async function takeNotice(request: Request): Promise<{ notice: NoticeFlash | null; headers: HeadersInit }> {
  const { flash, headers } = await takeFlash(request);
  return { notice: flash?.kind === "notice" ? flash : null, headers };
}

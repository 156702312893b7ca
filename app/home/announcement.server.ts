/** The home page's announcement banner: which one is current, and whether this visitor dismissed it. */
import { createCookie } from "@remix-run/node";
import { isHttps } from "~/config/env.server";

/** Bump when the announcement changes, so a new one shows to everyone again. */
const BANNER_ID = "wallet-cashback-2026";
const bannerCookie = createCookie("banner_dismissed", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 * 60 * 24 * 180 });

export async function isAnnouncementDismissed(request: Request): Promise<boolean> {
  return (await bannerCookie.parse(request.headers.get("Cookie"))) === BANNER_ID;
}

export function dismissAnnouncementCookie(): Promise<string> {
  return bannerCookie.serialize(BANNER_ID, { secure: isHttps() });
}

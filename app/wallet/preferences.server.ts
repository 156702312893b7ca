/** The dashboard's "hide balance" choice, remembered in a cookie (a form post toggles it, no JS needed). */
import { createCookie } from "@remix-run/node";
import { isHttps } from "~/config/env.server";

const hideBalanceCookie = createCookie("hide_balance", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });

export async function isBalanceHidden(request: Request): Promise<boolean> {
  return (await hideBalanceCookie.parse(request.headers.get("Cookie"))) === true;
}

export function setBalanceHidden(hidden: boolean): Promise<string> {
  return hideBalanceCookie.serialize(hidden, { secure: isHttps() });
}

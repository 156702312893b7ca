/**
 * Whether a document inlines the stylesheet (app/utils/stylesheet.tsx): yes, unless the browser's
 * `cw_css` cookie says it fetched this build's file before. The file is read once per process. An
 * inline document carries only the rules its own markup uses (app/utils/critical-css.server.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { isHttps } from "~/config/env.server";
import stylesheetHref from "~/tailwind.css";

export { CRITICAL_CSS_MARKER, withCriticalCss } from "~/utils/critical-css.server";

const COOKIE = "cw_css";
const THIRTY_DAYS = 30 * 86_400;

let cssText: string | null | undefined;

function stylesheetText(): string | null {
  if (cssText === undefined) {
    try {
      cssText = fs.readFileSync(path.resolve("public", `.${stylesheetHref}`), "utf8");
    } catch {
      cssText = null; // no built file beside us (tests): the <link> it is
    }
  }
  return cssText;
}

/** The build's stylesheet name without its folder and extension (`tailwind-ABC123`). */
const version = () => path.basename(stylesheetHref, ".css");

export function inlineStylesheet(request: Request): { css: string; setCookie: string } | null {
  const cookie = request.headers.get("Cookie") ?? "";
  const seen = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`).exec(cookie)?.[1];
  if (seen === version()) return null;
  const css = stylesheetText();
  if (css === null) return null;
  const secure = isHttps() ? "; Secure" : "";
  return { css, setCookie: `${COOKIE}=${version()}; Path=/; Max-Age=${THIRTY_DAYS}; SameSite=Lax; HttpOnly${secure}` };
}

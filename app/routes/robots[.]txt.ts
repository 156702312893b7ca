/** `/robots.txt`: crawl the public site, not the account area; where the sitemap is. */
import { env } from "~/config/env.server";
import { LOCALES } from "~/i18n/config";
import { withSecurityHeaders } from "~/security/headers.server";

const PRIVATE = ["/dashboard", "/settings", "/profile", "/transactions", "/wallet", "/admin", "/newsletter"];

export async function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...LOCALES.flatMap((locale) => PRIVATE.map((path) => `Disallow: /${locale}${path}`)),
    "Disallow: /api/",
    `Sitemap: ${env().appUrl.origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: withSecurityHeaders({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" }),
  });
}

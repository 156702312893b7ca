/** `/sitemap.xml`: every public page in the five locales, with hreflang alternates, for search engines. */
import { listPublishedSlugs } from "~/blog/blog.server";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { LOCALES } from "~/i18n/config";
import { withSecurityHeaders } from "~/security/headers.server";
import { listStores } from "~/stores/stores.server";

export const STATIC_PATHS = [
  "",
  "/about",
  "/contact",
  "/faq",
  "/blog",
  "/webshops",
  "/pricing",
  "/privacy-policy",
  "/terms-and-conditions",
  "/cookie-policy",
] as const;

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function entry(base: string, path: string, locales: readonly string[], lastmod?: string): string {
  return locales
    .map((locale) => {
      const alternates = locales
        .map((other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(`${base}/${other}${path}`)}"/>`)
        .join("");
      const modified = lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : "";
      return `<url><loc>${escapeXml(`${base}/${locale}${path}`)}</loc>${modified}${alternates}</url>`;
    })
    .join("\n");
}

export async function loader() {
  const base = env().appUrl.origin;
  const stores = await listStores(db(), { locale: "en", pageSize: 10_000 });
  const posts = await listPublishedSlugs(db());
  const postLocales = new Map<string, { locales: string[]; publishedAt: string }>();
  for (const post of posts) {
    const known = postLocales.get(post.slug) ?? { locales: [], publishedAt: post.publishedAt };
    known.locales.push(post.locale);
    postLocales.set(post.slug, known);
  }
  const body = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...STATIC_PATHS.map((path) => entry(base, path, LOCALES)),
    ...stores.items.map((store) => entry(base, `/webshops/${store.slug}`, LOCALES)),
    ...[...postLocales].map(([slug, post]) => entry(base, `/blog/${slug}`, post.locales, post.publishedAt)),
    `</urlset>`,
  ].join("\n");
  return new Response(body, {
    headers: withSecurityHeaders({ "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" }),
  });
}

/**
 * The page cache (README, "The page cache"): public pages are rendered once for signed-out
 * visitors of each locale, path and variant, and served from memory after that, before Remix runs
 * (scripts/server-guard.cjs calls `serve` for every GET and HEAD). The store and its invalidation
 * are app/utils/page-cache.server.ts's; this module decides what may be stored, under which key,
 * and answers from it.
 *
 * - **Who**: a visitor carrying a session, a flash message or a sign-in in progress (the cookies in
 *   BYPASS_COOKIES) always gets a fresh render, as does any request with a query string.
 * - **What**: a page whose route says `handle.pageCache = true` (home, pricing, about, FAQ, blog,
 *   webshops, a store, the legal pages) answering 200, setting no cookie but the stylesheet's and
 *   the language's (each the same for every visitor of one variant).
 * - **Variants**: the visitor's cookies choose one of a few documents per path: the stylesheet
 *   inline (first visit) or linked, the language cookie to set or not, the cookie choice, the
 *   announcement dismissed or not. Other cookies (a referral, analytics of a proxy) are ignored.
 * - **CSP**: a stored document has no nonce. Its Content-Security-Policy allows its own inline
 *   scripts and styles by their SHA-256 hashes (computed once when stored) and script files from
 *   this origin; no 'unsafe-inline'. A fresh render keeps its per-request nonce.
 * - **HTTP caching**: a stored page has a weak ETag (If-None-Match answers 304), `Vary: Cookie`,
 *   and `Cache-Control: public, max-age=0, s-maxage=<ttl>` so a CDN in front may keep it as long
 *   as we do; a variant that sets a cookie is `private, no-cache`.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Transform } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { EntryContext } from "@remix-run/node";
import { env, isHttps } from "~/config/env.server";
import { isAnnouncementDismissed } from "~/home/announcement.server";
import { isLocale, LOCALES } from "~/i18n/config";
import { isPageNavigation } from "~/i18n/locale-route.server";
import { readLocaleCookie } from "~/i18n/locale.server";
import { readConsent } from "~/privacy/consent.server";
import { contentSecurityPolicy } from "~/security/headers.server";
import { pageStore, type CachedPage } from "~/utils/page-cache.server";
import { requestScopeValue, setRequestScopeValue } from "~/utils/request-scope.server";
import { inlineStylesheet } from "~/utils/stylesheet.server";

const gzip = promisify(zlib.gzip);
const HOOK = Symbol.for("cashwise.pageCache");
const MISSED = "pageCache.missed";

/** A visitor with one of these gets a fresh render: signed in, signing in, or with a message to see. */
export const BYPASS_COOKIES = ["__session", "flash", "pending_2fa", "verify_email", "social_return", "known_device"] as const;
/** These choose between the stored variants of a page (see `pageKey`). */
export const VARIANT_COOKIES = ["cw_css", "lng", "consent", "banner_dismissed"] as const;
/** Public pages never read these. */
export const IGNORED_COOKIES = ["referral", "hide_balance"] as const;
/** A stored page may set these (the same value for every visitor of its variant), and nothing else. */
const REPLAYED_COOKIES = new Set(["cw_css", "lng"]);

const bypass = new Set<string>(BYPASS_COOKIES);

function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header.split(";").map((part) => part.split("=", 1)[0]!.trim());
}

/**
 * The key a signed-out visitor's document is stored under, or null when this request gets a fresh
 * render. Each part reads the cookie the way the page's own loaders do.
 */
export async function pageKey(request: Request): Promise<string | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (url.search !== "" || url.pathname.endsWith(".data")) return null;
  const locale = url.pathname.split("/")[1];
  if (!isLocale(locale)) return null;
  if (cookieNames(request.headers.get("Cookie")).some((name) => bypass.has(name))) return null;
  const consent = await readConsent(request);
  return [
    url.pathname,
    inlineStylesheet(request) ? "css:inline" : "css:linked",
    isPageNavigation(request) && (await readLocaleCookie(request)) !== locale ? "lng:set" : "lng:kept",
    consent ? `consent:${Number(consent.analytics)}${Number(consent.marketing)}` : "consent:none",
    (await isAnnouncementDismissed(request)) ? "banner:dismissed" : "banner:shown",
  ].join(" ");
}

function cacheControl(setsCookies: boolean): string {
  return setsCookies ? "private, no-cache" : `public, max-age=0, s-maxage=${env().pageCacheTtlSeconds}, must-revalidate`;
}

/**
 * Answers `req` from the stored page when there is one (true). On a miss (false) the request goes
 * on to Remix, remembering its key and the store's generation for `pageCapture`.
 */
export function serve(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
  // Every GET passes here (the build's files and images too): only a locale's page without a query
  // string goes on to the cookies and the store, the rest is turned away without an allocation.
  const target = req.url ?? "/";
  if (!LOCALE_PAGE.test(target) || target.endsWith(".data")) return false;
  return answer(req, res);
}

/** A path a stored page may be kept under: a locale and what follows it, no query string. */
const LOCALE_PAGE = new RegExp(`^/(?:${LOCALES.join("|")})(?:/[^?#]*)?$`);

async function answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const headers = new Headers();
  for (const name of ["cookie", "accept", "sec-fetch-mode"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  let url: URL;
  try {
    url = new URL(req.url ?? "/", "http://page-cache.invalid");
  } catch {
    return false; // Remix answers what it makes of it
  }
  const key = await pageKey(new Request(url, { method: req.method, headers }));
  if (key === null) return false;
  const store = pageStore();
  const page = store.get(key);
  if (!page) {
    setRequestScopeValue(MISSED, { key, generation: store.generation() });
    return false;
  }
  const shared = page.headers.filter(([name]) => ["cache-control", "vary", "etag"].includes(name));
  if (matches(req.headers["if-none-match"], page.etag)) {
    res.writeHead(304, [...shared, ["x-page-cache", "hit"]].flat());
    res.end();
    return true;
  }
  const gzipped = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  const body = gzipped ? page.gzip : page.body;
  const answer = [...page.headers, ["content-length", String(body.byteLength)], ["x-page-cache", "hit"]];
  if (gzipped) answer.push(["content-encoding", "gzip"]);
  res.writeHead(200, answer.flat());
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** Registers `serve` for the server guard (once per process; the build calls this when it loads). */
export function installPageCache(): void {
  (globalThis as { [HOOK]?: { serve: typeof serve } })[HOOK] = { serve };
}

export interface PageCapture {
  key: string;
  generation: number;
}

/**
 * Whether the document being rendered for `request` is to be stored (and under which key): the
 * guard looked it up and missed, the page's route opts in, it answers 200 and sets no cookie of
 * its own. Sets the page's caching headers on `headers` when it is.
 */
export function pageCapture(request: Request, status: number, headers: Headers, context: EntryContext): PageCapture | null {
  if (request.method !== "GET" || status !== 200) return null;
  const missed = requestScopeValue<PageCapture>(MISSED);
  if (!missed) return null;
  const leaf = context.staticHandlerContext.matches.at(-1)?.route.id;
  const handle = leaf ? (context.routeModules[leaf]?.handle as { pageCache?: boolean } | undefined) : undefined;
  if (handle?.pageCache !== true || headers.has("Cache-Control")) return null;
  const cookies = headers.getSetCookie().map((cookie) => cookie.split("=", 1)[0]!.trim());
  if (!cookies.every((name) => REPLAYED_COOKIES.has(name))) return null;
  headers.set("Cache-Control", cacheControl(cookies.length > 0));
  headers.set("Vary", "Accept-Encoding, Cookie");
  return missed;
}

/** A stream that passes the document through and stores it once it has all been sent. */
export function capturePage(capture: PageCapture, options: { nonce: string; headers: Headers; failed: () => boolean }): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done(null, chunk);
    },
    flush(done) {
      done();
      if (options.failed()) return;
      keepPage(capture, Buffer.concat(chunks).toString("utf8"), options).catch((error: unknown) => console.error(error));
    },
  });
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The CSP sources of a document's inline scripts and styles, or null when one cannot be hashed. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } | null {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/.test(attributes!) || text === "") continue;
    scripts.push(text!);
  }
  for (const [, text] of html.matchAll(INLINE_STYLE)) styles.push(text!);
  // A browser reads CR LF as LF before hashing: such text would not match its hash.
  if ([...scripts, ...styles].some((text) => text.includes("\r"))) return null;
  return { scripts: [...new Set(scripts.map(sha256))], styles: [...new Set(styles.map(sha256))] };
}

async function keepPage(capture: PageCapture, html: string, options: { nonce: string; headers: Headers }) {
  const body = html.replaceAll(` nonce="${options.nonce}"`, "");
  if (body.includes(options.nonce)) return;
  const hashes = inlineHashes(body);
  if (!hashes) return;
  const headers: Array<[string, string]> = [];
  options.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-security-policy" && name !== "content-length") headers.push([name, value]);
  });
  const cookies = options.headers.getSetCookie();
  for (const cookie of cookies) headers.push(["set-cookie", cookie]);
  headers.push(["content-security-policy", contentSecurityPolicy({ hashes }, isHttps())]);
  const bytes = Buffer.from(body, "utf8");
  const etag = `W/"${createHash("sha256").update(bytes).update(cookies.join("\n")).digest("base64url").slice(0, 27)}"`;
  headers.push(["etag", etag]);
  const page: CachedPage = { body: bytes, gzip: await gzip(bytes, { level: 9 }), etag, headers };
  pageStore().set(capture.key, page, capture.generation);
}

/**
 * The page cache's rules without a server: the store (expiry on a controlled clock, the generation
 * that keeps a render begun before a content change out, the byte bound), the key a request is
 * stored under (who gets a fresh render, which cookies choose a variant), the hashes of a stored
 * document's inline scripts and styles, and that every cookie the app makes is classified.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { IncomingMessage, ServerResponse } from "node:http";
import { BYPASS_COOKIES, IGNORED_COOKIES, inlineHashes, pageKey, serve, VARIANT_COOKIES } from "~/page-cache.server";
import { serializeConsent } from "~/privacy/consent.server";
import { dismissAnnouncementCookie } from "~/home/announcement.server";
import { serializeLocaleCookie } from "~/i18n/locale.server";
import { contentSecurityPolicy } from "~/security/headers.server";
import { createPageStore, type CachedPage } from "~/utils/page-cache.server";
import { appSources } from "../support/route-files";

function page(bytes = 100): CachedPage {
  return { body: Buffer.alloc(bytes, "a"), gzip: Buffer.alloc(10), etag: 'W/"x"', headers: [] };
}

describe("the page store", () => {
  it("serves a page until its time is up, on the store's clock", () => {
    let clock = 1_000;
    const store = createPageStore({ ttlMs: 60_000, now: () => clock });
    expect(store.set("/en", page(), store.generation())).toBe(true);
    clock += 59_000;
    expect(store.get("/en")).toBeDefined();
    clock += 2_000;
    expect(store.get("/en")).toBeUndefined();
  });

  it("drops everything on a content change and refuses a page rendered before it", () => {
    const store = createPageStore({ ttlMs: 60_000 });
    const before = store.generation();
    store.set("/en/faq", page(), before);
    store.clear();
    expect(store.get("/en/faq")).toBeUndefined();
    // A render that began before the change read the old content: it is not kept.
    expect(store.set("/en/faq", page(), before)).toBe(false);
    expect(store.get("/en/faq")).toBeUndefined();
    expect(store.set("/en/faq", page(), store.generation())).toBe(true);
  });

  it("keeps at most its bytes, the least recently used going first, and never a huge page", () => {
    const store = createPageStore({ ttlMs: 60_000, maxBytes: 7_000 }); // three pages of about 2 KB
    for (const key of ["a", "b", "c"]) store.set(key, page(1_000), store.generation());
    store.get("a");
    store.set("d", page(1_000), store.generation());
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")).toBeDefined();
    expect(store.set("huge", page(2 * 1024 * 1024), store.generation())).toBe(false);
  });

  it("keeps nothing when the time to live is 0 (the cache off)", () => {
    const store = createPageStore({ ttlMs: 0 });
    expect(store.set("/en", page(), store.generation())).toBe(false);
    expect(store.get("/en")).toBeUndefined();
  });
});

const get = (url: string, headers: Record<string, string> = {}) => new Request(`http://localhost${url}`, { headers });

describe("the key of a request", () => {
  it("gives signed-out visitors of a locale's page a key, and a fresh render to everybody else", async () => {
    expect(await pageKey(get("/en"))).toMatch(/^\/en /);
    expect(await pageKey(get("/de/pricing"))).toMatch(/^\/de\/pricing /);
    for (const name of BYPASS_COOKIES) expect(await pageKey(get("/en", { Cookie: `${name}=x` })), name).toBeNull();
    expect(await pageKey(get("/en/webshops?q=shoes"))).toBeNull();
    expect(await pageKey(get("/en.data"))).toBeNull();
    expect(await pageKey(get("/sitemap.xml"))).toBeNull();
    expect(await pageKey(new Request("http://localhost/en", { method: "POST" }))).toBeNull();
  });

  it("turns away at once, without a promise, what can never be stored (the build's files, a query, page data)", () => {
    const ask = (url: string) => serve({ url, method: "GET", headers: {} } as IncomingMessage, {} as ServerResponse);
    for (const url of ["/build/entry.client-ABC.js", "/images/dashboard-light-640.avif", "/en?ref=x", "/en/about.data", "/healthz", "/"])
      expect(ask(url), url).toBe(false);
    expect(ask("/en/about")).toBeInstanceOf(Promise);
  });

  it("tells the variants apart by what the page's loaders read, and ignores other cookies", async () => {
    const plain = await pageKey(get("/en"));
    expect(await pageKey(get("/en", { Cookie: "_ga=GA1.1.1; referral=abc" }))).toBe(plain);
    const accepted = (await serializeConsent({ analytics: true, marketing: false })).split(";")[0]!;
    const otherAccepted = (await serializeConsent({ analytics: true, marketing: false })).split(";")[0]!;
    const declined = (await serializeConsent({ analytics: false, marketing: false })).split(";")[0]!;
    // Two visitors with the same choice share a page although their cookies differ (the time they chose).
    expect(await pageKey(get("/en", { Cookie: accepted }))).toBe(await pageKey(get("/en", { Cookie: otherAccepted })));
    expect(await pageKey(get("/en", { Cookie: accepted }))).not.toBe(await pageKey(get("/en", { Cookie: declined })));
    expect(await pageKey(get("/en", { Cookie: declined }))).not.toBe(plain);
    const dismissed = (await dismissAnnouncementCookie()).split(";")[0]!;
    expect(await pageKey(get("/en", { Cookie: `${declined}; ${dismissed}` }))).not.toBe(await pageKey(get("/en", { Cookie: declined })));
    // A page opened in a locale other than the remembered one sets the language cookie: another variant.
    const navigation = { "Sec-Fetch-Mode": "navigate" };
    const english = (await serializeLocaleCookie("en")).split(";")[0]!;
    const dutch = (await serializeLocaleCookie("nl")).split(";")[0]!;
    expect(await pageKey(get("/en", { ...navigation, Cookie: english }))).not.toBe(await pageKey(get("/en", navigation)));
    expect(await pageKey(get("/en", { ...navigation, Cookie: dutch }))).toBe(await pageKey(get("/en", navigation)));
  });

  it("classifies every cookie the app makes: bypass, variant or ignored", () => {
    const made = new Set<string>();
    for (const source of appSources()) {
      for (const [, name] of source.matchAll(/createCookie\(\s*"([^"]+)"/g)) made.add(name!);
    }
    made.add("cw_css");
    const classified = new Set<string>([...BYPASS_COOKIES, ...VARIANT_COOKIES, ...IGNORED_COOKIES]);
    expect([...made].filter((name) => !classified.has(name))).toEqual([]);
    expect(made.size).toBeGreaterThan(8);
  });
});

describe("a stored page's policy", () => {
  const html =
    '<html><head><style id="cw-inline-css">body{color:red}</style><script type="application/ld+json">{"a":1}</script></head>' +
    '<body><script>window.__remixContext = {"x":"<\\/script>"};</script><script type="module" async="">import "/build/a.js";</script>' +
    '<script src="/build/b.js"></script></body></html>';

  it("lists the SHA-256 of each inline script and style, not of script files", () => {
    const hashes = inlineHashes(html)!;
    const of = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(hashes.styles).toEqual([of("body{color:red}")]);
    expect(hashes.scripts).toEqual([of('{"a":1}'), of('window.__remixContext = {"x":"<\\/script>"};'), of('import "/build/a.js";')]);
  });

  it("refuses a document whose inline text holds a carriage return (a browser would hash it otherwise)", () => {
    expect(inlineHashes("<script>a()\r\nb()</script>")).toBeNull();
  });

  it("allows those hashes and this origin's files, with no nonce, no 'strict-dynamic' and no 'unsafe-inline'", () => {
    const csp = contentSecurityPolicy({ hashes: { scripts: ["'sha256-AAA='"], styles: ["'sha256-BBB='"] } }, false);
    expect(csp).toContain("script-src 'self' 'sha256-AAA='");
    expect(csp).toContain("style-src 'self' 'sha256-BBB='");
    expect(csp).not.toMatch(/nonce-|strict-dynamic|unsafe-inline/);
  });
});

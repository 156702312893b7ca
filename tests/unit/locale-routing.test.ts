/** The `($locale)` loader: redirects unknown first segments, remembers the chosen locale. */
import { describe, expect, it } from "vitest";
import { pathInLocale } from "~/i18n/config";
import { detectLocale, localeCookie } from "~/i18n/locale.server";
import { loader } from "~/routes/($locale)";

async function run(url: string, headers: Record<string, string> = {}) {
  const request = new Request(url, { headers });
  const locale = new URL(url).pathname.split("/")[1] || undefined;
  try {
    const result = await loader({ request, params: { locale }, context: {} });
    return { redirect: null, result };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown, result: null };
    throw thrown;
  }
}

describe("locale detection", () => {
  it("prefers the language cookie, then Accept-Language, then English", async () => {
    const cookie = await localeCookie.serialize("de");
    expect(await detectLocale(new Request("http://x/", { headers: { Cookie: cookie, "Accept-Language": "fr" } }))).toBe("de");
    expect(await detectLocale(new Request("http://x/", { headers: { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" } }))).toBe("es");
    expect(await detectLocale(new Request("http://x/", { headers: { "Accept-Language": "ja,zh;q=0.8" } }))).toBe("en");
    expect(await detectLocale(new Request("http://x/"))).toBe("en");
  });

  it("ignores a cookie naming a locale we do not speak", async () => {
    const cookie = await localeCookie.serialize("zz");
    expect(await detectLocale(new Request("http://x/", { headers: { Cookie: cookie, "Accept-Language": "nl" } }))).toBe("nl");
  });
});

describe("($locale) loader", () => {
  it("redirects a path without a locale, keeping path and query", async () => {
    const { redirect } = await run("http://x/about?x=1");
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get("Location")).toBe("/en/about?x=1");
    expect(redirect?.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("prefixes an unknown first segment rather than replacing it", async () => {
    expect((await run("http://x/zz/faq")).redirect?.headers.get("Location")).toBe("/en/zz/faq");
    expect((await run("http://x/zz/faq", { "Accept-Language": "nl" })).redirect?.headers.get("Location")).toBe("/nl/zz/faq");
    expect((await run("http://x/")).redirect?.headers.get("Location")).toBe("/en");
  });

  it("serves a supported locale and remembers it in the language cookie", async () => {
    const { result } = await run("http://x/fr/faq", { "Sec-Fetch-Mode": "navigate" });
    const response = result as unknown as { data: { locale: string }; init: { headers: Record<string, string> } };
    expect(response.data.locale).toBe("fr");
    expect(await localeCookie.parse(response.init.headers["Set-Cookie"]!)).toBe("fr");
  });

  it("does not remember the locale of background fetches", async () => {
    expect((await run("http://x/de/offline", { "Sec-Fetch-Mode": "cors" })).result).toEqual({ locale: "de" });
    expect((await run("http://x/de/offline", { Accept: "*/*" })).result).toEqual({ locale: "de" });
  });

  it("sets no cookie when the remembered locale is already the page's", async () => {
    const { result } = await run("http://x/fr/faq", { Cookie: await localeCookie.serialize("fr") });
    expect(result).toEqual({ locale: "fr" });
  });
});

describe("pathInLocale", () => {
  it("swaps the locale segment and keeps the rest", () => {
    expect(pathInLocale("/nl/faq", "?q=x", "de")).toBe("/de/faq?q=x");
    expect(pathInLocale("/en", "", "fr")).toBe("/fr");
    expect(pathInLocale("/en/blog/some-post", "", "es")).toBe("/es/blog/some-post");
  });
});

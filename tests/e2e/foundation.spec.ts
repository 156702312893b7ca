/**
 * The foundation: locale routing, the not-found screen, the language switcher, the public frame
 * and the security headers. Runs without JavaScript; tests tagged @js run again with it, and
 * @js-only ones need it (the stylesheet through hydration; axe with every rule on two pages).
 */
import fs from "node:fs";
import path from "node:path";
import { axeViolations, describeViolations } from "./support/axe";
import { watchConsole } from "./support/console";
import { expect, ready, test, visit } from "./support/fixtures";

const LOCALES = ["en", "nl", "fr", "es", "de"] as const;
const translations = (locale: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve("locales", locale, `${ns}.json`), "utf8"));

test.describe("locale redirects", () => {
  test("a path without a locale gets /en in front, query kept", async ({ request }) => {
    const response = await request.get("/about?x=1", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/en/about?x=1");
  });

  test("an unknown first segment is kept behind the locale", async ({ request }) => {
    const response = await request.get("/zz/faq", { maxRedirects: 0 });
    expect(response.headers()["location"]).toBe("/en/zz/faq");
  });

  test("Accept-Language picks the locale", async ({ request }) => {
    const response = await request.get("/zz/faq", { maxRedirects: 0, headers: { "Accept-Language": "nl-NL,nl;q=0.9,en;q=0.5" } });
    expect(response.headers()["location"]).toBe("/nl/zz/faq");
    const root = await request.get("/", { maxRedirects: 0, headers: { "Accept-Language": "de" } });
    expect(root.headers()["location"]).toBe("/de");
  });

  test("the remembered language wins over Accept-Language", async ({ page }) => {
    await page.goto("/fr/faq");
    await page.goto("/pricing", { waitUntil: "commit" });
    await expect(page).toHaveURL(/\/fr\/pricing$/);
  });
});

test.describe("not found", () => {
  for (const url of ["/en/this-page-does-not-exist", "/en/zz/faq", "/nl/a/b/c"]) {
    test(`${url} answers 404 with the not-found screen`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      const lang = url.split("/")[1]!;
      const t = translations(lang, "common");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.notFound.title);
      await expect(page.getByText(t.notFound.text)).toBeVisible();
      await page.getByRole("link", { name: t.notFound.home }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}$`));
    });
  }

  test("the English screen uses the spec's words", async ({ page }) => {
    await page.goto("/en/nowhere");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("Sorry, the page you are looking for does not exist.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Back Home" })).toHaveAttribute("href", "/en");
  });
});

test.describe("five locales", () => {
  for (const locale of LOCALES) {
    test(`/${locale} renders in ${locale}`, async ({ page }) => {
      const response = await page.goto(`/${locale}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      const home = translations(locale, "home");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.hero.title);
      await expect(page).toHaveTitle(`${home.meta.title} | Cashwise`);
    });
  }
});

test.describe("language switcher", () => {
  test("offers the same page in all five locales and remembers the choice @js", async ({ page }) => {
    await visit(page, "/en/faq?q=wallet");
    const switcher = page.getByTestId("language-switcher");
    await switcher.locator("summary").click();
    for (const [code, name] of [
      ["en", "English"],
      ["nl", "Nederlands"],
      ["fr", "Français"],
      ["es", "Español"],
      ["de", "Deutsch"],
    ]) {
      await expect(switcher.getByRole("link", { name })).toHaveAttribute("href", `/${code}/faq?q=wallet`);
    }
    await switcher.getByRole("link", { name: "Nederlands" }).click();
    await expect(page).toHaveURL(/\/nl\/faq\?q=wallet$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");

    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "lng")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    await page.goto("/about");
    await expect(page).toHaveURL(/\/nl\/about$/);
  });
});

test.describe("public frame", () => {
  test("top navigation, sign-in, dashboard switch, footer and copyright", async ({ page }) => {
    await page.goto("/en");
    const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
    for (const [name, href] of [
      ["Blog", "/en/blog"],
      ["FAQ", "/en/faq"],
      ["Webshops", "/en/webshops"],
      ["Pricing", "/en/pricing"],
      ["About", "/en/about"],
      ["Contact", "/en/contact"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toHaveAttribute("href", "/en/signin");
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/en/dashboard");

    const footer = page.locator("footer");
    for (const href of [
      "/en/about",
      "/en/pricing",
      "/en/faq",
      "/en/contact",
      "/en/privacy-policy",
      "/en/terms-and-conditions",
      "/en/cookie-policy",
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.getByRole("link", { name: "support@cashwise.test" })).toHaveAttribute("href", "mailto:support@cashwise.test");
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(footer.getByTestId("footer-address")).not.toBeEmpty();
    await expect(page.getByTestId("copyright")).toContainText(String(new Date().getUTCFullYear()));
  });

  test("the dashboard switch asks an anonymous visitor to sign in first", async ({ page }) => {
    await page.goto("/en");
    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/en\/signin\?redirectTo=%2Fen%2Fdashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
  });
});

test.describe("security headers", () => {
  // A page rendered for this request (a stored public page has hashes instead: page-cache.spec.ts).
  test("documents carry a nonce CSP that matches their scripts", async ({ request }) => {
    const response = await request.get("/en/contact");
    const headers = response.headers();
    const csp = headers["content-security-policy"]!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["strict-transport-security"]).toBeUndefined(); // plain http here
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  test("a fresh nonce per response", async ({ request }) => {
    const a = (await request.get("/en/contact")).headers()["content-security-policy"];
    const b = (await request.get("/en/contact")).headers()["content-security-policy"];
    expect(a).not.toBe(b);
  });

  test("data requests, redirects, 404s and resource routes carry them too", async ({ request }) => {
    for (const [url, status] of [
      ["/en/about.data", 200],
      ["/about", 302],
      ["/en/missing", 404],
      ["/locales/en/common.json", 200],
      ["/healthz", 200],
    ] as const) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(status);
      expect(response.headers()["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers()["content-security-policy"], url).toContain("frame-ancestors 'none'");
    }
  });
});

test.describe("the stylesheet on a first visit", () => {
  test("comes inside the document with the nonce, then as a link once the browser has it", async ({ request }) => {
    // Rendered for this request (a stored public page carries the same style with its hash instead).
    const first = await request.get("/en/contact");
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(first.headers()["content-security-policy"]!)?.[1];
    expect(nonce).toBeTruthy();
    const cookie = first.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("cw_css="))?.value;
    expect(cookie).toMatch(/^cw_css=tailwind-[^;]+; Path=\/; Max-Age=2592000; SameSite=Lax; HttpOnly$/);
    const html = await first.text();
    // The nonce is base64: "+" and "/" must be taken literally.
    const inline =
      new RegExp(`<style id="cw-inline-css" nonce="${nonce!.replace(/[+/=]/g, "\\$&")}">([^<]+)</style>`).exec(html)?.[1] ?? "";
    // In <head> the rules this page uses (every one of them a rule of the file, in the file's order,
    // and far fewer); the file itself after the content, before the first script.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("cw-inline-css");
    expect(head).not.toContain('rel="stylesheet"');
    const body = html.slice(html.indexOf("<body"));
    const href = /<link rel="stylesheet" href="(\/build\/_assets\/tailwind-[^"]+\.css)"\/>/.exec(body)?.[1];
    expect(href).toBeTruthy();
    expect(body.indexOf(`<link rel="stylesheet" href="${href}"/>`)).toBeLessThan(body.indexOf("<script"));
    const file = await (await request.get(href!)).text();
    expect(inline.length).toBeGreaterThan(5_000);
    expect(inline.length).toBeLessThan(file.length * 0.7);
    expect(inline).toContain(".container-page{"); // a class of the page
    expect(inline).not.toContain(".article-body{"); // a class of blog posts only
    let from = 0;
    for (const rule of inline.split("}").filter((part) => part.includes("{") && !part.startsWith("@"))) {
      const at = file.indexOf(`${rule}}`, from);
      expect(at, rule).toBeGreaterThanOrEqual(0);
      from = at;
    }

    // The request context kept the cookie: the next document links the file.
    const second = await request.get("/en/signin");
    const again = await second.text();
    expect(again).toContain(`<link rel="stylesheet" href="${href}"/>`);
    expect(again).not.toContain("cw-inline-css");
    expect(second.headersArray().some((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("cw_css="))).toBe(false);
  });

  test("stays in place through hydration and navigation @js-only", async ({ page }) => {
    const errors = watchConsole(page);
    await visit(page, "/en");
    const styled = () =>
      page.evaluate(() => getComputedStyle(document.body).display + "|" + getComputedStyle(document.querySelector("main")!).flexGrow);
    expect(await page.evaluate(() => document.getElementById("cw-inline-css")?.textContent?.length ?? 0)).toBeGreaterThan(5_000);
    const inlineLook = await styled();
    expect(inlineLook).toBe("flex|1");
    await page.getByRole("link", { name: "About" }).first().click();
    await expect(page).toHaveURL(/\/en\/about$/);
    expect(await page.evaluate(() => document.getElementById("cw-inline-css")?.textContent?.length ?? 0)).toBeGreaterThan(5_000);
    // A new document now links the (already fetched) file and looks the same.
    await visit(page, "/en");
    expect(await page.locator("#cw-inline-css").count()).toBe(0);
    expect(await styled()).toBe(inlineLook);
    expect(errors).toEqual([]);
  });
});

test.describe("with JavaScript", () => {
  // Every axe rule of every impact on two pages (the look-and-feel sweep fails on serious and critical ones only).
  const allViolations = async (page: Parameters<typeof visit>[0]) => describeViolations(page.url(), await axeViolations(page), "minor");

  test("the home page hydrates without console errors and passes axe @js-only", async ({ page }) => {
    const errors = watchConsole(page);
    await visit(page, "/en");
    expect(await allViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "About" }).first().click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect(page).toHaveTitle(/About Cashwise/);
    await ready(page);
    expect(errors).toEqual([]);
  });

  test("the not-found screen passes axe @js-only", async ({ page }) => {
    await visit(page, "/de/nirgendwo");
    expect(await allViolations(page)).toEqual([]);
  });
});

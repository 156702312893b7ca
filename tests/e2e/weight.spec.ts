/**
 * Issue #17's weight budgets, gzipped as `npm run bench` measures them: the JavaScript a page's
 * document references (module preloads, scripts and their imports; code loaded later, after
 * hydration, is not counted), and the linked stylesheet. The home page at most 100 KB of
 * JavaScript and 15 KB of CSS; the dashboard and the transactions at most 120 KB of JavaScript. And
 * #30's images: the home page's screenshot comes as an AVIF of the width the screen needs.
 */
import zlib from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const KB = 1024;

async function weight(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const assets = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="(\/build\/[^"]+)"/g)) assets.add(match[1]!);
  for (const match of html.matchAll(/import(?:\s+\*\s+as\s+\w+\s+from)?\s*\(?\s*"(\/build\/[^"]+\.js)"/g)) assets.add(match[1]!);
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const bytes = zlib.gzipSync(await (await request.get(asset)).body()).byteLength;
    if (asset.endsWith(".js")) js += bytes;
    if (asset.endsWith(".css")) css += bytes;
  }
  return { js, css };
}

test.describe("page weight", () => {
  test("the home page: at most 100 KB of JavaScript and 15 KB of CSS", async ({ request }) => {
    // The second document links the stylesheet (a first visit gets it inline).
    await request.get("/en");
    const home = await weight(request, "/en");
    // React, React DOM and Remix alone are ~84 KB: less means the assets were not all found.
    expect(home.js).toBeGreaterThan(80 * KB);
    expect(home.js).toBeLessThanOrEqual(100 * KB);
    expect(home.css).toBeGreaterThan(0);
    expect(home.css).toBeLessThanOrEqual(15 * KB);
  });

  test("the dashboard and the transactions: at most 120 KB of JavaScript each", async ({ page, demoMember: _ }) => {
    // The demo member is signed in on the page's context (its request shares the cookie).
    for (const path of ["/en/dashboard", "/en/transactions"]) {
      const { js } = await weight(page.request, path);
      expect(js, path).toBeGreaterThan(80 * KB);
      expect(js, path).toBeLessThanOrEqual(120 * KB);
    }
  });

  for (const { width, chosen } of [
    { width: 390, chosen: "dashboard-light-640.avif" },
    { width: 1280, chosen: "dashboard-light-960.avif" },
  ]) {
    test(`the home page's screenshot at ${width} px: an AVIF no larger than the screen needs @js-only`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const image = page.getByRole("img", { name: /The Cashwise dashboard/ });
      const loaded = page.waitForResponse((response) => response.url().includes("/images/dashboard-"));
      await page.goto("/en");
      await image.scrollIntoViewIfNeeded();
      const response = await loaded;
      expect(response.url()).toMatch(new RegExp(`/images/${chosen.replace(".", "\\.")}$`));
      expect(response.headers()["content-type"]).toBe("image/avif");
      expect((await response.body()).byteLength).toBeLessThan(20 * KB);
      // It is shown: decoded at the width the layout gives it.
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
    });
  }
});

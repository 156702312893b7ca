/**
 * The page cache in a browser (its rules are tests/unit/page-cache.test.ts, the server's answers
 * tests/db/page-cache-server.test.ts, invalidation tests/db/page-cache-invalidation.test.ts and
 * admin-content.spec.ts): a public page answered from memory, with its CSP of hashes instead of a
 * nonce, runs its scripts with no CSP violation and no console error, hydrates and navigates.
 */
import type { Page } from "@playwright/test";
import { watchConsole } from "./support/console";
import { expect, test, visit } from "./support/fixtures";

/** Asks for `pathname` with this browser's cookies until the page cache answers it. */
async function cached(page: Page, pathname: string) {
  await expect
    .poll(async () => (await page.request.get(pathname)).headers()["x-page-cache"], { message: `${pathname} from memory` })
    .toBe("hit");
}

test("a page from the page cache runs its scripts under its CSP of hashes, hydrates and navigates @js-only", async ({ page }) => {
  const errors = watchConsole(page);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await visit(page, "/en/faq");
  await cached(page, "/en/faq");

  const response = await visit(page, "/en/faq");
  expect(response!.headers()["x-page-cache"]).toBe("hit");
  expect(response!.headers()["content-security-policy"]).toContain("'sha256-");
  expect(response!.headers()["content-security-policy"]).not.toContain("'nonce-");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Hydrated (`visit` waited for the mark): a link now navigates on the client.
  await page.getByRole("navigation").first().getByRole("link", { name: "Pricing" }).first().click();
  await expect(page).toHaveURL(/\/en\/pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(errors).toEqual([]);
});

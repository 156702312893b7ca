/**
 * The product as people see it, on every page: signed out, as a member and as an admin.
 * - axe reports no serious or critical violation (colour contrast included) in light and in dark mode;
 * - at 390 px (a phone) no page is wider than the screen, in any of the five locales;
 * - with JavaScript on, no page logs a console error (hydration included).
 * The page list lives in support/pages.ts and must cover every route with a page.
 */
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { newAdmin, signIn } from "./support/accounts";
import { ADMIN_PAGES, MEMBER, MEMBER_PAGES, MID_FLOW_PAGES, PARTNER, PARTNER_PAGES, PUBLIC_PAGES } from "./support/pages";
import { asNewVisitor } from "./support/visitor";

const LOCALES = ["en", "nl", "fr", "es", "de"] as const;
type Area = "public" | "member" | "partner" | "admin";
const AREAS: Record<Area, string[]> = {
  public: PUBLIC_PAGES,
  member: MEMBER_PAGES,
  partner: PARTNER_PAGES,
  admin: ADMIN_PAGES,
};

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Pages in even groups of at most `size`: each group is its own test, so no test outgrows its timeout on a busy machine. */
function groups(pages: string[], size: number): string[][] {
  const count = Math.ceil(pages.length / size);
  return Array.from({ length: count }, (_, i) =>
    pages.slice(Math.round((i * pages.length) / count), Math.round(((i + 1) * pages.length) / count)),
  );
}

async function enter(page: Page, area: Area) {
  await asNewVisitor(page);
  if (area === "member") {
    await signIn(page, MEMBER.email, MEMBER.password);
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  }
  if (area === "partner") {
    await signIn(page, PARTNER.email, PARTNER.password);
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  }
  if (area === "admin") {
    await newAdmin(page);
  }
}

test.describe("every page in both themes: no serious axe violation, no console error", () => {
  for (const area of ["public", "member", "partner", "admin"] as const) {
    const parts = groups(AREAS[area], 10);
    for (const theme of ["light", "dark"] as const) {
      parts.forEach((pages, part) => {
        test(`${area} pages (${part + 1} of ${parts.length}) in ${theme} mode @js-only`, async ({ page }) => {
          test.setTimeout(120_000);
          // The demo accounts and visitors follow the device's theme ("System").
          await page.emulateMedia({ colorScheme: theme });
          await enter(page, area);
          const errors = watchConsole(page);
          const violations: string[] = [];
          for (const pagePath of pages) {
            const url = `/en${pagePath}`;
            await page.goto(url, { waitUntil: "networkidle" });
            const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
            expect(background, `${url} body in ${theme} mode`).toBe(theme === "dark" ? "rgb(2, 6, 23)" : "rgb(255, 255, 255)");
            const results = await new AxeBuilder({ page }).analyze();
            for (const v of results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
              violations.push(
                `${url} ${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n").slice(1, 2).join("") ?? ""}`).join(" | ")}`,
              );
            }
          }
          expect(violations).toEqual([]);
          // 404 answers for the not-found page are expected; anything else is a fault.
          expect(errors.filter((e) => !/no-such-page: Failed to load resource: the server responded with a status of 404/.test(e))).toEqual(
            [],
          );
        });
      });
    }
  }
});

test.describe("phones: no page is wider than 390 px, in any locale", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  for (const locale of LOCALES) {
    for (const area of ["public", "member", "partner", "admin"] as const) {
      test(`every ${area} page fits a 390 px screen in ${locale} @js-only`, async ({ page }) => {
        test.setTimeout(120_000);
        const errors = watchConsole(page);
        const overflowing: string[] = [];
        await enter(page, area);
        for (const pagePath of AREAS[area]) {
          const url = `/${locale}${pagePath}`;
          await page.goto(url, { waitUntil: "networkidle" });
          const widths = await page.evaluate(() => {
            const wide = [...document.querySelectorAll<HTMLElement>("body *")]
              .filter((element) => element.getBoundingClientRect().right > 391 && getComputedStyle(element).position !== "fixed")
              .slice(0, 3)
              .map(
                (element) =>
                  `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].slice(0, 3).join(".")}`,
              );
            return { scroll: document.documentElement.scrollWidth, wide };
          });
          if (widths.scroll > 390) overflowing.push(`${url}: ${widths.scroll}px (${widths.wide.join(", ")})`);
        }
        expect(overflowing).toEqual([]);
        expect(errors.filter((e) => !/no-such-page: Failed to load resource: the server responded with a status of 404/.test(e))).toEqual(
          [],
        );
      });
    }
  }
});

test("the page list covers every route with a page", () => {
  const listed = new Set([...PUBLIC_PAGES, ...MEMBER_PAGES, ...PARTNER_PAGES, ...ADMIN_PAGES, ...MID_FLOW_PAGES]);
  const missing: string[] = [];
  for (const file of fs.readdirSync(path.resolve("app/routes"))) {
    const source = fs.readFileSync(path.resolve("app/routes", file), "utf8");
    // Pages are routes with a default export and no parameters we cannot fill in (those are listed by example;
    // every file name starts with "($locale)", so a parameter is a "$" after it).
    if (!/export default function/.test(source) || !file.startsWith("($locale)") || file.slice("($locale)".length).includes("$")) continue;
    const segments = file
      .replace(/\.tsx$/, "")
      .split(".")
      .slice(1)
      .filter((segment) => !segment.startsWith("_") || segment === "_index")
      .filter((segment) => segment !== "_index")
      .map((segment) => segment.replace(/_$/, ""));
    if (segments.length === 0 && file !== "($locale)._public._index.tsx") continue;
    const pagePath = segments.length ? `/${segments.join("/")}` : "";
    if (!listed.has(pagePath)) missing.push(`${file} → ${pagePath || "/"}`);
  }
  expect(missing).toEqual([]);
});

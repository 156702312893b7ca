/**
 * The product as people see it, on every page, as one sweep: signed out, as the demo member, as the
 * demo partner and as an admin (each signed in by a fixture, not through the sign-in form).
 * - One visit per page per role: axe in light mode (every rule), then the dark theme by
 *   `emulateMedia` with the colour-contrast rule only; the body's colours checked in both.
 * - At 390 px (a phone) no page is wider than the screen, in each of the five locales: one browser
 *   context per locale and area. The German public pages get axe (every rule) on these visits too.
 * - With JavaScript on, no page logs a console error (hydration included), in any locale.
 * Pages are opened and used once hydrated (the root layout's mark), never after "network idle".
 * The page list lives in support/pages.ts and must cover every route with a page (checked below).
 */
import { routeModules } from "../support/route-files";
import { BODY_BACKGROUND, axeViolations, describeViolations, showTheme } from "./support/axe";
import { watchConsole } from "./support/console";
import { expect, test, visit, type Account } from "./support/fixtures";
import { ADMIN_PAGES, HEAVY_PAGES, MEMBER_PAGES, MID_FLOW_PAGES, PARTNER_PAGES, PUBLIC_PAGES } from "./support/pages";

const LOCALES = ["en", "nl", "fr", "es", "de"] as const;
type Area = "public" | "member" | "partner" | "admin";
const AREAS: Record<Area, string[]> = {
  public: PUBLIC_PAGES,
  member: MEMBER_PAGES,
  partner: PARTNER_PAGES,
  admin: ADMIN_PAGES,
};
/** The language whose public pages axe also checks, on the phone sweep's visits (English is the main sweep's). */
const AXE_ON_PHONES = "de";
/** The not-found page answers 404 on purpose: the browser logs that response. */
const EXPECTED_ERROR = /no-such-page: Failed to load resource: the server responded with a status of 404/;

/** Pages in groups of at most `size` ordinary pages (a heavy page alone): each group is its own test, well under 20 s. */
function groups(pages: string[], size: number): string[][] {
  // A page that costs several ordinary pages' time (the ad audit's 7,500 elements take axe about
  // three seconds per theme) counts as that many, so that no group runs over 20 s.
  const weight = (page: string) => HEAVY_PAGES[page] ?? 1;
  const parts: string[][] = [];
  let load = size;
  for (const page of pages) {
    if (load + weight(page) > size) {
      parts.push([]);
      load = 0;
    }
    parts.at(-1)!.push(page);
    load += weight(page);
  }
  return parts;
}

/** Signs the area's person in on this test's context (public: nobody): an automatic fixture per area. */
const memberTest = test.extend<{ signedIn: Account }>({ signedIn: [async ({ demoMember }, use) => use(demoMember), { auto: true }] });
const partnerTest = test.extend<{ signedIn: Account }>({ signedIn: [async ({ demoPartner }, use) => use(demoPartner), { auto: true }] });
const adminTest = test.extend<{ signedIn: Account }>({ signedIn: [async ({ admin }, use) => use(admin), { auto: true }] });
const enter = { public: test, member: memberTest, partner: partnerTest, admin: adminTest };

test.describe("every page in both themes: no serious axe violation, no console error @js-only", () => {
  for (const area of ["public", "member", "partner", "admin"] as const) {
    {
      const locale = "en";
      const parts = groups(AREAS[area], 4);
      parts.forEach((pages, part) => {
        enter[area](`${area} pages in ${locale} (${part + 1} of ${parts.length})`, async ({ page }) => {
          // The demo accounts, the fixtures' admin and visitors follow the device's theme ("System").
          await page.emulateMedia({ colorScheme: "light" });
          const errors = watchConsole(page, { ignore: EXPECTED_ERROR });
          const violations: string[] = [];
          for (const pagePath of pages) {
            const url = `/${locale}${pagePath}`;
            await visit(page, url);
            await expect(page.locator("body"), `${url} body in light mode`).toHaveCSS("background-color", BODY_BACKGROUND.light);
            violations.push(...describeViolations(`${url} (light)`, await axeViolations(page)));
            await showTheme(page, "dark", url);
            violations.push(...describeViolations(`${url} (dark)`, await axeViolations(page, { rules: ["color-contrast"] })));
            await page.emulateMedia({ colorScheme: "light" });
          }
          expect(violations).toEqual([]);
          expect(errors).toEqual([]);
        });
      });
    }
  }
});

test.describe("phones: no page is wider than 390 px, in any locale @js-only", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const locale of LOCALES) {
    for (const area of ["public", "member", "partner", "admin"] as const) {
      const parts = groups(AREAS[area], 14);
      parts.forEach((pages, part) => {
        enter[area](`${area} pages fit a 390 px screen in ${locale} (${part + 1} of ${parts.length})`, async ({ page }) => {
          const errors = watchConsole(page, { ignore: EXPECTED_ERROR });
          const overflowing: string[] = [];
          const violations: string[] = [];
          for (const pagePath of pages) {
            const url = `/${locale}${pagePath}`;
            await visit(page, url);
            // The public pages in another language than the sweep's: axe here, at phone width.
            if (area === "public" && locale === AXE_ON_PHONES) {
              violations.push(...describeViolations(`${url} (phone)`, await axeViolations(page)));
            }
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
          expect(violations).toEqual([]);
          expect(errors).toEqual([]);
        });
      });
    }
  }
});

test("the page list covers every route with a page", () => {
  const listed = new Set([...PUBLIC_PAGES, ...MEMBER_PAGES, ...PARTNER_PAGES, ...ADMIN_PAGES, ...MID_FLOW_PAGES]);
  const missing: string[] = [];
  for (const { name: file, source } of routeModules()) {
    // Pages are routes with a default export and no parameters we cannot fill in (those are listed by example;
    // every file name starts with "($locale)", so a parameter is a "$" after it).
    if (!/export default function/.test(source) || !file.startsWith("($locale)") || file.slice("($locale)".length).includes("$")) continue;
    const segments = file
      .split(".")
      .slice(1)
      .filter((segment) => !segment.startsWith("_") || segment === "_index")
      .filter((segment) => segment !== "_index")
      .map((segment) => segment.replace(/_$/, ""));
    if (segments.length === 0 && file !== "($locale)._public._index") continue;
    const pagePath = segments.length ? `/${segments.join("/")}` : "";
    if (!listed.has(pagePath)) missing.push(`${file} → ${pagePath || "/"}`);
  }
  expect(missing).toEqual([]);
});

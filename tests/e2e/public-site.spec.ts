/**
 * The public site: every page in five locales, the forms without JavaScript (contact, newsletter
 * double opt-in, cookie consent, banner), search and filters, SEO files. Tests tagged @js run
 * again with JavaScript; @js-only ones need it (carousel arrows, the service worker's toast). The
 * forms' rules (every message, the honeypot, the hourly limit, cross-site posts refused by each
 * action) are route tests in tests/db/public-rules.test.ts; axe and console errors on every public
 * page, in English and German, are in look-and-feel.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { consumeRateLimit } from "../../app/security/rate-limit.server";
import { E2E_APP_URL } from "./support/e2e-env";
import { e2eDatabase, expect, test, visit } from "./support/fixtures";
import { waitForMail } from "./support/mailbox";
import { uniqueEmail } from "./support/visitor";

const LOCALES = ["en", "nl", "fr", "es", "de"] as const;
const tr = (locale: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve("locales", locale, `${ns}.json`), "utf8"));

/** Each public page, the namespace and key of its meta title. */
const PAGES: Array<{ path: string; ns: string; key: string }> = [
  { path: "", ns: "home", key: "meta" },
  { path: "/about", ns: "about", key: "meta" },
  { path: "/contact", ns: "contact", key: "meta" },
  { path: "/faq", ns: "faq", key: "meta" },
  { path: "/blog", ns: "blog", key: "meta" },
  { path: "/webshops", ns: "webshops", key: "meta" },
  { path: "/pricing", ns: "pricing", key: "meta" },
  { path: "/privacy-policy", ns: "legal", key: "privacy.meta" },
  { path: "/terms-and-conditions", ns: "legal", key: "terms.meta" },
  { path: "/cookie-policy", ns: "legal", key: "cookies.meta" },
  { path: "/cookie-preferences", ns: "common", key: "consent.page" },
];

const get = (object: Record<string, unknown>, key: string) =>
  key.split(".").reduce<unknown>((value, part) => (value as Record<string, unknown>)[part], object) as Record<string, string>;

test.describe("every public page in every locale", () => {
  for (const locale of LOCALES) {
    test(`answers 200 with its own translated title and description in ${locale}`, async ({ request }) => {
      for (const page of PAGES) {
        const response = await request.get(`/${locale}${page.path}`);
        expect(response.status(), `/${locale}${page.path}`).toBe(200);
        const html = await response.text();
        const meta = get(tr(locale, page.ns), page.key);
        const escape = (text: string) =>
          text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
        expect(html, `${page.path} title`).toContain(`<title>${escape(meta.title!)} | Cashwise</title>`);
        expect(html, `${page.path} description`).toContain(`<meta name="description" content="`);
        expect(html).toContain(`<html lang="${locale}"`);
        expect(html, `${page.path} hreflang`).toContain(`hrefLang="nl"`);
      }
    });
  }
});

test.describe("home", () => {
  test("hero, five carousel cards reachable without JS, audiences, apps coming soon", async ({ page }) => {
    await page.goto("/en");
    await expect(page.getByRole("link", { name: "Get started free" })).toHaveAttribute("href", "/en/signup");
    await expect(page.locator("#hero-title").locator("..").getByRole("link", { name: "Browse webshops" })).toHaveAttribute(
      "href",
      "/en/webshops",
    );
    const carousel = page.getByTestId("feature-carousel");
    await expect(carousel.locator("li")).toHaveCount(5);
    const dots = page.getByTestId("carousel-dot");
    await expect(dots).toHaveCount(5);
    await expect(dots.nth(4)).toHaveAttribute("href", "#feature-5");
    // Arrows are a JavaScript enhancement.
    await expect(page.getByTestId("carousel-next")).toHaveCount(0);

    const first = carousel.locator("li").first();
    await expect(first.getByText("Learn more")).toBeVisible();
    await first.getByText("Learn more").click();
    await expect(first.getByText("Show less")).toBeVisible();
    await expect(first.locator("details p")).toBeVisible();

    await expect(page.getByRole("heading", { name: "Who We Serve" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Who We Serve" }).locator("xpath=../..").locator("li")).toHaveCount(3);
    await expect(page.getByTestId("app-appStore")).toContainText("Coming soon");
    await expect(page.getByTestId("app-appStore").locator("a")).toHaveCount(0);
  });

  test("the loyalty levels lead a visitor to sign up and a member to their points, on the home and pricing pages", async ({ browser }) => {
    const visitor = await browser.newPage();
    await visitor.goto("/en");
    const block = visitor.locator('section[aria-labelledby="loyalty-title"]');
    await expect(block.getByRole("listitem")).toHaveText([
      /Bronze\s*From 0 points: 10% success fee/,
      /Silver\s*From 2,500 points: 9% success fee/,
      /Gold\s*From 10,000 points: 8% success fee/,
      /Platinum\s*From 25,000 points: 7% success fee/,
    ]);
    await expect(block.getByRole("link", { name: "Join free and start earning" })).toHaveAttribute("href", "/en/signup");
    await block.getByRole("link", { name: "Levels, fees and rules" }).click();
    await expect(visitor).toHaveURL(/\/en\/pricing#loyalty-title$/);
    await expect(visitor.getByTestId("loyalty-levels").locator('tr[data-level="gold"]')).toContainText("Handled first");
    await expect(visitor.getByRole("link", { name: "Sign up free and start collecting points" })).toHaveAttribute("href", "/en/signup");
    await visitor.close();
  });

  test("a signed-in member's loyalty links go to their loyalty page", async ({ page, demoMember: _ }) => {
    await page.goto("/en");
    await expect(page.getByRole("link", { name: "See your points", exact: true })).toHaveAttribute("href", "/en/loyalty");
    await page.goto("/en/pricing");
    await expect(page.getByRole("link", { name: "See your points and level" })).toHaveAttribute("href", "/en/loyalty");
  });

  test("the announcement can be dismissed and stays dismissed", async ({ page }) => {
    await page.goto("/en");
    // It shows once the cookie choice is made.
    await page.getByTestId("consent-banner").getByRole("button", { name: "Accept all" }).click();
    const banner = page.getByTestId("announcement");
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Dismiss" }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByTestId("announcement")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("announcement")).toHaveCount(0);
  });

  test("carousel arrows follow the spec's rules @js-only", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, "/en");
    const previous = page.getByTestId("carousel-previous");
    const next = page.getByTestId("carousel-next");
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(previous).toBeEnabled();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(next).toBeDisabled(); // index 2 ≥ 5 − 3
    await expect(page.getByTestId("carousel-dot").nth(2)).toHaveAttribute("aria-current", "true");
    await page.getByTestId("carousel-dot").first().click();
    await expect(previous).toBeDisabled();
    await expect(page.getByTestId("feature-carousel")).toHaveAttribute("data-index", "0");
    // The last dot shows the last view; three cards share it, so its first card leads.
    await page.getByTestId("carousel-dot").last().click();
    await expect(next).toBeDisabled();
    await expect(page.getByTestId("carousel-dot").nth(2)).toHaveAttribute("aria-current", "true");
    await previous.click();
    await expect(page.getByTestId("carousel-dot").nth(1)).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("feature-carousel")).toHaveAttribute("data-index", "1");
  });
});

test.describe("about and legal", () => {
  test("about tells story, mission, vision, values, journey and why us", async ({ page }) => {
    await page.goto("/de/about");
    const about = tr("de", "about");
    for (const heading of [
      about.story.title,
      about.mission.title,
      about.vision.title,
      about.values.title,
      about.journey.title,
      about.whyUs.title,
    ]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(page.getByText(about.journey.items[0].description)).toBeVisible();
    await expect(page.getByRole("link", { name: about.hero.cta })).toHaveAttribute("href", "/de/signup");
  });

  test("privacy has 4 sections, terms 5, both last updated October 1, 2025", async ({ page }) => {
    await page.goto("/en/privacy-policy");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(4);
    await expect(page.getByText("Last updated: October 1, 2025")).toBeVisible();
    await page.goto("/en/terms-and-conditions");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(5);
    await expect(page.getByText("Last updated: October 1, 2025")).toBeVisible();
    await page.goto("/en/cookie-policy");
    for (const heading of ["What are cookies?", "Types of cookies we use", "How we use cookies", "Managing your cookies"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
  });
});

test.describe("FAQ", () => {
  test("GET search filters questions and says when nothing matches", async ({ page }) => {
    await page.goto("/en/faq");
    const all = await page.locator("main details").count();
    // 20 questions from the translation files and 4 about loyalty points (migration 0053).
    expect(all).toBe(24);
    await page.getByRole("searchbox", { name: "Search the FAQ" }).fill("WITHDRAW");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/en\/faq\?q=WITHDRAW$/);
    // The URL changes when the new document commits, before it has parsed: wait for the answer itself.
    await page.waitForLoadState("domcontentloaded");
    await expect(page.getByRole("searchbox", { name: "Search the FAQ" })).toHaveValue("WITHDRAW");
    await expect.poll(() => page.locator("main details").count()).toBeGreaterThan(0);
    const found = await page.locator("main details").count();
    expect(found).toBeLessThan(all);
    for (const text of await page.locator("main details").allTextContents()) expect(text.toLowerCase()).toContain("withdraw");

    await page.goto("/en/faq?q=zzzz-nothing");
    await expect(page.getByTestId("faq-no-results")).toContainText("No results found");
    await expect(page.getByRole("searchbox", { name: "Search the FAQ" })).toHaveValue("zzzz-nothing");
    await page
      .getByRole("link", { name: /send us an email|contact form/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/en\/contact$/);
  });
});

async function fillContact(page: Page, values: { name: string; email: string; company?: string; message: string }) {
  await page.getByLabel("Full name").fill(values.name);
  await page.getByLabel("Email address").fill(values.email);
  if (values.company) await page.getByLabel("Company (optional)").fill(values.company);
  await page.getByLabel("Message", { exact: true }).fill(values.message);
  await page.getByRole("button", { name: "Send message" }).click();
}

test.describe("contact", () => {
  test("a message is stored, e-mailed to support and answered with the success view @js", async ({ page, visitor: _ }) => {
    const email = uniqueEmail("contact");
    await visit(page, "/en/contact");
    await expect(page.getByText("We answer within 24 hours").first()).toBeVisible();
    await fillContact(page, { name: "Mia Jansen", email, company: "Jansen BV", message: "How do payouts to an IBAN work?" });
    await expect(page.getByRole("heading", { name: "Thank you, Mia Jansen!" })).toBeVisible();
    const mail = await waitForMail("support@cashwise.test", (m) => m.text.includes(email));
    expect(mail.subject).toBe("New contact message from Mia Jansen");
    expect(mail.text).toContain("How do payouts to an IBAN work?");
    expect(mail.raw).toMatch(new RegExp(`Reply-To: ${email.replace(/[.]/g, "\\.")}`, "i"));
    // The success view is shown once (post/redirect/get); a reload shows the form again.
    await page.reload();
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
  });

  test("bad input gets messages next to the fields and keeps what was typed", async ({ page, visitor: _ }) => {
    await visit(page, "/en/contact");
    await fillContact(page, { name: "Leo", email: "not-an-email", company: "Leo & Co", message: "Hi" });
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Your message must be at least 10 characters long")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Leo");
    await expect(page.getByLabel("Company (optional)")).toHaveValue("Leo & Co");
    await expect(page.getByLabel("Email address")).toHaveValue("not-an-email");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Hi");
  });

  test("more than 5 messages an hour from one address get 429 and a translated message", async ({ page, visitor }) => {
    // Five messages already sent from this address (public-rules.test.ts sends them), counted as the contact action counts them.
    for (let i = 0; i < 5; i++) await consumeRateLimit(e2eDatabase(), "contact", visitor);
    await visit(page, "/en/contact");
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await fillContact(page, { name: "Sender 6", email: "six@example.com", message: "One message too many today" });
    expect((await response).status()).toBe(429);
    const expected = tr("en", "common").errors.tooManyAttemptsMinutes.replace("{{minutes}}", "60");
    await expect(page.getByRole("alert")).toHaveText(expected);
    await expect(page.getByLabel("Full name")).toHaveValue("Sender 6");
  });

  // The server guard's answer, over HTTP (each action's own second line is in public-rules.test.ts).
  test("a cross-site post is refused with 403 and changes nothing", async ({ request }) => {
    const email = uniqueEmail("csrf");
    const response = await request.post("/en/contact", {
      form: { name: "Eve", email, message: "Forged from another site", website: "", formToken: "1.x" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    for (const [url, form] of [
      ["/en?index", { intent: "dismiss-banner" }],
      ["/en/cookie-preferences", { intent: "all" }],
      ["/en/blog", { email }],
      ["/en/newsletter/confirm", { token: "x" }],
      ["/en/newsletter/unsubscribe", { token: "x" }],
    ] as const) {
      const refused = await request.post(url, { form, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
      expect(refused.status(), url).toBe(403);
      const marked = await request.post(url, { form, headers: { "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
      expect(marked.status(), url).toBe(403);
    }
  });
});

test.describe("newsletter", () => {
  test("double opt-in through the e-mailed link, then unsubscribe from the mail @js", async ({ page, visitor: _ }) => {
    const email = uniqueEmail("reader");
    await visit(page, "/en/blog");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("newsletter-check-inbox")).toBeVisible();

    const mail = await waitForMail(email, (m) => m.subject.includes("Confirm"));
    const confirm = mail.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/)![0];
    const unsubscribe = mail.text.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/)![0];
    await visit(page, confirm);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: "You are subscribed" })).toBeVisible();

    // The same link again is used up.
    await visit(page, confirm);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();

    // Subscribing again is not an error and reveals nothing on the page.
    await visit(page, "/en/blog");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("newsletter-check-inbox")).toBeVisible();
    await waitForMail(email, (m) => m.subject.includes("already subscribed"));

    await visit(page, unsubscribe);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  });

  test("a bad address keeps the typed value and shows the message", async ({ page, visitor: _ }) => {
    await visit(page, "/en/blog");
    await page.getByLabel("Email address").fill("nope@");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("nope@");
  });
});

test.describe("blog", () => {
  test("lists six articles per locale, searches, opens an article", async ({ page }) => {
    await page.goto("/fr/blog");
    const list = page.getByTestId("post-list");
    await expect(list.locator("li")).toHaveCount(6);
    const title = (await list.locator("h2").first().textContent())!;
    await page.getByRole("searchbox").fill(title.slice(0, 12));
    await page.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\/fr\/blog\?q=/);
    await expect(list.locator("h2").first()).toHaveText(title);
    await list.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/\/fr\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    // At least two section headings (a retrying assertion: the body may still be streaming in).
    await expect(page.locator(".article-body h2").nth(1)).toBeAttached();
    await expect(page.locator(".article-body ul li").first()).toBeVisible();

    const missing = await page.goto("/fr/blog/no-such-article");
    expect(missing?.status()).toBe(404);
  });

  test("paginates with GET links", async ({ page }) => {
    // Six articles fit one page: there is no "Next" link.
    await page.goto("/en/blog");
    await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
    await page.goto("/en/webshops?page=2");
    await expect(page.getByText("Page 2 of 3")).toBeVisible();
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/en\/webshops$/);
  });
});

test.describe("webshops", () => {
  test("search, category filter, store page and shop-now asking to sign in", async ({ page }) => {
    await page.goto("/en/webshops");
    await expect(page.getByRole("heading", { name: "WebShops Integration" })).toBeVisible();
    for (const card of ["Seamless Integration", "Lightning Fast", "Smart Notifications"]) {
      await expect(page.getByRole("heading", { name: card })).toBeVisible();
    }
    // The 30 seeded stores, and any an admin test running beside this one has just added.
    const total = page.getByText(/^\d+ stores$/);
    await expect(total).toBeVisible();
    expect(Number((await total.textContent())!.split(" ")[0])).toBeGreaterThanOrEqual(30);
    await expect(page.getByTestId("store-list").locator("li")).toHaveCount(12);

    await page.getByRole("searchbox", { name: "Search stores" }).fill("lark");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("store-list").locator("li")).toHaveCount(1);
    await expect(page.getByTestId("store-list")).toContainText("Larkstitch");

    await page.goto("/en/webshops");
    await page.getByLabel("Category").selectOption("travel");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/category=travel/);
    for (const text of await page.getByTestId("store-list").locator("li p.text-xs").allTextContents()) expect(text).toBe("Travel");

    await page.getByTestId("store-list").locator("h2 a").first().click();
    await expect(page).toHaveURL(/\/en\/webshops\/[a-z0-9-]+$/);
    await expect(page.getByText(/% cashback/)).toBeVisible();
    const shop = page.getByRole("link", { name: "Shop now" });
    // Shop now goes through the click-out, which records the visit (signing in first).
    await expect(shop).toHaveAttribute("href", /^\/en\/out\/[a-z0-9-]+$/);

    expect((await page.goto("/en/webshops/no-such-store"))?.status()).toBe(404);
  });
});

test.describe("pricing", () => {
  test("plans from the database and the five promises", async ({ page }) => {
    await page.goto("/en/pricing");
    await expect(page.getByTestId("plan-starter")).toContainText("$29.00");
    await expect(page.getByTestId("plan-starter")).toContainText("per 30 days");
    // A free plan is plain "Free", not "Free per 30 days".
    await expect(page.getByTestId("plan-partner-basic")).toContainText("Free");
    await expect(page.getByTestId("plan-partner-basic")).not.toContainText("per 30 days");
    const claims = page.getByTestId("claims");
    for (const text of ["10%", "14 days", "30 days", "99.9%", "24 hours"]) await expect(claims).toContainText(text);
    // The success fee is on cashback only; the plans have the trial and the guarantee, no fee.
    await expect(claims).toContainText("success fee, only on cashback, and lower at higher member levels");
    await expect(
      page.getByText("The ad tools: a plan, with a 14-day free trial and a 30-day money-back guarantee, and no success fee.", {
        exact: false,
      }),
    ).toBeVisible();
  });
});

test.describe("cookie consent", () => {
  test("the banner saves a choice by form post, reopened from the footer @js", async ({ page }) => {
    await visit(page, "/en/faq");
    const banner = page.getByTestId("consent-banner");
    await expect(banner).toBeVisible();
    // Equal choices: accepting and rejecting are the same kind of button; customising opens the page.
    const accept = banner.getByRole("button", { name: "Accept all" });
    const reject = banner.getByRole("button", { name: "Reject all" });
    expect(await accept.getAttribute("class")).toBe(await reject.getAttribute("class"));
    await expect(banner.getByRole("link", { name: "Customise" })).toHaveAttribute("href", "/en/cookie-preferences");
    // No announcement before a choice is made.
    await visit(page, "/en");
    await expect(page.getByTestId("announcement")).toHaveCount(0);
    await visit(page, "/en/faq");
    await page.getByTestId("consent-banner").getByRole("button", { name: "Reject all" }).click();
    await expect(page).toHaveURL(/\/en\/faq$/);
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    const consent = (await page.context().cookies()).find((c) => c.name === "consent");
    expect(consent?.httpOnly).toBe(true);

    await visit(page, "/en");
    await expect(page.getByTestId("announcement")).toBeVisible();
    await page.locator("footer").getByRole("link", { name: "Cookie preferences" }).click();
    await expect(page.getByRole("checkbox", { name: /Functional/ })).toBeDisabled();
    await expect(page.getByRole("checkbox", { name: /Functional/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Analytics/ })).not.toBeChecked();
    await page.getByRole("checkbox", { name: /Analytics/ }).check();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByText("Your cookie preferences have been saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: /Analytics/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Marketing/ })).not.toBeChecked();
  });
});

test.describe("search engines and the installable app", () => {
  test("sitemap, robots, hreflang, manifest, service worker", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${E2E_APP_URL}/de/faq</loc>`);
    expect(sitemap).toContain(`hreflang="fr" href="${E2E_APP_URL}/fr/webshops/larkstitch"`);
    expect(sitemap).toMatch(/\/es\/blog\/[a-z0-9-]+<\/loc><lastmod>2026-/);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${E2E_APP_URL}/sitemap.xml`);
    const home = await (await request.get("/nl/faq")).text();
    for (const locale of LOCALES) expect(home).toContain(`hrefLang="${locale}" href="${E2E_APP_URL}/${locale}/faq"`);
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
    const sw = await request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(await sw.text()).toContain("/offline");
    expect((await request.get("/de/offline")).status()).toBe(200);
  });
});

test.describe("the service worker", () => {
  // Blocked everywhere else (playwright.config.ts).
  test.use({ serviceWorkers: "allow" });

  test("takes over and says the app works offline @js-only", async ({ page, context }) => {
    await visit(page, "/en");
    // Not over a first visit: the worker installs quietly (and leaves word for the next visit)...
    await expect.poll(() => page.evaluate(() => localStorage.getItem("cashwise:offline-ready"))).toBe("1");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await visit(page, "/en/faq");
    await expect(page.getByTestId("toast")).toHaveCount(0);
    // ...and the next visit (another tab) hears of it, once. Time stands still until the test moves it.
    await context.clock.install();
    await context.clock.pauseAt(Date.now() + 1_000);
    const later = await context.newPage();
    await visit(later, "/en/faq");
    await expect(later.getByTestId("toast").filter({ hasText: "App ready to work offline" })).toBeVisible();
    // Toasts close by themselves after 5 seconds.
    await later.clock.runFor(4_900);
    await expect(later.getByTestId("toast")).toHaveCount(1);
    await later.clock.runFor(100);
    await expect(later.getByTestId("toast")).toHaveCount(0);
  });
});

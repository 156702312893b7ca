/**
 * Screenshots of the signed-in product for the docs and the home page: the dashboard, the wallet,
 * the transactions, a store's page and the pricing page in German, and the withdraw review (also in
 * German, with a refused amount), at desktop and phone width, in light and dark mode, as the demo
 * member.
 *
 *   npm run screenshots                      # against http://127.0.0.1:3100 (the e2e server)
 *   BASE_URL=http://localhost:3000 npm run screenshots
 *
 * Writes docs/screenshots/<page>-<width>-<theme>.jpg and the home page's
 * public/images/dashboard-{light,dark}.jpg (with its AVIF, WebP and JPEG sizes for the home page's
 * <picture>: scripts/responsive-images.ts). Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium)
 * and a server with the demo data (`npm start` or the e2e server).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { DEMO_USER } from "../db/seed";
import { SEED_STORES } from "../db/seed-data/stores";
import { writeResponsiveImages } from "./responsive-images";

const BASE = process.env.BASE_URL ?? "http://127.0.0.1:3100";
const OUT = path.resolve("docs/screenshots");
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

async function signIn(page: Page) {
  await page.goto(`${BASE}/en/signin`);
  await page.getByLabel("Email address").fill(DEMO_USER.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_USER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/en\/dashboard$/);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    for (const [sizeName, viewport] of Object.entries(SIZES)) {
      for (const theme of ["light", "dark"] as const) {
        const context = await browser.newContext({
          viewport,
          colorScheme: theme,
          deviceScaleFactor: 1,
          isMobile: sizeName === "phone",
          hasTouch: sizeName === "phone",
          // A client address of its own, so the screenshots never share a throttle with a visitor.
          extraHTTPHeaders: { "X-Forwarded-For": `198.19.250.${sizeName === "phone" ? 2 : 1}${theme === "dark" ? 1 : 0}` },
        });
        const page = await context.newPage();
        await signIn(page);
        const shoot = async (name: string, fullPage = sizeName === "phone") => {
          await page.waitForLoadState("networkidle");
          const file = path.join(OUT, `${name}-${sizeName}-${theme}.jpg`);
          await page.screenshot({ path: file, type: "jpeg", quality: 80, fullPage });
          console.log(path.relative(process.cwd(), file));
        };
        await page.goto(`${BASE}/en/dashboard`);
        await shoot("dashboard");
        if (sizeName === "desktop") {
          const file = path.resolve(`public/images/dashboard-${theme}.jpg`);
          await page.screenshot({ path: file, type: "jpeg", quality: 75 });
          console.log(path.relative(process.cwd(), file));
          // The sizes and formats the home page's <picture> offers.
          for (const written of await writeResponsiveImages(file)) console.log(written);
        }
        await page.goto(`${BASE}/en/wallet`);
        await shoot("wallet");
        // Money in and money out apart, completed and pending (#24).
        await page.goto(`${BASE}/en/transactions`);
        await shoot("transactions");
        // A store's page in the member frame, with the member's 90% rate and the store's terms; the pricing page.
        await page.goto(`${BASE}/de/webshops/${SEED_STORES[0]!.slug}`);
        await shoot("store-page-de");
        await page.goto(`${BASE}/de/pricing`);
        await shoot("pricing-de");
        await page.goto(`${BASE}/en/dashboard/withdraw`);
        await page.getByLabel("Amount", { exact: true }).fill("50");
        await page.getByLabel("PayPal email address").fill("alex.morgan@example.com");
        await page.getByRole("button", { name: "Withdraw Funds" }).click();
        await page.getByTestId("withdraw-review").waitFor();
        // A dialog: the screen as the person sees it.
        await shoot("withdraw-review", false);
        // German: the decimal comma; a point is refused with the German example, never read as 1,250.
        await page.goto(`${BASE}/de/dashboard/withdraw`);
        await page.getByLabel("Betrag", { exact: true }).fill("12.50");
        await page.getByLabel("PayPal-E-Mail-Adresse").fill("alex.morgan@example.com");
        await page.getByRole("button", { name: "Guthaben auszahlen" }).click();
        await page.getByText("Schreiben Sie Beträge so: 12,50").waitFor();
        await shoot("withdraw-refused-de", false);
        await page.getByLabel("Betrag", { exact: true }).fill("12,50");
        await page.getByRole("button", { name: "Guthaben auszahlen" }).click();
        await page.getByTestId("withdraw-review").waitFor();
        await shoot("withdraw-review-de", false);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

await main();

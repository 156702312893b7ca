// usage: node /tmp/shot.mjs <path> <out.png> [width] [theme] [who]
import { chromium } from "@playwright/test";
const [,, path, out, width = "390", theme = "light", who = "member"] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 }, colorScheme: theme, isMobile: Number(width) < 500, extraHTTPHeaders: { "X-Forwarded-For": `198.19.${Math.floor(Math.random()*250)}.${Math.floor(Math.random()*250)+1}` } });
const page = await context.newPage();
const base = process.env.BASE ?? "http://127.0.0.1:3100";
if (who !== "anon") {
  const admin = who === "admin";
  await page.goto(base + (admin ? "/en/admin" : "/en/signin"));
  await page.getByLabel("Email address").fill(admin ? "admin@cashwise.test" : "demo@cashwise.test");
  await page.getByLabel("Password", { exact: true }).fill(admin ? "Admin-pass-1!" : "Demo-pass-1!");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForLoadState("networkidle");
}
await page.goto(base + path, { waitUntil: "networkidle" });
const info = await page.evaluate(() => [...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > 391 && !e.closest("[class*=fixed]")).slice(0, 8).map(e => `${e.tagName}.${[...e.classList].join(".")} r=${Math.round(e.getBoundingClientRect().right)} "${(e.textContent||"").slice(0,40)}"`));
console.log(info.join("\n"));
await page.screenshot({ path: out, fullPage: process.env.CLIP ? false : true, clip: process.env.CLIP ? JSON.parse(process.env.CLIP) : undefined });
await browser.close();

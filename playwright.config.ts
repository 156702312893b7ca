import fs from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * Debian's headless shell (package chromium-headless-shell, the same engine as chromium without the
 * browser's UI): what Playwright itself runs headless, and half the CPU time of the full browser in
 * this suite. The full browser where the shell is not installed.
 */
const CHROMIUM = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file)) ?? "/usr/bin/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The books must balance after everything the suite did.
  globalTeardown: "./tests/e2e/global-teardown.ts",
  // Every test's duration lands in a file: `npm run test:durations` (and CI, after every run) lists the slowest.
  reporter: [
    ["list"],
    ["json", { outputFile: "test-results/e2e-report.json" }],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
  ],
  // A busy CI machine runs the server, two workers and their browsers on two cores (the tests are
  // CPU-bound by rendering, not by password hashes: fixtures sign in by session cookie): room to breathe.
  timeout: process.env.CI ? 60_000 : 30_000,
  // The same machine runs the server and two browsers: a navigation may take longer than 5 s.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    baseURL: BASE_URL,
    // Every page with JavaScript would install the service worker, which fetches the offline page
    // of each locale: five more renders per browser context. Only its own test lets it in
    // (public-site.spec.ts, "the service worker takes over").
    serviceWorkers: "block",
    // CI keeps no files between runs (its log is all that is read): recording a trace of every test
    // there cost a fifth of the browsers' time. Locally a failing test keeps its trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // Every flow works without JavaScript: this is the primary project.
    // Tests tagged @js-only need JavaScript (axe, hydration checks) and run only in "js".
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
    // The main flows (tagged @js) again with JavaScript, which only enhances.
    { name: "js", use: { javaScriptEnabled: true }, grep: /@js\b|@js-only/ },
  ],
  webServer: {
    command: "npx tsx tests/e2e/server.ts",
    url: `${BASE_URL}/healthz`,
    env: { E2E_PORT: String(PORT) },
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});

/**
 * axe-core in the page, injected once per document (through Playwright's evaluate, which a strict
 * CSP does not block) and run as often as a test needs on that document: every rule in light mode,
 * colour contrast again after the theme changes. About five times cheaper per run than
 * @axe-core/playwright's AxeBuilder, which re-injects axe and finishes every run in a new page (its
 * frame support; our pages have no frames).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, Result, RunOptions } from "axe-core";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

declare global {
  interface Window {
    axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/** The page's axe violations (`rules`: only these rules), with only violations gathered in detail. */
export async function axeViolations(page: Page, options: { rules?: string[] } = {}): Promise<Result[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  const runOptions: RunOptions = {
    resultTypes: ["violations"],
    ...(options.rules ? { runOnly: { type: "rule", values: options.rules } } : {}),
  };
  return page.evaluate((run) => window.axe!.run(document, run).then((results) => results.violations), runOptions);
}

/** One line per violation of at least `impact` ("serious": serious and critical), naming the nodes. */
export function describeViolations(label: string, violations: Result[], impact: "minor" | "serious" = "serious"): string[] {
  const counted = impact === "serious" ? ["serious", "critical"] : ["minor", "moderate", "serious", "critical"];
  return violations
    .filter((v) => counted.includes(v.impact ?? "minor"))
    .map(
      (v) =>
        `${label} ${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n").slice(1, 2).join("") ?? ""}`).join(" | ")}`,
    );
}

/** The body's background in each theme (the semantic tokens' page colour). */
export const BODY_BACKGROUND = { light: "rgb(255, 255, 255)", dark: "rgb(2, 6, 23)" } as const;

/**
 * Switches the emulated colour scheme and waits until the page shows it: the body's background in
 * the new theme and every finite animation finished (the theme switch animates colours, and axe
 * reading a colour halfway reports contrast that nobody sees). Endless animations are left running.
 */
export async function showTheme(page: Page, scheme: "light" | "dark", label = page.url()): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator("body"), `${label} body in ${scheme} mode`).toHaveCSS("background-color", BODY_BACKGROUND[scheme]);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

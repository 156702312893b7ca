/**
 * Each test is its own visitor: a distinct client address (the e2e server trusts one proxy hop,
 * so X-Forwarded-For names the client), so per-IP rate limits never leak between tests.
 */
import type { Page } from "@playwright/test";

let counter = 0;

/**
 * A client address no other test of the run uses: each Playwright worker process (its index is
 * unique within a run, a restarted worker gets a new one) has its own block of 10,000. (Addresses
 * made from the process id collided: with pids 1 apart, one worker's 101st visitor was the other's
 * first, and two tests read each other's OAuth identity.)
 */
export function uniqueAddress(): string {
  counter += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  const n = (worker % 12) * 10_000 + (counter % 10_000);
  const block = Math.floor(n / 250);
  return `198.${18 + Math.floor(block / 256)}.${block % 256}.${(n % 250) + 1}`;
}

export async function asNewVisitor(page: Page): Promise<string> {
  const address = uniqueAddress();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

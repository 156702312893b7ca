/**
 * Each test is its own visitor: a distinct client address (the e2e server trusts one proxy hop,
 * so X-Forwarded-For names the client), so per-IP rate limits never leak between tests.
 */
import type { Page } from "@playwright/test";

let counter = 0;

export function uniqueAddress(): string {
  counter += 1;
  const n = (process.pid * 100 + counter) % 65_000;
  return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

export async function asNewVisitor(page: Page): Promise<string> {
  const address = uniqueAddress();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** What a page logs that a test must not see: console errors and uncaught exceptions, collected as they happen. */
import type { Page } from "@playwright/test";

/**
 * Starts collecting the page's console errors (and any other console message matching `also`) and
 * uncaught exceptions, each with the page's address; `ignore` leaves out an error a test expects.
 */
export function watchConsole(page: Page, options: { also?: RegExp; ignore?: RegExp } = {}): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    const line = `${page.url()}: ${message.text()}`;
    if ((message.type() === "error" || options.also?.test(message.text())) && !options.ignore?.test(line)) errors.push(line);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

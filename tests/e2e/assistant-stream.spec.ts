/**
 * The assistant with JavaScript: the demo member asks "What is my balance?" on /en/assistant; the
 * question shows at once and the answer bubble (aria-live) fills as the answer is composed, with a
 * pending indicator and the submit button disabled meanwhile; once stored, the loader's conversation
 * replaces the live bubbles and holds the exchange once. No console errors, hydration included.
 * (Without JavaScript the same form posts to the page's action: the no-js project covers that.)
 */
import type { AssistantStreamEvent } from "../../app/assistant/assistant";
import { watchConsole } from "./support/console";
import { expect, test, visit } from "./support/fixtures";

declare global {
  interface Window {
    __assistantLive?: Array<{ text: string; busy: string | null; live: string | null; submitDisabled: boolean }>;
    __assistantStream?: Promise<string>;
  }
}

test("the answer appears as it is composed, then the stored conversation holds it once @js-only", async ({ page, demoMember: _ }) => {
  const errors = watchConsole(page, { also: /hydrat/i });

  // The balance the answer must give: the wallet's available figure.
  await visit(page, "/en/wallet");
  const balance = (await page.getByTestId("wallet-available").innerText()).match(/\$[\d,]+\.\d{2}/)?.[0];
  expect(balance).toBeTruthy();

  // Hydrated: the form is the page's own (it streams the answer) before it is used.
  await visit(page, "/en/assistant");
  // Every state of the live answer bubble, however briefly it shows.
  await page.evaluate(() => {
    window.__assistantLive = [];
    const record = () => {
      const bubble = document.querySelector('[data-testid="assistant-live-answer"]');
      if (!bubble) return;
      const submit = document.querySelector<HTMLButtonElement>("#assistant-question button[type=submit]");
      const state = {
        text: bubble.textContent ?? "",
        busy: bubble.getAttribute("aria-busy"),
        live: bubble.getAttribute("aria-live"),
        submitDisabled: Boolean(submit?.disabled),
      };
      const last = window.__assistantLive!.at(-1);
      if (!last || JSON.stringify(last) !== JSON.stringify(state)) window.__assistantLive!.push(state);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    // A copy of the stream as the page reads it (the browser may drop its own copy of the body once
    // the page revalidates, and Playwright then cannot read it).
    const pageFetch = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await pageFetch(...args);
      if (new URL(response.url).pathname.endsWith("/assistant/stream")) window.__assistantStream = response.clone().text();
      return response;
    };
  });

  const streamed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/en/assistant/stream" && response.request().method() === "POST",
  );
  await page.getByLabel("Your question").fill("What is my balance?");
  await page.getByRole("button", { name: "Ask" }).click();

  // The question shows at once (before the stored conversation comes back).
  const response = await streamed;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/x-ndjson");
  // The page's copy of the stream (its fetch may answer the page a moment after Playwright sees the response).
  await page.waitForFunction(() => window.__assistantStream !== undefined);
  const events = (await page.evaluate(() => window.__assistantStream ?? ""))
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as AssistantStreamEvent);
  const done = events.find((event): event is Extract<AssistantStreamEvent, { type: "done" }> => event.type === "done");
  expect(done).toBeTruthy();
  expect(events.filter((event) => event.type === "delta").length).toBeGreaterThan(1);

  // Once the stored conversation is back: the live bubbles are gone, the stored exchange is there once.
  await expect(page.locator("[data-live]")).toHaveCount(0);
  const conversation = page.getByTestId("assistant-conversation");
  await expect(conversation.locator(`#message-${done!.question.id}`)).toHaveCount(1);
  await expect(conversation.locator(`#message-${done!.question.id}`)).toContainText("What is my balance?");
  await expect(conversation.locator(`#message-${done!.answer.id}`)).toHaveCount(1);
  await expect(conversation.locator(`#message-${done!.answer.id}`)).toContainText(balance!);
  await expect(conversation.getByRole("link", { name: "Wallet" }).last()).toBeVisible();
  // The form is ready for the next question.
  await expect(page.getByLabel("Your question")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Ask" })).toBeEnabled();

  // The live bubble was announced politely, showed the pending indicator with the button disabled,
  // and filled with the balance.
  const states = (await page.evaluate(() => window.__assistantLive)) ?? [];
  expect(states.length).toBeGreaterThan(0);
  expect(states.every((state) => state.live === "polite")).toBe(true);
  expect(states.some((state) => state.busy === "true" && state.submitDisabled)).toBe(true);
  expect(states.some((state) => state.text.includes(balance!))).toBe(true);

  expect(errors).toEqual([]);
});

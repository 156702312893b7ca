/**
 * The assistant without JavaScript: a question posted by the form is answered in the conversation
 * from the member's own figures (the demo member's balance, as the wallet shows it), an empty
 * question is refused with its message, and "Delete conversation" empties it (on a new member's
 * conversation, so no other test's questions are in the way). Both are signed in by the fixtures.
 */
import { expect, test, visit } from "./support/fixtures";
import { pressAndExpectGone } from "./support/forms";

test("asked “What is my balance?”, the assistant answers with the balance the wallet shows, without JavaScript", async ({
  page,
  demoMember: _,
}) => {
  await visit(page, "/en/wallet");
  const available = /\$[\d,]+\.\d\d/.exec((await page.getByTestId("wallet-available").textContent()) ?? "")?.[0];
  expect(available).toBeDefined();

  await visit(page, "/en/assistant");
  await expect(page.getByRole("heading", { level: 1, name: "Assistant" })).toBeVisible();
  // Blank: refused by the server with its message, nothing asked.
  await page.getByLabel("Your question").fill("   ");
  await page.getByRole("button", { name: "Ask", exact: true }).click();
  await expect(page.getByText("Please type a question.")).toBeVisible();
  await expect(page.getByLabel("Your question")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Your question").fill("What is my balance?");
  await page.getByRole("button", { name: "Ask", exact: true }).click();
  // The answer is the page's anchor: the latest message of the conversation.
  await expect(page).toHaveURL(/\/en\/assistant#message-[\w-]+$/);
  const answerId = new URL(page.url()).hash.slice(1);
  const answer = page.locator(`li[id="${answerId}"]`);
  await expect(answer).toContainText("Assistant");
  await expect(answer).toContainText(`Your available balance is ${available}`);
  // The question it answers, just before it, and the page its figures come from.
  await expect(
    page.getByTestId("assistant-conversation").locator(":scope > li").filter({ hasText: "What is my balance?" }).last(),
  ).toContainText("You");
  await answer.getByRole("link", { name: "Wallet", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/wallet$/);
  await expect(page.getByTestId("wallet-available")).toContainText(available!);
});

test("“Delete conversation” empties the conversation, without JavaScript", async ({ page, member: _ }) => {
  await visit(page, "/en/assistant");
  await expect(page.getByText("No questions yet. Try one of these:")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete conversation" })).toHaveCount(0);
  // An example question fills the form.
  await page.getByRole("link", { name: "What is my balance?" }).click();
  await expect(page.getByLabel("Your question")).toHaveValue("What is my balance?");
  await page.getByRole("button", { name: "Ask", exact: true }).click();
  const conversation = page.getByTestId("assistant-conversation");
  await expect(conversation.locator(":scope > li")).toHaveCount(2);
  await expect(conversation.locator(":scope > li").last()).toContainText("Your available balance is $0.00");

  await pressAndExpectGone(
    page.getByRole("button", { name: "Delete conversation" }),
    page.getByText("Your conversation has been deleted."),
    page.getByTestId("assistant-conversation"),
  );
  await expect(page.getByText("No questions yet. Try one of these:")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("assistant-conversation")).toHaveCount(0);
});

/**
 * The messages desk, end to end without JavaScript: a visitor writes to Cashwise through the
 * Dutch contact page; an admin (a fixture, two-factor on) finds the message among the new ones,
 * opens it (it becomes read), is told an empty reply is not a reply, answers it (the visitor
 * receives the reply in Dutch, with their message quoted) and marks it done; a done message can be
 * reopened.
 */
import { randomUUID } from "node:crypto";
import { expect, javaScriptEnabled, test, visit } from "./support/fixtures";
import { waitForMail } from "./support/mailbox";
import { uniqueAddress, uniqueEmail } from "./support/visitor";

test("a visitor's message is opened, answered by e-mail in their language and marked done", async ({ page, browser, admin: _ }) => {
  // The visitor writes in Dutch, from a browser of their own.
  const suffix = `${Date.now().toString(36)}${randomUUID().slice(0, 6)}`;
  const name = `Noor Bakker ${suffix}`;
  const email = uniqueEmail("contact-reply");
  const question = `Hoe lang duurt het voordat mijn cashback bevestigd is? (${suffix})`;
  const visitorContext = await browser.newContext({
    javaScriptEnabled: javaScriptEnabled(),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() },
  });
  const visitorPage = await visitorContext.newPage();
  await visit(visitorPage, "/nl/contact");
  await visitorPage.getByLabel("Volledige naam").fill(name);
  await visitorPage.getByLabel("E-mailadres").fill(email);
  await visitorPage.getByLabel("Bericht", { exact: true }).fill(question);
  await visitorPage.getByRole("button", { name: "Bericht versturen" }).click();
  await expect(visitorPage.getByRole("heading", { name: `Bedankt, ${name}!` })).toBeVisible();
  await visitorContext.close();

  // An admin finds it among the new messages.
  await visit(page, "/en/admin/messages?status=new");
  await expect(page.getByRole("heading", { level: 1, name: /^Messages/ })).toBeVisible();
  await expect(page.getByTestId("new-messages")).toContainText(/\d+ new/);
  await page.getByLabel("Search name, email, company or text").fill(suffix);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("messages-count")).toHaveText("1 message");
  await page.getByRole("link", { name, exact: true }).first().click();

  // Opening it marks it read; the sender, their language and the message are shown.
  await expect(page.getByRole("heading", { level: 1, name: `Message from ${name}` })).toBeVisible();
  await expect(page.getByTestId("message-status")).toHaveText("Read");
  await expect(page.getByTestId("message-language")).toHaveText("Dutch");
  await expect(page.getByTestId("message-sender")).toHaveText(name);
  await expect(page.getByTestId("message-text")).toHaveText(question);
  const messageId = /\/admin\/messages\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

  // An empty reply is refused on its field.
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Write your reply.")).toBeVisible();
  await expect(page.getByTestId("message-status")).toHaveText("Read");

  // The reply.
  const answer = `Uw cashback wordt binnen 30 dagen bevestigd. (${suffix})`;
  await page.getByLabel("Your reply").fill(answer);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText(`Your reply to ${name} is on its way.`)).toBeVisible();
  await expect(page.getByTestId("message-status")).toHaveText("Replied");
  await expect(page.getByTestId("message-replies")).toContainText(answer);

  // The visitor receives it, in Dutch, with their message quoted.
  const mail = await waitForMail(email, (m) => m.subject === "Re: je bericht aan Cashwise");
  expect(mail.text).toContain(`Hallo ${name},`);
  expect(mail.text).toContain(answer);
  expect(mail.text).toContain(`> ${question}`);
  expect(mail.raw).toMatch(/Reply-To: support@cashwise\.test/i);

  // Done: the reply form gives way to Reopen.
  await page.getByRole("button", { name: "Mark as done" }).click();
  await expect(page.getByText("The message is marked as done.")).toBeVisible();
  await expect(page.getByTestId("message-status")).toHaveText("Done");
  await expect(page.getByRole("button", { name: "Send reply" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();

  // It is listed as done.
  await visit(page, `/en/admin/messages?status=done&q=${suffix}`);
  await expect(page.getByTestId("messages-count")).toHaveText("1 message");

  // Reopened, it can be answered again.
  await visit(page, `/en/admin/messages/${messageId}`);
  await page.getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByText("The message is open again.")).toBeVisible();
  await expect(page.getByTestId("message-status")).toHaveText("Read");
  await expect(page.getByRole("button", { name: "Send reply" })).toBeVisible();

  // Each step is in the audit log.
  await visit(page, `/en/admin/audit?subject=${encodeURIComponent(`contact:${messageId}`)}`);
  await expect(page.getByTestId("audit-row").locator("td:nth-child(3)")).toHaveText([
    "contact.reopened",
    "contact.done",
    "contact.replied",
    "contact.read",
  ]);
});

test("visitors are sent to the admin sign-in", async ({ page, visitor: _ }) => {
  const response = await visit(page, "/en/admin/messages");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/en\/admin\?redirectTo=%2Fen%2Fadmin%2Fmessages$/);
});

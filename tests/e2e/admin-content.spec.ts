/**
 * The admin's content screens, end to end without JavaScript: an admin writes an article, previews
 * it (the Markdown rendered under the form, nothing saved), saves it as a draft (visitors get 404),
 * publishes it (a visitor reads it at /en/blog/<slug>), and unpublishes it (404 again); edits a FAQ
 * answer and the public FAQ shows it; downloads the newsletter CSV, which holds a confirmed
 * subscriber and not one still awaiting confirmation.
 */
import fs from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { SEED_FAQ } from "../../db/seed-data/faq";
import { newAdmin } from "./support/accounts";
import { waitForMail } from "./support/mailbox";
import { asNewVisitor, uniqueAddress, uniqueEmail } from "./support/visitor";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A visitor of their own: another browser without the admin's cookies, from another address. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() } });
  return context.newPage();
}

test("an admin writes an article, previews it, publishes it for visitors and unpublishes it", async ({ page, browser }) => {
  await asNewVisitor(page);
  await newAdmin(page);
  const slug = `saving-on-groceries-${unique()}`;
  const title = `Saving on groceries ${unique()}`;

  await page.goto("/en/admin/content");
  await expect(page.getByRole("heading", { name: "Content", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Open the blog" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/content\/blog$/);
  await page.getByRole("link", { name: "New article" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/content\/blog\/new$/);

  await expect(page.getByLabel("Article language", { exact: true })).toHaveValue("en");
  await expect(page.getByLabel("Author", { exact: true })).toHaveValue("Cashwise Team");
  await page.getByLabel("Slug", { exact: true }).fill(slug);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Cover image", { exact: true }).selectOption({ label: "Wallet" });
  await page.getByLabel("Excerpt", { exact: true }).fill("Three habits that add up at the checkout.");
  await page
    .getByLabel("Article (Markdown)", { exact: true })
    .fill("Groceries are a weekly cost.\n\n## Plan the week\n\n- Make a list\n- Compare unit prices\n\nRaw <b>HTML</b> stays out.");

  // Preview: the Markdown rendered like the article page, nothing saved, every field kept.
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("article-preview");
  await expect(preview.getByRole("heading", { name: "Plan the week" })).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveText(["Make a list", "Compare unit prices"]);
  await expect(preview.getByRole("heading", { name: title })).toBeVisible();
  await expect(preview.locator("b")).toHaveCount(0);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Cover image", { exact: true })).toHaveValue("/images/blog/wallet.svg");
  const reader = await visitor(browser);
  expect((await reader.goto(`/en/blog/${slug}`))!.status()).toBe(404);

  // Save: a draft, still not public.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/admin/content/blog/en/${slug}$`));
  await expect(page.getByText(`“${title}” was saved as a draft. Publish it when it is ready.`)).toBeVisible();
  await expect(page.getByTestId("article-status")).toContainText("Draft");
  expect((await reader.goto(`/en/blog/${slug}`))!.status()).toBe(404);
  await reader.goto("/en/blog");
  await expect(reader.getByRole("link", { name: title })).toHaveCount(0);

  // Publish: the visitor reads it.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("The article is published.")).toBeVisible();
  await expect(page.getByRole("link", { name: "View on the blog" })).toHaveAttribute("href", `/en/blog/${slug}`);
  await reader.goto("/en/blog");
  await reader.getByRole("link", { name: title }).click();
  await expect(reader).toHaveURL(new RegExp(`/en/blog/${slug}$`));
  await expect(reader.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(reader.getByRole("heading", { name: "Plan the week" })).toBeVisible();
  await expect(reader.getByRole("listitem").filter({ hasText: "Compare unit prices" })).toBeVisible();
  expect(await (await reader.request.get("/sitemap.xml")).text()).toContain(`/en/blog/${slug}</loc>`);

  // The desk lists it as published.
  await page.goto("/en/admin/content/blog?language=en&status=published");
  await expect(page.getByTestId("articles-table").getByRole("link", { name: title })).toBeVisible();

  // Unpublish: gone again.
  await page.getByTestId("articles-table").getByRole("link", { name: title }).click();
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("The article is a draft again: it is no longer on the blog.")).toBeVisible();
  expect((await reader.goto(`/en/blog/${slug}`))!.status()).toBe(404);
  await reader.goto("/en/blog");
  await expect(reader.getByRole("link", { name: title })).toHaveCount(0);
  await reader.context().close();
});

test("an admin edits a FAQ answer and the public FAQ shows it", async ({ page, browser }) => {
  await asNewVisitor(page);
  await newAdmin(page);
  // A Spanish question, so the English FAQ other suites read stays as seeded.
  const entry = SEED_FAQ.es[2]!;
  const answer = `Cashwise funciona en cinco idiomas (${unique()}).`;

  await page.goto("/en/admin/content/faq");
  await page.getByLabel("FAQ language", { exact: true }).selectOption("es");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/content\/faq\?language=es$/);
  await page.getByRole("link", { name: `Edit: ${entry.question}` }).click();
  await expect(page.getByLabel("Question", { exact: true })).toHaveValue(entry.question);

  // An empty answer is refused on its field; the question typed is kept.
  await page.getByLabel("Answer", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByText("Enter the answer.")).toBeVisible();
  await expect(page.getByLabel("Question", { exact: true })).toHaveValue(entry.question);

  await page.getByLabel("Answer", { exact: true }).fill(answer);
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/content\/faq\?language=es/);
  await expect(page.getByText("The question was saved.")).toBeVisible();
  await expect(page.getByTestId("faq-entry").filter({ hasText: entry.question })).toContainText(answer);

  const reader = await visitor(browser);
  await reader.goto("/es/faq");
  const item = reader.locator("main details").filter({ hasText: entry.question });
  await item.locator("summary").click();
  await expect(item).toContainText(answer);
  await expect(reader.locator("main details")).toHaveCount(20);
  await reader.context().close();
});

test("an admin downloads the confirmed newsletter subscribers as CSV", async ({ page, browser }) => {
  // One visitor confirms the newsletter, another does not.
  const confirmed = uniqueEmail("confirmed-reader");
  const waiting = uniqueEmail("waiting-reader");
  for (const email of [confirmed, waiting]) {
    const reader = await visitor(browser);
    await reader.goto("/en/blog");
    await reader.getByLabel("Email address").fill(email);
    await reader.getByRole("button", { name: "Subscribe" }).click();
    await expect(reader.getByTestId("newsletter-check-inbox")).toBeVisible();
    if (email === confirmed) {
      const mail = await waitForMail(email, (m) => m.subject.includes("Confirm"));
      await reader.goto(mail.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/)![0]);
      await reader.getByRole("button", { name: "Confirm subscription" }).click();
      await expect(reader.getByRole("heading", { name: "You are subscribed" })).toBeVisible();
    }
    await reader.context().close();
  }

  await asNewVisitor(page);
  await newAdmin(page);
  await page.goto("/en/admin/content/subscribers?status=pending");
  await expect(page.getByTestId("subscribers-table")).toContainText(waiting);
  await expect(page.getByTestId("subscribers-table")).not.toContainText(confirmed);
  await page.getByLabel("Status", { exact: true }).selectOption("confirmed");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("subscribers-table")).toContainText(confirmed);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: /^Export CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cashwise-newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe("Email,Language,Confirmed at (UTC)");
  expect(lines.find((line) => line.startsWith(`${confirmed},`))).toMatch(
    new RegExp(`^${confirmed.replace(/[.+]/g, "\\$&")},en,\\d{4}-\\d{2}-\\d{2}T`),
  );
  expect(text).not.toContain(waiting);
});

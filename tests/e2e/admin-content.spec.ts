/**
 * The admin's content screens, end to end without JavaScript: an admin writes an article, previews
 * it (the Markdown rendered under the form, nothing saved), saves it as a draft (visitors get 404),
 * publishes it (a visitor reads it at /en/blog/<slug>), and unpublishes it (404 again); edits a FAQ
 * answer and the public FAQ shows it; downloads the newsletter CSV, which holds a confirmed
 * subscriber and not one still awaiting confirmation. The admin is a fixture (two-factor on); the
 * subscribers sign up through the newsletter's own `subscribe` and `confirmSubscription` (the
 * newsletter form and its e-mails are tested in public-site.spec.ts).
 */
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { createPost } from "../../app/blog/admin.server";
import { unitOfWork } from "../../app/db/unit-of-work.server";
import { confirmSubscription, subscribe } from "../../app/newsletter/newsletter.server";
import { SEED_FAQ } from "../../db/seed-data/faq";
import { linkIn, recordingMailer } from "../support/recording-mailer";
import { E2E_APP_URL, E2E_SESSION_SECRET } from "./support/e2e-env";
import { e2eDatabase, expect, javaScriptEnabled, test, visit } from "./support/fixtures";
import { uniqueAddress, uniqueEmail } from "./support/visitor";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A visitor of their own: another browser without the admin's cookies, from another address. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: javaScriptEnabled(),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueAddress() },
  });
  return context.newPage();
}

/** An address subscribed to the newsletter as the blog's form does it; confirmed through its e-mailed link when asked. */
async function subscriber(prefix: string, options: { confirm: boolean }): Promise<string> {
  const email = uniqueEmail(prefix);
  const mailer = recordingMailer();
  await subscribe(e2eDatabase(), { email, locale: "en" }, { mailer, appUrl: new URL(E2E_APP_URL), secret: E2E_SESSION_SECRET });
  if (options.confirm) {
    const token = linkIn(mailer.sent[0]!.text, "/newsletter/confirm").searchParams.get("token")!;
    expect(await confirmSubscription(e2eDatabase(), token)).toBe("confirmed");
  }
  return email;
}

const BODY = "Groceries are a weekly cost.\n\n## Plan the week\n\n- Make a list\n- Compare unit prices\n\nRaw <b>HTML</b> stays out.";

test("an admin writes an article and previews it (nothing saved); saved, it is a draft visitors cannot read", async ({
  page,
  browser,
  admin: _,
}) => {
  const slug = `saving-on-groceries-${unique()}`;
  const title = `Saving on groceries ${unique()}`;

  await visit(page, "/en/admin/content");
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
  await page.getByLabel("Article (Markdown)", { exact: true }).fill(BODY);

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
  expect((await visit(reader, `/en/blog/${slug}`))!.status()).toBe(404);

  // Save: a draft, still not public.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/admin/content/blog/en/${slug}$`));
  await expect(page.getByText(`“${title}” was saved as a draft. Publish it when it is ready.`)).toBeVisible();
  await expect(page.getByTestId("article-status")).toContainText("Draft");
  await expect(page.getByLabel("Article (Markdown)", { exact: true })).toHaveValue(BODY);
  expect((await visit(reader, `/en/blog/${slug}`))!.status()).toBe(404);
  await visit(reader, "/en/blog");
  await expect(reader.getByRole("link", { name: title })).toHaveCount(0);
  await reader.context().close();
});

test("an admin publishes a draft for visitors (the blog, the article, the sitemap) and unpublishes it", async ({
  page,
  browser,
  admin,
}) => {
  // A draft, written as the new-article form writes it.
  const slug = `saving-on-groceries-${unique()}`;
  const title = `Saving on groceries ${unique()}`;
  await unitOfWork(e2eDatabase(), (tx) =>
    createPost(tx, {
      actor: { id: admin.id, clientAddress: null },
      input: {
        locale: "en",
        slug,
        title,
        excerpt: "Three habits that add up at the checkout.",
        body: BODY,
        author: "Cashwise Team",
        cover: "/images/blog/wallet.svg",
      },
    }),
  );
  const reader = await visitor(browser);
  // The blog as a signed-out visitor had it before: answered from the page cache, which publishing must empty.
  await visit(reader, "/en/blog");
  await expect.poll(async () => (await reader.request.get("/en/blog")).headers()["x-page-cache"]).toBe("hit");

  // Publish: the visitor reads it.
  await visit(page, `/en/admin/content/blog/en/${slug}`);
  await expect(page.getByTestId("article-status")).toContainText("Draft");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("The article is published.")).toBeVisible();
  await expect(page.getByRole("link", { name: "View on the blog" })).toHaveAttribute("href", `/en/blog/${slug}`);
  await visit(reader, "/en/blog");
  await reader.getByRole("link", { name: title }).click();
  await expect(reader).toHaveURL(new RegExp(`/en/blog/${slug}$`));
  await expect(reader.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(reader.getByRole("heading", { name: "Plan the week" })).toBeVisible();
  await expect(reader.getByRole("listitem").filter({ hasText: "Compare unit prices" })).toBeVisible();
  await expect(reader.locator("main b")).toHaveCount(0);
  expect(await (await reader.request.get("/sitemap.xml")).text()).toContain(`/en/blog/${slug}</loc>`);

  // The desk lists it as published.
  await visit(page, "/en/admin/content/blog?language=en&status=published");
  await expect(page.getByTestId("articles-table").getByRole("link", { name: title })).toBeVisible();

  // Unpublish: gone again.
  await page.getByTestId("articles-table").getByRole("link", { name: title }).click();
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("The article is a draft again: it is no longer on the blog.")).toBeVisible();
  expect((await visit(reader, `/en/blog/${slug}`))!.status()).toBe(404);
  await visit(reader, "/en/blog");
  await expect(reader.getByRole("link", { name: title })).toHaveCount(0);
  await reader.context().close();
});

test("an admin edits a FAQ answer and the public FAQ shows it", async ({ page, browser, admin: _ }) => {
  // A Spanish question, so the English FAQ other suites read stays as seeded.
  const entry = SEED_FAQ.es[2]!;
  const answer = `Cashwise funciona en cinco idiomas (${unique()}).`;

  await visit(page, "/en/admin/content/faq");
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
  await visit(reader, "/es/faq");
  const item = reader.locator("main details").filter({ hasText: entry.question });
  await item.locator("summary").click();
  await expect(item).toContainText(answer);
  // Every entry of the locale: the 20 seeded questions and the 4 about loyalty points (migration 0053).
  await expect(reader.locator("main details")).toHaveCount(24);
  await reader.context().close();
});

test("an admin downloads the confirmed newsletter subscribers as CSV", async ({ page, admin: _ }) => {
  // One reader confirms the newsletter, another does not.
  const confirmed = await subscriber("confirmed-reader", { confirm: true });
  const waiting = await subscriber("waiting-reader", { confirm: false });

  await visit(page, "/en/admin/content/subscribers?status=pending");
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

/**
 * The stores back office, end to end (without JavaScript first): an admin creates a partner store
 * (a tracking link without {clickId} is refused on its field, the rest kept), gives new customers a
 * better rate so the public pages say "Up to", uploads a logo (checked by content), and pauses the
 * store: it leaves the directory. At phone width the list is cards.
 */
import { expect, test } from "@playwright/test";
import { newAdmin } from "./support/accounts";
import { asNewVisitor } from "./support/visitor";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test("an admin creates a store, edits its rate, uploads a logo and pauses it; the public pages follow @js", async ({ page }) => {
  // A sign-up, the 2FA setup and a dozen pages: 51 of its 60 s in CI beside another worker.
  test.slow();
  await asNewVisitor(page);
  await newAdmin(page);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Quillfeather ${suffix}`;
  const slug = `quillfeather-${suffix}`;

  await page.goto("/en/admin/stores");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { name: "Partner stores" })).toBeVisible();
  await page.getByRole("link", { name: "New store" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/stores\/new$/);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Slug", { exact: true }).fill(slug);
  await page.getByLabel("Category", { exact: true }).selectOption("books");
  await page.getByLabel("Store website", { exact: true }).fill("https://quillfeather.example");
  await page.getByLabel("Affiliate network", { exact: true }).selectOption("awin");
  await page.getByLabel("Advertiser id at the network", { exact: true }).fill("12345");
  const tracking = page.getByLabel("Tracking link", { exact: true });
  await tracking.fill("https://www.awin1.com/cread.php?awinmid=12345&awinaffid=1");
  await page.getByLabel("Base rate (%)", { exact: true }).fill("5");
  await page.getByLabel("Description (English)", { exact: true }).fill("Books, notebooks and fountain pens.");
  await page.getByLabel("Cashback terms (English)", { exact: true }).fill("Cashback on full-price items only.");
  await page.getByRole("button", { name: "Create store" }).click();

  // Refused on its field, everything typed kept.
  await expect(page.getByText("The link must contain {clickId}, where the network puts the click's id.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Base rate (%)", { exact: true })).toHaveValue("5");
  await tracking.fill("https://www.awin1.com/cread.php?awinmid=12345&awinaffid=1&clickref={clickId}");
  await page.getByRole("button", { name: "Create store" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/admin/stores/${slug}$`));
  await expect(page.getByText(`${name} was created. You can upload its logo now.`)).toBeVisible();

  await page.goto(`/en/webshops/${slug}`);
  await expect(page.getByTestId("store-rate")).toHaveText("5% cashback");

  // A better rate for new customers: the pages say "Up to".
  await page.goto(`/en/admin/stores/${slug}`);
  // With JavaScript, the form is Remix's once the page has hydrated.
  await page.waitForLoadState("networkidle");
  await expect(page.getByLabel("Base rate (%)", { exact: true })).toHaveValue("5");
  await page.getByLabel("New customers (%)", { exact: true }).fill("8");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`${name} was saved.`)).toBeVisible();
  await expect(page.getByLabel("New customers (%)", { exact: true })).toHaveValue("8");
  await page.goto(`/en/webshops/${slug}`);
  await expect(page.getByTestId("store-rate")).toHaveText("Up to 8% cashback");
  await expect(page.getByTestId("store-rates")).toContainText("New customers");
  await expect(page.getByText("Cashback on full-price items only.")).toBeVisible();
  await page.goto(`/en/webshops?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("store-list")).toContainText("Up to 8% cashback");

  // The logo: a file that only claims to be a PNG is refused; a real one is kept and served.
  await page.goto(`/en/admin/stores/${slug}`);
  await page.waitForLoadState("networkidle");
  await page
    .getByLabel("Logo file")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
  await page.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByText("This file is not a PNG, JPEG or WebP image.")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Logo file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByText("The logo was saved.")).toBeVisible();
  const logo = await page.locator("img[src^='/store-logos/']").first().getAttribute("src");
  const served = await page.request.get(logo!);
  expect(served.headers()["content-type"]).toBe("image/png");

  // Paused: gone from the directory, kept in the back office.
  await page.getByRole("button", { name: "Pause store" }).click();
  await expect(page.getByText(`${name} is paused.`)).toBeVisible();
  await expect(page.getByTestId("store-status")).toHaveText("Paused");
  await expect(page.getByRole("button", { name: "Resume store" })).toBeVisible();
  expect((await page.request.get(`/en/webshops/${slug}`)).status()).toBe(404);
  await page.goto(`/en/webshops?q=${encodeURIComponent(name)}`);
  await expect(page.getByText("No stores found")).toBeVisible();

  // The list's filters live in the query string; at phone width it is cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/en/admin/stores?status=paused&network=awin&q=${encodeURIComponent(suffix)}`);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("paused");
  await expect(page.getByTestId("stores-table")).toBeHidden();
  const card = page.getByTestId("stores-cards").locator("li").filter({ hasText: name });
  await expect(card).toContainText("Up to 8% cashback");
  await expect(card).toContainText("Paused");
});

/**
 * The stores back office, end to end (without JavaScript first): an admin creates a partner store
 * (a tracking link without {clickId} is refused on its field, the rest kept), gives new customers a
 * better rate so the public pages say "Up to", uploads a logo (checked by content), and pauses the
 * store: it leaves the directory. At phone width the list is cards. Apart from the creation, each
 * test starts from a store of its own made with the back office's own `createStore`.
 */
import { randomUUID } from "node:crypto";
import { unitOfWork } from "../../app/db/unit-of-work.server";
import { createStore } from "../../app/stores/admin.server";
import { e2eDatabase, expect, test, visit } from "./support/fixtures";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const TRACKING = "https://www.awin1.com/cread.php?awinmid=12345&awinaffid=1&clickref={clickId}";

function names() {
  const suffix = `${Date.now().toString(36)}${randomUUID().slice(0, 6)}`;
  return { suffix, name: `Quillfeather ${suffix}`, slug: `quillfeather-${suffix}` };
}

/** An active Awin store at 5 % (8 % for new customers when asked), created by `adminId` as the new-store form creates it. */
async function storeOf(adminId: string, options: { newCustomerRateBps?: number } = {}) {
  const { suffix, name, slug } = names();
  await unitOfWork(e2eDatabase(), (tx) =>
    createStore(tx, {
      adminId,
      status: "active",
      input: {
        name,
        slug,
        category: "books",
        websiteUrl: "https://quillfeather.example",
        network: "awin",
        advertiserId: "12345",
        trackingUrl: TRACKING,
        rateKind: "percent",
        cashbackRateBps: 500,
        rateFixedCents: null,
        newCustomerRateBps: options.newCustomerRateBps ?? null,
        categoryRates: [],
        capCents: null,
        confirmationDays: null,
        description: { en: "Books, notebooks and fountain pens." },
        terms: { en: "Cashback on full-price items only." },
      },
    }),
  );
  return { suffix, name, slug };
}

test("an admin creates a store: the tracking link must carry {clickId}, everything typed is kept; the store page shows it @js", async ({
  page,
  admin: _,
}) => {
  const { name, slug } = names();
  await visit(page, "/en/admin/stores");
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
  await page.getByLabel("Network commission (%)", { exact: true }).fill("5");
  await page.getByLabel("Description (English)", { exact: true }).fill("Books, notebooks and fountain pens.");
  await page.getByLabel("Exclusions and conditions (English)", { exact: true }).fill("Cashback on full-price items only.");
  await page.getByRole("button", { name: "Create store" }).click();

  // Refused on its field, everything typed kept.
  await expect(page.getByText("The link must contain {clickId}, where the network puts the click's id.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Network commission (%)", { exact: true })).toHaveValue("5");
  await tracking.fill(TRACKING);
  await page.getByRole("button", { name: "Create store" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/admin/stores/${slug}$`));
  await expect(page.getByText(`${name} was created. You can upload its logo now.`)).toBeVisible();

  // The network pays 5%: members see their 90%, 4.5%.
  await visit(page, `/en/webshops/${slug}`);
  await expect(page.getByTestId("store-rate")).toHaveText("4.5% cashback");
  await expect(page.getByTestId("store-rate-basis")).toContainText("You get 90% of the 5% the store pays");
  await expect(page.getByText("Cashback on full-price items only.")).toBeVisible();
});

test("a better rate for new customers: the store's page and the directory say 'Up to'", async ({ page, admin }) => {
  const { name, slug } = await storeOf(admin.id);
  await visit(page, `/en/admin/stores/${slug}`);
  await expect(page.getByLabel("Network commission (%)", { exact: true })).toHaveValue("5");
  await page.getByLabel("New customers (%)", { exact: true }).fill("8");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`${name} was saved.`)).toBeVisible();
  await expect(page.getByLabel("New customers (%)", { exact: true })).toHaveValue("8");

  await visit(page, `/en/webshops/${slug}`);
  await expect(page.getByTestId("store-rate")).toHaveText("Up to 7.2% cashback");
  await expect(page.getByTestId("store-rates")).toContainText("New customers");
  await visit(page, `/en/webshops?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("store-list")).toContainText("Up to 7.2% cashback");
});

test("a store's logo is checked by its content, then saved and served @js", async ({ page, admin }) => {
  const { slug } = await storeOf(admin.id);
  await visit(page, `/en/admin/stores/${slug}`);
  // A file that only claims to be a PNG is refused; a real one is kept and served.
  await page
    .getByLabel("Logo file")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
  await page.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByText("This file is not a PNG, JPEG or WebP image.")).toBeVisible();
  await page.getByLabel("Logo file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByText("The logo was saved.")).toBeVisible();
  const logo = await page.locator("img[src^='/store-logos/']").first().getAttribute("src");
  const served = await page.request.get(logo!);
  expect(served.headers()["content-type"]).toBe("image/png");
});

test("a paused store leaves the directory and stays in the back office, listed as cards at phone width", async ({ page, admin }) => {
  const { suffix, name, slug } = await storeOf(admin.id, { newCustomerRateBps: 800 });
  await visit(page, `/en/admin/stores/${slug}`);
  await page.getByRole("button", { name: "Pause store" }).click();
  await expect(page.getByText(`${name} is paused.`)).toBeVisible();
  await expect(page.getByTestId("store-status")).toHaveText("Paused");
  await expect(page.getByRole("button", { name: "Resume store" })).toBeVisible();
  expect((await page.request.get(`/en/webshops/${slug}`)).status()).toBe(404);
  await visit(page, `/en/webshops?q=${encodeURIComponent(name)}`);
  await expect(page.getByText("No stores found")).toBeVisible();

  // The list's filters live in the query string; at phone width it is cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, `/en/admin/stores?status=paused&network=awin&q=${encodeURIComponent(suffix)}`);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("paused");
  // One list (DataTable): its column headings are for screen readers only, each row a card of "label: value" lines.
  await expect(page.getByTestId("stores-table").getByRole("columnheader", { name: "Network", exact: true })).not.toBeInViewport();
  const card = page.getByTestId("store-row").filter({ hasText: name });
  await expect(card.getByRole("cell", { name: "Member's rate Up to 7.2% cashback" })).toBeVisible();
  await expect(card).toContainText("Paused");
  expect((await card.boundingBox())!.width).toBeLessThanOrEqual(390);
});

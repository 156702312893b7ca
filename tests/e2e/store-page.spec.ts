/**
 * A store's page (#24): the member's rate is 90% of what the store's network pays, and the
 * store's cashback terms (usual confirmation time, cap, exclusions) are on the page. A visitor is
 * told to sign in first; a signed-in member sees the page in the member frame with Shop now.
 */
import { memberRateOf } from "../../app/wallet/fee";
import { seedNetworkRateBps, seedStoreTerms } from "../../db/seed-data/store-terms";
import { SEED_STORES } from "../../db/seed-data/stores";
import { expect, test, visit } from "./support/fixtures";

const travel = SEED_STORES.find((store) => store.category === "travel")!;
const terms = seedStoreTerms(travel);
const percent = (bps: number) => `${bps / 100}%`;

test("a visitor reads the member's rate and the store's terms, and is told to sign in first", async ({ page }) => {
  await visit(page, `/en/webshops/${travel.slug}`);
  await expect(page.getByTestId("store-rate")).toHaveText(`${percent(travel.cashbackRateBps)} cashback`);
  await expect(page.getByTestId("store-rate-basis")).toContainText(
    `You get 90% of the ${percent(seedNetworkRateBps(travel))} the store pays; Cashwise's success fee is 10%, nothing else.`,
  );
  await expect(page.getByTestId("store-confirmation")).toHaveText(`About ${terms.confirmationDays} days after your purchase`);
  const cap = `$${(memberRateOf(terms.capCents!) / 100).toFixed(2)}`;
  await expect(page.getByTestId("store-cap")).toHaveText(`At most ${cap} cashback per order`);
  await expect(page.getByTestId("store-exclusions")).toContainText("No cashback on gift cards");
  await expect(page.getByTestId("store-how")).toContainText("Sign in first");
  await expect(page.getByTestId("profile-menu")).toHaveCount(0);
});

test("a signed-in member sees the store in the member frame, with Shop now and no sign-in step, at phone width too", async ({
  page,
  member,
}) => {
  await visit(page, `/en/webshops/${travel.slug}`);
  await expect(page.getByTestId("profile-menu")).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toContainText(member.email, { useInnerText: false });
  await expect(page.getByTestId("store-how")).not.toContainText("Sign in first");
  await expect(page.getByTestId("store-how")).toContainText("Use Shop now");
  await expect(page.getByTestId("store-terms")).toContainText("Usual confirmation time");
  const shop = page.getByTestId("shop-now");
  await expect(shop).toHaveAttribute("href", `/en/out/${travel.slug}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, `/en/webshops/${travel.slug}`);
  await expect(page.getByTestId("bottom-bar")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Shop now goes straight to the store (the sandbox network's merchant page), the visit recorded.
  await shop.click();
  await expect(page).toHaveURL(new RegExp(`/en/sandbox/merchant/${travel.slug}\\?clickref=`));
});

/**
 * Cashback from partner stores, end to end: "Shop now" signs the visitor in first, records the
 * click and goes on to the store through its network (for the demo stores, the built-in sandbox
 * network's merchant page), which knows the click.
 */
import { expect, test } from "@playwright/test";
import { SEED_STORES } from "../../db/seed-data/stores";
import { PASSWORD, signUpAndVerify } from "./support/accounts";
import { asNewVisitor } from "./support/visitor";

const store = SEED_STORES[1]!;

test("Shop now: sign in first, the click is recorded, the sandbox merchant knows it @js", async ({ page, context }) => {
  await asNewVisitor(page);
  const { email } = await signUpAndVerify(page, "shopper");
  await context.clearCookies();
  await page.goto(`/en/webshops/${store.slug}`);
  await page.getByTestId("shop-now").click();
  await expect(page).toHaveURL(new RegExp(`/en/signin\\?redirectTo=${encodeURIComponent(`/en/out/${store.slug}`)}$`));
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/sandbox/merchant/${store.slug}\\?clickref=[A-Za-z0-9_-]{24}$`));
  await expect(page.getByRole("heading", { name: store.name })).toBeVisible();
  await expect(page.getByTestId("sandbox-click")).toContainText("The network recorded your visit with click");
  const clickId = new URL(page.url()).searchParams.get("clickref")!;
  await expect(page.getByTestId("short-id")).toHaveAttribute("title", clickId);

  // Another click is another id; a made-up one is not known to the network.
  await page.goto(`/en/out/${store.slug}`);
  const second = new URL(page.url()).searchParams.get("clickref");
  expect(second).not.toBe(clickId);
  await page.goto(`/en/sandbox/merchant/${store.slug}?clickref=made-up`);
  await expect(page.getByTestId("sandbox-click")).toContainText("did not come through Cashwise");
  expect((await page.goto("/en/out/no-such-store"))?.status()).toBe(404);
});

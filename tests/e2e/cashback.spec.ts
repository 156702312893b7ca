/**
 * Cashback from partner stores, end to end: "Shop now" signs the visitor in first, records the
 * click and goes on to the store through its network (for the demo stores, the built-in sandbox
 * network's merchant page), which knows the click; a simulated purchase there reaches Cashwise as
 * a signed postback (pending), its approval makes it available, and it can be withdrawn. Postbacks
 * that are unsigned, forged, stale or malformed change nothing.
 */
import { createHmac } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { memberCashbackOf } from "../../app/wallet/fee";
import { seedNetworkRateBps } from "../../db/seed-data/store-terms";
import { SEED_STORES } from "../../db/seed-data/stores";
import { PERSON_BROWSER } from "./support/cashback";
import { createAccount, expect, ready, test, visit } from "./support/fixtures";
import { SANDBOX_POSTBACK_SECRET } from "./support/paths";

const store = SEED_STORES[1]!;

// Headless Chromium says "HeadlessChrome", which isbot rightly calls a bot (its clicks are never
// credited): shop as a person's browser does.
test.use({ userAgent: PERSON_BROWSER });

test("Shop now: sign in first, the click is recorded, the sandbox merchant knows it @js", async ({ page, visitor: _ }) => {
  // Signing in on the way is the subject: a verified account, not signed in yet.
  const { email, password } = await createAccount("user", "shopper");
  await visit(page, `/en/webshops/${store.slug}`);
  await page.getByTestId("shop-now").click();
  await expect(page).toHaveURL(new RegExp(`/en/signin\\?redirectTo=${encodeURIComponent(`/en/out/${store.slug}`)}$`));
  await ready(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/sandbox/merchant/${store.slug}\\?clickref=[A-Za-z0-9_-]{24}$`));
  await expect(page.getByRole("heading", { name: store.name })).toBeVisible();
  await expect(page.getByTestId("sandbox-click")).toContainText("The network recorded your visit with click");
  const clickId = new URL(page.url()).searchParams.get("clickref")!;
  await expect(page.getByTestId("short-id")).toHaveAttribute("title", clickId);

  // Another click is another id; a made-up one is not known to the network.
  await page.goto(`/en/out/${store.slug}`);
  const second = new URL(page.url()).searchParams.get("clickref");
  expect(second).toMatch(/^[A-Za-z0-9_-]{24}$/);
  expect(second).not.toBe(clickId);
  await visit(page, `/en/sandbox/merchant/${store.slug}?clickref=made-up`);
  await expect(page.getByTestId("sandbox-click")).toContainText("did not come through Cashwise");
  expect((await page.goto("/en/out/no-such-store"))?.status()).toBe(404);
});

test("the whole loop without JavaScript: Shop now → sandbox merchant → Simulate purchase → pending → Approve → available → withdraw it @js", async ({
  page,
  member: _,
}) => {
  const shop = SEED_STORES.find((candidate) => candidate.cashbackRateBps >= 500) ?? SEED_STORES[0]!;
  await visit(page, `/en/webshops/${shop.slug}`);
  await page.getByTestId("shop-now").click();
  await expect(page).toHaveURL(new RegExp(`/en/sandbox/merchant/${shop.slug}\\?clickref=`));
  const merchant = page.url();
  // With JavaScript, the form is Remix's once the page has hydrated.
  await ready(page);

  await page.getByLabel("Order amount (USD)").fill("250");
  await page.getByLabel("Order number").fill(`LOOP-${Date.now()}`);
  await page.getByRole("button", { name: "Simulate purchase" }).click();
  await expect(page.getByTestId("sandbox-order")).toContainText("Reported: pending");
  // The network's commission at the store's rate; the member gets 90% of it (Cashwise keeps its 10% success fee).
  const commission = Math.round((25_000 * seedNetworkRateBps(shop)) / 10_000);
  const cashback = memberCashbackOf(commission);
  const dollars = `$${(cashback / 100).toFixed(2)}`;

  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("stat-pending")).toContainText(dollars);
  await expect(page.getByTestId("balance")).toHaveText("$0.00");

  await visit(page, merchant);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("sandbox-order")).toContainText("Approved");
  await visit(page, "/en/dashboard");
  await expect(page.getByTestId("balance")).toHaveText(dollars);
  await expect(page.getByTestId("stat-pending")).toContainText("$0.00");

  await page.getByRole("link", { name: "Withdraw" }).first().click();
  await expect(page).toHaveURL(/\/en\/dashboard\/withdraw$/);
  await ready(page);
  await page.getByLabel("Amount", { exact: true }).fill((cashback / 100).toFixed(2));
  await page.getByLabel("PayPal email address").fill("looper@example.com");
  await page.getByRole("button", { name: "Withdraw Funds" }).click();
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page.getByText(`Your withdrawal of ${dollars} is on its way.`)).toBeVisible();
  await expect(page.getByTestId("balance")).toHaveText("$0.00");
});

test.describe("postbacks", () => {
  const sign = (payload: string, secret: string, t = Math.floor(Date.now() / 1000)) =>
    `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex")}`;
  const body = (overrides: Record<string, unknown> = {}) =>
    JSON.stringify({
      transactionId: `PB-${Date.now()}-${Math.random()}`,
      clickId: "no-such-click",
      saleAmount: 100,
      commission: 8,
      currency: "USD",
      status: "pending",
      occurredAt: new Date().toISOString(),
      ...overrides,
    });
  const post = (request: APIRequestContext, payload: string, headers: Record<string, string>, network = "sandbox") =>
    request.post(`/api/v1/postbacks/${network}`, { data: payload, headers: { "Content-Type": "application/json", ...headers } });

  test("unsigned, forged and stale postbacks are 401; unknown networks 404; bad bodies 4xx; a good one is kept, once", async ({
    request,
  }) => {
    const payload = body();
    expect((await post(request, payload, {})).status()).toBe(401);
    expect((await post(request, payload, { "X-Cashwise-Signature": sign(payload, "not-the-secret-0123456789-0123456789") })).status()).toBe(
      401,
    );
    expect(
      (
        await post(request, payload, {
          "X-Cashwise-Signature": sign(payload, SANDBOX_POSTBACK_SECRET, Math.floor(Date.now() / 1000) - 600),
        })
      ).status(),
    ).toBe(401);
    const tampered = await post(request, payload.replace('"saleAmount":100', '"saleAmount":9999'), {
      "X-Cashwise-Signature": sign(payload, SANDBOX_POSTBACK_SECRET),
    });
    expect(tampered.status()).toBe(401);
    expect(await tampered.json()).toMatchObject({ code: "invalid_signature", message: "The signature or its timestamp is not valid." });
    expect(
      (await post(request, payload, { "X-Cashwise-Signature": sign(payload, SANDBOX_POSTBACK_SECRET) }, "nosuchnetwork")).status(),
    ).toBe(404);
    // Awin's postbacks are not configured on this server.
    expect((await post(request, payload, { "X-Cashwise-Signature": sign(payload, SANDBOX_POSTBACK_SECRET) }, "awin")).status()).toBe(404);
    for (const bad of [
      "not json",
      "[]",
      body({ saleAmount: "lots" }),
      body({ status: "maybe" }),
      body({ currency: "EUR" }),
      body({ occurredAt: "yesterday" }),
    ]) {
      const response = await post(request, bad, { "X-Cashwise-Signature": sign(bad, SANDBOX_POSTBACK_SECRET) });
      expect(response.status(), bad).toBeGreaterThanOrEqual(400);
      expect(response.status(), bad).toBeLessThan(500);
      expect(typeof (await response.json()).code).toBe("string");
    }
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      const response = await post(request, payload, { "X-Cashwise-Signature": sign(payload, SANDBOX_POSTBACK_SECRET) });
      expect(response.status()).toBe(200);
      outcomes.push((await response.json()).outcome);
    }
    // No click of ours: kept for an admin, credited to nobody; replays change nothing.
    expect(outcomes).toEqual(["unmatched", "unchanged", "unchanged"]);
  });
});

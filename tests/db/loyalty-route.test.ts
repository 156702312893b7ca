/**
 * The loyalty page's route (`/:locale/loyalty`, #29), its loader and action called directly on
 * each database: a visitor is sent to sign in; the page renders on the server (levels from the
 * settings, the meter, the redeem form, the history); "Review" answers the points, their worth and
 * the available balance after, moving nothing; "Redeem points" credits the wallet once per review
 * key (a replay credits nothing more, the same key for another amount is refused); more points than
 * held and amounts that are not whole steps come back on the field with status 400 and what was
 * sent; a post from another site is refused. (The journey is loyalty.spec.ts.)
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "loyalty-route-test-secret-0123456789-0123456789";

import { adjustPoints, loyaltySummary } from "~/loyalty/points.server";
import { action, default as LoyaltyPage, loader } from "~/routes/($locale)._app.loyalty/route";
import { setSetting } from "~/settings/settings.server";
import { createUser } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import { seedContent } from "../../db/seed";
import { sessionCookie, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, inTx, transactionAmounts } from "../support/ledger";
import { answeredBy, renderRoute } from "../support/render-page";
import { answer, formMessages, typedValues } from "../support/route-answer";
import { fixedT } from "~/i18n/translator.server";
import { loader as storeLoader, default as StorePage } from "~/routes/($locale)._storefront.webshops.$slug";
import { SEED_STORES } from "../../db/seed-data/stores";

const APP = "http://localhost:3000";
const URL_EN = `${APP}/en/loyalty`;
const params = { locale: "en" };

describeEachDatabase("the loyalty page's route", (t) => {
  let adminId = "";
  useAppDatabase(t, async () => {
    await seedContent(t.db);
    adminId = (
      await createUser(t.db, { email: `admin-${crypto.randomUUID()}@example.com`, name: "Admin", role: "admin", emailVerified: true })
    ).id;
  });

  /** A signed-in member holding `points` (an admin's adjustment) and `cents` in the available balance. */
  async function member(points: number, cents = 0) {
    const user = await createUser(t.db, { email: `loyal-${crypto.randomUUID()}@example.com`, name: "Lena Loyal", emailVerified: true });
    if (points)
      await inTx(t.db, (tx) =>
        adjustPoints(tx, { userId: user.id, points, reason: "Welcome", adminId, idempotencyKey: crypto.randomUUID() }),
      );
    if (cents) await deposit(t.db, user.id, cents);
    return { id: user.id, cookie: await sessionCookie(t.db, { id: user.id, role: "user" }, { remember: false }) };
  }

  const post = (cookie: string, fields: Record<string, string>, origin = APP) =>
    new Request(URL_EN, { method: "POST", headers: { Origin: origin, Cookie: cookie }, body: new URLSearchParams(fields) });
  const act = (cookie: string, fields: Record<string, string>, origin?: string) =>
    answer(() => action({ request: post(cookie, fields, origin), params, context: {} }));
  const en = fixedT("en", "common");
  const messages = (reply: Awaited<ReturnType<typeof act>>, values: Record<string, unknown> = {}) =>
    formMessages(reply, (key, more) => en(key, { ...more, ...values }));

  it("sends a visitor to sign in, and renders the member's page on the server", async () => {
    const visitor = await answer(() => loader({ request: new Request(URL_EN), params, context: {} }));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/en\/signin/);
    const refused = await answer(() =>
      action({ request: new Request(URL_EN, { method: "POST", headers: { Origin: APP } }), params, context: {} }),
    );
    expect(refused.status).toBe(302);

    await inTx(t.db, (tx) => setSetting(tx, "loyaltySilverPoints", 3_000, adminId));
    try {
      const { cookie } = await member(2_400);
      const request = new Request(`${URL_EN}?filter=earned`, { headers: { Cookie: cookie } });
      const html = await renderRoute({ path: "/:locale/loyalty", loader: answeredBy(loader, request), Component: LoyaltyPage }, request);
      expect(html).toContain("2,400");
      // The levels table reads the admin's thresholds, never a number of its own.
      expect(html).toMatch(/Silver<\/span>.*3,000 points/s);
      expect(html).toContain('role="meter"');
      expect(html).toContain("600 more points to reach Silver.");
      expect(html).toContain("10% success fee on cashback.");
      expect(html).toContain('<option value="1000"');
      expect(html).toContain('<option value="2000"');
      expect(html).not.toContain('<option value="3000"');
      expect(html).toContain("Adjustment: Welcome");
      expect(html).toContain("+2,400");
    } finally {
      await inTx(t.db, (tx) => setSetting(tx, "loyaltySilverPoints", 2_500, adminId));
    }
  });

  it("reviews a redemption: the points, their worth and the available balance after, moving nothing", async () => {
    const { id, cookie } = await member(2_500, 1_234);
    const reply = await act(cookie, { intent: "review", points: "2000" });
    expect(reply.status).toBe(200);
    expect(reply.body.review).toMatchObject({ points: 2_000, cents: 1_000, availableCents: 1_234, availableAfterCents: 2_234 });
    expect(reply.body.review.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // A fresh key with each review.
    const again = await act(cookie, { intent: "review", points: "2000" });
    expect(again.body.review.idempotencyKey).not.toBe(reply.body.review.idempotencyKey);
    expect((await loyaltySummary(t.db, id)).balancePoints).toBe(2_500);
    expect(await transactionAmounts(t.db, id, "loyalty")).toEqual([]);

    // The review's page shows them in the page's words and the confirmation carries the key.
    const request = post(cookie, { intent: "review", points: "2000" });
    const html = await renderRoute(
      {
        path: "/:locale/loyalty",
        loader: answeredBy(loader, new Request(URL_EN, { headers: { Cookie: cookie } })),
        action: answeredBy(action, request),
        Component: LoyaltyPage,
      },
      request,
    );
    expect(html).toContain("$10.00");
    expect(html).toContain("$22.34");
    expect(html).toMatch(/name="idempotencyKey" value="[0-9a-f-]{36}"/);
    expect(html).toContain("Redeem points");
  });

  it("redeems once per review key: the wallet is credited, a replay adds nothing, another amount with the key is refused", async () => {
    const { id, cookie } = await member(3_000);
    const key = crypto.randomUUID();
    const done = await act(cookie, { intent: "redeem", points: "1000", idempotencyKey: key });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/en/loyalty");
    expect(done.headers.get("Set-Cookie")).toContain("flash=");
    expect((await getBalances(t.db, id)).availableCents).toBe(500);
    expect((await loyaltySummary(t.db, id)).balancePoints).toBe(2_000);

    const replay = await act(cookie, { intent: "redeem", points: "1000", idempotencyKey: key });
    expect(replay.status).toBe(302);
    expect((await getBalances(t.db, id)).availableCents).toBe(500);
    expect((await loyaltySummary(t.db, id)).balancePoints).toBe(2_000);
    expect(await transactionAmounts(t.db, id, "loyalty")).toEqual([500]);

    const reused = await act(cookie, { intent: "redeem", points: "2000", idempotencyKey: key });
    expect(reused.status).toBe(400);
    expect(messages(reused)).toEqual({ "": ["This review was already used for another amount. Review the redemption again."] });
    expect((await getBalances(t.db, id)).availableCents).toBe(500);

    // Without the review's key nothing is redeemed.
    const keyless = await act(cookie, { intent: "redeem", points: "1000" });
    expect(keyless.status).toBe(400);
    expect((await loyaltySummary(t.db, id)).balancePoints).toBe(2_000);
    await expectBooksBalance(t.db);
  });

  it("refuses more points than held and amounts that are not whole steps, with the message and what was sent", async () => {
    const { id, cookie } = await member(1_500);
    for (const intent of ["review", "redeem"]) {
      const tooMany = await act(cookie, { intent, points: "2000", idempotencyKey: crypto.randomUUID() });
      expect(tooMany.status, intent).toBe(400);
      expect(messages(tooMany, { max: "1,000" }), intent).toEqual({
        points: ["You do not have that many points: you can redeem up to 1,000."],
      });
      expect(typedValues(tooMany), intent).toMatchObject({ points: "2000" });
      expect(tooMany.body.review).toBeNull();

      const partial = await act(cookie, { intent, points: "1500", idempotencyKey: crypto.randomUUID() });
      expect(partial.status, intent).toBe(400);
      expect(messages(partial, { step: "1,000" }), intent).toEqual({ points: ["Redeem whole steps of 1,000 points."] });
      expect(typedValues(partial), intent).toMatchObject({ points: "1500" });

      for (const points of ["", "abc", "-1000", "0"]) {
        const bad = await act(cookie, { intent, points, idempotencyKey: crypto.randomUUID() });
        expect(bad.status, `${intent} ${points}`).toBe(400);
      }
    }
    expect((await loyaltySummary(t.db, id)).balancePoints).toBe(1_500);
    expect(await transactionAmounts(t.db, id, "loyalty")).toEqual([]);
  });

  it("refuses a post from another site", async () => {
    const { id, cookie } = await member(1_000);
    const cross = await act(cookie, { intent: "redeem", points: "1000", idempotencyKey: crypto.randomUUID() }, "https://evil.example");
    expect(cross.status).toBe(403);
    expect((await loyaltySummary(t.db, id)).balancePoints).toBe(1_000);
  });

  it("a store page shows a member's rate at their level's fee, and a visitor's at the default", async () => {
    const store = SEED_STORES.find((candidate) => candidate.slug === "larkstitch")!;
    const storeUrl = `${APP}/en/webshops/${store.slug}`;
    const page = (request: Request) =>
      renderRoute({ path: "/:locale/webshops/:slug", loader: answeredBy(storeLoader, request), Component: StorePage }, request);
    const storeParams = { locale: "en", slug: store.slug };
    const visitor = await answer(() => storeLoader({ request: new Request(storeUrl), params: storeParams, context: {} }));
    expect(visitor.body.fee).toEqual({ level: null, feeBps: 1_000, baseFeeBps: 1_000 });
    const { cookie } = await member(10_000); // Gold
    const request = new Request(storeUrl, { headers: { Cookie: cookie } });
    const gold = await answer(() => storeLoader({ request, params: storeParams, context: {} }));
    expect(gold.body.fee).toEqual({ level: "gold", feeBps: 800, baseFeeBps: 1_000 });
    // The member's rate is the network's less 8%, not 10%.
    expect(gold.body.store.cashbackRateBps).toBeGreaterThan(visitor.body.store.cashbackRateBps);
    const html = await page(request);
    expect(html).toContain("You get 92% of the");
    expect(html).toContain("Cashwise&#x27;s success fee is 8%, nothing else.");
    expect(html).toContain("As a Gold member your success fee is 8% instead of 10%.");
    const visitorHtml = await page(new Request(storeUrl));
    expect(visitorHtml).toContain("Cashwise&#x27;s success fee is 10%, nothing else.");
    expect(visitorHtml).not.toContain("As a ");
  });
});

/**
 * Pricing that keeps its word (#24), on each database: the 10% success fee is on cashback only
 * (Cashwise keeps 10% of a store's commission, the member gets 90%, at every store, booked so);
 * the pages show the member's 90% rate and the store's terms; paying for a plan during the trial
 * adds the trial's remaining days to the first period, and says so before paying.
 */
import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ingestConversion } from "~/cashback/conversions.server";
import { commissionForCashback, MEMBER_SHARE_BPS, memberCashbackOf, memberRateOf, successFeeOf } from "~/wallet/fee";
import { fixedT } from "~/i18n/translator.server";
import { firstPeriodEnd, getSubscription, getTrial, subscribeWithWallet } from "~/plans/subscriptions.server";
import { SETTINGS } from "~/settings/settings.server";
import { balanceFromPostings, getBalances } from "~/wallet/balances.server";
import { platformAccount } from "~/wallet/ledger.server";
import { createMigrator, migrateToLatest } from "../../db/migrate";
import { DEMO_USER, seedContent, seedDemoData } from "../../db/seed";
import { seedNetworkRateBps, seedStoreTerms } from "../../db/seed-data/store-terms";
import { SEED_STORES } from "../../db/seed-data/stores";
import { loader as storeLoader } from "../../app/routes/($locale)._storefront.webshops.$slug";
import { loader as plansLoader } from "../../app/routes/($locale)._app.plans/route";
import { findUserByEmail } from "~/users/users.server";
import { sessionCookie, useAppDatabase } from "../support/app-database";
import { visitStore } from "../support/clicks";
import { conversionEvent } from "../support/conversions";
import { describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, inTx, newUser } from "../support/ledger";
import { answer } from "../support/route-answer";
import { DAY_MS } from "../support/time";

const APP = "http://localhost:3000";

describe("the success fee", () => {
  it("is 10% of the commission rounded down; the member gets the rest, never less than 90%", () => {
    expect(MEMBER_SHARE_BPS).toBe(9_000);
    expect([successFeeOf(800), memberCashbackOf(800)]).toEqual([80, 720]);
    // The odd cent goes to the member.
    expect([successFeeOf(799), memberCashbackOf(799)]).toEqual([79, 720]);
    expect([successFeeOf(9), memberCashbackOf(9)]).toEqual([0, 9]);
    expect([successFeeOf(0), memberCashbackOf(-5)]).toEqual([0, 0]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (commission) => {
        const fee = successFeeOf(commission);
        expect(fee + memberCashbackOf(commission)).toBe(commission);
        expect(fee * 10).toBeLessThanOrEqual(commission);
        expect((fee + 1) * 10).toBeGreaterThan(commission);
      }),
    );
  });

  it("the commission for a cashback is the smallest whose 90% is exactly that cashback", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cashback) => {
        const commission = commissionForCashback(cashback);
        expect(memberCashbackOf(commission)).toBe(cashback);
        expect(memberCashbackOf(commission - 1)).toBeLessThan(cashback);
      }),
    );
  });

  it("is no admin setting: there is no member share to change", () => {
    expect(Object.keys(SETTINGS)).not.toContain("cashbackUserShareBps");
  });

  it("the texts say it: on cashback only, the plans without it, Free without a period", () => {
    for (const locale of ["en", "nl", "fr", "es", "de"] as const) {
      const legal = fixedT(locale, "legal")("terms.sections", { returnObjects: true }) as unknown as Array<{ paragraphs: string[] }>;
      const plansSection = legal[2]!.paragraphs.join(" ");
      expect(plansSection).toMatch(/90/);
      expect(plansSection).toMatch(/10/);
      expect(fixedT(locale, "pricing")("subtitle")).toMatch(/90/);
      expect(fixedT(locale, "home")("hero.text")).toMatch(/90/);
    }
    expect(fixedT("en", "legal")("terms.sections", { returnObjects: true })).not.toEqual(
      expect.arrayContaining([
        expect.objectContaining({ paragraphs: expect.arrayContaining([expect.stringMatching(/success fee on results/)]) }),
      ]),
    );
  });
});

describeEachDatabase("pricing that keeps its word", (t) => {
  useAppDatabase(t, () => seedContent(t.db));

  const clickAt = async (slug: string, name: string) => {
    const user = await newUser(t.db, name);
    const clickId = await visitStore(t.db, user, slug, {
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36",
      clientAddress: "203.0.113.9",
    });
    return { user, clickId };
  };

  it("every commission is booked 90% to the member and exactly the 10% fee to the margin, whatever share a store once had", async () => {
    const store = SEED_STORES[1]!;
    // A share left on a store from before (75%, or any other) no longer counts.
    await t.db.updateTable("stores").set({ userShareBps: 5_000 }).where("slug", "=", store.slug).execute();
    const { user, clickId } = await clickAt(store.slug, "fee-shopper");
    let expected = 0;
    for (const commission of [1, 9, 10, 799, 800, 1_234, 99_999]) {
      const marginBefore = await balanceFromPostings(t.db, platformAccount("cashback_margin"));
      const transactionId = `FEE-${crypto.randomUUID()}`;
      const outcome = await inTx(t.db, (tx) =>
        ingestConversion(
          tx,
          conversionEvent({ transactionId, clickId, saleAmountCents: commission * 10, commissionCents: commission, status: "approved" }),
        ),
      );
      expect(outcome.outcome).toBe("confirmed");
      const row = await t.db
        .selectFrom("conversions")
        .selectAll()
        .where("networkTransactionId", "=", transactionId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ userShareBps: 9_000, cashbackCents: commission - Math.floor(commission / 10) });
      expect((await balanceFromPostings(t.db, platformAccount("cashback_margin"))) - marginBefore).toBe(Math.floor(commission / 10));
      expected += commission - Math.floor(commission / 10);
    }
    expect((await getBalances(t.db, user)).availableCents).toBe(expected);
    await expectBooksBalance(t.db);
  });

  it("a store's page shows the member's rate (90% of the network's) and its terms; a member gets the member frame and Shop now", async () => {
    const store = SEED_STORES.find((candidate) => candidate.category === "travel")!;
    const load = (cookie?: string) =>
      answer(() =>
        storeLoader({
          request: new Request(`${APP}/webshops/${store.slug}`, { headers: cookie ? { Cookie: cookie } : {} }),
          params: { slug: store.slug },
          context: {},
        }),
      );
    const anonymous = await load();
    expect(anonymous.status).toBe(200);
    const network = seedNetworkRateBps(store);
    const terms = seedStoreTerms(store);
    expect(anonymous.body).toMatchObject({
      memberShell: null,
      confirmationDays: terms.confirmationDays,
      store: {
        // What the directory has always shown is now the member's 90% of what the network pays.
        headline: { kind: "percent", rateBps: store.cashbackRateBps, upTo: false },
        networkRate: { kind: "percent", rateBps: network },
        capCents: memberRateOf(terms.capCents!),
        terms: terms.terms.en,
      },
    });
    expect(memberRateOf(network)).toBe(store.cashbackRateBps);

    const member = await newUser(t.db, "store-visitor");
    const user = await t.db.selectFrom("users").selectAll().where("id", "=", member).executeTakeFirstOrThrow();
    const cookie = await sessionCookie(t.db, user as never);
    const signedIn = await load(cookie);
    expect(signedIn.body.memberShell).toMatchObject({ user: { email: user.email, role: "user" } });
  });

  it("paying for a plan during the trial adds the trial's remaining days to the first period, and the pay step says so first", async () => {
    const userId = await newUser(t.db, "trialist");
    const trial = (await getTrial(t.db, userId))!;
    expect(trial.active).toBe(true);
    const plan = await t.db.selectFrom("plans").selectAll().where("code", "=", "starter").executeTakeFirstOrThrow();

    // Before paying: the pay step names the days and the date.
    const user = await t.db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
    const cookie = await sessionCookie(t.db, user as never);
    const page = await answer(() =>
      plansLoader({ request: new Request(`${APP}/plans?planId=${plan.id}`, { headers: { Cookie: cookie } }), params: {}, context: {} }),
    );
    const promisedEnd = new Date(Date.parse(trial.endsAt) + 30 * DAY_MS).toISOString();
    expect(page.body.firstPeriod).toEqual({ trialDaysAdded: 14, periodEnd: promisedEnd });

    await deposit(t.db, userId, Number(plan.priceCents));
    await inTx(t.db, (tx) => subscribeWithWallet(tx, { userId, planId: plan.id, idempotencyKey: crypto.randomUUID() }));
    const subscription = (await getSubscription(t.db, userId))!;
    expect(subscription.currentPeriodEnd).toBe(promisedEnd);
    const payment = await t.db.selectFrom("subscriptionPayments").selectAll().where("userId", "=", userId).executeTakeFirstOrThrow();
    expect(payment.periodEnd).toBe(promisedEnd);

    // After the trial, the period is the plan's days from the payment.
    const at = "2030-01-01T00:00:00.000Z";
    expect(firstPeriodEnd(at, 30, "2029-12-25T00:00:00.000Z")).toBe("2030-01-31T00:00:00.000Z");
    expect(firstPeriodEnd(at, 30, "2030-01-05T00:00:00.000Z")).toBe("2030-02-04T00:00:00.000Z");
  });
});

describeEachDatabase(
  "the store terms migration and the demo seed",
  (t) => {
    it("gross up the rates stores showed into what their networks pay, and drop the member share", async () => {
      const migrator = await createMigrator(t.db);
      expect((await migrator.migrateTo("20261123_0037_ledger_throughput")).error).toBeUndefined();
      const insert = (slug: string, rate: number, share: number | null, fixed: number | null = null) =>
        sql`insert into stores (id, slug, name, category, cashback_rate_bps, description, affiliate_url, user_share_bps, rate_kind,
          rate_fixed_cents, new_customer_rate_bps, category_rates, created_at, updated_at)
          values (${slug}, ${slug}, ${slug}, 'books', ${rate}, '{}', 'https://x.example', ${share}, ${fixed === null ? "percent" : "fixed"},
          ${fixed}, ${fixed === null ? 900 : null}, ${fixed === null ? JSON.stringify([{ name: "E-books", rateBps: 300 }]) : null}, 'x', 'x')`.execute(
          t.db,
        );
      await insert("default-share", 600, null);
      await insert("own-share", 500, 5_000);
      await insert("fixed-amount", 0, null, 750);
      await sql`insert into settings (key, value, updated_by, updated_at) values ('cashbackUserShareBps', '8000', null, 'x')`.execute(t.db);
      // The FAQ as an older database has it.
      const old = "Every plan starts with a 14-day free trial. Businesses also pay a 10% success fee on results. See the pricing page.";
      await sql`insert into faq_entries (id, locale, category, question, answer, position, published, created_at, updated_at)
        values ('old-faq', 'en', 'plans', 'What does it cost?', ${old}, 99, 1, 'x', 'x')`.execute(t.db);
      await migrateToLatest(t.db);
      const faq = await t.db.selectFrom("faqEntries").select("answer").where("id", "=", "old-faq").executeTakeFirstOrThrow();
      expect(faq.answer).not.toContain("success fee on results");
      expect(faq.answer).toContain(
        "The 10% success fee is on cashback only: Cashwise keeps 10% of the store's commission and you get 90%.",
      );
      const rows = await t.db.selectFrom("stores").selectAll().orderBy("slug").execute();
      const bySlug = Object.fromEntries(rows.map((row) => [row.slug, row]));
      // 6% shown at the 80% setting: the network pays 7.5%; members now see 90% of it.
      expect(bySlug["default-share"]).toMatchObject({
        cashbackRateBps: 750,
        newCustomerRateBps: 1_125,
        userShareBps: null,
        capCents: null,
      });
      expect(JSON.parse(bySlug["default-share"]!.categoryRates!)).toEqual([{ name: "E-books", rateBps: 375 }]);
      expect(bySlug["own-share"]).toMatchObject({ cashbackRateBps: 1_000, userShareBps: null });
      expect(bySlug["fixed-amount"]).toMatchObject({ rateFixedCents: 938 });
      expect(await t.db.selectFrom("settings").select("key").where("key", "=", "cashbackUserShareBps").execute()).toEqual([]);
    });

    it("the demo stores pay commissions whose 90% is their rate, with terms; the demo balance is still $2,456.78, fee booked at each conversion's level", async () => {
      await t.db.deleteFrom("stores").execute();
      await seedDemoData(t.db);
      const larkstitch = await t.db.selectFrom("stores").selectAll().where("slug", "=", "larkstitch").executeTakeFirstOrThrow();
      expect(memberRateOf(larkstitch.cashbackRateBps)).toBe(600);
      expect(larkstitch).toMatchObject({ confirmationDays: 45, capCents: null });
      expect(JSON.parse(larkstitch.terms!)).toMatchObject({ en: expect.stringMatching(/gift cards/) });
      const demo = (await findUserByEmail(t.db, DEMO_USER.email))!;
      expect(await getBalances(t.db, demo.id)).toMatchObject({ availableCents: 245_678, pendingCashbackCents: 1_240 });
      const conversions = await t.db.selectFrom("conversions").selectAll().where("userId", "=", demo.id).execute();
      expect(conversions.length).toBeGreaterThan(0);
      // The demo's points make it Silver part-way through its history: the later purchases keep 91%.
      expect(new Set(conversions.map((conversion) => conversion.userShareBps))).toEqual(new Set([9_000, 9_100]));
      // Every seeded conversion's fee (the demo member's and the friend whose purchase qualified their referral), at its share.
      const all = await t.db.selectFrom("conversions").select(["commissionCents", "cashbackCents", "userShareBps"]).execute();
      const feeOf = (conversion: (typeof all)[number]) => 10_000 - (conversion.userShareBps ?? 9_000);
      for (const conversion of all) expect(conversion.cashbackCents).toBe(memberCashbackOf(conversion.commissionCents, feeOf(conversion)));
      const fees = all.reduce((sum, conversion) => sum + successFeeOf(conversion.commissionCents, feeOf(conversion)), 0);
      expect(await balanceFromPostings(t.db, platformAccount("cashback_margin"))).toBe(fees);
    });
  },
  { migrate: false },
);

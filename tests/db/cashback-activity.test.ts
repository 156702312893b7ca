/**
 * The member's cashback activity (`/cashback`), on each database: their own human clicks newest
 * first, one row per reported sale (a click without one is "tracked", with where a claim stands),
 * what the member gets (cashback less returns), the expected confirmation while pending; the
 * filters (status, store, period) and junk in them; pages; the summary; and never another member's
 * clicks, sales or claims.
 */
import { expect, it } from "vitest";
import { activityFiltersFromSearch, cashbackActivity, type ActivityFilters } from "~/cashback/activity.server";
import { submitClaim } from "~/cashback/claims.server";
import { clickOut } from "~/cashback/clicks.server";
import { ingestConversion, type ConversionEvent } from "~/cashback/conversions.server";
import { SEED_STORES } from "../../db/seed-data/stores";
import { seedContent } from "../../db/seed";
import { conversionEvent } from "../support/conversions";
import { describeEachDatabase } from "../support/databases";
import { expectBooksBalance, inTx, newUser } from "../support/ledger";
import { DAY_MS } from "../support/time";

const SECRET = "test-secret-0123456789-0123456789";
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
const bot = "Googlebot/2.1 (+http://www.google.com/bot.html)";
const clickBase = { clientAddress: "203.0.113.7", secret: SECRET, appUrl: new URL("http://localhost:3000"), sandboxAllowed: true };
const [storeA, storeB, storeC] = [SEED_STORES[0]!, SEED_STORES[1]!, SEED_STORES[2]!];
const ALL: ActivityFilters = { range: "all" };

const sale = (clickId: string, overrides: Partial<ConversionEvent> = {}) => conversionEvent({ clickId, ...overrides });

describeEachDatabase("the member's cashback activity", (t) => {
  /** A click by `userId` at `slug`, made `daysAgo` days ago. */
  const click = async (userId: string, slug: string, daysAgo: number, userAgent = browser) => {
    const result = await inTx(t.db, (tx) => clickOut(tx, { ...clickBase, userAgent, userId, slug }));
    if (result.outcome !== "redirect") throw new Error(result.outcome);
    await t.db
      .updateTable("clicks")
      .set({ createdAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString() })
      .where("id", "=", result.clickId)
      .execute();
    return result.clickId;
  };
  const ingest = (event: ConversionEvent) => inTx(t.db, (tx) => ingestConversion(tx, event));

  /**
   * Member: A 1 day ago (pending sale), B 5 days ago (no sale: too early to claim), C 10 days ago
   * (two sales: one confirmed then partly returned, one declined), A 20 days ago (no sale: claimable,
   * one claim sent), B 120 days ago (no sale: too late), and a bot's click; another member's click
   * at A with a confirmed sale.
   */
  const scenario = async (name: string) => {
    await seedContent(t.db);
    const member = await newUser(t.db, name);
    const other = await newUser(t.db, `${name}-other`);
    const pendingClick = await click(member, storeA.slug, 1);
    const earlyClick = await click(member, storeB.slug, 5);
    const twoSales = await click(member, storeC.slug, 10);
    const claimable = await click(member, storeA.slug, 20);
    const late = await click(member, storeB.slug, 120);
    const botClick = await click(member, storeA.slug, 2, bot);
    const othersClick = await click(other, storeA.slug, 3);

    await ingest(sale(pendingClick, { saleAmountCents: 4_999, commissionCents: 400 }));
    const kept = sale(twoSales, {
      saleAmountCents: 20_000,
      commissionCents: 800,
      occurredAt: new Date(Date.now() - 9 * DAY_MS).toISOString(),
    });
    await ingest(kept);
    await ingest({ ...kept, status: "approved", commissionCents: 400 });
    const declined = sale(twoSales, {
      saleAmountCents: 5_000,
      commissionCents: 200,
      occurredAt: new Date(Date.now() - 8 * DAY_MS).toISOString(),
    });
    await ingest(declined);
    await ingest({ ...declined, status: "declined" });
    await ingest(sale(botClick));
    await ingest(sale(othersClick, { status: "approved", commissionCents: 10_000 }));
    const orderDate = new Date(Date.now() - 19 * DAY_MS).toISOString().slice(0, 10);
    const claimed = await inTx(t.db, (tx) =>
      submitClaim(tx, { userId: member, clickId: claimable, orderId: "ORD-1", orderDate, amountCents: 2_500 }),
    );
    expect(claimed.ok).toBe(true);
    return { member, other, pendingClick, earlyClick, twoSales, claimable, late, botClick, othersClick };
  };

  it("lists the member's own clicks newest first, one row per sale, with what each earned and where a claim stands", async () => {
    const s = await scenario("lister");
    const activity = await cashbackActivity(t.db, s.member, ALL);
    expect(activity.items.map((row) => [row.clickId, row.status])).toEqual([
      [s.pendingClick, "pending"],
      [s.earlyClick, "tracked"],
      // The newer sale of one click first.
      [s.twoSales, "declined"],
      [s.twoSales, "confirmed"],
      [s.claimable, "tracked"],
      [s.late, "tracked"],
    ]);
    expect(activity.total).toBe(6);
    const [pending, early, declined, confirmed, claimable, late] = activity.items;
    expect(pending!.store).toEqual({ name: storeA.name, slug: storeA.slug, logo: expect.any(String) });
    // 400 commission × 90 % = 360, expected by the store's window.
    expect(pending!.conversion).toMatchObject({ saleAmountCents: 4_999, cashbackCents: 360, confirmsAt: expect.any(String) });
    expect(Date.parse(pending!.conversion!.confirmsAt!)).toBeGreaterThan(Date.now());
    expect(pending!.claim).toBeNull();
    // 720 pending, then approved lowered to 360: 360 kept; no expected date once confirmed.
    expect(confirmed!.conversion).toMatchObject({ saleAmountCents: 20_000, cashbackCents: 360, confirmsAt: null });
    expect(declined!.conversion).toMatchObject({ saleAmountCents: 5_000, confirmsAt: null });
    expect(early!.conversion).toBeNull();
    expect(early!.claim).toMatchObject({ window: "tooEarly", submitted: 0 });
    expect(Date.parse(early!.claim!.opensAt)).toBeGreaterThan(Date.now());
    expect(claimable!.claim).toMatchObject({ window: "open", submitted: 1 });
    expect(late!.claim).toMatchObject({ window: "tooLate", submitted: 0 });
    // Rows are unique even when a click has several sales.
    expect(new Set(activity.items.map((row) => row.key)).size).toBe(6);

    expect(activity.summary).toEqual({ pendingCents: 360, confirmedCents: 360, clicks: 5 });
    expect(activity.stores.map((store) => store.slug).sort()).toEqual([storeA.slug, storeB.slug, storeC.slug].sort());
    await expectBooksBalance(t.db);
  });

  it("never shows another member's clicks, sales or figures, nor a bot's click", async () => {
    const s = await scenario("owner");
    const mine = await cashbackActivity(t.db, s.member, ALL);
    const ids = mine.items.map((row) => row.clickId);
    expect(ids).not.toContain(s.othersClick);
    expect(ids).not.toContain(s.botClick);
    const theirs = await cashbackActivity(t.db, s.other, ALL);
    expect(theirs.items.map((row) => [row.clickId, row.status])).toEqual([[s.othersClick, "confirmed"]]);
    expect(theirs.summary).toEqual({ pendingCents: 0, confirmedCents: 9_000, clicks: 1 });
    expect(theirs.stores.map((store) => store.slug)).toEqual([storeA.slug]);
    // Filters never reach past the member either.
    for (const filters of [
      { range: "all", status: "confirmed" },
      { range: "30", store: storeA.slug },
      { range: "all", status: "tracked" },
    ] as ActivityFilters[]) {
      expect((await cashbackActivity(t.db, s.other, filters)).items.every((row) => row.clickId === s.othersClick)).toBe(true);
    }
    // A stranger has nothing.
    const stranger = await newUser(t.db, "stranger");
    expect(await cashbackActivity(t.db, stranger, ALL)).toMatchObject({
      items: [],
      total: 0,
      pageCount: 1,
      stores: [],
      summary: { pendingCents: 0, confirmedCents: 0, clicks: 0 },
    });
  });

  it("filters by status, store and period", async () => {
    const s = await scenario("filterer");
    const rows = async (filters: ActivityFilters) =>
      (await cashbackActivity(t.db, s.member, filters)).items.map((row) => [row.clickId, row.status]);
    expect(await rows({ range: "all", status: "tracked" })).toEqual([
      [s.earlyClick, "tracked"],
      [s.claimable, "tracked"],
      [s.late, "tracked"],
    ]);
    expect(await rows({ range: "all", status: "pending" })).toEqual([[s.pendingClick, "pending"]]);
    expect(await rows({ range: "all", status: "confirmed" })).toEqual([[s.twoSales, "confirmed"]]);
    expect(await rows({ range: "all", status: "declined" })).toEqual([[s.twoSales, "declined"]]);
    expect(await rows({ range: "all", status: "reversed" })).toEqual([]);
    expect(await rows({ range: "all", store: storeA.slug })).toEqual([
      [s.pendingClick, "pending"],
      [s.claimable, "tracked"],
    ]);
    expect(await rows({ range: "all", store: storeB.slug, status: "tracked" })).toEqual([
      [s.earlyClick, "tracked"],
      [s.late, "tracked"],
    ]);
    expect(await rows({ range: "all", store: "no-such-store" })).toEqual([]);
    const recent = await cashbackActivity(t.db, s.member, { range: "30" });
    expect(recent.items.map((row) => row.clickId)).not.toContain(s.late);
    expect(recent.total).toBe(5);
    // The period and store narrow the click count; the money figures are the member's whole.
    expect(recent.summary).toEqual({ pendingCents: 360, confirmedCents: 360, clicks: 4 });
    expect((await cashbackActivity(t.db, s.member, { range: "90", store: storeB.slug })).summary.clicks).toBe(1);
    expect((await cashbackActivity(t.db, s.member, { range: "365" })).total).toBe(6);
    // A fully returned sale is "reversed" and earns nothing.
    const returned = await click(s.member, storeC.slug, 0);
    const event = sale(returned);
    await ingest({ ...event, status: "approved" });
    await ingest({ ...event, status: "declined" });
    const reversed = await cashbackActivity(t.db, s.member, { range: "all", status: "reversed" });
    expect(reversed.items.map((row) => [row.clickId, row.status, row.conversion?.cashbackCents])).toEqual([[returned, "reversed", 0]]);
    await expectBooksBalance(t.db);
  });

  it("pages through the rows, newest first, and keeps a page number in range", async () => {
    const s = await scenario("pager");
    const first = await cashbackActivity(t.db, s.member, ALL, { page: 1, pageSize: 4 });
    const second = await cashbackActivity(t.db, s.member, ALL, { page: 2, pageSize: 4 });
    expect([first.page, first.pageCount, first.items.length]).toEqual([1, 2, 4]);
    expect([second.page, second.pageCount, second.items.length]).toEqual([2, 2, 2]);
    const all = (await cashbackActivity(t.db, s.member, ALL)).items.map((row) => row.key);
    expect([...first.items, ...second.items].map((row) => row.key)).toEqual(all);
    expect((await cashbackActivity(t.db, s.member, ALL, { page: 99, pageSize: 4 })).page).toBe(2);
    expect((await cashbackActivity(t.db, s.member, ALL, { page: -3, pageSize: 4 })).page).toBe(1);
  });

  it("reads its filters from the query string and ignores junk", () => {
    const read = (query: string) => activityFiltersFromSearch(new URLSearchParams(query));
    expect(read("")).toEqual({ status: undefined, store: undefined, range: "all" });
    expect(read(`status=tracked&store=${storeA.slug}&range=30`)).toEqual({ status: "tracked", store: storeA.slug, range: "30" });
    expect(read("status=reversed&range=365")).toMatchObject({ status: "reversed", range: "365" });
    for (const junk of [
      "status=unmatched",
      "status=needs-review",
      "status=%00",
      "range=7",
      "range=..",
      "store=../../etc",
      "store=A%20B",
      `store=${"x".repeat(200)}`,
      "status=pending&status=junk",
    ]) {
      const filters = read(junk);
      expect(filters.range === "all" || filters.range === "365" || filters.range === "90" || filters.range === "30", junk).toBe(true);
      expect(filters.store === undefined || /^[a-z0-9-]+$/.test(filters.store), junk).toBe(true);
      expect(filters.status === undefined || filters.status === "pending", junk).toBe(true);
    }
    expect(read("range=7").range).toBe("all");
    expect(read("store=A%20B").store).toBeUndefined();
  });
});

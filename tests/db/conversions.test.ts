/**
 * The cashback lifecycle on the ledger, on each database: a network's word (postback, report row,
 * admin) moves the member's cashback pending → available, amended, declined or returned, exactly
 * once however often and however concurrently it arrives; unmatched sales wait for an admin; the
 * confirmation job confirms once; signed postbacks are the only way in over HTTP.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { approveClaim, claimQueue, claimsOf, rejectClaim, submitClaim, suggestedCommission } from "~/cashback/claims.server";
import { clickOut } from "~/cashback/clicks.server";
import { confirmDueConversions, eventsOf, ingestConversion, matchConversion, type ConversionEvent } from "~/cashback/conversions.server";
import { handlePostback, POSTBACK_SIGNATURE_HEADER } from "~/cashback/postbacks.server";
import type { Db } from "~/db/db.server";
import { balanceFromPostings, getBalances } from "~/wallet/balances.server";
import { platformAccount } from "~/wallet/ledger.server";
import { signPayload } from "~/wallet/payments.server";
import { SEED_STORES } from "../../db/seed-data/stores";
import { seedNetworkRateBps } from "../../db/seed-data/store-terms";
import { seedContent } from "../../db/seed";
import { conversionEvent } from "../support/conversions";
import { describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, inTx, newUser, transactionAmounts, withdraw } from "../support/ledger";
import { rowCount } from "../support/row-counts";
import { DAY_MS } from "../support/time";

const SECRET = "test-secret-0123456789-0123456789";
const POSTBACK_SECRET = "postback-secret-for-tests-0123456789";
const store = SEED_STORES[0]!;
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
const clickBase = { clientAddress: "203.0.113.7", secret: SECRET, appUrl: new URL("http://localhost:3000"), sandboxAllowed: true };

function postbackRequest(
  body: unknown,
  options: { secret?: string | null; timestamp?: number; contentType?: string; raw?: string } = {},
): Request {
  const raw = options.raw ?? JSON.stringify(body);
  const headers: Record<string, string> = { "Content-Type": options.contentType ?? "application/json" };
  if (options.secret !== null) headers[POSTBACK_SIGNATURE_HEADER] = signPayload(raw, options.secret ?? POSTBACK_SECRET, options.timestamp);
  return new Request("http://localhost:3000/api/v1/postbacks/sandbox", { method: "POST", headers, body: raw });
}

const secrets = { sandbox: POSTBACK_SECRET, awin: null, impact: null, cj: null, rakuten: null, other: null };

describeEachDatabase("the cashback lifecycle", (t) => {
  const click = async (name: string, userAgent = browser) => {
    await seedContent(t.db);
    const user = await newUser(t.db, name);
    const result = await inTx(t.db, (tx) => clickOut(tx, { ...clickBase, userAgent, userId: user, slug: store.slug }));
    if (result.outcome !== "redirect") throw new Error(result.outcome);
    return { user, clickId: result.clickId };
  };
  const balances = (user: string) => getBalances(t.db, user);
  const ingest = (e: ConversionEvent) => inTx(t.db, (tx) => ingestConversion(tx, e));
  const conversion = (transactionId: string) =>
    t.db.selectFrom("conversions").selectAll().where("networkTransactionId", "=", transactionId).executeTakeFirstOrThrow();
  const margin = () => balanceFromPostings(t.db, platformAccount("cashback_margin"));
  const titles = async (user: string) =>
    (await t.db.selectFrom("notifications").select("titleKey").where("userId", "=", user).orderBy("createdAt").execute()).map(
      (n) => n.titleKey.split(".")[1],
    );

  it("a reported sale is the member's pending cashback, once however often it is replayed; approval makes it available", async () => {
    const { user, clickId } = await click("earner");
    const sale = conversionEvent({ clickId });
    const outcomes = [];
    for (let i = 0; i < 25; i++) outcomes.push((await ingest(sale)).outcome);
    expect(outcomes[0]).toBe("created");
    expect(new Set(outcomes.slice(1))).toEqual(new Set(["unchanged"]));
    // 800 commission × 90 % = 720: the member's share; Cashwise keeps its 10 % success fee, 80.
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 720, availableCents: 0 });
    expect(await conversion(sale.transactionId)).toMatchObject({
      status: "pending",
      cashbackCents: 720,
      userShareBps: 9_000,
      reportedStatus: "pending",
    });
    expect(
      await t.db.selectFrom("conversionEvents").select("id").where("networkTransactionId", "=", sale.transactionId).execute(),
    ).toHaveLength(25);
    expect((await ingest({ ...sale, status: "approved" })).outcome).toBe("confirmed");
    expect((await ingest({ ...sale, status: "approved" })).outcome).toBe("unchanged");
    // A late "pending" does not undo it.
    expect((await ingest({ ...sale, status: "pending" })).outcome).toBe("unchanged");
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 0, availableCents: 720 });
    expect(await titles(user)).toEqual(["cashbackTracked", "cashbackConfirmed"]);
    await expectBooksBalance(t.db);
  });

  it("1,000 concurrent replays of one signed postback credit once", async () => {
    const { user, clickId } = await click("replayed");
    const body = {
      transactionId: `R-${crypto.randomUUID()}`,
      clickId,
      saleAmount: 100,
      commission: 8,
      currency: "USD",
      status: "pending",
      occurredAt: new Date().toISOString(),
    };
    const responses = await Promise.all(
      Array.from({ length: 1_000 }, () => handlePostback(postbackRequest(body), "sandbox", { db: t.db, secrets })),
    );
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([200]));
    const outcomes = await Promise.all(responses.map(async (response) => ((await response.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((outcome) => outcome === "created")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "unchanged")).toHaveLength(999);
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 720, availableCents: 0 });
    expect(await transactionAmounts(t.db, user, "cashback")).toEqual([720]);
    expect(
      await t.db.selectFrom("conversionEvents").select("id").where("networkTransactionId", "=", body.transactionId).execute(),
    ).toHaveLength(1_000);
    await expectBooksBalance(t.db);
  });

  it("concurrent pending reports and approvals of one sale end confirmed, credited once", async () => {
    const { user, clickId } = await click("racing");
    const sale = conversionEvent({ clickId });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => ingest({ ...sale, status: i % 2 ? "approved" : "pending" })));
    expect(results.filter((r) => r.outcome === "confirmed")).toHaveLength(1);
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 0, availableCents: 720 });
    expect(await conversion(sale.transactionId)).toMatchObject({ status: "confirmed" });
    await expectBooksBalance(t.db);
  });

  it("approved before pending ends approved; a decline while pending reverses the pending amount and the margin", async () => {
    const { user, clickId } = await click("order");
    const marginBefore = await margin();
    const early = conversionEvent({ clickId, status: "approved" });
    expect((await ingest(early)).outcome).toBe("confirmed");
    expect((await ingest({ ...early, status: "pending" })).outcome).toBe("unchanged");
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 0, availableCents: 720 });
    expect((await margin()) - marginBefore).toBe(80);

    const cancelled = conversionEvent({ clickId, commissionCents: 400 });
    await ingest(cancelled);
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 360, availableCents: 720 });
    expect((await margin()) - marginBefore).toBe(120);
    expect((await ingest({ ...cancelled, status: "declined" })).outcome).toBe("declined");
    expect((await ingest({ ...cancelled, status: "approved" })).outcome).toBe("unchanged");
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 0, availableCents: 720 });
    expect((await margin()) - marginBefore).toBe(80);
    expect(await titles(user)).toEqual(["cashbackConfirmed", "cashbackTracked", "cashbackDeclined"]);
    await expectBooksBalance(t.db);
  });

  it("amended amounts follow while pending, a lowered approval confirms partially, returns after confirmation take it back", async () => {
    const { user, clickId } = await click("amended");
    const sale = conversionEvent({ clickId, commissionCents: 800 });
    await ingest(sale);
    expect((await ingest({ ...sale, commissionCents: 1_000, saleAmountCents: 12_500 })).outcome).toBe("amended");
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 900 });
    // Approved at a lower amount (part of the order was returned): confirms 360 of it.
    expect((await ingest({ ...sale, status: "approved", commissionCents: 400 })).outcome).toBe("confirmed");
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 0, availableCents: 360 });
    expect(await conversion(sale.transactionId)).toMatchObject({ status: "confirmed", cashbackCents: 360, commissionCents: 400 });

    // A later partial return: commission 400 → 200, the member gives back 180.
    expect((await ingest({ ...sale, status: "approved", commissionCents: 200 })).outcome).toBe("reversed");
    expect((await ingest({ ...sale, status: "approved", commissionCents: 200 })).outcome).toBe("unchanged");
    expect(await balances(user)).toMatchObject({ availableCents: 180 });
    expect(await conversion(sale.transactionId)).toMatchObject({ status: "confirmed", reversedCents: 180 });
    // Then the whole order came back.
    expect((await ingest({ ...sale, status: "declined" })).outcome).toBe("reversed");
    expect((await ingest({ ...sale, status: "declined" })).outcome).toBe("unchanged");
    expect(await balances(user)).toMatchObject({ availableCents: 0, owedCents: 0 });
    expect(await conversion(sale.transactionId)).toMatchObject({ status: "reversed", reversedCents: 360 });
    expect(await titles(user)).toEqual(["cashbackTracked", "cashbackConfirmed", "cashbackReversed", "cashbackReversed"]);
    await expectBooksBalance(t.db);
  });

  it("a return after the member spent the cashback is recorded as owed and repaid from the next credit", async () => {
    const { user, clickId } = await click("spender");
    const sale = conversionEvent({ clickId, status: "approved", commissionCents: 2_000 });
    await ingest(sale);
    await deposit(t.db, user, 500);
    expect(await balances(user)).toMatchObject({ availableCents: 2_300 });
    await withdraw(t.db, user, 1_800);
    expect((await ingest({ ...sale, status: "declined" })).outcome).toBe("reversed");
    // 1,800 of cashback came back: 500 was there, 1,300 is owed.
    expect(await balances(user)).toMatchObject({ availableCents: 0, owedCents: 1_300 });
    await deposit(t.db, user, 2_000);
    expect(await balances(user)).toMatchObject({ availableCents: 700, owedCents: 0 });
    await expectBooksBalance(t.db);
  });

  it("CJ corrections are parts of one transaction: each counts once, the amounts are their sum", async () => {
    const { user, clickId } = await click("cj-shopper");
    const original = conversionEvent({
      network: "cj",
      transactionId: `CJ-${crypto.randomUUID()}`,
      partId: "C-1",
      clickId,
      saleAmountCents: 20_000,
      commissionCents: 1_600,
      source: "report",
    });
    expect((await ingest(original)).outcome).toBe("created");
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 1_440 });
    const correction = { ...original, partId: "C-2", saleAmountCents: -5_000, commissionCents: -400 };
    expect((await ingest(correction)).outcome).toBe("amended");
    // The same correction in next week's report again: nothing more.
    expect((await ingest(correction)).outcome).toBe("unchanged");
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 1_080 });
    expect(await conversion(original.transactionId)).toMatchObject({
      commissionCents: 1_200,
      saleAmountCents: 15_000,
      cashbackCents: 1_080,
    });
    expect((await ingest({ ...original, partId: "C-1", status: "approved" })).outcome).toBe("unchanged");
    expect((await ingest({ ...original, partId: "C-3", saleAmountCents: 0, commissionCents: 0, status: "approved" })).outcome).toBe(
      "confirmed",
    );
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 0, availableCents: 1_080 });
    const events = await eventsOf(t.db, { network: "cj", networkTransactionId: original.transactionId });
    // (Events within one millisecond have no order among themselves: compared as a set.)
    expect(events.map((e) => [e.partId, e.outcome])).toHaveLength(5);
    expect(events.map((e) => [e.partId, e.outcome])).toEqual(
      expect.arrayContaining([
        ["C-1", "created"],
        ["C-2", "amended"],
        [null, "unchanged"],
        [null, "unchanged"],
        ["C-3", "confirmed"],
      ]),
    );
    await expectBooksBalance(t.db);
  });

  it("a sale without a known click, or through a bot's click, is kept unmatched; an admin's match applies the network's latest word", async () => {
    const { user: botUser, clickId: botClick } = await click("botted", "Googlebot/2.1 (+http://www.google.com/bot.html)");
    expect((await ingest(conversionEvent({ clickId: botClick }))).outcome).toBe("unmatched");
    expect((await ingest(conversionEvent({ clickId: null }))).outcome).toBe("unmatched");
    expect(await balances(botUser)).toMatchObject({ pendingCashbackCents: 0, availableCents: 0 });

    const { user, clickId } = await click("lost-click");
    const admin = await newUser(t.db, "admin");
    const lost = conversionEvent({ clickId: "no-such-click" });
    const { conversionId } = await ingest(lost);
    expect((await ingest({ ...lost, status: "approved", commissionCents: 1_000 })).outcome).toBe("unchanged");
    expect(await conversion(lost.transactionId)).toMatchObject({
      status: "unmatched",
      reportedStatus: "approved",
      commissionCents: 1_000,
      userId: null,
    });

    expect(await inTx(t.db, (tx) => matchConversion(tx, { conversionId: conversionId!, clickId: botClick, adminId: admin }))).toEqual({
      ok: false,
      error: "botClick",
    });
    expect(await inTx(t.db, (tx) => matchConversion(tx, { conversionId: conversionId!, clickId: "nope", adminId: admin }))).toEqual({
      ok: false,
      error: "clickNotFound",
    });
    expect(await inTx(t.db, (tx) => matchConversion(tx, { conversionId: conversionId!, clickId, adminId: admin }))).toEqual({
      ok: true,
      outcome: "confirmed",
    });
    expect(await inTx(t.db, (tx) => matchConversion(tx, { conversionId: conversionId!, clickId, adminId: admin }))).toEqual({
      ok: false,
      error: "notUnmatched",
    });
    expect(await balances(user)).toMatchObject({ availableCents: 900 });
    const audit = await t.db
      .selectFrom("auditLog")
      .select(["actorId", "action"])
      .where("subject", "=", `conversion:${conversionId!}`)
      .execute();
    expect(audit).toEqual([{ actorId: admin, action: "conversion.matched" }]);
    await expectBooksBalance(t.db);
  });

  it("the confirmation job confirms pending cashback whose window elapsed, once however often it runs", async () => {
    const { user, clickId } = await click("patient");
    const old = conversionEvent({ clickId, occurredAt: new Date(Date.now() - 61 * DAY_MS).toISOString() });
    const fresh = conversionEvent({ clickId });
    await ingest(old);
    await ingest(fresh);
    const runs = await Promise.all([confirmDueConversions(t.db), confirmDueConversions(t.db)]);
    expect(runs.map((run) => run.confirmed).sort()).toEqual([0, 1]);
    expect((await confirmDueConversions(t.db)).confirmed).toBe(0);
    expect(await balances(user)).toMatchObject({ pendingCashbackCents: 720, availableCents: 720 });
    expect(await conversion(old.transactionId)).toMatchObject({ status: "confirmed" });
    expect(await conversion(fresh.transactionId)).toMatchObject({ status: "pending" });
    expect((await titles(user)).filter((title) => title === "cashbackConfirmed")).toHaveLength(1);
    // A return reported after the window confirmed it takes it back like any return.
    expect((await ingest({ ...old, status: "declined" })).outcome).toBe("reversed");
    expect(await balances(user)).toMatchObject({ availableCents: 0 });
    // Sixty days later the fresh one is due too (with the other suites' pending ones).
    expect((await confirmDueConversions(t.db, { now: new Date(Date.now() + 61 * DAY_MS) })).confirmed).toBeGreaterThanOrEqual(1);
    expect(await conversion(fresh.transactionId)).toMatchObject({ status: "confirmed" });
    await expectBooksBalance(t.db);
  });
});

describeEachDatabase("signed postbacks", (t) => {
  const conversions = (db: Db) => rowCount(db, "conversions");
  const body = () => ({
    transactionId: `P-${crypto.randomUUID()}`,
    clickId: null,
    saleAmount: 50,
    commission: 4,
    currency: "USD",
    status: "pending",
    occurredAt: new Date().toISOString(),
  });

  it("forged, stale and unsigned postbacks are 401 and change nothing; unknown or unconfigured networks 404", async () => {
    const answer = async (request: Request, network = "sandbox") => {
      const response = await handlePostback(request, network, { db: t.db, secrets });
      return { status: response.status, code: ((await response.json()) as { code?: string }).code };
    };
    expect(await answer(postbackRequest(body(), { secret: "not-the-secret" }))).toEqual({ status: 401, code: "invalid_signature" });
    expect(await answer(postbackRequest(body(), { timestamp: Math.floor(Date.now() / 1000) - 301 }))).toEqual({
      status: 401,
      code: "invalid_signature",
    });
    expect(await answer(postbackRequest(body(), { secret: null }))).toEqual({ status: 401, code: "invalid_signature" });
    // A body other than the one signed.
    const signed = postbackRequest(body());
    const tampered = new Request(signed.url, {
      method: "POST",
      headers: signed.headers,
      body: JSON.stringify({ ...body(), commission: 4_000 }),
    });
    expect(await answer(tampered)).toEqual({ status: 401, code: "invalid_signature" });
    expect(await answer(postbackRequest(body()), "shareasale")).toEqual({ status: 404, code: "unknown_network" });
    expect(await answer(postbackRequest(body()), "awin")).toEqual({ status: 404, code: "network_not_configured" });
    expect(await conversions(t.db)).toBe(0);
  });

  it("signed garbage of any shape gets a 4xx with a stable code, never a 5xx, and changes nothing", async () => {
    // The generator can, rarely, make a valid postback (it is then accepted): those are counted.
    let accepted = 0;
    const junkValue = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.string().map((s) => `${s}\u0000`),
      fc.array(fc.string()),
      fc.object(),
    );
    const junkBody = fc.oneof(
      fc.string().map((raw) => ({ raw })),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ raw: Buffer.from(bytes).toString("latin1") })),
      fc
        .record(
          {
            transactionId: junkValue,
            clickId: junkValue,
            saleAmount: junkValue,
            commission: junkValue,
            currency: fc.oneof(junkValue, fc.constant("USD"), fc.constant("EUR")),
            status: fc.oneof(junkValue, fc.constantFrom("pending", "approved", "LOCKED", "weird")),
            occurredAt: fc.oneof(junkValue, fc.constant(new Date().toISOString())),
          },
          { requiredKeys: [] },
        )
        .map((value) => ({ raw: JSON.stringify(value) })),
      fc.jsonValue().map((value) => ({ raw: JSON.stringify(value) })),
    );
    await fc.assert(
      fc.asyncProperty(
        junkBody,
        fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded"),
        async ({ raw }, contentType) => {
          const response = await handlePostback(postbackRequest(null, { raw, contentType }), "sandbox", { db: t.db, secrets });
          const answer = (await response.json()) as { code?: unknown; outcome?: string };
          if (response.status === 200) {
            if (answer.outcome !== "unchanged") accepted++;
            return;
          }
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect(typeof answer.code).toBe("string");
        },
      ),
      { numRuns: 150 },
    );
    expect(await conversions(t.db)).toBe(accepted);
  });
});

describeEachDatabase("missing-cashback claims", (t) => {
  const setup = async (name: string, daysAgo: number) => {
    await seedContent(t.db);
    const user = await newUser(t.db, name);
    const result = await inTx(t.db, (tx) => clickOut(tx, { ...clickBase, userAgent: browser, userId: user, slug: store.slug }));
    if (result.outcome !== "redirect") throw new Error(result.outcome);
    const clickedAt = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
    await t.db.updateTable("clicks").set({ createdAt: clickedAt }).where("id", "=", result.clickId).execute();
    return { user, clickId: result.clickId, orderDate: clickedAt.slice(0, 10) };
  };
  const claim = (input: Parameters<typeof submitClaim>[1]) => inTx(t.db, (tx) => submitClaim(tx, input));

  it("a member claims from 7 to 90 days after their own click, once per order", async () => {
    const { user, clickId, orderDate } = await setup("claimer", 10);
    const other = await newUser(t.db, "someone-else");
    expect(await claim({ userId: other, clickId, orderId: "A-1", orderDate, amountCents: 5_000 })).toEqual({
      ok: false,
      error: "clickNotFound",
    });
    expect(await claim({ userId: user, clickId, orderId: "A-1", orderDate: "2020-01-01", amountCents: 5_000 })).toEqual({
      ok: false,
      error: "orderBeforeClick",
    });
    expect(await claim({ userId: user, clickId, orderId: "A-1", orderDate: "2999-01-01", amountCents: 5_000 })).toEqual({
      ok: false,
      error: "orderInFuture",
    });
    const first = await claim({ userId: user, clickId, orderId: "A-1", orderDate, amountCents: 5_000 });
    expect(first.ok).toBe(true);
    expect(await claim({ userId: user, clickId, orderId: " A-1 ", orderDate, amountCents: 5_000 })).toEqual({
      ok: false,
      error: "duplicate",
    });
    expect((await claimsOf(t.db, user)).map((c) => [c.orderId, c.status])).toEqual([["A-1", "open"]]);
    expect(await claimsOf(t.db, other)).toEqual([]);

    const early = await setup("too-early", 3);
    expect(
      await claim({ userId: early.user, clickId: early.clickId, orderId: "B-1", orderDate: early.orderDate, amountCents: 100 }),
    ).toEqual({ ok: false, error: "tooEarly" });
    const late = await setup("too-late", 91);
    expect(await claim({ userId: late.user, clickId: late.clickId, orderId: "C-1", orderDate: late.orderDate, amountCents: 100 })).toEqual({
      ok: false,
      error: "tooLate",
    });
  });

  it("an admin approves a claim (pending, then confirmed by the window) or rejects it with a reason; the member is told", async () => {
    const { user, clickId, orderDate } = await setup("approved", 20);
    const admin = await newUser(t.db, "claims-admin");
    const submitted = await claim({ userId: user, clickId, orderId: "OK-1", orderDate, amountCents: 10_000 });
    if (!submitted.ok) throw new Error(submitted.error);
    const queue = await claimQueue(t.db, { status: "open", page: 1 });
    const queued = queue.items.find((item) => item.id === submitted.claimId)!;
    // The store's rate (what its network pays) on $100.
    expect(queued.suggestedCommissionCents).toBe(suggestedCommission(10_000, seedNetworkRateBps(store)));
    const approved = await inTx(t.db, (tx) => approveClaim(tx, { claimId: submitted.claimId, adminId: admin, commissionCents: 800 }));
    expect(approved.ok).toBe(true);
    expect(await inTx(t.db, (tx) => approveClaim(tx, { claimId: submitted.claimId, adminId: admin, commissionCents: 800 }))).toEqual({
      ok: false,
      error: "notOpen",
    });
    expect(await getBalances(t.db, user)).toMatchObject({ pendingCashbackCents: 720 });
    // Ordered 20 days ago: the 60-day window confirms it 40 days from now.
    expect((await confirmDueConversions(t.db, { now: new Date(Date.now() + 41 * DAY_MS) })).confirmed).toBeGreaterThanOrEqual(1);
    expect(await getBalances(t.db, user)).toMatchObject({ pendingCashbackCents: 0, availableCents: 720 });

    const second = await claim({ userId: user, clickId, orderId: "NO-1", orderDate, amountCents: 2_000 });
    if (!second.ok) throw new Error(second.error);
    expect(
      await inTx(t.db, (tx) =>
        rejectClaim(tx, { claimId: second.claimId, adminId: admin, reason: "The store has no record of this order." }),
      ),
    ).toEqual({ ok: true });
    expect((await claimsOf(t.db, user)).map((c) => [c.orderId, c.status, c.reason])).toEqual([
      ["NO-1", "rejected", "The store has no record of this order."],
      ["OK-1", "approved", null],
    ]);
    const notes = (await t.db.selectFrom("notifications").select("titleKey").where("userId", "=", user).orderBy("createdAt").execute()).map(
      (n) => n.titleKey.split(".")[1],
    );
    expect(notes).toEqual(["claimApproved", "cashbackConfirmed", "claimRejected"]);
    const actions = await t.db.selectFrom("auditLog").select("action").where("actorId", "=", admin).orderBy("createdAt").execute();
    expect(actions.map((a) => a.action)).toEqual(["claim.approved", "claim.rejected"]);
    await expectBooksBalance(t.db);
  });
});

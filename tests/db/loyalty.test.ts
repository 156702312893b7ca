/**
 * Loyalty points (#29) on a real database: confirmed cashback earns 10 points per $1.00 in the
 * unit of work that confirms it; a return takes its share back (what was already redeemed is owed,
 * repaid by the next points); levels rise on earning and fall only at the daily job; the level's
 * success fee applies to the next conversion; redemption moves money through the ledger once per
 * key; points expire 24 months after they were earned, oldest first, announced 30 days before; the
 * points ledger is append-only and `verifyPoints` recomputes it.
 */
import { sql } from "kysely";
import { expect, it } from "vitest";
import { ingestConversion, type ConversionEvent } from "~/cashback/conversions.server";
import {
  adjustPoints,
  levelOf,
  loyaltyHistory,
  loyaltySummary,
  loyaltyTotals,
  redeemPoints,
  runLoyaltyDaily,
  successFeeBpsFor,
} from "~/loyalty/points.server";
import { addMonths } from "~/loyalty/rules";
import { verifyPoints } from "~/loyalty/verify.server";
import { setSetting } from "~/settings/settings.server";
import { getBalances } from "~/wallet/balances.server";
import { commissionForCashback } from "~/wallet/fee";
import { SEED_STORES } from "../../db/seed-data/stores";
import { seedContent } from "../../db/seed";
import { visitStore } from "../support/clicks";
import { conversionEvent } from "../support/conversions";
import { describeEachDatabase } from "../support/databases";
import { expectBooksBalance, inTx, newUser } from "../support/ledger";
import { DAY_MS } from "../support/time";

const store = SEED_STORES[0]!;

describeEachDatabase("loyalty points", (t) => {
  const ingest = (event: ConversionEvent) => inTx(t.db, (tx) => ingestConversion(tx, event));
  const summary = (userId: string, atMs?: number) => loyaltySummary(t.db, userId, atMs);
  const notices = async (userId: string) =>
    (await t.db.selectFrom("notifications").select("titleKey").where("userId", "=", userId).execute()).map((row) => row.titleKey);

  /** A member with a click at the store; `buy` reports a purchase whose member cashback is `cashbackCents` at their level's fee. */
  async function member(name: string) {
    await seedContent(t.db);
    const userId = await newUser(t.db, name);
    const clickId = await visitStore(t.db, userId, store.slug);
    let n = 0;
    const buy = async (cashbackCents: number, status: ConversionEvent["status"] = "approved", extra: Partial<ConversionEvent> = {}) =>
      ingest(
        conversionEvent({
          transactionId: `${name}-${++n}`,
          clickId,
          commissionCents: commissionForCashback(cashbackCents, await successFeeBpsFor(t.db, userId)),
          status,
          ...extra,
        }),
      );
    return { userId, clickId, buy, order: (i: number) => `${name}-${i}` };
  }

  it("earns 10 points per $1.00 of cashback when it is confirmed, not while pending, once", async () => {
    const { userId, buy, clickId } = await member("earner");
    await buy(4_567, "pending");
    expect((await summary(userId)).balancePoints).toBe(0);
    // The network approves it: 456 points (45.67 × 10, rounded down), in the confirmation's unit of work.
    const approved = conversionEvent({
      transactionId: "earner-1",
      clickId,
      commissionCents: commissionForCashback(4_567),
      status: "approved",
    });
    expect((await ingest(approved)).outcome).toBe("confirmed");
    expect((await ingest(approved)).outcome).toBe("unchanged");
    const points = await summary(userId);
    expect(points).toMatchObject({ balancePoints: 456, levelPoints: 456, level: "bronze", owedPoints: 0 });
    expect(points.next).toEqual({ level: "silver", fromPoints: 2_500, missingPoints: 2_044 });
    const history = await loyaltyHistory(t.db, userId);
    expect(history.items).toEqual([expect.objectContaining({ kind: "earn", cause: "cashback", points: 456, cents: 4_567 })]);
    expect(history.items[0]!.expiresAt).toBe(addMonths(history.items[0]!.createdAt, 24));
    expect((await verifyPoints(t.db)).problems).toEqual([]);
  });

  it("a return takes its points back; points already redeemed are owed and repaid by the next points", async () => {
    const { userId, buy, clickId, order } = await member("returner");
    await buy(25_000); // 2,500 points: Silver at once
    expect(await levelOf(t.db, userId)).toBe("silver");
    await inTx(t.db, (tx) => redeemPoints(tx, { userId, points: 2_000, idempotencyKey: "k-1" }));
    expect((await summary(userId)).balancePoints).toBe(500);
    // The store lowers the order to $150.00 of cashback: 1,500 points kept, 1,000 taken: 500 from the balance, 500 owed.
    const lowered = conversionEvent({
      transactionId: order(1),
      clickId,
      commissionCents: commissionForCashback(15_000),
      status: "approved",
    });
    expect((await ingest(lowered)).outcome).toBe("reversed");
    expect(await summary(userId)).toMatchObject({ balancePoints: 0, owedPoints: 500, levelPoints: 1_500 });
    // Redeeming never lowered the level, and a reversal lowers it only at the daily job.
    expect(await levelOf(t.db, userId)).toBe("silver");
    // The next 800 points repay the 500 owed first.
    await buy(8_000);
    expect(await summary(userId)).toMatchObject({ balancePoints: 300, owedPoints: 0, levelPoints: 2_300 });
    const report = await runLoyaltyDaily(t.db);
    expect(report.levelsDown).toBe(1);
    expect(await levelOf(t.db, userId)).toBe("bronze");
    expect(await notices(userId)).toContain("events.loyaltyLevelDown.title");
    await expectBooksBalance(t.db);
  });

  it("a level's lower success fee applies to the next conversion", async () => {
    const { userId, buy } = await member("climber");
    await buy(100_000); // 10,000 points: Gold
    expect(await levelOf(t.db, userId)).toBe("gold");
    expect(await notices(userId)).toContain("events.loyaltyLevelUp.title");
    // $10.00 of commission at Gold's 8% fee: $9.20 of cashback (at Bronze it was $9.00).
    await buy(0, "pending", { commissionCents: 1_000 });
    const latest = await t.db
      .selectFrom("conversions")
      .select(["cashbackCents", "userShareBps"])
      .where("userId", "=", userId)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    expect(latest).toEqual({ cashbackCents: 920, userShareBps: 9_200 });
    // The admin changes Gold's fee: the next conversion follows it, the earlier keeps its share.
    await inTx(t.db, (tx) => setSetting(tx, "loyaltyFeeGoldBps", 750, { id: userId, clientAddress: null }));
    expect((await summary(userId)).feeBps).toBe(750);
    await expectBooksBalance(t.db);
  });

  it("redeems whole steps into the available balance through the ledger, once per key; never more than is held", async () => {
    const { userId, buy } = await member("redeemer");
    await buy(30_000); // 3,000 points
    const before = (await getBalances(t.db, userId)).availableCents;
    const totals = await loyaltyTotals(t.db);
    const first = await inTx(t.db, (tx) => redeemPoints(tx, { userId, points: 2_000, idempotencyKey: "form-1" }));
    expect(first).toMatchObject({ points: 2_000, cents: 1_000, replayed: false });
    const again = await inTx(t.db, (tx) => redeemPoints(tx, { userId, points: 2_000, idempotencyKey: "form-1" }));
    expect(again).toMatchObject({ replayed: true, transactionId: first.transactionId });
    await expect(inTx(t.db, (tx) => redeemPoints(tx, { userId, points: 1_000, idempotencyKey: "form-1" }))).rejects.toThrow(
      /different request/,
    );
    await expect(inTx(t.db, (tx) => redeemPoints(tx, { userId, points: 1_500, idempotencyKey: "form-2" }))).rejects.toMatchObject({
      code: "invalid_points",
    });
    await expect(inTx(t.db, (tx) => redeemPoints(tx, { userId, points: 2_000, idempotencyKey: "form-3" }))).rejects.toMatchObject({
      code: "insufficient_points",
    });
    expect((await getBalances(t.db, userId)).availableCents).toBe(before + 1_000);
    expect(await summary(userId)).toMatchObject({ balancePoints: 1_000, levelPoints: 3_000, level: "silver", redeemablePoints: 1_000 });
    const money = await t.db
      .selectFrom("transactions")
      .select(["type", "amountCents"])
      .where("id", "=", first.transactionId)
      .executeTakeFirstOrThrow();
    expect({ ...money, amountCents: Number(money.amountCents) }).toEqual({ type: "loyalty", amountCents: 1_000 });
    // What members hold across the platform went down by what was redeemed.
    expect((await loyaltyTotals(t.db)).outstandingPoints).toBe(totals.outstandingPoints - 2_000);
    await expectBooksBalance(t.db);
  });

  it("expires points 24 months after they were earned, oldest first, after a warning 30 days before; once a day", async () => {
    const { userId, buy } = await member("expirer");
    const earnedAt = Date.now() - 2 * DAY_MS;
    await buy(5_000, "approved", { occurredAt: new Date(earnedAt).toISOString(), effectiveAt: new Date(earnedAt).toISOString() });
    await buy(3_000); // 300 points earned now
    const expiry = Date.parse(addMonths(new Date(earnedAt).toISOString(), 24));
    const warnings = async () => (await notices(userId)).filter((key) => key === "events.loyaltyPointsExpiring.title").length;
    // 31 days before: nothing to say yet. 29 days before: one warning, about the 500 oldest points.
    await runLoyaltyDaily(t.db, { now: new Date(expiry - 31 * DAY_MS) });
    expect(await warnings()).toBe(0);
    await runLoyaltyDaily(t.db, { now: new Date(expiry - 29 * DAY_MS) });
    expect(await warnings()).toBe(1);
    await runLoyaltyDaily(t.db, { now: new Date(expiry - 28 * DAY_MS) });
    expect(await warnings()).toBe(1);
    expect((await summary(userId, expiry - 28 * DAY_MS)).expiringSoon).toEqual({
      points: 500,
      firstDay: new Date(expiry).toISOString().slice(0, 10),
    });
    // The day they expire: the 500 oldest go, the 300 newer stay; run again, nothing more.
    await runLoyaltyDaily(t.db, { now: new Date(expiry + 60_000) });
    expect((await summary(userId, expiry + 60_000)).balancePoints).toBe(300);
    await runLoyaltyDaily(t.db, { now: new Date(expiry + 120_000) });
    expect((await summary(userId, expiry + 120_000)).balancePoints).toBe(300);
    const expired = (await loyaltyHistory(t.db, userId, { filter: "spent" })).items;
    expect(expired).toEqual([expect.objectContaining({ kind: "expire", points: -500 })]);
    expect(await notices(userId)).toContain("events.loyaltyPointsExpired.title");
    await expectBooksBalance(t.db);
  });

  it("an admin's adjustment needs a reason, is audited, and never takes more than is held", async () => {
    const { userId } = await member("adjusted");
    const admin = await newUser(t.db, "admin");
    await expect(
      inTx(t.db, (tx) => adjustPoints(tx, { userId, points: 100, reason: "  ", adminId: admin, idempotencyKey: "a-0" })),
    ).rejects.toMatchObject({ code: "reason_required" });
    await inTx(t.db, (tx) =>
      adjustPoints(tx, { userId, points: 700, reason: "Goodwill for a late payout", adminId: admin, idempotencyKey: "a-1" }),
    );
    await inTx(t.db, (tx) =>
      adjustPoints(tx, { userId, points: 700, reason: "Goodwill for a late payout", adminId: admin, idempotencyKey: "a-1" }),
    );
    await expect(
      inTx(t.db, (tx) => adjustPoints(tx, { userId, points: -800, reason: "Correction", adminId: admin, idempotencyKey: "a-2" })),
    ).rejects.toMatchObject({ code: "insufficient_points" });
    await inTx(t.db, (tx) => adjustPoints(tx, { userId, points: -200, reason: "Correction", adminId: admin, idempotencyKey: "a-3" }));
    expect(await summary(userId)).toMatchObject({ balancePoints: 500, levelPoints: 500 });
    const audits = await t.db.selectFrom("auditLog").select(["action", "details"]).where("subject", "=", `user:${userId}`).execute();
    expect(audits.map((row) => [row.action, JSON.parse(row.details).points])).toEqual([
      ["loyalty.adjusted", 700],
      ["loyalty.adjusted", -200],
    ]);
    await expectBooksBalance(t.db);
  });

  it("the points ledger is append-only: the database refuses UPDATE and DELETE", async () => {
    const { userId, buy } = await member("immutable");
    await buy(2_000);
    await expect(sql`update loyalty_entries set points = 1000000 where user_id = ${userId}`.execute(t.db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from loyalty_entries where user_id = ${userId}`.execute(t.db)).rejects.toThrow(/immutable/);
    // A cached balance that drifts from its entries is found.
    await sql`update loyalty_accounts set balance_points = balance_points + 5 where user_id = ${userId}`.execute(t.db);
    expect((await verifyPoints(t.db)).problems).toEqual([expect.stringMatching(/cached balance 205 but the entries sum to 200/)]);
    await sql`update loyalty_accounts set balance_points = balance_points - 5 where user_id = ${userId}`.execute(t.db);
  });
});

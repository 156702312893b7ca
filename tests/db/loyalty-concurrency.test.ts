/**
 * The points ledger under real parallel connections (#29, "two redemptions in parallel never spend
 * the same points"): redemptions of one member fired at once, each in its own unit of work on its
 * own connection, spend each point once (the account row lock and the conditional update); one
 * form key fired many times at once redeems once and the rest replay it; a redemption takes the
 * member's locks in the order every earning does (money, then points), so the two never deadlock
 * (they did: PostgreSQL aborted one with 40P01); earnings from cashback
 * confirmed in parallel and redemptions in between leave a balance equal to the entries. The
 * money side (the wallet credited, the platform's `loyalty` account) must match, and both ledgers
 * verify clean.
 *
 * PostgreSQL only: SQLite is one file with one writer, so its units of work run one after another
 * and there is nothing concurrent to prove (the same rules run serially in loyalty.test.ts and
 * loyalty-properties.test.ts). Skipped without TEST_DATABASE_URL.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestConversion } from "~/cashback/conversions.server";
import type { Db, Tx } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { LoyaltyError, loyaltySummary, onCashbackConfirmed, redeemPoints, type Redemption } from "~/loyalty/points.server";
import { verifyPoints } from "~/loyalty/verify.server";
import { getBalances } from "~/wallet/balances.server";
import { commissionForCashback } from "~/wallet/fee";
import { creditDeposit } from "~/wallet/ledger.server";
import { verifyLedger } from "~/wallet/verify.server";
import { SEED_STORES } from "../../db/seed-data/stores";
import { seedContent } from "../../db/seed";
import { visitStore } from "../support/clicks";
import { conversionEvent } from "../support/conversions";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { newUser, transactionAmounts } from "../support/ledger";
import { gate, waitUntil } from "../support/wait";

const PG_URL = process.env.TEST_DATABASE_URL;
const PARALLEL = 8;

/**
 * A gate that opens once `count` units of work are inside their transactions at the same time (so
 * each holds its own connection: the pool has 20), then stays open for retries.
 */
function barrier(count: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async (tx: Tx) => {
    await sql`select 1`.execute(tx);
    if (++arrived >= count) open();
    await opened;
  };
}

describe.skipIf(!PG_URL)("loyalty points under real parallel connections [postgres; SQLite has one writer, nothing to race]", () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    db = database.db;
    await seedContent(db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const inTx = <T>(fn: (tx: Tx) => Promise<T>) => unitOfWork(db, fn);
  const available = async (userId: string) => (await getBalances(db, userId)).availableCents;
  async function expectClean() {
    expect((await verifyPoints(db)).problems).toEqual([]);
    expect((await verifyLedger(db)).problems).toEqual([]);
  }
  /** The member's points entries' sums, straight from the table. */
  async function sums(userId: string) {
    const row = await db
      .selectFrom("loyaltyEntries")
      .select((eb) => [
        eb.fn.sum<string | number | null>("points").as("points"),
        eb.fn.sum<string | number | null>("levelPoints").as("level"),
        eb.fn.countAll<string | number>().as("entries"),
      ])
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    return { points: Number(row.points ?? 0), level: Number(row.level ?? 0), entries: Number(row.entries) };
  }
  /** How many backends of this database wait for a lock another transaction holds. */
  async function waitingOnLocks(): Promise<number> {
    const result = await sql<{ n: string | number }>`
      select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    return Number(result.rows[0]?.n ?? 0);
  }
  /** A member holding `points` (earned from confirmed cashback). */
  async function memberWith(name: string, points: number): Promise<string> {
    const userId = await newUser(db, name);
    await inTx((tx) => onCashbackConfirmed(tx, { userId, conversionId: `seed-${randomUUID()}`, cashbackCents: points * 10 }));
    expect((await loyaltySummary(db, userId)).balancePoints).toBe(points);
    return userId;
  }

  it(`${PARALLEL} redemptions of 1,000 points at once on 3,000 points: exactly 3 succeed, the rest are refused`, async () => {
    const userId = await memberWith("racer", 3_000);
    const before = await available(userId);
    const gate = barrier(PARALLEL);
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        inTx(async (tx) => {
          await gate(tx);
          return redeemPoints(tx, { userId, points: 1_000, idempotencyKey: `race-${i}` });
        }),
      ),
    );
    const won = results.filter((r): r is PromiseFulfilledResult<Redemption> => r.status === "fulfilled").map((r) => r.value);
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason as unknown);
    expect(won).toHaveLength(3);
    expect(won.every((r) => !r.replayed && r.cents === 500)).toBe(true);
    expect(new Set(won.map((r) => r.transactionId)).size).toBe(3);
    expect(lost).toHaveLength(PARALLEL - 3);
    for (const reason of lost) {
      expect(reason).toBeInstanceOf(LoyaltyError);
      expect(reason).toMatchObject({ code: "insufficient_points" });
    }
    expect(await loyaltySummary(db, userId)).toMatchObject({ balancePoints: 0, owedPoints: 0, levelPoints: 3_000 });
    expect(await available(userId)).toBe(before + 1_500);
    expect(await transactionAmounts(db, userId, "loyalty")).toEqual([500, 500, 500]);
    expect(await sums(userId)).toMatchObject({ points: 0, level: 3_000, entries: 4 });
    await expectClean();
  });

  it(`one form key fired ${PARALLEL} times at once: one redemption, ${PARALLEL - 1} replays of it`, async () => {
    const userId = await memberWith("double-click", 3_000);
    const before = await available(userId);
    const gate = barrier(PARALLEL);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        inTx(async (tx) => {
          await gate(tx);
          return redeemPoints(tx, { userId, points: 2_000, idempotencyKey: "one-form" });
        }),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(results.filter((r) => r.replayed)).toHaveLength(PARALLEL - 1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.every((r) => r.points === 2_000 && r.cents === 1_000)).toBe(true);
    expect((await loyaltySummary(db, userId)).balancePoints).toBe(1_000);
    expect(await available(userId)).toBe(before + 1_000);
    expect(await sums(userId)).toMatchObject({ points: 1_000, entries: 2 });
    await expectClean();
  });

  it("a redemption and an earning of one member never wait for each other in a circle (money first, then points)", async () => {
    const userId = await memberWith("lock-order", 2_000);
    const [locked, held] = [gate(), gate()];
    // An earning's unit of work: its money moves first (locking the member's balance), then its points follow.
    const earning = unitOfWork(
      db,
      async (tx) => {
        await creditDeposit(tx, {
          userId,
          amountCents: 1_000,
          paymentId: `lock-${randomUUID()}`,
          description: "Top-up",
          provider: "sandbox",
        });
        locked.open();
        await held.promise;
        return onCashbackConfirmed(tx, { userId, conversionId: `lock-${randomUUID()}`, cashbackCents: 5_000 });
      },
      { attempts: 1 },
    );
    // Meanwhile the member redeems: it must wait for the earning's money lock before it takes the points' lock.
    const redemption = locked.promise.then(() =>
      unitOfWork(db, (tx) => redeemPoints(tx, { userId, points: 1_000, idempotencyKey: "lock-order" }), { attempts: 1 }),
    );
    await waitUntil(async () => (await waitingOnLocks()) > 0, { message: "the redemption waiting for a lock" });
    held.open();
    // Taking the points' lock first, the redemption would deadlock with the earning (PostgreSQL aborts one: 40P01).
    const [earned, redeemed] = await Promise.allSettled([earning, redemption]);
    expect(earned.status, String((earned as PromiseRejectedResult).reason?.cause?.message ?? "")).toBe("fulfilled");
    expect(redeemed.status, String((redeemed as PromiseRejectedResult).reason?.cause?.message ?? "")).toBe("fulfilled");
    expect((await loyaltySummary(db, userId)).balancePoints).toBe(2_000 + 500 - 1_000);
    await expectClean();
  });

  it("cashback confirmed for several conversions at once, with redemptions in between: the balance equals the entries", async () => {
    const store = SEED_STORES[0]!;
    const userId = await memberWith("busy", 1_000);
    const clickId = await visitStore(db, userId, store.slug);
    // Ten purchases tracked (pending: no points yet), then the network approves them all at once.
    const cashbacks = [1_234, 2_500, 999, 10_000, 4_321, 15_000, 777, 3_333, 8_888, 5_005];
    const order = (i: number) => `busy-${i}`;
    for (const [i, cents] of cashbacks.entries()) {
      const event = conversionEvent({ transactionId: order(i), clickId, commissionCents: commissionForCashback(cents), status: "pending" });
      await inTx((tx) => ingestConversion(tx, event));
    }
    expect((await loyaltySummary(db, userId)).balancePoints).toBe(1_000);
    const before = await available(userId);
    const gate = barrier(cashbacks.length + 3);
    const approvals = cashbacks.map((cents, i) =>
      inTx(async (tx) => {
        await gate(tx);
        const event = conversionEvent({
          transactionId: order(i),
          clickId,
          commissionCents: commissionForCashback(cents),
          status: "approved",
        });
        return (await ingestConversion(tx, event)).outcome;
      }),
    );
    const redemptions = [0, 1, 2].map((i) =>
      inTx(async (tx) => {
        await gate(tx);
        return redeemPoints(tx, { userId, points: 1_000, idempotencyKey: `busy-redeem-${i}` });
      }),
    );
    const [outcomes, redeemed] = await Promise.all([Promise.all(approvals), Promise.allSettled(redemptions)]);
    expect(outcomes.every((outcome) => outcome === "confirmed")).toBe(true);
    for (const result of redeemed) if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "insufficient_points" });
    const spent = redeemed.filter((r) => r.status === "fulfilled").length;
    // 1,000 to start with (enough for one) plus 10 points per $1.00 of each confirmed cashback, rounded down per conversion.
    const earned = cashbacks.reduce((sum, cents) => sum + Math.floor(cents / 10), 0);
    expect(spent).toBeGreaterThanOrEqual(1);
    const summary = await loyaltySummary(db, userId);
    expect(summary).toMatchObject({ balancePoints: 1_000 + earned - 1_000 * spent, owedPoints: 0, levelPoints: 1_000 + earned });
    expect(await sums(userId)).toEqual({ points: summary.balancePoints, level: 1_000 + earned, entries: 1 + cashbacks.length + spent });
    // Earned 5,300 in the last 12 months: Silver, reached on an earning.
    expect(summary.level).toBe("silver");
    expect(await available(userId)).toBe(before + cashbacks.reduce((sum, cents) => sum + cents, 0) + 500 * spent);
    await expectClean();
  });
});

/**
 * The wallet's read model: figures with one meaning each. The statement is built from the
 * available account's postings: opening + lines = closing, each line's running balance agrees.
 */
import { expect, it } from "vitest";
import {
  availableStatement,
  balanceHistory,
  cashbackByMonth,
  dashboardFigures,
  earningsSummary,
  getBalances,
} from "~/wallet/balances.server";
import { statementMonth } from "~/wallet/activity.server";
import {
  cancelWithdrawal,
  confirmCashback,
  creditDeposit,
  creditReferralBonus,
  recordCashback,
  requestWithdrawal,
} from "~/wallet/ledger.server";
import type { Tx } from "~/db/db.server";
import { describeEachDatabase } from "../support/databases";
import { expectBooksBalance, inTx, newUser } from "../support/ledger";

describeEachDatabase("wallet read model", (t) => {
  const day = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString();

  /** One member's dated money movements, in the caller's unit of work. */
  const dated = (tx: Tx, userId: string) => ({
    topUp: (amountCents: number, paymentId: string, at: string) =>
      creditDeposit(tx, { userId, amountCents, paymentId, description: "Top-up", provider: "sandbox", at }),
    /** Cashback on an order; confirmed at `confirmedAt` when given, else left pending. */
    cashback: async (
      amountCents: number,
      order: { merchant: string; orderId: string; conversionId: string },
      at: string,
      confirmedAt?: string,
    ) => {
      const cashback = await recordCashback(tx, { userId, amountCents, ...order, description: "Cashback", at });
      if (confirmedAt) await confirmCashback(tx, { transactionId: cashback.transaction.id, at: confirmedAt });
    },
    withdrawal: (amountCents: number, destination: string, idempotencyKey: string, at: string) =>
      requestWithdrawal(tx, { userId, amountCents, method: "paypal", destination, description: "Withdrawal", idempotencyKey, at }),
    bonus: (amountCents: number, idempotencyKey: string, at: string) =>
      creditReferralBonus(tx, { userId, amountCents, description: "Referral", idempotencyKey, at }),
  });

  it("a monthly statement: opening + lines = closing, with a running balance, from postings dated in the month", async () => {
    const user = await newUser(t.db, "statement");
    const march = Date.UTC(2026, 2, 1);
    await inTx(t.db, async (tx) => {
      const money = dated(tx, user);
      await money.topUp(10_000, "p-feb", iso(march - 3 * day));
      await money.topUp(5_000, "p-mar", iso(march + 2 * day));
      await money.cashback(750, { merchant: "IKEA", orderId: "I-9", conversionId: "st-1" }, iso(march + 4 * day), iso(march + 5 * day));
      await money.withdrawal(2_000, "s@example.com", "st-w", iso(march + 6 * day));
      await money.bonus(1_000, "st-r", iso(march + 40 * day));
    });
    const { start, end } = statementMonth("2026-03");
    const statement = await availableStatement(t.db, user, { start, end });
    expect(statement.openingCents).toBe(10_000);
    expect(statement.lines.map((line) => line.amountCents)).toEqual([5_000, 750, -2_000]);
    expect(statement.lines.map((line) => line.balanceCents)).toEqual([15_000, 15_750, 13_750]);
    expect(statement.closingCents).toBe(statement.openingCents + statement.lines.reduce((sum, line) => sum + line.amountCents, 0));
    // April opens where March closed.
    const april = statementMonth("2026-04");
    const next = await availableStatement(t.db, user, april);
    expect(next.openingCents).toBe(statement.closingCents);
    expect(next.closingCents).toBe(14_750);
    // All months together end at today's available balance.
    expect(next.closingCents).toBe((await getBalances(t.db, user)).availableCents);
  });

  it("a cancelled withdrawal shows as a hold and its return on the statement", async () => {
    const user = await newUser(t.db, "statement-cancel");
    await inTx(t.db, (tx) =>
      creditDeposit(tx, { userId: user, amountCents: 3_000, paymentId: crypto.randomUUID(), description: "Top-up", provider: "sandbox" }),
    );
    const held = await inTx(t.db, (tx) =>
      requestWithdrawal(tx, {
        userId: user,
        amountCents: 1_000,
        method: "paypal",
        destination: "c@example.com",
        description: "Withdrawal",
        idempotencyKey: "c-1",
      }),
    );
    await inTx(t.db, (tx) => cancelWithdrawal(tx, { userId: user, transactionId: held.transaction.id }));
    const statement = await availableStatement(t.db, user, statementMonth(null));
    expect(statement.lines.map((line) => line.amountCents)).toEqual([3_000, -1_000, 1_000]);
    expect(statement.closingCents).toBe(3_000);
    await expectBooksBalance(t.db);
  });

  it("dashboard figures: cashback this month is confirmed cashback only (never top-ups or bonuses), against the same days of last month", async () => {
    const user = await newUser(t.db, "figures");
    const now = Date.UTC(2026, 4, 10, 12);
    await inTx(t.db, async (tx) => {
      const money = dated(tx, user);
      const on = (month: number, date: number) => iso(Date.UTC(2026, month, date));
      // Last month: 1,000 of cashback by the 10th, 4,000 after it, and a bonus that is not cashback.
      await money.cashback(1_000, { merchant: "Nike", orderId: "N-0", conversionId: "f-c0" }, on(3, 5), on(3, 5));
      await money.cashback(4_000, { merchant: "Nike", orderId: "N-9", conversionId: "f-c9" }, on(3, 20), on(3, 20));
      await money.bonus(2_000, "f-1", on(3, 6));
      // This month: a large top-up and a bonus (neither is cashback), 1,500 of confirmed cashback, 300 still pending.
      await money.topUp(50_000, "f-dep", on(4, 2));
      await money.bonus(2_000, "f-2", on(4, 2));
      await money.cashback(1_500, { merchant: "Nike", orderId: "N-1", conversionId: "f-c1" }, on(4, 3), on(4, 3));
      await money.cashback(300, { merchant: "IKEA", orderId: "I-1", conversionId: "f-c2" }, on(4, 4));
    });
    const figures = await dashboardFigures(t.db, user, now);
    expect(figures).toMatchObject({
      lifetimeCashbackCents: 6_500,
      cashbackThisMonthCents: 1_500,
      cashbackSameDaysLastMonthCents: 1_000,
      pendingCashbackCents: 300,
      comparedWith: { from: "2026-04-01", to: "2026-04-10" },
    });
    // This month so far (1,500) against the same days of last month (1,000): +50 %.
    expect(figures.growthPercent).toBe(50);
    // Purchases are the tracked orders (pending ones too); earned is confirmed cashback and bonuses.
    expect(await earningsSummary(t.db, user)).toEqual({ totalEarnedCents: 10_500, purchases: 4, cashbackOrders: 3, referrals: 2 });
  });

  it("balance history: each day's closing available balance; cashback by month: confirmed and pending apart", async () => {
    const user = await newUser(t.db, "history");
    const now = Date.UTC(2026, 5, 30, 15);
    await inTx(t.db, async (tx) => {
      const money = dated(tx, user);
      await money.topUp(10_000, "h-old", iso(now - 40 * day));
      await money.topUp(2_500, "h-new", iso(now - 3 * day));
      await money.withdrawal(1_000, "h@example.com", "h-w", iso(now - 1 * day));
      await money.cashback(
        700,
        { merchant: "IKEA", orderId: "H-1", conversionId: "h-c1" },
        iso(Date.UTC(2026, 4, 12)),
        iso(Date.UTC(2026, 4, 20)),
      );
      await money.cashback(300, { merchant: "IKEA", orderId: "H-2", conversionId: "h-c2" }, iso(Date.UTC(2026, 5, 2)));
      // Effective after the last day shown: in the cached balance, not in the history.
      await money.topUp(400, "h-future", iso(now + 2 * day));
    });
    const history = await balanceHistory(t.db, user, 30, now);
    expect(history).toHaveLength(30);
    expect(history.at(-1)).toEqual({ day: "2026-06-30", balanceCents: 10_000 + 700 + 2_500 - 1_000 });
    expect(history[0]!.day).toBe("2026-06-01");
    // Before the new top-up: the old top-up and May's confirmed cashback.
    expect(history.find((point) => point.day === "2026-06-26")!.balanceCents).toBe(10_700);
    expect(history.find((point) => point.day === "2026-06-27")!.balanceCents).toBe(13_200);
    expect(history.find((point) => point.day === "2026-06-29")!.balanceCents).toBe(12_200);
    expect(await cashbackByMonth(t.db, user, 3, now)).toEqual([
      { month: "2026-04", confirmedCents: 0, pendingCents: 0 },
      { month: "2026-05", confirmedCents: 700, pendingCents: 0 },
      { month: "2026-06", confirmedCents: 0, pendingCents: 300 },
    ]);
  });
});

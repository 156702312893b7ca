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
import { describeEachDatabase } from "../support/databases";
import { expectBooksBalance, inTx, newUser } from "../support/ledger";

describeEachDatabase("wallet read model", (t) => {
  const day = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString();

  it("a monthly statement: opening + lines = closing, with a running balance, from postings dated in the month", async () => {
    const user = await newUser(t.db, "statement");
    const march = Date.UTC(2026, 2, 1);
    await inTx(t.db, async (tx) => {
      await creditDeposit(tx, {
        userId: user,
        amountCents: 10_000,
        paymentId: "p-feb",
        description: "Top-up",
        provider: "sandbox",
        at: iso(march - 3 * day),
      });
      await creditDeposit(tx, {
        userId: user,
        amountCents: 5_000,
        paymentId: "p-mar",
        description: "Top-up",
        provider: "sandbox",
        at: iso(march + 2 * day),
      });
      const cb = await recordCashback(tx, {
        userId: user,
        amountCents: 750,
        merchant: "IKEA",
        orderId: "I-9",
        conversionId: "st-1",
        description: "Cashback",
        at: iso(march + 4 * day),
      });
      await confirmCashback(tx, { transactionId: cb.transaction.id, at: iso(march + 5 * day) });
      await requestWithdrawal(tx, {
        userId: user,
        amountCents: 2_000,
        method: "paypal",
        destination: "s@example.com",
        description: "Withdrawal",
        idempotencyKey: "st-w",
        at: iso(march + 6 * day),
      });
      await creditReferralBonus(tx, {
        userId: user,
        amountCents: 1_000,
        description: "Referral",
        idempotencyKey: "st-r",
        at: iso(march + 40 * day),
      });
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
      // Last month: 1,000 of cashback by the 10th, 4,000 after it, and a bonus that is not cashback.
      const early = await recordCashback(tx, {
        userId: user,
        amountCents: 1_000,
        merchant: "Nike",
        orderId: "N-0",
        conversionId: "f-c0",
        description: "Cashback",
        at: iso(Date.UTC(2026, 3, 5)),
      });
      await confirmCashback(tx, { transactionId: early.transaction.id, at: iso(Date.UTC(2026, 3, 5)) });
      const late = await recordCashback(tx, {
        userId: user,
        amountCents: 4_000,
        merchant: "Nike",
        orderId: "N-9",
        conversionId: "f-c9",
        description: "Cashback",
        at: iso(Date.UTC(2026, 3, 20)),
      });
      await confirmCashback(tx, { transactionId: late.transaction.id, at: iso(Date.UTC(2026, 3, 20)) });
      await creditReferralBonus(tx, {
        userId: user,
        amountCents: 2_000,
        description: "Referral",
        idempotencyKey: "f-1",
        at: iso(Date.UTC(2026, 3, 6)),
      });
      // This month: a large top-up and a bonus (neither is cashback), 1,500 of confirmed cashback, 300 still pending.
      await creditDeposit(tx, {
        userId: user,
        amountCents: 50_000,
        paymentId: "f-dep",
        description: "Top-up",
        provider: "sandbox",
        at: iso(Date.UTC(2026, 4, 2)),
      });
      await creditReferralBonus(tx, {
        userId: user,
        amountCents: 2_000,
        description: "Referral",
        idempotencyKey: "f-2",
        at: iso(Date.UTC(2026, 4, 2)),
      });
      const done = await recordCashback(tx, {
        userId: user,
        amountCents: 1_500,
        merchant: "Nike",
        orderId: "N-1",
        conversionId: "f-c1",
        description: "Cashback",
        at: iso(Date.UTC(2026, 4, 3)),
      });
      await confirmCashback(tx, { transactionId: done.transaction.id, at: iso(Date.UTC(2026, 4, 3)) });
      await recordCashback(tx, {
        userId: user,
        amountCents: 300,
        merchant: "IKEA",
        orderId: "I-1",
        conversionId: "f-c2",
        description: "Cashback",
        at: iso(Date.UTC(2026, 4, 4)),
      });
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
      await creditDeposit(tx, {
        userId: user,
        amountCents: 10_000,
        paymentId: "h-old",
        description: "Top-up",
        provider: "sandbox",
        at: iso(now - 40 * day),
      });
      await creditDeposit(tx, {
        userId: user,
        amountCents: 2_500,
        paymentId: "h-new",
        description: "Top-up",
        provider: "sandbox",
        at: iso(now - 3 * day),
      });
      await requestWithdrawal(tx, {
        userId: user,
        amountCents: 1_000,
        method: "paypal",
        destination: "h@example.com",
        description: "Withdrawal",
        idempotencyKey: "h-w",
        at: iso(now - 1 * day),
      });
      const may = await recordCashback(tx, {
        userId: user,
        amountCents: 700,
        merchant: "IKEA",
        orderId: "H-1",
        conversionId: "h-c1",
        description: "Cashback",
        at: iso(Date.UTC(2026, 4, 12)),
      });
      await confirmCashback(tx, { transactionId: may.transaction.id, at: iso(Date.UTC(2026, 4, 20)) });
      await recordCashback(tx, {
        userId: user,
        amountCents: 300,
        merchant: "IKEA",
        orderId: "H-2",
        conversionId: "h-c2",
        description: "Cashback",
        at: iso(Date.UTC(2026, 5, 2)),
      });
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

import { sql } from "kysely";
import { expect, it } from "vitest";
import { createUser } from "~/users/users.server";
import {
  InsufficientFundsError,
  balanceFromPostings,
  cancelWithdrawal,
  completeWithdrawal,
  confirmCashback,
  creditAffiliateBonus,
  creditDeposit,
  creditReferralBonus,
  declineCashback,
  getBalances,
  payFromWallet,
  recordCashback,
  rejectWithdrawal,
  requestWithdrawal,
  userAccount,
} from "~/wallet/ledger.server";
import { describeEachDatabase } from "../support/databases";

describeEachDatabase("ledger", (t) => {
  const newUser = async (name: string) => (await createUser(t.db, { email: `${name}-${crypto.randomUUID()}@example.com`, name })).id;
  const deposit = (userId: string, amountCents: number, paymentId = crypto.randomUUID()) =>
    creditDeposit(t.db, { userId, amountCents, paymentId, description: "Top-up", provider: "sandbox" });
  const withdraw = (userId: string, amountCents: number, key = crypto.randomUUID()) =>
    requestWithdrawal(t.db, { userId, amountCents, method: "paypal", destination: "me@example.com", description: "Withdrawal", idempotencyKey: key });

  async function assertBooksBalance() {
    const unbalanced = await sql<{ entryId: string }>`select entry_id from postings group by entry_id having sum(amount_cents) <> 0`.execute(t.db);
    expect(unbalanced.rows).toEqual([]);
    const accounts = await t.db.selectFrom("ledgerAccounts").select(["id", "balanceCents"]).execute();
    for (const account of accounts) expect(Number(account.balanceCents), account.id).toBe(await balanceFromPostings(t.db, account.id));
    const total = accounts.reduce((sum, a) => sum + Number(a.balanceCents), 0);
    expect(total).toBe(0);
  }

  it("a deposit credits the balance once per payment, however often it is delivered", async () => {
    const user = await newUser("dep");
    const paymentId = crypto.randomUUID();
    const first = await deposit(user, 2500, paymentId);
    expect(first).toMatchObject({ replayed: false, transaction: { type: "deposit", status: "completed", direction: "credit", amountCents: 2500 } });
    const again = await Promise.all(Array.from({ length: 100 }, () => deposit(user, 2500, paymentId)));
    expect(again.every((r) => r.replayed && r.transaction.id === first.transaction.id)).toBe(true);
    expect((await getBalances(t.db, user)).availableCents).toBe(2500);
    await assertBooksBalance();
  });

  it("a withdrawal holds the amount at once; cancel returns it; the same key moves money once", async () => {
    const user = await newUser("wd");
    await deposit(user, 10_000);
    const key = crypto.randomUUID();
    const held = await withdraw(user, 2_500, key);
    expect(held.transaction).toMatchObject({ status: "pending", direction: "debit" });
    expect(await getBalances(t.db, user)).toEqual({ availableCents: 7_500, pendingCashbackCents: 0, withdrawalsCents: 2_500 });
    const twice = await withdraw(user, 2_500, key);
    expect(twice).toMatchObject({ replayed: true, transaction: { id: held.transaction.id } });
    expect((await getBalances(t.db, user)).availableCents).toBe(7_500);

    const other = await newUser("other");
    await expect(cancelWithdrawal(t.db, { userId: other, transactionId: held.transaction.id })).rejects.toThrow(/no withdrawal/);
    const cancelled = await cancelWithdrawal(t.db, { userId: user, transactionId: held.transaction.id });
    expect(cancelled.transaction.status).toBe("failed");
    expect(await getBalances(t.db, user)).toEqual({ availableCents: 10_000, pendingCashbackCents: 0, withdrawalsCents: 0 });
    expect((await cancelWithdrawal(t.db, { userId: user, transactionId: held.transaction.id })).replayed).toBe(true);
    expect((await getBalances(t.db, user)).availableCents).toBe(10_000);
    await assertBooksBalance();
  });

  it("admins pay out or reject a held withdrawal, exactly once", async () => {
    const user = await newUser("admin-wd");
    await deposit(user, 5_000);
    const a = await withdraw(user, 1_000);
    const b = await withdraw(user, 2_000);
    const paid = await completeWithdrawal(t.db, { transactionId: a.transaction.id, adminId: user });
    expect(paid.transaction.status).toBe("completed");
    expect((await completeWithdrawal(t.db, { transactionId: a.transaction.id, adminId: user })).replayed).toBe(true);
    expect((await rejectWithdrawal(t.db, { transactionId: a.transaction.id, adminId: user })).transaction.status).toBe("completed");
    const rejected = await rejectWithdrawal(t.db, { transactionId: b.transaction.id, adminId: user, reason: "IBAN closed" });
    expect(rejected.transaction).toMatchObject({ status: "failed", metadata: { reason: "IBAN closed" } });
    expect(await getBalances(t.db, user)).toEqual({ availableCents: 4_000, pendingCashbackCents: 0, withdrawalsCents: 0 });
    await assertBooksBalance();
  });

  it("refuses to overdraw, and leaves nothing behind", async () => {
    const user = await newUser("poor");
    await deposit(user, 1_500);
    await expect(withdraw(user, 1_501)).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(payFromWallet(t.db, { userId: user, amountCents: 1_501, description: "Plan", idempotencyKey: "p1" })).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    const rows = await t.db.selectFrom("transactions").select("type").where("userId", "=", user).execute();
    expect(rows.map((r) => r.type)).toEqual(["deposit"]);
    expect((await getBalances(t.db, user)).availableCents).toBe(1_500);
    await assertBooksBalance();
  });

  it("16 parallel withdrawals on one balance never take it below zero", async () => {
    const user = await newUser("race");
    await deposit(user, 10_000);
    const results = await Promise.allSettled(Array.from({ length: 16 }, () => withdraw(user, 1_000)));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(won).toHaveLength(10);
    for (const failure of lost) expect(failure.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await getBalances(t.db, user)).toEqual({ availableCents: 0, pendingCashbackCents: 0, withdrawalsCents: 10_000 });
    await assertBooksBalance();
  });

  it("the database itself refuses a negative user balance", async () => {
    const user = await newUser("constraint");
    await deposit(user, 100);
    await expect(t.db.updateTable("ledgerAccounts").set({ balanceCents: -1 }).where("id", "=", userAccount(user, "available")).execute()).rejects.toThrow();
  });

  it("cashback is pending until confirmed (then available) or declined (then gone)", async () => {
    const user = await newUser("cb");
    const a = await recordCashback(t.db, { userId: user, amountCents: 450, merchant: "Zalando", orderId: "Z-1", conversionId: "c1", description: "Cashback" });
    const b = await recordCashback(t.db, { userId: user, amountCents: 300, merchant: "IKEA", orderId: "I-1", conversionId: "c2", description: "Cashback" });
    expect((await recordCashback(t.db, { userId: user, amountCents: 450, merchant: "Zalando", orderId: "Z-1", conversionId: "c1", description: "Cashback" })).replayed).toBe(true);
    expect(await getBalances(t.db, user)).toEqual({ availableCents: 0, pendingCashbackCents: 750, withdrawalsCents: 0 });
    await confirmCashback(t.db, { transactionId: a.transaction.id });
    await declineCashback(t.db, { transactionId: b.transaction.id });
    expect(await getBalances(t.db, user)).toEqual({ availableCents: 450, pendingCashbackCents: 0, withdrawalsCents: 0 });
    await assertBooksBalance();
  });

  it("bonuses credit once per key; a purchase debits the wallet", async () => {
    const user = await newUser("bonus");
    await creditReferralBonus(t.db, { userId: user, amountCents: 1_000, description: "Referral bonus", idempotencyKey: "ref-1" });
    await creditReferralBonus(t.db, { userId: user, amountCents: 1_000, description: "Referral bonus", idempotencyKey: "ref-1" });
    await creditAffiliateBonus(t.db, { userId: user, amountCents: 290, description: "Affiliate bonus", idempotencyKey: "aff-1" });
    const purchase = await payFromWallet(t.db, { userId: user, amountCents: 900, description: "Starter plan", idempotencyKey: "buy-1" });
    expect(purchase.transaction).toMatchObject({ type: "purchase", direction: "debit" });
    expect((await getBalances(t.db, user)).availableCents).toBe(390);
    await assertBooksBalance();
  });

  it("refuses amounts that are not positive whole cents", async () => {
    const user = await newUser("amounts");
    for (const bad of [0, -5, 1.5, Number.NaN]) await expect(deposit(user, bad)).rejects.toThrow(/amount/);
  });
});

/**
 * SQL statements per money movement (#30, part 4: the ledger's throughput is mostly its round trips).
 * A member's accounts, once a committed unit of work opened or found them, are not read again; the
 * budgets are the statements of a member's steady state, besides BEGIN and COMMIT. And what a unit
 * that rolled back opened is never taken for existing.
 */
import { expect, it } from "vitest";
import { unitOfWork } from "~/db/unit-of-work.server";
import { getBalances } from "~/wallet/balances.server";
import { confirmCashback, creditDeposit, ensureUserAccounts, recordCashback, requestWithdrawal } from "~/wallet/ledger.server";
import { describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, newUser, withdraw } from "../support/ledger";
import { StatementCounter } from "../support/statement-counter";

describeEachDatabase("statements per money movement", (t) => {
  async function counted(work: Parameters<typeof unitOfWork>[1]): Promise<string[]> {
    const counter = new StatementCounter(t.db);
    await unitOfWork(t.db.withPlugin(counter), work);
    return counter.statements;
  }

  it("a member's top-up, withdrawal and cashback confirmation send 5, 7 and 6 statements", async () => {
    const member = await newUser(t.db, "steady");
    // The member's first movements open their accounts (available, receivable, withdrawals).
    await deposit(t.db, member, 100_000);
    await withdraw(t.db, member, 1_000);
    const pending = (
      await unitOfWork(t.db, (tx) =>
        recordCashback(tx, {
          userId: member,
          amountCents: 900,
          commissionCents: 1_000,
          merchant: "Store",
          orderId: "order-1",
          conversionId: crypto.randomUUID(),
          description: "Cashback",
        }),
      )
    ).transaction.id;

    const topUp = await counted((tx) =>
      creditDeposit(tx, { userId: member, amountCents: 2_500, paymentId: crypto.randomUUID(), description: "Top-up", provider: "sandbox" }),
    );
    // The transaction, the lock of the member's money, the postings, the entry, the balance.
    expect(topUp, topUp.join("\n")).toHaveLength(5);

    const withdrawal = await counted((tx) =>
      requestWithdrawal(tx, {
        userId: member,
        amountCents: 1_000,
        method: "paypal",
        destination: "me@example.com",
        description: "Withdrawal",
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    // The member and minimum, the transaction, the payout desk's row, the holds, the postings, the entry, the balance.
    expect(withdrawal, withdrawal.join("\n")).toHaveLength(7);

    const confirmation = await counted((tx) => confirmCashback(tx, { transactionId: pending }));
    // The transaction read and settled, the lock of the member's money, the postings, the entry, the balances.
    expect(confirmation, confirmation.join("\n")).toHaveLength(6);

    expect((await getBalances(t.db, member)).availableCents).toBe(100_000 - 1_000 + 2_500 - 1_000 + 900);
    await expectBooksBalance(t.db);
  });

  it("accounts opened by a unit of work that rolled back are opened again by the next one", async () => {
    const member = await newUser(t.db, "rolled-back");
    await expect(
      unitOfWork(t.db, async (tx) => {
        await ensureUserAccounts(tx, member);
        await creditDeposit(tx, { userId: member, amountCents: 1_000, paymentId: "first", description: "Top-up", provider: "sandbox" });
        throw new Error("the request failed after the top-up");
      }),
    ).rejects.toThrow("the request failed after the top-up");
    expect(await t.db.selectFrom("ledgerAccounts").select("id").where("userId", "=", member).execute()).toEqual([]);

    await deposit(t.db, member, 1_000, "second");
    expect((await getBalances(t.db, member)).availableCents).toBe(1_000);
    await expectBooksBalance(t.db);
  });
});

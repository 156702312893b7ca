/** Ledger helpers for database suites: one unit of work per call, and the books check. */
import { expect } from "vitest";
import type { Db, Tx } from "~/db/db.server";
import type { TransactionType } from "~/db/schema";
import { unitOfWork } from "~/db/unit-of-work.server";
import { createUser } from "~/users/users.server";
import { creditDeposit, requestWithdrawal } from "~/wallet/ledger.server";
import { verifyPoints } from "~/loyalty/verify.server";
import { verifyLedger } from "~/wallet/verify.server";

/** Runs `fn` in its own unit of work, as a route action would. */
export const inTx = <T>(db: Db, fn: (tx: Tx) => Promise<T>) => unitOfWork(db, fn);

export async function newUser(db: Db, name: string): Promise<string> {
  return (await createUser(db, { email: `${name}-${crypto.randomUUID()}@example.com`, name })).id;
}

export function deposit(db: Db, userId: string, amountCents: number, paymentId: string = crypto.randomUUID(), provider = "sandbox") {
  return inTx(db, (tx) => creditDeposit(tx, { userId, amountCents, paymentId, description: "Top-up", provider }));
}

export function withdraw(db: Db, userId: string, amountCents: number, key: string = crypto.randomUUID(), destination = "me@example.com") {
  return inTx(db, (tx) =>
    requestWithdrawal(tx, { userId, amountCents, method: "paypal", destination, description: "Withdrawal", idempotencyKey: key }),
  );
}

/** The amounts of a user's transactions of one type, in cents. */
export async function transactionAmounts(db: Db, userId: string, type: TransactionType): Promise<number[]> {
  const rows = await db.selectFrom("transactions").select("amountCents").where("userId", "=", userId).where("type", "=", type).execute();
  return rows.map((row) => Number(row.amountCents));
}

/** Every cached balance equals its postings, every entry sums to zero, no user is negative; the points too. */
export async function expectBooksBalance(db: Db): Promise<void> {
  const report = await verifyLedger(db);
  expect(report.problems).toEqual([]);
  expect((await verifyPoints(db)).problems).toEqual([]);
}

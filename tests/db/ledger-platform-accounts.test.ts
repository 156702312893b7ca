/**
 * The platform's own ledger accounts (payment provider, affiliate networks, margin…) keep no cached
 * balance: their balance is the sum of their postings. So movements of different users, which all
 * post to them, never wait on one shared row (PostgreSQL), and the books still balance.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { platformBalances } from "~/admin/reconciliation.server";
import { adminOverview } from "~/admin/dashboard.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { accountBalances, balanceFromPostings, getBalances } from "~/wallet/balances.server";
import { creditDeposit, platformAccount, recordCashback } from "~/wallet/ledger.server";
import { verifyLedger } from "~/wallet/verify.server";
import { createTestDatabase, describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, newUser } from "../support/ledger";

describeEachDatabase("the platform's ledger accounts", (t) => {
  it("200 members' top-ups over 16 connections: every balance right, the provider's balance their sum, the books balanced", async () => {
    const providerBefore = await balanceFromPostings(t.db, platformAccount("payment_provider"));
    const users = await Promise.all(Array.from({ length: 200 }, (_, i) => newUser(t.db, `parallel-${i}`)));
    const amountOf = (i: number) => 1_000 + i * 7;
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < users.length) {
          const i = next++;
          // Each top-up delivered twice: the second is a replay and moves nothing.
          const paymentId = `parallel-${i}`;
          await deposit(t.db, users[i]!, amountOf(i), paymentId);
          expect((await deposit(t.db, users[i]!, amountOf(i), paymentId)).replayed).toBe(true);
        }
      }),
    );
    for (const [i, user] of users.entries()) expect((await getBalances(t.db, user)).availableCents).toBe(amountOf(i));
    const total = users.reduce((sum, _, i) => sum + amountOf(i), 0);
    expect(await balanceFromPostings(t.db, platformAccount("payment_provider"))).toBe(providerBefore - total);
    // The platform's row keeps no cached balance; the admin's figures sum its postings.
    const row = await t.db
      .selectFrom("ledgerAccounts")
      .select("balanceCents")
      .where("id", "=", platformAccount("payment_provider"))
      .executeTakeFirstOrThrow();
    expect(Number(row.balanceCents)).toBe(0);
    expect((await platformBalances(t.db)).find((account) => account.kind === "payment_provider")).toEqual({
      kind: "payment_provider",
      balanceCents: providerBefore - total,
      accounts: 1,
    });
    await expectBooksBalance(t.db);
  });

  it("the admin's figures read the platform's balances from their postings", async () => {
    const user = await newUser(t.db, "margin");
    const before = await adminOverview(t.db);
    await unitOfWork(t.db, (tx) =>
      recordCashback(tx, {
        userId: user,
        amountCents: 600,
        commissionCents: 1_000,
        merchant: "Zalando",
        orderId: "o-margin",
        conversionId: `c-${user}`,
        description: "Cashback",
      }),
    );
    expect((await adminOverview(t.db)).marginCents - before.marginCents).toBe(400);
    const balances = await t.db
      .selectFrom(accountBalances(t.db).as("b"))
      .select(["id", "balanceCents"])
      .where("id", "like", "platform:%")
      .execute();
    for (const account of balances) expect(Number(account.balanceCents)).toBe(await balanceFromPostings(t.db, account.id));
    await expectBooksBalance(t.db);
  });

  it("the database refuses a cached balance on a platform account; a member's accounts keep theirs", async () => {
    const user = await newUser(t.db, "cached");
    await deposit(t.db, user, 100);
    await expect(
      t.db.updateTable("ledgerAccounts").set({ balanceCents: 5 }).where("id", "=", platformAccount("payment_provider")).execute(),
    ).rejects.toThrow(/platform account|ledger_accounts_platform_derived/);
    const mine = await t.db
      .selectFrom("ledgerAccounts")
      .select("balanceCents")
      .where("id", "=", `user:${user}:available`)
      .executeTakeFirstOrThrow();
    expect(Number(mine.balanceCents)).toBe(100);
    expect((await verifyLedger(t.db)).problems).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the platform's ledger accounts [postgres, row locks]", () => {
  it("a member's top-up and new sale commit while another member's are still uncommitted: no shared row to wait for", async () => {
    const database = await createTestDatabase("postgres");
    const db = database.db;
    try {
      const [first, a, b] = [await newUser(db, "first"), await newUser(db, "a"), await newUser(db, "b")];
      // The platform's accounts exist (the very first movement creates them).
      await deposit(db, first, 100);
      await unitOfWork(db, (tx) =>
        recordCashback(tx, {
          userId: first,
          amountCents: 50,
          commissionCents: 80,
          merchant: "Zalando",
          orderId: "o-0",
          conversionId: "c-0",
          description: "Cashback",
        }),
      );

      let release!: () => void;
      let posted!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const aPosted = new Promise<void>((resolve) => (posted = resolve));
      const aWork = unitOfWork(db, async (tx) => {
        await creditDeposit(tx, { userId: a, amountCents: 2_000, paymentId: "pa", description: "Top-up", provider: "sandbox" });
        await recordCashback(tx, {
          userId: a,
          amountCents: 300,
          commissionCents: 500,
          merchant: "Zalando",
          orderId: "o-a",
          conversionId: "c-a",
          description: "Cashback",
        });
        posted();
        await held; // A stays uncommitted, holding whatever rows it locked
      });
      await aPosted;
      try {
        // B may not wait for any lock A holds: a wait would end in "lock timeout" (55P03), not retried.
        const bResult = await unitOfWork(db, async (tx) => {
          await sql`set local lock_timeout = '2s'`.execute(tx);
          const top = await creditDeposit(tx, {
            userId: b,
            amountCents: 3_000,
            paymentId: "pb",
            description: "Top-up",
            provider: "sandbox",
          });
          await recordCashback(tx, {
            userId: b,
            amountCents: 400,
            commissionCents: 700,
            merchant: "Zalando",
            orderId: "o-b",
            conversionId: "c-b",
            description: "Cashback",
          });
          return top;
        });
        expect(bResult.replayed).toBe(false);
        expect(await getBalances(db, b)).toMatchObject({ availableCents: 3_000, pendingCashbackCents: 400 });
        expect(await getBalances(db, a)).toMatchObject({ availableCents: 0, pendingCashbackCents: 0 });
      } finally {
        release();
        await aWork;
      }
      expect(await getBalances(db, a)).toMatchObject({ availableCents: 2_000, pendingCashbackCents: 300 });
      expect(await balanceFromPostings(db, platformAccount("payment_provider"))).toBe(-(100 + 2_000 + 3_000));
      expect(await balanceFromPostings(db, platformAccount("cashback_margin"))).toBe(30 + 200 + 300);
      expect((await verifyLedger(db)).problems).toEqual([]);
    } finally {
      await database.destroy();
    }
  });
});

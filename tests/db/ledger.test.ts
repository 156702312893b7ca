import { sql } from "kysely";
import { afterAll, expect, it } from "vitest";
import { unitOfWork } from "~/db/unit-of-work.server";
import { notify } from "~/notifications/notifications.server";
import { setSetting } from "~/settings/settings.server";
import { getBalances } from "~/wallet/balances.server";
import { savePayoutMethod } from "~/wallet/payout-methods.server";
import {
  FundsOnHoldError,
  IdempotencyConflictError,
  InsufficientFundsError,
  LedgerError,
  approveWithdrawal,
  cancelWithdrawal,
  completeWithdrawal,
  confirmCashback,
  creditAffiliateBonus,
  creditReferralBonus,
  declineCashback,
  payFromWallet,
  recordCashback,
  rejectWithdrawal,
  requestWithdrawal,
  reverseDeposit,
  userAccount,
} from "~/wallet/ledger.server";
import { describeEachDatabase } from "../support/databases";
import { deposit as depositIn, expectBooksBalance, inTx, newUser as newUserIn, withdraw as withdrawIn } from "../support/ledger";

describeEachDatabase("ledger", (t) => {
  const newUser = (name: string) => newUserIn(t.db, name);
  const deposit = (userId: string, amountCents: number, paymentId?: string, provider?: string) =>
    depositIn(t.db, userId, amountCents, paymentId, provider);
  const withdraw = (userId: string, amountCents: number, key?: string, destination?: string) =>
    withdrawIn(t.db, userId, amountCents, key, destination);
  const balances = async (userId: string) => {
    const b = await getBalances(t.db, userId);
    return {
      availableCents: b.availableCents,
      pendingCashbackCents: b.pendingCashbackCents,
      withdrawalsInProgressCents: b.withdrawalsInProgressCents,
    };
  };
  const state = async (transactionId: string) =>
    (await t.db.selectFrom("withdrawals").select("state").where("transactionId", "=", transactionId).executeTakeFirstOrThrow()).state;

  // `npm run ledger:verify`'s check, after everything this suite did.
  afterAll(async () => {
    await expectBooksBalance(t.db);
  });

  it("a deposit credits the balance once per payment, however often it is delivered", async () => {
    const user = await newUser("dep");
    const paymentId = crypto.randomUUID();
    const first = await deposit(user, 2500, paymentId);
    expect(first).toMatchObject({
      replayed: false,
      transaction: { type: "deposit", status: "completed", direction: "credit", amountCents: 2500, currency: "USD" },
    });
    const again = await Promise.all(Array.from({ length: 50 }, () => deposit(user, 2500, paymentId)));
    expect(again.every((r) => r.replayed && r.transaction.id === first.transaction.id)).toBe(true);
    expect((await getBalances(t.db, user)).availableCents).toBe(2500);
    await expectBooksBalance(t.db);
  });

  it("a withdrawal holds the amount at once; cancel returns it; the same key moves money once", async () => {
    const user = await newUser("wd");
    await deposit(user, 10_000);
    const key = crypto.randomUUID();
    const held = await withdraw(user, 2_500, key);
    expect(held.transaction).toMatchObject({ status: "pending", direction: "debit" });
    expect(await state(held.transaction.id)).toBe("pending");
    expect(await balances(user)).toEqual({ availableCents: 7_500, pendingCashbackCents: 0, withdrawalsInProgressCents: 2_500 });
    const twice = await withdraw(user, 2_500, key);
    expect(twice).toMatchObject({ replayed: true, transaction: { id: held.transaction.id } });
    expect((await getBalances(t.db, user)).availableCents).toBe(7_500);

    const other = await newUser("other");
    await expect(inTx(t.db, (tx) => cancelWithdrawal(tx, { userId: other, transactionId: held.transaction.id }))).rejects.toThrow(
      /no withdrawal/,
    );
    const cancelled = await inTx(t.db, (tx) => cancelWithdrawal(tx, { userId: user, transactionId: held.transaction.id }));
    expect(cancelled.transaction.status).toBe("failed");
    expect(await state(held.transaction.id)).toBe("cancelled");
    expect(await balances(user)).toEqual({ availableCents: 10_000, pendingCashbackCents: 0, withdrawalsInProgressCents: 0 });
    expect((await inTx(t.db, (tx) => cancelWithdrawal(tx, { userId: user, transactionId: held.transaction.id }))).replayed).toBe(true);
    expect((await getBalances(t.db, user)).availableCents).toBe(10_000);
    await expectBooksBalance(t.db);
  });

  it("the payout desk: approved (processing) cannot be cancelled; paid needs approval and a reference; rejected returns funds", async () => {
    const user = await newUser("desk");
    const admin = await newUser("admin");
    await deposit(user, 5_000);
    const a = await withdraw(user, 1_000);
    const b = await withdraw(user, 2_000);

    // Paying before approving is refused: the desk's order is pending → processing → paid.
    await expect(
      inTx(t.db, (tx) => completeWithdrawal(tx, { transactionId: a.transaction.id, adminId: admin, payoutReference: "PP-1" })),
    ).rejects.toBeInstanceOf(LedgerError);
    expect((await inTx(t.db, (tx) => approveWithdrawal(tx, { transactionId: a.transaction.id, adminId: admin }))).replayed).toBe(false);
    expect((await inTx(t.db, (tx) => approveWithdrawal(tx, { transactionId: a.transaction.id, adminId: admin }))).replayed).toBe(true);
    expect(await state(a.transaction.id)).toBe("processing");

    // While an admin pays it, the user can no longer take it back (the money would leave twice).
    await expect(inTx(t.db, (tx) => cancelWithdrawal(tx, { userId: user, transactionId: a.transaction.id }))).rejects.toMatchObject({
      code: "not_pending",
    });
    await expect(
      inTx(t.db, (tx) => completeWithdrawal(tx, { transactionId: a.transaction.id, adminId: admin, payoutReference: "  " })),
    ).rejects.toThrow(/reference/);
    const paid = await inTx(t.db, (tx) =>
      completeWithdrawal(tx, { transactionId: a.transaction.id, adminId: admin, payoutReference: "PP-1" }),
    );
    expect(paid.transaction).toMatchObject({ status: "completed", metadata: { payoutReference: "PP-1" } });
    expect(
      (await inTx(t.db, (tx) => completeWithdrawal(tx, { transactionId: a.transaction.id, adminId: admin, payoutReference: "PP-1" })))
        .replayed,
    ).toBe(true);
    await expect(
      inTx(t.db, (tx) => rejectWithdrawal(tx, { transactionId: a.transaction.id, adminId: admin, reason: "late" })),
    ).rejects.toBeInstanceOf(LedgerError);

    await expect(inTx(t.db, (tx) => rejectWithdrawal(tx, { transactionId: b.transaction.id, adminId: admin, reason: "" }))).rejects.toThrow(
      /reason/,
    );
    await inTx(t.db, (tx) => approveWithdrawal(tx, { transactionId: b.transaction.id, adminId: admin }));
    const rejected = await inTx(t.db, (tx) =>
      rejectWithdrawal(tx, { transactionId: b.transaction.id, adminId: admin, reason: "IBAN closed" }),
    );
    expect(rejected.transaction).toMatchObject({ status: "failed", metadata: { reason: "IBAN closed" } });
    expect(await state(b.transaction.id)).toBe("rejected");
    expect(await balances(user)).toEqual({ availableCents: 4_000, pendingCashbackCents: 0, withdrawalsInProgressCents: 0 });
    await expectBooksBalance(t.db);
  });

  it("an idempotency key answers the first result for the same request and a conflict for another; keys are per user", async () => {
    const alice = await newUser("alice");
    const bob = await newUser("bob");
    await deposit(alice, 10_000);
    await deposit(bob, 10_000);
    const key = crypto.randomUUID();
    const first = await withdraw(alice, 1_500, key);
    expect((await withdraw(alice, 1_500, key)).transaction.id).toBe(first.transaction.id);
    await expect(withdraw(alice, 2_000, key)).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(withdraw(alice, 1_500, key, "someone-else@example.com")).rejects.toBeInstanceOf(IdempotencyConflictError);
    // Bob sending Alice's key is his own request: his own money moves, never Alice's transaction.
    const bobs = await withdraw(bob, 1_500, key);
    expect(bobs).toMatchObject({ replayed: false, transaction: { userId: bob } });
    expect(bobs.transaction.id).not.toBe(first.transaction.id);
    const keys = await t.db
      .selectFrom("transactions")
      .select("idempotencyKey")
      .where("id", "in", [first.transaction.id, bobs.transaction.id])
      .execute();
    expect(keys.map((row) => row.idempotencyKey).sort()).toEqual([`withdrawal:${alice}:${key}`, `withdrawal:${bob}:${key}`].sort());
    expect((await getBalances(t.db, alice)).availableCents).toBe(8_500);
    expect((await getBalances(t.db, bob)).availableCents).toBe(8_500);
  });

  it("refuses to overdraw, and leaves nothing behind", async () => {
    const user = await newUser("poor");
    await deposit(user, 1_500);
    await expect(withdraw(user, 1_501)).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(
      inTx(t.db, (tx) => payFromWallet(tx, { userId: user, amountCents: 1_501, description: "Plan", idempotencyKey: "p1" })),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const rows = await t.db.selectFrom("transactions").select("type").where("userId", "=", user).execute();
    expect(rows.map((r) => r.type)).toEqual(["deposit"]);
    expect(await t.db.selectFrom("withdrawals").select("state").where("userId", "=", user).execute()).toEqual([]);
    expect((await getBalances(t.db, user)).availableCents).toBe(1_500);
    await expectBooksBalance(t.db);
  });

  it("a withdrawal writes the caller's own rows with a new request only, and rolls them back with a refused one", async () => {
    const user = await newUser("alongside");
    await deposit(user, 5_000);
    const request = (amountCents: number, key: string) =>
      inTx(t.db, (tx) =>
        requestWithdrawal(tx, {
          userId: user,
          amountCents,
          method: "paypal",
          destination: "along@example.com",
          description: "Withdrawal",
          idempotencyKey: key,
          alongside: () => notify(tx, user, "withdrawalHeld", { amountCents }),
        }),
      );
    const notices = async () => (await t.db.selectFrom("notifications").select("titleKey").where("userId", "=", user).execute()).length;
    expect((await request(2_000, "al-1")).replayed).toBe(false);
    expect(await notices()).toBe(1);
    expect((await request(2_000, "al-1")).replayed).toBe(true);
    expect(await notices()).toBe(1);
    await expect(request(3_001, "al-2")).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await notices()).toBe(1);
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 3_000, withdrawalsInProgressCents: 2_000 });
  });

  it("the payout method of a withdrawal is written only when it changes (no lock on the saved row otherwise)", async () => {
    const user = await newUser("method");
    const saved = () =>
      t.db.selectFrom("payoutMethods").select(["method", "destination", "updatedAt"]).where("userId", "=", user).executeTakeFirstOrThrow();
    await inTx(t.db, (tx) => savePayoutMethod(tx, user, "paypal", "m@example.com"));
    await t.db.updateTable("payoutMethods").set({ updatedAt: "2000-01-01T00:00:00.000Z" }).where("userId", "=", user).execute();
    await inTx(t.db, (tx) => savePayoutMethod(tx, user, "paypal", "m@example.com"));
    expect(await saved()).toEqual({ method: "paypal", destination: "m@example.com", updatedAt: "2000-01-01T00:00:00.000Z" });
    await inTx(t.db, (tx) => savePayoutMethod(tx, user, "bank", "NL91ABNA0417164300"));
    expect(await saved()).toMatchObject({ method: "bank", destination: "NL91ABNA0417164300" });
    expect((await saved()).updatedAt).not.toBe("2000-01-01T00:00:00.000Z");
  });

  it("16 parallel withdrawals on one balance never take it below zero", async () => {
    const user = await newUser("race");
    await deposit(user, 10_000);
    const results = await Promise.allSettled(Array.from({ length: 16 }, () => withdraw(user, 1_000)));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(won).toHaveLength(10);
    for (const failure of lost) expect(failure.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await balances(user)).toEqual({ availableCents: 0, pendingCashbackCents: 0, withdrawalsInProgressCents: 10_000 });
    await expectBooksBalance(t.db);
  });

  it("200 mixed concurrent withdrawals, cancels, approvals and rejections on one user: no error, books balance", async () => {
    const user = await newUser("mixed");
    const admin = await newUser("mixed-admin");
    await deposit(user, 1_000_000);
    const held = await Promise.all(Array.from({ length: 40 }, () => withdraw(user, 1_000)));
    const ids = held.map((r) => r.transaction.id);
    const operations = Array.from({ length: 200 }, (_, i) => {
      const id = ids[i % ids.length]!;
      switch (i % 5) {
        case 0:
          return () => withdraw(user, 1_000 + (i % 7));
        case 1:
          return () => inTx(t.db, (tx) => cancelWithdrawal(tx, { userId: user, transactionId: id }));
        case 2:
          return () => inTx(t.db, (tx) => approveWithdrawal(tx, { transactionId: id, adminId: admin }));
        case 3:
          return () => inTx(t.db, (tx) => rejectWithdrawal(tx, { transactionId: id, adminId: admin, reason: "test" }));
        default:
          return () => deposit(user, 500);
      }
    });
    const results = await Promise.allSettled(operations.map((operation) => operation()));
    // The only refusals allowed are the desk's own rules (e.g. cancelling what an admin approved).
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason, String(result.reason)).toBeInstanceOf(LedgerError);
    }
    const states = await t.db.selectFrom("withdrawals").select(["state", "amountCents"]).where("userId", "=", user).execute();
    const open = states
      .filter((row) => row.state === "pending" || row.state === "processing")
      .reduce((sum, row) => sum + Number(row.amountCents), 0);
    expect((await getBalances(t.db, user)).withdrawalsInProgressCents).toBe(open);
    await expectBooksBalance(t.db);
  });

  it("the database refuses to update or delete ledger rows, and to write an unbalanced or mixed-currency entry", async () => {
    const user = await newUser("immutable");
    const { transaction } = await deposit(user, 100);
    const entry = await t.db.selectFrom("ledgerEntries").select("id").where("transactionId", "=", transaction.id).executeTakeFirstOrThrow();
    await expect(t.db.updateTable("postings").set({ amountCents: 1_000_000 }).where("entryId", "=", entry.id).execute()).rejects.toThrow(
      /immutable/,
    );
    await expect(t.db.deleteFrom("postings").where("entryId", "=", entry.id).execute()).rejects.toThrow(/immutable/);
    await expect(t.db.updateTable("ledgerEntries").set({ memo: "rewritten" }).where("id", "=", entry.id).execute()).rejects.toThrow(
      /immutable/,
    );
    await expect(t.db.deleteFrom("ledgerEntries").where("id", "=", entry.id).execute()).rejects.toThrow(/immutable/);

    const at = new Date().toISOString();
    const write = (amounts: Array<[string, number, string?]>) =>
      t.db.transaction().execute(async (tx) => {
        const entryId = crypto.randomUUID();
        for (const [account, amountCents, currency] of amounts) {
          await tx
            .insertInto("postings")
            .values({
              id: crypto.randomUUID(),
              entryId,
              accountId: account,
              amountCents,
              currency: currency ?? "USD",
              effectiveAt: at,
              createdAt: at,
            })
            .execute();
        }
        await tx
          .insertInto("ledgerEntries")
          .values({ id: entryId, transactionId: transaction.id, memo: "forged", effectiveAt: at, createdAt: at })
          .execute();
      });
    // Money from nowhere: one side only.
    await expect(write([[userAccount(user, "available"), 5_000]])).rejects.toThrow(/unbalanced|does not balance/);
    await expect(
      write([
        [userAccount(user, "available"), 5_000],
        ["platform:payment_provider", -4_999],
      ]),
    ).rejects.toThrow(/unbalanced|does not balance/);
    await expect(
      write([
        [userAccount(user, "available"), 5_000, "EUR"],
        ["platform:payment_provider", -5_000, "EUR"],
      ]),
    ).rejects.toThrow(/currency|unbalanced/);
    // Postings without their entry: refused at commit.
    await expect(
      t.db.transaction().execute(async (tx) => {
        await tx
          .insertInto("postings")
          .values({
            id: crypto.randomUUID(),
            entryId: crypto.randomUUID(),
            accountId: userAccount(user, "available"),
            amountCents: 7,
            effectiveAt: at,
            createdAt: at,
          })
          .execute();
      }),
    ).rejects.toThrow();
    // A posting added to an existing (sealed) entry, even a zero-sum pair.
    await expect(
      t.db.transaction().execute(async (tx) => {
        await tx
          .insertInto("postings")
          .values({
            id: crypto.randomUUID(),
            entryId: entry.id,
            accountId: userAccount(user, "available"),
            amountCents: 7,
            effectiveAt: at,
            createdAt: at,
          })
          .execute();
        await tx
          .insertInto("postings")
          .values({
            id: crypto.randomUUID(),
            entryId: entry.id,
            accountId: "platform:payment_provider",
            amountCents: -7,
            effectiveAt: at,
            createdAt: at,
          })
          .execute();
      }),
    ).rejects.toThrow(/sealed/);
    expect((await getBalances(t.db, user)).availableCents).toBe(100);
    await expect(
      t.db.updateTable("ledgerAccounts").set({ balanceCents: -1 }).where("id", "=", userAccount(user, "available")).execute(),
    ).rejects.toThrow();
    await expectBooksBalance(t.db);
  });

  it("cashback is pending until confirmed (then available) or declined (then gone)", async () => {
    const user = await newUser("cb");
    const record = (amountCents: number, merchant: string, conversionId: string) =>
      inTx(t.db, (tx) =>
        recordCashback(tx, { userId: user, amountCents, merchant, orderId: `${merchant}-1`, conversionId, description: "Cashback" }),
      );
    const a = await record(450, "Zalando", "c1");
    const b = await record(300, "IKEA", "c2");
    expect((await record(450, "Zalando", "c1")).replayed).toBe(true);
    expect(await balances(user)).toEqual({ availableCents: 0, pendingCashbackCents: 750, withdrawalsInProgressCents: 0 });
    await inTx(t.db, (tx) => confirmCashback(tx, { transactionId: a.transaction.id }));
    await inTx(t.db, (tx) => declineCashback(tx, { transactionId: b.transaction.id }));
    expect(await balances(user)).toEqual({ availableCents: 450, pendingCashbackCents: 0, withdrawalsInProgressCents: 0 });
    await expectBooksBalance(t.db);
  });

  it("bonuses credit once per key; a purchase debits the wallet", async () => {
    const user = await newUser("bonus");
    await inTx(t.db, (tx) =>
      creditReferralBonus(tx, { userId: user, amountCents: 1_000, description: "Referral bonus", idempotencyKey: "ref-1" }),
    );
    await inTx(t.db, (tx) =>
      creditReferralBonus(tx, { userId: user, amountCents: 1_000, description: "Referral bonus", idempotencyKey: "ref-1" }),
    );
    await inTx(t.db, (tx) =>
      creditAffiliateBonus(tx, { userId: user, amountCents: 290, description: "Affiliate bonus", idempotencyKey: "aff-1" }),
    );
    const purchase = await inTx(t.db, (tx) =>
      payFromWallet(tx, { userId: user, amountCents: 900, description: "Starter plan", idempotencyKey: "buy-1" }),
    );
    expect(purchase.transaction).toMatchObject({ type: "purchase", direction: "debit" });
    expect((await getBalances(t.db, user)).availableCents).toBe(390);
    await expectBooksBalance(t.db);
  });

  it("card top-ups are withdrawable only after the hold; the sandbox has none; the hold is an admin setting", async () => {
    const user = await newUser("hold");
    const admin = await newUser("hold-admin");
    await deposit(user, 5_000, crypto.randomUUID(), "sandbox");
    await deposit(user, 20_000, crypto.randomUUID(), "stripe");
    const b = await getBalances(t.db, user);
    expect(b).toMatchObject({ availableCents: 25_000, onHoldCents: 20_000, withdrawableCents: 5_000 });
    await withdraw(user, 5_000);
    const refused = await withdraw(user, 1_000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FundsOnHoldError);
    expect((refused as FundsOnHoldError).withdrawableCents).toBe(0);
    await inTx(t.db, (tx) => setSetting(tx, "cardDepositHoldDays", 0, { id: admin, clientAddress: "203.0.113.9" }));
    expect((await withdraw(user, 1_000)).replayed).toBe(false);
    const audit = await t.db
      .selectFrom("auditLog")
      .select(["action", "subject", "before", "after", "clientAddress"])
      .where("actorId", "=", admin)
      .execute();
    // The audit row holds the old and the new value, and where the change came from.
    expect(audit).toEqual([
      {
        action: "setting.changed",
        subject: "setting:cardDepositHoldDays",
        before: '{"cardDepositHoldDays":7}',
        after: '{"cardDepositHoldDays":0}',
        clientAddress: "203.0.113.9",
      },
    ]);
    await inTx(t.db, (tx) => setSetting(tx, "cardDepositHoldDays", 7, admin));
  });

  it("a reversed top-up takes back what is available; the rest is owed and repaid from the next credits", async () => {
    const user = await newUser("reversal");
    const paymentId = crypto.randomUUID();
    await deposit(user, 10_000, paymentId);
    await withdraw(user, 7_000);
    const reversal = {
      userId: user,
      amountCents: 10_000,
      paymentId,
      reversalKey: "evt_refund_1",
      reason: "refund" as const,
      description: "Top-up refunded",
      provider: "sandbox",
    };
    const first = await inTx(t.db, (tx) => reverseDeposit(tx, reversal));
    expect(first).toMatchObject({
      replayed: false,
      owedCents: 7_000,
      transaction: { type: "deposit", direction: "debit", amountCents: 10_000 },
    });
    expect(await inTx(t.db, (tx) => reverseDeposit(tx, reversal))).toMatchObject({ replayed: true, owedCents: 7_000 });
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 0, owedCents: 7_000, withdrawalsInProgressCents: 7_000 });
    await deposit(user, 5_000);
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 0, owedCents: 2_000 });
    await inTx(t.db, (tx) =>
      creditReferralBonus(tx, { userId: user, amountCents: 2_500, description: "Referral bonus", idempotencyKey: "rev-ref" }),
    );
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 500, owedCents: 0 });
    await expectBooksBalance(t.db);
  });

  it("a held amount that comes back repays a debt first: a refunded top-up cannot be cashed out", async () => {
    const user = await newUser("owed-cancel");
    const paymentId = crypto.randomUUID();
    await deposit(user, 10_000, paymentId);
    const held = await withdraw(user, 7_000);
    await inTx(t.db, (tx) =>
      reverseDeposit(tx, {
        userId: user,
        amountCents: 10_000,
        paymentId,
        reversalKey: "oc-1",
        reason: "refund",
        description: "Refunded",
        provider: "sandbox",
      }),
    );
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 0, owedCents: 7_000, withdrawalsInProgressCents: 7_000 });
    await inTx(t.db, (tx) => cancelWithdrawal(tx, { userId: user, transactionId: held.transaction.id }));
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 0, owedCents: 0, withdrawalsInProgressCents: 0 });
    await expect(withdraw(user, 7_000)).rejects.toBeInstanceOf(InsufficientFundsError);
    await expectBooksBalance(t.db);
  });

  it("a credit that races a reversal of the same user's top-up still repays the new debt", async () => {
    const user = await newUser("owed-race");
    const paymentId = crypto.randomUUID();
    await deposit(user, 10_000, paymentId);
    await inTx(t.db, (tx) => payFromWallet(tx, { userId: user, amountCents: 8_001, description: "Plan", idempotencyKey: "race-plan" }));
    let reversed!: () => void;
    const reversing = new Promise<void>((resolve) => (reversed = resolve));
    const reversal = unitOfWork(t.db, async (tx) => {
      await reverseDeposit(tx, {
        userId: user,
        amountCents: 10_000,
        paymentId,
        reversalKey: "race-1",
        reason: "dispute",
        description: "Disputed",
        provider: "sandbox",
      });
      reversed();
      await new Promise((resolve) => setTimeout(resolve, 300)); // still uncommitted
    });
    await reversing;
    const credit = deposit(user, 5_000);
    await Promise.all([reversal, credit]);
    // 1,999 was left to take back, 8,001 became owed; the 5,000 credit repays 5,000 of it.
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 0, owedCents: 3_001 });
    await expectBooksBalance(t.db);
  });

  it("a refunded card top-up is no longer on hold", async () => {
    const user = await newUser("hold-refund");
    await deposit(user, 5_000, crypto.randomUUID(), "sandbox");
    const card = crypto.randomUUID();
    await deposit(user, 20_000, card, "stripe");
    const { transaction } = await inTx(
      t.db,
      async (tx) =>
        (await tx.selectFrom("transactions").select("id").where("orderId", "=", card).executeTakeFirstOrThrow()) as { id: string } & Record<
          string,
          never
        >,
    ).then((row) => ({ transaction: row }));
    // The payment row a real top-up has, fully refunded.
    const at = new Date().toISOString();
    await t.db
      .insertInto("payments")
      .values({
        id: card,
        userId: user,
        provider: "stripe",
        providerSessionId: null,
        providerChargeId: null,
        amountCents: 20_000,
        status: "paid",
        idempotencyKey: `t:${card}`,
        transactionId: transaction.id,
        reversedCents: 20_000,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    await inTx(t.db, (tx) =>
      reverseDeposit(tx, {
        userId: user,
        amountCents: 20_000,
        paymentId: card,
        reversalKey: "hr-1",
        reason: "refund",
        description: "Refunded",
        provider: "stripe",
      }),
    );
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 5_000, onHoldCents: 0, withdrawableCents: 5_000 });
    expect((await withdraw(user, 5_000)).replayed).toBe(false);
  });

  it("the unit of work retries a serialization failure and commits the work once", async () => {
    let calls = 0;
    const user = await newUser("retry");
    const result = await unitOfWork(t.db, async (tx) => {
      calls++;
      await tx
        .updateTable("users")
        .set({ name: `retry ${calls}` })
        .where("id", "=", user)
        .execute();
      if (calls < 3) throw Object.assign(new Error("could not serialize access"), { code: "40001" });
      return calls;
    });
    expect(result).toBe(3);
    expect((await t.db.selectFrom("users").select("name").where("id", "=", user).executeTakeFirstOrThrow()).name).toBe("retry 3");
    await expect(unitOfWork(t.db, async () => Promise.reject(new Error("not retried")))).rejects.toThrow("not retried");
  });

  it("refuses amounts that are not positive whole cents", async () => {
    const user = await newUser("amounts");
    for (const bad of [0, -5, 1.5, Number.NaN]) await expect(deposit(user, bad)).rejects.toThrow(/amount/);
    const rows = await sql<{ n: number }>`select count(*) as n from transactions where user_id = ${user}`.execute(t.db);
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });
});

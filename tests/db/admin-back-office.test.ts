/**
 * The back office's own modules on a real database: the dashboard's figures equal the ledger's,
 * the reconciliation run records what the ledger check finds (and notices a tampered balance), and
 * the audit log keeps before/after and client address and is filtered and paged.
 */
import { sql } from "kysely";
import { afterAll, expect, it } from "vitest";
import { adminOverview } from "~/admin/dashboard.server";
import { lastReconciliation, platformBalances, runReconciliation } from "~/admin/reconciliation.server";
import { audit, changedFields, listAudit } from "~/audit/audit.server";
import { getSetting, setSetting } from "~/settings/settings.server";
import { withdrawalSchema } from "~/wallet/amounts";
import { getBalances } from "~/wallet/balances.server";
import { approveWithdrawal, confirmCashback, creditAffiliateBonus, creditReferralBonus, recordCashback } from "~/wallet/ledger.server";
import { describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, inTx, newUser, withdraw } from "../support/ledger";

describeEachDatabase("back office", (t) => {
  afterAll(async () => {
    await expectBooksBalance(t.db);
  });

  it("the dashboard's figures are the ledger's: owed to users, withdrawals, deposits, margin, bonuses, commissions, cashback per week", async () => {
    const before = await adminOverview(t.db);
    const alice = await newUser(t.db, "alice");
    const bob = await newUser(t.db, "bob");
    const admin = await newUser(t.db, "admin");
    await deposit(t.db, alice, 10_000);
    await deposit(t.db, bob, 4_000);
    const first = await withdraw(t.db, alice, 2_500);
    await withdraw(t.db, alice, 1_500);
    await inTx(t.db, (tx) => approveWithdrawal(tx, { transactionId: first.transaction.id, adminId: admin }));
    const cashback = await inTx(t.db, (tx) =>
      recordCashback(tx, {
        userId: bob,
        amountCents: 750,
        commissionCents: 1_000,
        merchant: "Shop",
        orderId: "o-1",
        conversionId: crypto.randomUUID(),
        description: "Cashback",
      }),
    );
    await inTx(t.db, (tx) =>
      recordCashback(tx, {
        userId: alice,
        amountCents: 300,
        commissionCents: 400,
        merchant: "Shop",
        orderId: "o-2",
        conversionId: crypto.randomUUID(),
        description: "Cashback",
      }),
    );
    await inTx(t.db, (tx) => confirmCashback(tx, { transactionId: cashback.transaction.id }));
    await inTx(t.db, (tx) =>
      creditReferralBonus(tx, { userId: bob, amountCents: 1_000, description: "Referral", idempotencyKey: crypto.randomUUID() }),
    );
    await inTx(t.db, (tx) =>
      creditAffiliateBonus(tx, { userId: alice, amountCents: 580, description: "Commission", idempotencyKey: crypto.randomUUID() }),
    );

    const after = await adminOverview(t.db);
    // What the platform owes users is the sum of every user's balances, as the wallet shows them.
    let owed = 0;
    const userIds = await t.db.selectFrom("users").select("id").execute();
    for (const { id } of userIds) {
      const b = await getBalances(t.db, id);
      owed += b.availableCents + b.pendingCashbackCents + b.withdrawalsInProgressCents;
    }
    expect(after.owedToUsersCents).toBe(owed);
    expect(after.owedToUsersCents - before.owedToUsersCents).toBe(10_000 + 4_000 + 750 + 300 + 1_000 + 580);
    expect(after.withdrawals.pending.count - before.withdrawals.pending.count).toBe(1);
    expect(after.withdrawals.pending.cents - before.withdrawals.pending.cents).toBe(1_500);
    expect(after.withdrawals.processing.cents - before.withdrawals.processing.cents).toBe(2_500);
    expect(after.deposits.allTimeCents - before.deposits.allTimeCents).toBe(14_000);
    expect(after.deposits.last30DaysCents - before.deposits.last30DaysCents).toBe(14_000);
    // The margin is the networks' commission less the members' share: (1000 - 750) + (400 - 300).
    expect(after.marginCents - before.marginCents).toBe(350);
    expect(after.bonusesPaidCents - before.bonusesPaidCents).toBe(1_000);
    expect(after.commissionsPaidCents - before.commissionsPaidCents).toBe(580);
    expect(after.users.total - before.users.total).toBe(3);
    expect(after.users.perDay).toHaveLength(30);
    expect(after.users.perDay.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(after.users.perDay.reduce((sum, day) => sum + day.count, 0)).toBe(after.users.newLast30Days);
    // The margin figure is the platform account's own balance.
    const margin = (await platformBalances(t.db)).find((account) => account.kind === "cashback_margin");
    expect(margin?.balanceCents).toBe(after.marginCents);
    expect(after.cashbackWeeks).toHaveLength(12);
  });

  it("the cashback pipeline counts members' shares by the week of the purchase and by status", async () => {
    const user = await newUser(t.db, "pipeline");
    const nowMs = Date.parse("2026-11-18T12:00:00.000Z"); // a Wednesday
    const conversion = (status: string, occurredAt: string, cents: number) =>
      t.db
        .insertInto("conversions")
        .values({
          id: crypto.randomUUID(),
          network: "sandbox",
          networkTransactionId: crypto.randomUUID(),
          transactionId: null,
          clickId: null,
          userId: user,
          storeId: null,
          saleAmountCents: cents * 10,
          commissionCents: cents,
          cashbackCents: cents,
          currency: "USD",
          status: status as "pending",
          occurredAt,
          createdAt: occurredAt,
          updatedAt: occurredAt,
        })
        .execute();
    const baseline = await adminOverview(t.db, nowMs);
    await conversion("pending", "2026-11-16T08:00:00.000Z", 100); // Monday of this week
    await conversion("confirmed", "2026-11-17T08:00:00.000Z", 200);
    await conversion("declined", "2026-11-15T23:00:00.000Z", 400); // Sunday: the week before
    await conversion("reversed", "2026-11-09T10:00:00.000Z", 800); // Monday, the week before
    await conversion("unmatched", "2026-11-17T08:00:00.000Z", 1_600); // no member's cashback yet: not counted
    const weeks = (await adminOverview(t.db, nowMs)).cashbackWeeks;
    const delta = (week: string) => {
      const a = weeks.find((w) => w.week === week)!;
      const b = baseline.cashbackWeeks.find((w) => w.week === week)!;
      return {
        pending: a.pendingCents - b.pendingCents,
        confirmed: a.confirmedCents - b.confirmedCents,
        declined: a.declinedCents - b.declinedCents,
      };
    };
    expect(weeks.at(-1)!.week).toBe("2026-11-16");
    expect(delta("2026-11-16")).toEqual({ pending: 100, confirmed: 200, declined: 0 });
    expect(delta("2026-11-09")).toEqual({ pending: 0, confirmed: 0, declined: 1_200 });
  });

  it("the minimum withdrawal is an admin setting, audited, and the ledger holds every request to it", async () => {
    const user = await newUser(t.db, "minimum");
    const admin = await newUser(t.db, "minimum-admin");
    await deposit(t.db, user, 10_000);
    expect(await getSetting(t.db, "minWithdrawalCents")).toBe(1_000);
    await inTx(t.db, (tx) => setSetting(tx, "minWithdrawalCents", 2_500, { id: admin, clientAddress: "192.0.2.1" }));
    try {
      await expect(withdraw(t.db, user, 2_000)).rejects.toThrow(/below the minimum withdrawal/);
      expect((await getBalances(t.db, user)).availableCents).toBe(10_000);
      expect((await withdraw(t.db, user, 2_500)).replayed).toBe(false);
      const rows = await t.db
        .selectFrom("auditLog")
        .select(["action", "before", "after"])
        .where("subject", "=", "setting:minWithdrawalCents")
        .where("actorId", "=", admin)
        .execute();
      expect(rows).toEqual([{ action: "setting.changed", before: '{"minWithdrawalCents":1000}', after: '{"minWithdrawalCents":2500}' }]);
      // The form's rule follows the setting too.
      const form = (amount: string) =>
        withdrawalSchema("en", 10_000, 2_500).safeParse({
          amount,
          method: "paypal",
          destination: "me@example.com",
          idempotencyKey: crypto.randomUUID(),
        });
      expect(form("24.99").success).toBe(false);
      expect(form("25").success).toBe(true);
    } finally {
      await inTx(t.db, (tx) => setSetting(tx, "minWithdrawalCents", 1_000, admin));
    }
  });

  it("a reconciliation run records the ledger check, and notices a tampered balance", async () => {
    const user = await newUser(t.db, "reconcile");
    await deposit(t.db, user, 1_234);
    const good = await runReconciliation(t.db, { trigger: "schedule" });
    expect(good.ok).toBe(true);
    expect(good.problems).toEqual([]);
    expect(good.accounts).toBeGreaterThan(0);
    expect(await lastReconciliation(t.db)).toMatchObject({ id: good.id, ok: true, trigger: "schedule" });

    const account = `user:${user}:available`;
    await t.db
      .updateTable("ledgerAccounts")
      .set({ balanceCents: sql`balance_cents + 1` })
      .where("id", "=", account)
      .execute();
    try {
      const bad = await runReconciliation(t.db, { trigger: "admin", requestedBy: user });
      expect(bad.ok).toBe(false);
      expect(bad.problems.join("\n")).toContain(account);
      expect(await lastReconciliation(t.db)).toMatchObject({ id: bad.id, ok: false, trigger: "admin" });
    } finally {
      await t.db
        .updateTable("ledgerAccounts")
        .set({ balanceCents: sql`balance_cents - 1` })
        .where("id", "=", account)
        .execute();
    }
  });

  it("the audit log keeps before, after and the client address, and is filtered by action family, admin, subject and date", async () => {
    const admin = await newUser(t.db, "auditor");
    const other = await newUser(t.db, "other-auditor");
    const adminEmail = (await t.db.selectFrom("users").select("email").where("id", "=", admin).executeTakeFirstOrThrow()).email;
    const change = changedFields({ role: "user", name: "Ann" }, { role: "admin", name: "Ann" });
    expect(change).toEqual({ before: { role: "user" }, after: { role: "admin" } });
    expect(changedFields({ role: "user" }, { role: "user" })).toBeNull();
    const subject = `user:${crypto.randomUUID()}`;
    await inTx(t.db, (tx) =>
      audit(tx, { actorId: admin, action: "user.role-changed", subject, ...change!, clientAddress: "198.51.100.4" }),
    );
    await inTx(t.db, (tx) =>
      audit(tx, { actorId: admin, action: "user.suspended", subject, before: { suspended: false }, after: { suspended: true } }),
    );
    await inTx(t.db, (tx) => audit(tx, { actorId: other, action: "withdrawal.approved", subject: `withdrawal:${crypto.randomUUID()}` }));

    const family = await listAudit(t.db, { action: "user", subject });
    expect(family.items.map((row) => row.action)).toEqual(["user.suspended", "user.role-changed"]);
    const roleRow = family.items[1]!;
    expect(roleRow).toMatchObject({
      before: { role: "user" },
      after: { role: "admin" },
      clientAddress: "198.51.100.4",
      actor: { id: admin, email: adminEmail },
    });
    // "user" is a family: it does not match actions that merely start with the same letters.
    await inTx(t.db, (tx) => audit(tx, { actorId: admin, action: "users-export", subject }));
    expect((await listAudit(t.db, { action: "user", subject })).total).toBe(2);
    expect((await listAudit(t.db, { action: "user.suspended", subject })).total).toBe(1);

    const byAdmin = await listAudit(t.db, { actorEmail: adminEmail.slice(0, 12).toUpperCase() });
    expect(byAdmin.items.every((row) => row.actor?.id === admin)).toBe(true);
    expect(byAdmin.total).toBe(3);
    // `%` and `_` typed into the filters match literally.
    expect((await listAudit(t.db, { actorEmail: "%" })).total).toBe(0);
    expect((await listAudit(t.db, { subject: "user:%" })).total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    expect((await listAudit(t.db, { subject, from: today, to: today })).total).toBe(3);
    expect((await listAudit(t.db, { subject, to: "2020-01-01" })).total).toBe(0);

    const paged = await listAudit(t.db, { subject, pageSize: 2, page: 2 });
    expect(paged).toMatchObject({ page: 2, pageCount: 2, total: 3 });
    expect(paged.items).toHaveLength(1);
  });
});

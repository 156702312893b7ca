/**
 * The demo seed tells one story (#24), read through the pages' own loaders where a page shows it:
 * the demo member joined before anything in their history happened ("Member since" on the wallet
 * and the profile is that day), the referral bonuses of the seeded referral history are the
 * programme's amounts the referral page promises, the balance of $2,456.78 is the sum of the
 * available account's postings, nothing is dated in the future, and the pages count the same things.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "demo-seed-test-secret-0123456789-0123456789";

import { loader as profileLoader } from "~/routes/($locale)._app.profile/route";
import { loader as referralsLoader } from "~/routes/($locale)._app.referrals/route";
import { loader as transactionsLoader } from "~/routes/($locale)._app.transactions";
import { loader as walletLoader } from "~/routes/($locale)._app.wallet";
import { REFERRAL_WINDOW_DAYS } from "~/referrals/rules";
import { getSettings } from "~/settings/settings.server";
import { findUserByEmail } from "~/users/users.server";
import { balanceFromPostings, getBalances } from "~/wallet/balances.server";
import { userAccount } from "~/wallet/ledger.server";
import { verifyLedger } from "~/wallet/verify.server";
import { DEMO_MEMBER_SINCE_DAYS, DEMO_USER, seedDemoData } from "../../db/seed";
import { sessionCookie, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { transactionAmounts } from "../support/ledger";
import { answer } from "../support/route-answer";
import { DAY_MS } from "../support/time";

const APP = "http://localhost:3000";

describeEachDatabase("the demo seed's story", (t) => {
  const nowMs = Date.now();
  let demoId = "";
  let cookie = "";

  useAppDatabase(t, async () => {
    await seedDemoData(t.db, nowMs);
    const demo = (await findUserByEmail(t.db, DEMO_USER.email))!;
    demoId = demo.id;
    cookie = await sessionCookie(t.db, { id: demo.id, role: "user" }, { remember: false });
  });

  /** A page's loader data, as the demo member opening it. */
  const page = async (loader: (args: LoaderFunctionArgs) => Promise<unknown>, path: string) => {
    const reply = await answer(() =>
      loader({ request: new Request(`${APP}${path}`, { headers: { Cookie: cookie } }), params: { locale: "en" }, context: {} }),
    );
    expect(reply.status).toBe(200);
    return reply.body;
  };

  /** The earliest moment of the demo member's history: money, visits, referred friends. */
  async function firstHistory(): Promise<string> {
    const earliestOfMember = (table: "transactions" | "clicks") =>
      t.db
        .selectFrom(table)
        .select((eb) => eb.fn.min("createdAt").as("first"))
        .where("userId", "=", demoId)
        .executeTakeFirstOrThrow();
    const [transaction, entry, click, referral] = await Promise.all([
      earliestOfMember("transactions"),
      t.db
        .selectFrom("ledgerEntries")
        .innerJoin("transactions", "transactions.id", "ledgerEntries.transactionId")
        .select((eb) => eb.fn.min("ledgerEntries.effectiveAt").as("first"))
        .where("transactions.userId", "=", demoId)
        .executeTakeFirstOrThrow(),
      earliestOfMember("clicks"),
      t.db
        .selectFrom("referrals")
        .select((eb) => eb.fn.min("createdAt").as("first"))
        .where("referrerId", "=", demoId)
        .executeTakeFirstOrThrow(),
    ]);
    const firsts = [transaction.first, entry.first, click.first, referral.first].map(String);
    return firsts.sort()[0]!;
  }

  it("the demo member joined before the first entry of their history, and the pages say so", async () => {
    const demo = (await findUserByEmail(t.db, DEMO_USER.email))!;
    expect(demo.createdAt).toBe(new Date(nowMs - DEMO_MEMBER_SINCE_DAYS * DAY_MS).toISOString());
    const first = await firstHistory();
    // History from months ago (the first top-up 120 days back, a referred friend 130 days back).
    expect(nowMs - Date.parse(first)).toBeGreaterThan(100 * DAY_MS);
    expect(Date.parse(demo.createdAt)).toBeLessThanOrEqual(Date.parse(first));
    // The wallet's "Member since" and the profile's show that day.
    expect((await page(walletLoader, "/en/wallet")).memberSince).toBe(demo.createdAt);
    expect((await page(profileLoader, "/en/profile")).profile.user.createdAt).toBe(demo.createdAt);
  });

  it("no seeded account has history from before it was opened (members, friends, the partner and their businesses, the admin)", async () => {
    const users = await t.db.selectFrom("users").select(["id", "email", "createdAt"]).execute();
    const earliest = new Map<string, string>();
    const note = (userId: string | null, at: string | null) => {
      if (!userId || !at) return;
      const known = earliest.get(userId);
      if (!known || at < known) earliest.set(userId, at);
    };
    for (const row of await t.db.selectFrom("transactions").select(["userId", "createdAt"]).execute()) note(row.userId, row.createdAt);
    for (const row of await t.db.selectFrom("referrals").select(["referrerId", "createdAt"]).execute()) note(row.referrerId, row.createdAt);
    for (const row of await t.db.selectFrom("clicks").select(["userId", "createdAt"]).execute()) note(row.userId, row.createdAt);
    for (const row of await t.db.selectFrom("withdrawals").select(["approvedBy", "approvedAt", "decidedBy", "decidedAt"]).execute()) {
      note(row.approvedBy, row.approvedAt);
      note(row.decidedBy, row.decidedAt);
    }
    const early = users.filter((user) => earliest.has(user.id) && earliest.get(user.id)! < user.createdAt);
    expect(early.map((user) => `${user.email} opened ${user.createdAt}, history from ${earliest.get(user.id)}`)).toEqual([]);
  });

  it("the seeded referral bonuses are the amounts the referral page promises", async () => {
    const settings = await getSettings(t.db);
    const { terms, friends } = await page(referralsLoader, "/en/referrals");
    expect(terms).toMatchObject({ referrerCents: settings.referralBonusReferrerCents, friendCents: settings.referralBonusFriendCents });
    // Every paid referral of the demo member: the bonus shown, the amounts recorded, the transactions paid.
    const paid = await t.db.selectFrom("referrals").selectAll().where("referrerId", "=", demoId).where("status", "=", "paid").execute();
    expect(paid.length).toBeGreaterThan(0);
    for (const referral of paid) {
      expect(Number(referral.referrerBonusCents)).toBe(settings.referralBonusReferrerCents);
      expect(Number(referral.friendBonusCents)).toBe(settings.referralBonusFriendCents);
      const [mine, theirs] = await Promise.all(
        [referral.referrerTransactionId, referral.friendTransactionId].map((id) =>
          t.db.selectFrom("transactions").select(["userId", "amountCents", "type"]).where("id", "=", id!).executeTakeFirstOrThrow(),
        ),
      );
      expect(mine).toMatchObject({ userId: demoId, type: "referral", amountCents: settings.referralBonusReferrerCents });
      expect(theirs).toMatchObject({ userId: referral.referredUserId, type: "referral", amountCents: settings.referralBonusFriendCents });
      expect(Date.parse(referral.createdAt)).toBeLessThan(Date.parse(referral.paidAt!));
      // The friend qualified: confirmed cashback of at least the qualifying amount, within the window, by the day.
      expect(referral.qualifiedAt! <= referral.paidAt!).toBe(true);
      expect(Date.parse(referral.qualifiedAt!) - Date.parse(referral.createdAt)).toBeLessThanOrEqual(REFERRAL_WINDOW_DAYS * DAY_MS);
      const cashback = await t.db
        .selectFrom("transactions")
        .select((eb) => eb.fn.sum<number | string | null>("amountCents").as("total"))
        .where("userId", "=", referral.referredUserId)
        .where("type", "=", "cashback")
        .where("status", "=", "completed")
        .where("direction", "=", "credit")
        .where("updatedAt", "<=", referral.qualifiedAt!)
        .executeTakeFirstOrThrow();
      expect(Number(cashback.total ?? 0)).toBeGreaterThanOrEqual(settings.referralQualifyingCents);
    }
    expect(
      friends.filter((friend: { status: string }) => friend.status === "paid").map((friend: { bonusCents: number }) => friend.bonusCents),
    ).toEqual(paid.map(() => settings.referralBonusReferrerCents));
    // The demo member's referral bonuses in the ledger are those of the paid referrals, no other.
    expect(await transactionAmounts(t.db, demoId, "referral")).toEqual(paid.map(() => settings.referralBonusReferrerCents));
  });

  it("the balance of $2,456.78 is the sum of the available account's postings, and the books balance", async () => {
    const balances = await getBalances(t.db, demoId);
    expect(balances.availableCents).toBe(245_678);
    expect(await balanceFromPostings(t.db, userAccount(demoId, "available"))).toBe(245_678);
    expect(await balanceFromPostings(t.db, userAccount(demoId, "pending_cashback"))).toBe(balances.pendingCashbackCents);
    expect((await verifyLedger(t.db)).problems).toEqual([]);
  });

  it("nothing in the demo member's history is dated after the seed ran, and each step follows the one before", async () => {
    const now = new Date(nowMs).toISOString();
    const transactions = await t.db.selectFrom("transactions").select(["createdAt", "updatedAt"]).where("userId", "=", demoId).execute();
    for (const row of transactions) {
      expect(row.createdAt <= now).toBe(true);
      expect(row.createdAt <= row.updatedAt).toBe(true);
    }
    const withdrawals = await t.db
      .selectFrom("withdrawals")
      .innerJoin("transactions", "transactions.id", "withdrawals.transactionId")
      .select([
        "withdrawals.createdAt",
        "withdrawals.approvedAt",
        "withdrawals.decidedAt",
        "withdrawals.state",
        "transactions.updatedAt as settledAt",
      ])
      .where("withdrawals.userId", "=", demoId)
      .execute();
    expect(withdrawals.length).toBeGreaterThan(0);
    for (const row of withdrawals) {
      // Requested, approved, paid: in that order, on the days the history says (not the seed's day).
      expect(row.state).toBe("paid");
      expect(row.createdAt < row.approvedAt!).toBe(true);
      expect(row.approvedAt! <= row.decidedAt!).toBe(true);
      expect(row.decidedAt).toBe(row.settledAt);
    }
    const friends = await t.db
      .selectFrom("referrals")
      .innerJoin("users", "users.id", "referrals.referredUserId")
      .select(["users.createdAt as joinedAt", "referrals.createdAt"])
      .where("referrals.referrerId", "=", demoId)
      .execute();
    for (const friend of friends) {
      expect(friend.createdAt <= now).toBe(true);
      expect(friend.joinedAt).toBe(friend.createdAt);
    }
  });

  it("the pages count the same things: purchases, cashback rows and store visits; paid referrals and bonuses", async () => {
    const { profile } = await page(profileLoader, "/en/profile");
    const cashbackRows = await page(transactionsLoader, "/en/transactions?type=cashback");
    const visits = await t.db.selectFrom("clicks").select("id").where("userId", "=", demoId).execute();
    expect(profile.purchases).toBe(cashbackRows.list.total);
    expect(visits).toHaveLength(cashbackRows.list.total);
    // Earned on the profile: the confirmed cashback and the bonuses the transactions page lists.
    const confirmedCashback = await page(transactionsLoader, "/en/transactions?type=cashback&status=completed");
    const bonuses = await page(transactionsLoader, "/en/transactions?type=referral");
    expect(profile.earnedCents).toBe(confirmedCashback.list.summary.inCents + bonuses.list.summary.inCents);
    const { friends } = await page(referralsLoader, "/en/referrals");
    expect(friends.filter((friend: { status: string }) => friend.status === "paid")).toHaveLength(bonuses.list.total);
  });
});

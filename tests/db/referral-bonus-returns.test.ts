/**
 * Referral bonuses follow the cashback they reward (#25, finding 9). Six sign-ups through one link
 * whose purchases the network approved and then declined paid $60 of bonuses for nothing: now an
 * approval is not enough, the bonus waits until the qualifying cashback is past its store's return
 * window (the confirmation job pays it then, once however often it runs), and a bonus whose
 * cashback is returned later is taken back on both sides, what the member no longer has recorded
 * as owed; replays change nothing and the books balance.
 */
import { expect, it } from "vitest";
import { ingestConversion, type ConversionEvent } from "~/cashback/conversions.server";
import { payDueReferralBonuses } from "~/referrals/referrals.server";
import { getBalances } from "~/wallet/balances.server";
import { SEED_STORES } from "../../db/seed-data/stores";
import { seedContent } from "../../db/seed";
import { visitStore } from "../support/clicks";
import { conversionEvent } from "../support/conversions";
import { describeEachDatabase } from "../support/databases";
import { expectBooksBalance, inTx, newUser, withdraw } from "../support/ledger";
import { referFriend } from "../support/referrals";
import { DAY_MS } from "../support/time";

const store = SEED_STORES[0]!;

describeEachDatabase("referral bonuses and returns", (t) => {
  const ingest = (event: ConversionEvent) => inTx(t.db, (tx) => ingestConversion(tx, event));
  const balances = (user: string) => getBalances(t.db, user);
  const referral = (friend: string) =>
    t.db.selectFrom("referrals").selectAll().where("referredUserId", "=", friend).executeTakeFirstOrThrow();
  const referralMoves = (user: string) =>
    t.db
      .selectFrom("transactions")
      .select(["direction", "amountCents"])
      .where("userId", "=", user)
      .where("type", "=", "referral")
      .execute();

  async function friendOf(referrer: string, index: number) {
    await seedContent(t.db);
    const clientAddress = `198.51.100.${10 + index}`;
    const { friend, outcome } = await referFriend(t.db, referrer, `friend-${index}`, { clientAddress });
    expect(outcome).toBe("recorded");
    return { friend, clickId: await visitStore(t.db, friend, store.slug, { clientAddress }) };
  }
  /** A $200 purchase (commission $20.00, cashback $18.00) made today: its return window is still open. */
  const purchase = (clickId: string, status: ConversionEvent["status"]): ConversionEvent =>
    conversionEvent({ transactionId: `ORDER-${clickId}`, clickId, saleAmountCents: 20_000, commissionCents: 2_000, status });

  it("six sign-ups through one link, purchases approved then declined: no bonus is paid", async () => {
    const referrer = await newUser(t.db, "one-link");
    const friends = [];
    for (let i = 0; i < 6; i++) friends.push(await friendOf(referrer, i));
    for (const { clickId } of friends) expect((await ingest(purchase(clickId, "approved"))).outcome).toBe("confirmed");
    // Approved, but still inside the stores' return windows: nothing yet.
    expect((await balances(referrer)).availableCents).toBe(0);
    for (const { friend } of friends) expect(await referral(friend)).toMatchObject({ status: "pending", qualifiedAt: null });
    for (const { clickId } of friends) expect((await ingest(purchase(clickId, "declined"))).outcome).toBe("reversed");
    // Long after: the job finds nothing settled to pay for.
    expect(await payDueReferralBonuses(t.db, { now: new Date(Date.now() + 200 * DAY_MS) })).toEqual({ qualified: 0 });
    expect((await balances(referrer)).availableCents).toBe(0);
    expect(await referralMoves(referrer)).toEqual([]);
    for (const { friend } of friends) {
      expect(await referralMoves(friend)).toEqual([]);
      expect(await balances(friend)).toMatchObject({ availableCents: 0, owedCents: 0 });
    }
    await expectBooksBalance(t.db);
  });

  it("pays once the cashback is past its return window (once, however often the job runs); a later return takes both back, the shortfall owed", async () => {
    const referrer = await newUser(t.db, "settled-link");
    const { friend, clickId } = await friendOf(referrer, 7);
    await ingest(purchase(clickId, "approved"));
    expect((await balances(referrer)).availableCents).toBe(0);
    const conversion = await t.db.selectFrom("conversions").select("confirmsAt").where("clickId", "=", clickId).executeTakeFirstOrThrow();
    const before = new Date(Date.parse(conversion.confirmsAt!) - 60_000);
    const after = new Date(Date.parse(conversion.confirmsAt!) + 60_000);
    expect(await payDueReferralBonuses(t.db, { now: before })).toEqual({ qualified: 0 });
    expect(await payDueReferralBonuses(t.db, { now: after })).toEqual({ qualified: 1 });
    expect(await payDueReferralBonuses(t.db, { now: after })).toEqual({ qualified: 0 });
    expect((await balances(referrer)).availableCents).toBe(1_000);
    expect((await balances(friend)).availableCents).toBe(1_800 + 1_000);
    expect(await referral(friend)).toMatchObject({ status: "paid", bonusReversedAt: null });

    // The friend withdraws $20.00; then the store reports the return after all.
    await withdraw(t.db, friend, 2_000);
    const declined = purchase(clickId, "declined");
    expect((await ingest(declined)).outcome).toBe("reversed");
    for (let i = 0; i < 3; i++) expect((await ingest(declined)).outcome).toBe("unchanged");
    expect(await balances(referrer)).toMatchObject({ availableCents: 0, owedCents: 0 });
    // $8.00 left: the $18.00 cashback takes it and $10.00 is owed, the $10.00 bonus is owed in full.
    expect(await balances(friend)).toMatchObject({ availableCents: 0, owedCents: 2_000 });
    const row = await referral(friend);
    expect(row).toMatchObject({ status: "paid", bonusReversedAt: expect.any(String) });
    expect(row.referrerReversalTransactionId).toBeTruthy();
    expect(row.friendReversalTransactionId).toBeTruthy();
    expect((await referralMoves(referrer)).map((move) => move.direction).sort()).toEqual(["credit", "debit"]);
    expect((await referralMoves(friend)).map((move) => move.direction).sort()).toEqual(["credit", "debit"]);
    const notes = await t.db.selectFrom("notifications").select("titleKey").where("userId", "=", referrer).execute();
    expect(notes.map((note) => note.titleKey)).toContain("events.referralBonusReversed.title");
    // Not paid again by the job.
    expect(await payDueReferralBonuses(t.db, { now: new Date(Date.now() + 300 * DAY_MS) })).toEqual({ qualified: 0 });
    expect((await balances(referrer)).availableCents).toBe(0);
    await expectBooksBalance(t.db);
  });
});

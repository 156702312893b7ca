/**
 * The partner programme on the ledger: a partner's commission on a referred business's
 * subscription payment is recorded once per payment under replays, held for 30 days, released by
 * the job once however often it runs, cancelled by a refund before release and reversed (shortfall
 * owed) by a refund after; only partners earn, and the books balance.
 */
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { getPartnerOverview, onSubscriptionPaid, onSubscriptionRefunded, releaseDueCommissions } from "~/partner/commissions.server";
import { cancelAndRefund, subscribeWithWallet } from "~/plans/subscriptions.server";
import { recordReferral } from "~/referrals/referrals.server";
import { createUser } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import { describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, inTx, newUser, withdraw } from "../support/ledger";
import { planId } from "../support/plans";
import { DAY_MS } from "../support/time";

const GROWTH = 7_900;
const COMMISSION = 1_580; // 20 % of $79.00

describeEachDatabase("partner programme", (t) => {
  async function referred(role: "partner" | "user" = "partner") {
    const referrer = await createUser(t.db, { email: `ref-${randomUUID()}@example.com`, name: "Referrer", role });
    const business = await newUser(t.db, "business");
    const email = (await t.db.selectFrom("users").select("email").where("id", "=", business).executeTakeFirstOrThrow()).email;
    await inTx(t.db, (tx) =>
      recordReferral(tx, {
        referrerId: referrer.id,
        referrerEmail: referrer.email,
        clientAddress: "unknown",
        referrerDevice: false,
        referredUserId: business,
        referredEmail: email,
      }),
    );
    await deposit(t.db, business, 20_000);
    return { partner: referrer.id, business };
  }
  const subscribe = async (business: string, key: string = randomUUID()) => {
    const plan = await planId(t.db, "growth");
    return inTx(t.db, (tx) => subscribeWithWallet(tx, { userId: business, planId: plan, idempotencyKey: key }));
  };
  const commissions = (partner: string) => t.db.selectFrom("partnerCommissions").selectAll().where("partnerId", "=", partner).execute();
  const affiliateTx = (partner: string) =>
    t.db.selectFrom("transactions").selectAll().where("userId", "=", partner).where("type", "=", "affiliate").execute();

  it("records the commission once per payment under replays, held and off the ledger until release", async () => {
    const { partner, business } = await referred();
    const key = randomUUID();
    await planId(t.db, "growth");
    await Promise.all([1, 2, 3].map(() => subscribe(business, key)));
    await subscribe(business, key);
    const payment = await t.db.selectFrom("subscriptionPayments").select("id").where("userId", "=", business).executeTakeFirstOrThrow();
    await Promise.all([1, 2].map(() => inTx(t.db, (tx) => onSubscriptionPaid(tx, payment.id))));
    const rows = await commissions(partner);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ businessId: business, subscriptionPaymentId: payment.id, status: "held", rateBps: 2_000 });
    expect(Number(rows[0]!.amountCents)).toBe(COMMISSION);
    expect(Number(rows[0]!.paymentAmountCents)).toBe(GROWTH);
    expect(new Date(rows[0]!.releaseAt).getTime() - new Date(rows[0]!.paidAt).getTime()).toBe(30 * DAY_MS);
    expect(await affiliateTx(partner)).toHaveLength(0);
    const overview = await getPartnerOverview(t.db, partner);
    expect(overview).toMatchObject({ heldCents: COMMISSION, availableCents: 0 });
    expect(overview.businesses).toHaveLength(1);
    expect(overview.months.at(-1)!.cents).toBe(COMMISSION);
    await expectBooksBalance(t.db);
  });

  it("only partners earn: a member's referral or an unreferred business earns nothing", async () => {
    const { partner: member, business } = await referred("user");
    await subscribe(business);
    expect(await commissions(member)).toHaveLength(0);
    const alone = await newUser(t.db, "alone");
    await deposit(t.db, alone, 10_000);
    await subscribe(alone);
    expect(await t.db.selectFrom("partnerCommissions").select("id").where("businessId", "=", alone).execute()).toHaveLength(0);
  });

  it("releases after 30 days: the job run twice (and concurrently) releases once", async () => {
    const { partner, business } = await referred();
    await subscribe(business);
    await releaseDueCommissions(t.db, Date.now() + 29 * DAY_MS);
    expect((await commissions(partner))[0]).toMatchObject({ status: "held" });
    const later = Date.now() + 31 * DAY_MS;
    await Promise.all([releaseDueCommissions(t.db, later), releaseDueCommissions(t.db, later)]);
    await releaseDueCommissions(t.db, later);
    expect((await commissions(partner))[0]).toMatchObject({ status: "available" });
    const credits = await affiliateTx(partner);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ status: "completed", direction: "credit" });
    expect((await getBalances(t.db, partner)).availableCents).toBe(COMMISSION);
    await expectBooksBalance(t.db);
  });

  it("a refund before release cancels the commission: nothing is ever credited", async () => {
    const { partner, business } = await referred();
    await subscribe(business);
    await inTx(t.db, (tx) => cancelAndRefund(tx, { userId: business }));
    expect((await commissions(partner))[0]).toMatchObject({ status: "cancelled" });
    await releaseDueCommissions(t.db, Date.now() + 31 * DAY_MS);
    expect((await commissions(partner))[0]).toMatchObject({ status: "cancelled" });
    expect(await affiliateTx(partner)).toHaveLength(0);
    expect((await getBalances(t.db, partner)).availableCents).toBe(0);
    await expectBooksBalance(t.db);
  });

  it("a refund after release reverses it from the available balance; the shortfall is owed", async () => {
    const { partner, business } = await referred();
    await subscribe(business);
    await releaseDueCommissions(t.db, Date.now() + 31 * DAY_MS);
    // The partner withdraws $10.00 of the $15.80 before the refund.
    await withdraw(t.db, partner, 1_000);
    await inTx(t.db, (tx) => cancelAndRefund(tx, { userId: business }));
    const payment = await t.db.selectFrom("subscriptionPayments").select("id").where("userId", "=", business).executeTakeFirstOrThrow();
    await inTx(t.db, (tx) => onSubscriptionRefunded(tx, payment.id)); // a replay changes nothing
    const [row] = await commissions(partner);
    expect(row).toMatchObject({ status: "reversed" });
    expect(row!.reversalTransactionId).toBeTruthy();
    const moves = await affiliateTx(partner);
    expect(moves.map((m) => m.direction).sort()).toEqual(["credit", "debit"]);
    const balances = await getBalances(t.db, partner);
    expect(balances.availableCents).toBe(0);
    expect(balances.owedCents).toBe(1_000);
    // The next credit repays what is owed first.
    await deposit(t.db, partner, 1_500);
    expect(await getBalances(t.db, partner)).toMatchObject({ availableCents: 500, owedCents: 0 });
    await expectBooksBalance(t.db);
  });
});

/**
 * Referrals on each database: a referred friend's settled cashback (confirmed and past its return
 * window) of purchases within 90 days reaching the qualifying amount pays both bonuses once
 * (replays, concurrent approvals), self-referral is refused, sign-ups from the referrer's address
 * or device wait for an admin, two smaller confirmations add up, and a return after the bonus takes
 * both bonuses back (#25, finding 9; more in referral-bonus-returns.test.ts). The sales here are
 * dated 100 days back, past every store's return window, unless a test says otherwise.
 */
import { expect, it } from "vitest";
import { ingestConversion, type ConversionEvent } from "~/cashback/conversions.server";
import {
  approveReferral,
  displayStatus,
  inviteFriend,
  normaliseEmail,
  recordReferral,
  referredFriends,
  rejectReferral,
} from "~/referrals/referrals.server";
import { setSetting } from "~/settings/settings.server";
import { createUser } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import { SEED_STORES } from "../../db/seed-data/stores";
import { seedContent } from "../../db/seed";
import { visitStore } from "../support/clicks";
import { conversionEvent } from "../support/conversions";
import { describeEachDatabase } from "../support/databases";
import { expectBooksBalance, inTx, newUser } from "../support/ledger";
import { referFriend } from "../support/referrals";
import { DAY_MS } from "../support/time";

const SECRET = "test-secret-0123456789-0123456789";
const store = SEED_STORES[0]!;
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
const FRIEND_IP = "203.0.113.50";
/** Past every store's return window (at most 90 days in the seed): an approval settles at once. */
const SETTLED_AT = () => new Date(Date.now() - 100 * DAY_MS).toISOString();

function sale(clickId: string, commissionCents: number, overrides: Partial<ConversionEvent> = {}): ConversionEvent {
  return conversionEvent({
    clickId,
    saleAmountCents: commissionCents * 10,
    commissionCents,
    status: "approved",
    occurredAt: SETTLED_AT(),
    ...overrides,
  });
}

describeEachDatabase("referrals", (t) => {
  const ingest = (event: ConversionEvent) => inTx(t.db, (tx) => ingestConversion(tx, event));
  const click = async (userId: string) => {
    await seedContent(t.db);
    return visitStore(t.db, userId, store.slug, { clientAddress: FRIEND_IP, secret: SECRET, userAgent: browser });
  };
  const refer = async (options: { clientAddress?: string; referrerDevice?: boolean } = {}) => {
    const referrer = await newUser(t.db, "referrer");
    const clientAddress = options.clientAddress ?? FRIEND_IP;
    return { referrer, ...(await referFriend(t.db, referrer, "friend", { ...options, clientAddress })) };
  };
  const referral = (friend: string) =>
    t.db.selectFrom("referrals").selectAll().where("referredUserId", "=", friend).executeTakeFirstOrThrow();
  const available = async (user: string) => (await getBalances(t.db, user)).availableCents;
  const bonuses = (user: string) =>
    t.db.selectFrom("transactions").select(["amountCents", "metadata"]).where("userId", "=", user).where("type", "=", "referral").execute();
  const titles = async (user: string) =>
    (await t.db.selectFrom("notifications").select("titleKey").where("userId", "=", user).orderBy("createdAt").execute()).map(
      (n) => n.titleKey.split(".")[1],
    );

  it("pays both bonuses once when the friend's confirmed cashback reaches $10, however often the approval is replayed", async () => {
    const { referrer, friend, outcome } = await refer();
    expect(outcome).toBe("recorded");
    const clickId = await click(friend);
    // 2,000 commission × 90 % = $18.00 confirmed cashback: qualifies at once.
    const event = sale(clickId, 2_000);
    expect((await ingest(event)).outcome).toBe("confirmed");
    for (let i = 0; i < 10; i++) expect((await ingest(event)).outcome).toBe("unchanged");
    // A later confirmation pays nothing more.
    await ingest(sale(clickId, 2_000));
    expect(await available(referrer)).toBe(1_000);
    expect(await available(friend)).toBe(1_800 + 1_800 + 1_000);
    expect(await bonuses(referrer)).toHaveLength(1);
    expect(await bonuses(friend)).toHaveLength(1);
    const row = await referral(friend);
    expect(row).toMatchObject({ status: "paid", referrerBonusCents: 1_000, friendBonusCents: 1_000 });
    expect(await titles(referrer)).toEqual(["referralBonusReferrer"]);
    expect(await titles(friend)).toContain("referralBonusFriend");
    expect((await referredFriends(t.db, referrer))[0]).toMatchObject({ status: "paid", bonusCents: 1_000 });
    await expectBooksBalance(t.db);
  });

  it("concurrent approvals of two smaller sales pay the bonus exactly once (no confirmation misses the other's cashback)", async () => {
    for (let round = 0; round < 3; round++) {
      const { referrer, friend } = await refer();
      const clickId = await click(friend);
      // Two sales of $7.20 each: neither alone qualifies, together they do.
      const first = sale(clickId, 800, { status: "pending" });
      const second = sale(clickId, 800, { status: "pending" });
      await ingest(first);
      await ingest(second);
      const approvals = Array.from({ length: 20 }, (_, i) => ({ ...(i % 2 ? first : second), status: "approved" as const }));
      const results = await Promise.all(approvals.map((event) => ingest(event)));
      expect(results.filter((r) => r.outcome === "confirmed")).toHaveLength(2);
      expect(await available(referrer)).toBe(1_000);
      expect(await available(friend)).toBe(1_440 + 1_000);
      expect(await bonuses(referrer)).toHaveLength(1);
      expect((await referral(friend)).status).toBe("paid");
    }
    await expectBooksBalance(t.db);
  });

  it("two smaller confirmations add up to the qualifying amount", async () => {
    const { referrer, friend } = await refer();
    const clickId = await click(friend);
    await ingest(sale(clickId, 800));
    expect(await available(referrer)).toBe(0);
    expect((await referral(friend)).status).toBe("pending");
    await ingest(sale(clickId, 800));
    expect(await available(referrer)).toBe(1_000);
    expect((await referral(friend)).status).toBe("paid");
  });

  it("a return after the bonus takes both back (the friend's shortfall owed); the admin's amounts apply", async () => {
    const admin = await newUser(t.db, "admin");
    await inTx(t.db, async (tx) => {
      await setSetting(tx, "referralBonusReferrerCents", 2_500, admin);
      await setSetting(tx, "referralBonusFriendCents", 500, admin);
    });
    try {
      const { referrer, friend } = await refer();
      const clickId = await click(friend);
      const event = sale(clickId, 2_000);
      await ingest(event);
      expect(await available(referrer)).toBe(2_500);
      expect(await available(friend)).toBe(1_800 + 500);
      // The store takes the sale back: the friend's cashback goes, and both bonuses with it.
      expect((await ingest({ ...event, status: "declined" })).outcome).toBe("reversed");
      expect(await available(friend)).toBe(0);
      expect(await available(referrer)).toBe(0);
      expect(await referral(friend)).toMatchObject({ status: "paid", bonusReversedAt: expect.any(String) });
    } finally {
      await inTx(t.db, async (tx) => {
        await setSetting(tx, "referralBonusReferrerCents", 1_000, admin);
        await setSetting(tx, "referralBonusFriendCents", 1_000, admin);
      });
    }
    await expectBooksBalance(t.db);
  });

  it("refuses self-referral: the same account, or the same mailbox after dots and plus-tags", async () => {
    expect(normaliseEmail("J.o.h.n+x@gmail.com")).toBe("john@gmail.com");
    expect(normaliseEmail("john+shop@example.com")).toBe("john@example.com");
    expect(normaliseEmail("j.ohn@example.com")).toBe("j.ohn@example.com");
    const suffix = crypto.randomUUID().slice(0, 8);
    const referrer = await createUser(t.db, { email: `john${suffix}@gmail.com`, name: "John", emailVerified: true });
    const same = await inTx(t.db, (tx) =>
      recordReferral(tx, {
        referrerId: referrer.id,
        referrerEmail: referrer.email,
        clientAddress: FRIEND_IP,
        referrerDevice: false,
        referredUserId: referrer.id,
        referredEmail: referrer.email,
      }),
    );
    expect(same).toBe("self");
    const alias = await createUser(t.db, { email: `j.o.h.n${suffix}+x@gmail.com`, name: "John again" });
    const aliased = await inTx(t.db, (tx) =>
      recordReferral(tx, {
        referrerId: referrer.id,
        referrerEmail: referrer.email,
        clientAddress: FRIEND_IP,
        referrerDevice: false,
        referredUserId: alias.id,
        referredEmail: alias.email,
      }),
    );
    expect(aliased).toBe("self");
    expect(await t.db.selectFrom("referrals").select("id").where("referrerId", "=", referrer.id).execute()).toEqual([]);
  });

  it("holds a sign-up from the referrer's IP address until an admin approves it, then pays the qualified referral", async () => {
    const referrer = await newUser(t.db, "shared-ip");
    const now = new Date().toISOString();
    await t.db
      .insertInto("sessions")
      .values({
        id: crypto.randomUUID(),
        userId: referrer,
        tokenHash: crypto.randomUUID(),
        remember: 0,
        expiresAt: now,
        revokedAt: null,
        userAgent: browser,
        clientAddress: "198.51.100.9",
        createdAt: now,
        lastSeenAt: now,
        reauthenticatedAt: null,
      })
      .execute();
    const friend = await newUser(t.db, "same-ip-friend");
    const outcome = await inTx(t.db, (tx) =>
      recordReferral(tx, {
        referrerId: referrer,
        referrerEmail: "",
        clientAddress: "198.51.100.9",
        referrerDevice: false,
        referredUserId: friend,
        referredEmail: "other@example.com",
      }),
    );
    expect(outcome).toBe("held");
    expect(await referral(friend)).toMatchObject({ status: "held", holdReason: "same_ip" });
    const clickId = await click(friend);
    await ingest(sale(clickId, 2_000));
    // Qualified, not paid.
    expect(await available(referrer)).toBe(0);
    expect((await referredFriends(t.db, referrer))[0]!.status).toBe("qualified");
    const admin = await newUser(t.db, "admin");
    expect(await inTx(t.db, (tx) => approveReferral(tx, { referralId: "00000000-0000-4000-8000-000000000000", adminId: admin }))).toEqual({
      ok: false,
    });
    const id = (await referral(friend)).id;
    expect(await inTx(t.db, (tx) => approveReferral(tx, { referralId: id, adminId: admin }))).toEqual({ ok: true, paid: true });
    expect(await inTx(t.db, (tx) => approveReferral(tx, { referralId: id, adminId: admin }))).toEqual({ ok: false });
    expect(await available(referrer)).toBe(1_000);
    expect(await available(friend)).toBe(1_800 + 1_000);
    const audit = await t.db.selectFrom("auditLog").select("action").where("subject", "=", `referral:${id}`).execute();
    expect(audit).toEqual([{ action: "referral.approved" }]);

    // The same device is held too; a rejected referral never pays.
    const device = await refer({ referrerDevice: true });
    expect(device.outcome).toBe("held");
    const deviceId = (await referral(device.friend)).id;
    expect(await inTx(t.db, (tx) => rejectReferral(tx, { referralId: deviceId, adminId: admin }))).toEqual({ ok: true, paid: false });
    await ingest(sale(await click(device.friend), 2_000));
    expect(await available(device.referrer)).toBe(0);
    expect((await referral(device.friend)).status).toBe("rejected");
    await expectBooksBalance(t.db);
  });

  it("qualifies only with purchases within 90 days of sign-up; later, the referral shows as expired", async () => {
    /** The friend signed up `days` ago. */
    const signedUpAgo = (friend: string, days: number) =>
      t.db
        .updateTable("referrals")
        .set({ createdAt: new Date(Date.now() - days * DAY_MS).toISOString() })
        .where("referredUserId", "=", friend)
        .execute();
    const late = await refer();
    await signedUpAgo(late.friend, 91);
    // Bought after the 90 days: does not count.
    await ingest(sale(await click(late.friend), 2_000, { occurredAt: new Date().toISOString() }));
    expect(await available(late.referrer)).toBe(0);
    expect((await referral(late.friend)).status).toBe("pending");
    expect((await referredFriends(t.db, late.referrer))[0]!.status).toBe("expired");

    const inTime = await refer();
    await signedUpAgo(inTime.friend, 89);
    await ingest(sale(await click(inTime.friend), 2_000));
    expect(await available(inTime.referrer)).toBe(1_000);
    expect(displayStatus({ status: "pending", qualifiedAt: null, createdAt: new Date().toISOString() })).toBe("signedUp");
  });

  it("records a friend once", async () => {
    const { referrer, friend } = await refer();
    const again = await inTx(t.db, (tx) =>
      recordReferral(tx, {
        referrerId: referrer,
        referrerEmail: "",
        clientAddress: FRIEND_IP,
        referrerDevice: false,
        referredUserId: friend,
        referredEmail: "x@example.com",
      }),
    );
    expect(again).toBe("duplicate");
  });

  it("invites each address once, at most 20 a day, never the member's own address", async () => {
    const member = await createUser(t.db, { email: `inviter-${crypto.randomUUID()}@example.com`, name: "Inviter" });
    const invite = (email: string, nowMs?: number) =>
      inTx(t.db, (tx) => inviteFriend(tx, { referrerId: member.id, email, locale: "en", appUrl: new URL("http://localhost:3000"), nowMs }));
    expect(await invite("Friend@Example.com")).toBe("sent");
    expect(await invite("friend@example.com")).toBe("already");
    expect(await invite(member.email.replace("@", "+tag@"))).toBe("self");
    for (let i = 1; i < 20; i++) expect(await invite(`friend${i}@example.com`)).toBe("sent");
    expect(await invite("one-too-many@example.com")).toBe("limit");
    // A day later, more may go.
    expect(await invite("tomorrow@example.com", Date.now() + DAY_MS + 60_000)).toBe("sent");
    const mail = await t.db.selectFrom("outbox").select("payload").execute();
    const invitation = mail
      .map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string })
      .find((m) => m.to === "friend@example.com");
    expect(invitation?.subject).toBe("Inviter invites you to Cashwise");
    expect(invitation?.text).toMatch(/http:\/\/localhost:3000\/r\/[a-z0-9]{8}/);
  });
});

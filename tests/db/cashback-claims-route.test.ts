/**
 * The missing-cashback claim route (`/cashback/claim/:clickId`), its action called directly on each
 * database: claims are limited to 10 an hour per member. The first ten good claims are received
 * (back to /cashback), the eleventh is refused with 429, "too many attempts" and the minutes to
 * wait (at most the hour), and nothing is stored for it; another member's claims are not counted
 * against this one's. (The browser test, cashback-claims.spec.ts, shows the refusal on the page.)
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "cashback-claims-route-test-secret-0123456789";

import { claimsOf } from "~/cashback/claims.server";
import { RATE_LIMITS } from "~/security/rate-limit.server";
import { action as claimAction } from "~/routes/($locale)._app.cashback_.claim.$clickId";
import { createUser } from "~/users/users.server";
import { seedContent } from "../../db/seed";
import { SEED_STORES } from "../../db/seed-data/stores";
import { sessionCookie, useAppDatabase } from "../support/app-database";
import { visitStore } from "../support/clicks";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";
import { DAY_MS } from "../support/time";

const APP = "http://localhost:3000";

describeEachDatabase("the claim route's rate limit", (t) => {
  useAppDatabase(t, () => seedContent(t.db));

  /** A verified member, signed in (their session cookie), with a visit to a store 10 days ago. */
  async function memberWithVisit(name: string) {
    const user = await createUser(t.db, { email: `${name}-${crypto.randomUUID()}@example.com`, name, emailVerified: true });
    const cookie = await sessionCookie(t.db, { id: user.id, role: "user" }, { remember: false });
    const clickId = await visitStore(t.db, user.id, SEED_STORES[2]!.slug, { daysAgo: 10, secret: process.env.SESSION_SECRET! });
    return { id: user.id, cookie, clickId };
  }

  const orderDate = new Date(Date.now() - 2 * DAY_MS).toISOString().slice(0, 10);
  const claim = (member: { cookie: string; clickId: string }, orderId: string) =>
    answer(() =>
      claimAction({
        request: new Request(`${APP}/en/cashback/claim/${member.clickId}`, {
          method: "POST",
          headers: { Origin: APP, Cookie: member.cookie },
          body: new URLSearchParams({ orderId, orderDate, amount: "10.00" }),
        }),
        params: { locale: "en", clickId: member.clickId },
        context: {},
      }),
    );

  it("receives 10 claims an hour per member; the 11th is refused with the minutes to wait and stores nothing", async () => {
    expect(RATE_LIMITS.cashbackClaim).toEqual({ points: 10, duration: 3_600 });
    const member = await memberWithVisit("many-claims");
    for (let i = 1; i <= 10; i++) {
      const received = await claim(member, `MANY-${i}`);
      expect(received.status, `claim ${i}`).toBe(302);
      expect(received.location, `claim ${i}`).toBe("/en/cashback");
    }
    const refused = await claim(member, "MANY-11");
    expect(refused.status).toBe(429);
    expect(refused.body.result.error[""]).toEqual(["common:errors.tooManyAttemptsMinutes"]);
    // What was typed comes back with the refusal.
    expect(refused.body.result.initialValue).toMatchObject({ orderId: "MANY-11", orderDate, amount: "10.00" });
    expect(refused.body.minutes).toBeGreaterThanOrEqual(59);
    expect(refused.body.minutes).toBeLessThanOrEqual(60);
    const stored = await claimsOf(t.db, member.id);
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.orderId)).not.toContain("MANY-11");

    // The limit is the member's own: another member's claim is received.
    const other = await memberWithVisit("other-claimer");
    expect((await claim(other, "OTHER-1")).status).toBe(302);
    expect(await claimsOf(t.db, other.id)).toHaveLength(1);
    // And the first member is still refused.
    expect((await claim(member, "MANY-12")).status).toBe(429);
  });
});

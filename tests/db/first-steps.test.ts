/**
 * A new member's first steps (app/users/first-steps.server.ts) on each database, each step done the
 * way the product does it: a payout method saved (or a withdrawal asked for), a "Shop now" click (a bot's
 * does not count), an invitation e-mailed or a friend who signed up with the link, the ad tools
 * opened; the list is shown until every step is done or the member hides it, and is the member's own.
 */
import { expect, it } from "vitest";
import { ensureWorkspace } from "~/ads/accounts.server";
import { clickOut } from "~/cashback/clicks.server";
import { inviteFriend, recordReferral } from "~/referrals/referrals.server";
import { dismissFirstSteps, firstSteps } from "~/users/first-steps.server";
import { createUser } from "~/users/users.server";
import { requestWithdrawal } from "~/wallet/ledger.server";
import { savePayoutMethod } from "~/wallet/payout-methods.server";
import { seedContent } from "../../db/seed";
import { SEED_STORES } from "../../db/seed-data/stores";
import { describeEachDatabase } from "../support/databases";
import { deposit, inTx, newUser } from "../support/ledger";

const APP_URL = new URL("http://localhost:3000");
const click = (userAgent: string) => ({
  clientAddress: "203.0.113.9",
  userAgent,
  secret: "first-steps-secret-0123456789-0123456789",
  appUrl: APP_URL,
  sandboxAllowed: true,
  slug: SEED_STORES[0]!.slug,
});
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
const BOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";

const doneOf = async (db: Parameters<typeof firstSteps>[0], userId: string) =>
  Object.fromEntries((await firstSteps(db, userId)).steps.map((step) => [step.key, step.done]));

describeEachDatabase("first steps", (t) => {
  it("starts with nothing done and the list shown, in the order payout, shop, invite, ads", async () => {
    const member = await newUser(t.db, "newcomer");
    const steps = await firstSteps(t.db, member);
    expect(steps.steps.map((step) => step.key)).toEqual(["payout", "shop", "invite", "ads"]);
    expect(steps.steps.every((step) => !step.done)).toBe(true);
    expect(steps).toMatchObject({ doneCount: 0, show: true });
  });

  it("ticks each step from the member's own data, and hides the list once all are done", async () => {
    await seedContent(t.db);
    const member = await newUser(t.db, "stepper");
    const other = await newUser(t.db, "other");

    // Another member's activity ticks nothing here.
    await savePayoutMethod(t.db, other, "paypal", "other@example.com");
    await inTx(t.db, (tx) => clickOut(tx, { ...click(BROWSER), userId: other }));
    await ensureWorkspace(t.db, other, "Other's ads");
    expect(await doneOf(t.db, member)).toEqual({ payout: false, shop: false, invite: false, ads: false });

    await savePayoutMethod(t.db, member, "paypal", "stepper@example.com");
    expect(await doneOf(t.db, member)).toMatchObject({ payout: true, shop: false });

    // A bot's click is not the member shopping; a person's click is.
    await inTx(t.db, (tx) => clickOut(tx, { ...click(BOT), userId: member }));
    expect(await doneOf(t.db, member)).toMatchObject({ shop: false });
    await inTx(t.db, (tx) => clickOut(tx, { ...click(BROWSER), userId: member }));
    expect(await doneOf(t.db, member)).toMatchObject({ shop: true });

    expect(
      await inTx(t.db, (tx) => inviteFriend(tx, { referrerId: member, email: "friend@example.com", locale: "en", appUrl: APP_URL })),
    ).toBe("sent");
    expect(await doneOf(t.db, member)).toMatchObject({ invite: true, ads: false });
    expect(await firstSteps(t.db, member)).toMatchObject({ doneCount: 3, show: true });

    await ensureWorkspace(t.db, member, "My ads");
    expect(await firstSteps(t.db, member)).toMatchObject({ doneCount: 4, show: false });
  });

  it("counts a withdrawal already asked for as a payout method given (accounts from before methods were saved)", async () => {
    const member = await newUser(t.db, "withdrawer");
    await deposit(t.db, member, 5_000);
    await inTx(t.db, (tx) =>
      requestWithdrawal(tx, {
        userId: member,
        amountCents: 2_000,
        method: "paypal",
        destination: "withdrawer@example.com",
        description: "Withdrawal",
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    expect(await doneOf(t.db, member)).toMatchObject({ payout: true, shop: false });
  });

  it("counts a friend who signed up with the member's link as inviting", async () => {
    const member = await createUser(t.db, { email: `referrer-${crypto.randomUUID()}@example.com`, name: "Referrer" });
    const friend = await createUser(t.db, { email: `friend-${crypto.randomUUID()}@example.com`, name: "Friend" });
    await inTx(t.db, (tx) =>
      recordReferral(tx, {
        referrerId: member.id,
        referrerEmail: member.email,
        referrerDevice: false,
        clientAddress: "198.51.100.4",
        referredUserId: friend.id,
        referredEmail: friend.email,
      }),
    );
    expect(await doneOf(t.db, member.id)).toMatchObject({ invite: true });
  });

  it("stays hidden once the member hides it, with the steps still read", async () => {
    const member = await newUser(t.db, "hider");
    await dismissFirstSteps(t.db, member);
    await dismissFirstSteps(t.db, member);
    const steps = await firstSteps(t.db, member);
    expect(steps).toMatchObject({ doneCount: 0, show: false });
    // Another member's list is not hidden by it.
    expect((await firstSteps(t.db, await newUser(t.db, "next"))).show).toBe(true);
  });
});

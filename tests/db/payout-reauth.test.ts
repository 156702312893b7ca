/**
 * The first payout destination needs the same recent proof of identity as changing one (#25
 * finding 6). A member whose session last proved who they are 3 hours ago, with no saved payout
 * method, asks to withdraw the whole balance to a new address: the review and the confirmation both
 * send them to re-authentication, coming back to the withdraw form with what they typed; nothing is
 * held, no payout method is saved. Once re-authenticated the same withdrawal goes through; a later
 * one to the saved destination needs no new proof.
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "payout-reauth-test-secret-0123456789abcdef0123";

import { createSession } from "~/auth/session.server";
import { action as withdrawAction, loader as withdrawLoader } from "~/routes/($locale)._app.dashboard.withdraw/route";
import { createUser } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import { getPayoutMethod } from "~/wallet/payout-methods.server";
import { useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { topUpThroughSandbox } from "../support/payments";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const THREE_HOURS = 3 * 3600_000;

describeEachDatabase("the first payout destination needs re-authentication", (t) => {
  useAppDatabase(t);

  /** A member with a balance, signed in with a session whose last proof of identity was 3 hours ago. */
  async function staleMember(balanceCents: number) {
    const user = await createUser(t.db, { email: `payout-${crypto.randomUUID()}@example.com`, name: "Payout", emailVerified: true });
    await topUpThroughSandbox(t.db, user.id, balanceCents);
    const { setCookie, session } = await createSession(t.db, { id: user.id, role: "user" }, { remember: false });
    const stale = new Date(Date.now() - THREE_HOURS).toISOString();
    await t.db.updateTable("sessions").set({ reauthenticatedAt: stale, createdAt: stale }).where("id", "=", session.id).execute();
    return { id: user.id, sessionId: session.id, cookie: setCookie.split(";")[0]! };
  }

  const withdraw = (who: { cookie: string }, form: Record<string, string>) =>
    answer(() =>
      withdrawAction({
        request: new Request(`${APP}/en/dashboard/withdraw`, {
          method: "POST",
          headers: { Origin: APP, Cookie: who.cookie },
          body: new URLSearchParams({ method: "paypal", destination: "new-place@example.com", ...form }),
        }),
        params: { locale: "en" },
        context: {},
      }),
    );

  it("a stale session with no saved method is sent to re-authentication, and nothing is held or saved", async () => {
    const person = await staleMember(10_000);
    for (const intent of ["review", "confirm"]) {
      const reply = await withdraw(person, { intent, amount: "100.00", idempotencyKey: crypto.randomUUID() });
      expect(reply.status).toBe(302);
      const location = new URL(reply.location!, APP);
      expect(location.pathname).toBe("/en/reauthenticate");
      const back = new URL(location.searchParams.get("redirectTo")!, APP);
      expect(back.pathname).toBe("/en/dashboard/withdraw");
      expect(Object.fromEntries(back.searchParams)).toEqual({ amount: "100.00", method: "paypal" });
    }
    expect(await getBalances(t.db, person.id)).toMatchObject({ availableCents: 10_000, onHoldCents: 0 });
    expect(await getPayoutMethod(t.db, person.id)).toBeUndefined();
    expect(await t.db.selectFrom("withdrawals").select("transactionId").where("userId", "=", person.id).execute()).toEqual([]);

    // Back from re-authentication, the form starts from what was typed.
    const form = await answer(() =>
      withdrawLoader({
        request: new Request(`${APP}/en/dashboard/withdraw?amount=100.00&method=paypal`, {
          headers: { Cookie: person.cookie },
        }),
        params: { locale: "en" },
        context: {},
      }),
    );
    expect(form.body.draft).toEqual({ amount: "100.00", method: "paypal", destination: "" });
  });

  it("re-authenticated, the same withdrawal goes through and saves the method; the saved destination needs no new proof later", async () => {
    const person = await staleMember(10_000);
    await t.db.updateTable("sessions").set({ reauthenticatedAt: new Date().toISOString() }).where("id", "=", person.sessionId).execute();
    const first = await withdraw(person, { intent: "confirm", amount: "40.00", idempotencyKey: crypto.randomUUID() });
    expect(first).toMatchObject({ status: 302, location: "/en/dashboard" });
    expect(await getPayoutMethod(t.db, person.id)).toEqual({ method: "paypal", destination: "new-place@example.com" });

    const stale = new Date(Date.now() - THREE_HOURS).toISOString();
    await t.db.updateTable("sessions").set({ reauthenticatedAt: stale }).where("id", "=", person.sessionId).execute();
    const again = await withdraw(person, { intent: "confirm", amount: "10.00", idempotencyKey: crypto.randomUUID() });
    expect(again).toMatchObject({ status: 302, location: "/en/dashboard" });
    const elsewhere = await withdraw(person, {
      intent: "confirm",
      amount: "10.00",
      destination: "other@example.com",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(new URL(elsewhere.location!, APP).pathname).toBe("/en/reauthenticate");
    expect((await getBalances(t.db, person.id)).availableCents).toBe(10_000 - 4_000 - 1_000);
  });
});

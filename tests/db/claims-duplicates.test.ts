/**
 * One order, one credit (#25, finding 7): an order the network already reported (it has a
 * conversion at that store) cannot be claimed, on the member's form (409, on `orderId`) or in the
 * domain; a claim whose order is reported after it was made cannot be approved (the prefilled
 * commission would credit it a second time); and the admin's queue shows the member's
 * conversions at the store of about the same amount and date as possible duplicates.
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "claims-duplicates-test-secret-0123456789";

import { approveClaim, claimQueue, claimsOf, submitClaim } from "~/cashback/claims.server";
import { ingestConversion, type ConversionEvent } from "~/cashback/conversions.server";
import { action as claimAction } from "~/routes/($locale)._app.cashback_.claim.$clickId";
import { getBalances } from "~/wallet/balances.server";
import { seedContent } from "../../db/seed";
import { SEED_STORES } from "../../db/seed-data/stores";
import { sessionCookie, useAppDatabase } from "../support/app-database";
import { visitStore } from "../support/clicks";
import { conversionEvent } from "../support/conversions";
import { describeEachDatabase } from "../support/databases";
import { expectBooksBalance, inTx, newUser } from "../support/ledger";
import { answer } from "../support/route-answer";
import { DAY_MS } from "../support/time";

const APP = "http://localhost:3000";
const store = SEED_STORES[1]!;

describeEachDatabase("claims for orders already tracked", (t) => {
  useAppDatabase(t, () => seedContent(t.db));

  /** A member with a visit to the store 10 days ago, and the order date 9 days ago. */
  async function member(name: string) {
    const user = await newUser(t.db, name);
    const clickId = await visitStore(t.db, user, store.slug, { daysAgo: 10, secret: process.env.SESSION_SECRET! });
    const orderDate = new Date(Date.now() - 9 * DAY_MS).toISOString().slice(0, 10);
    return { user, clickId, orderDate };
  }
  const tracked = (clickId: string, orderId: string, overrides: Partial<ConversionEvent> = {}) =>
    inTx(t.db, (tx) =>
      ingestConversion(
        tx,
        conversionEvent({
          transactionId: orderId,
          clickId,
          status: "approved",
          occurredAt: new Date(Date.now() - 9 * DAY_MS).toISOString(),
          ...overrides,
        }),
      ),
    );

  it("refuses a claim for an order that has a conversion: in the domain, and on the form (409 on orderId)", async () => {
    const { user, clickId, orderDate } = await member("tracked-claimer");
    await tracked(clickId, "ORD-777");
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 720 });
    // Any case and spacing: the same order.
    expect(
      await inTx(t.db, (tx) => submitClaim(tx, { userId: user, clickId, orderId: " ord-777 ", orderDate, amountCents: 10_000 })),
    ).toEqual({ ok: false, error: "orderTracked" });

    const cookie = await sessionCookie(t.db, { id: user, role: "user" }, { remember: false });
    const reply = await answer(() =>
      claimAction({
        request: new Request(`${APP}/en/cashback/claim/${clickId}`, {
          method: "POST",
          headers: { Origin: APP, Cookie: cookie },
          body: new URLSearchParams({ orderId: "ORD-777", orderDate, amount: "100.00" }),
        }),
        params: { locale: "en", clickId },
        context: {},
      }),
    );
    expect(reply.status).toBe(409);
    expect(reply.body.result.error.orderId).toEqual(["cashback:claim.errors.orderTracked"]);
    expect(await claimsOf(t.db, user)).toEqual([]);
    // Another order of the same visit is still claimable.
    const other = await inTx(t.db, (tx) => submitClaim(tx, { userId: user, clickId, orderId: "ORD-778", orderDate, amountCents: 5_000 }));
    expect(other.ok).toBe(true);
  });

  it("refuses to approve a claim whose order was reported since, and shows look-alike conversions to the admin", async () => {
    const { user, clickId, orderDate } = await member("reported-later");
    const admin = await newUser(t.db, "duplicates-admin");
    const claimed = await inTx(t.db, (tx) => submitClaim(tx, { userId: user, clickId, orderId: "LATE-1", orderDate, amountCents: 10_000 }));
    const lookalike = await inTx(t.db, (tx) =>
      submitClaim(tx, { userId: user, clickId, orderId: "OTHER-ID-9", orderDate, amountCents: 10_200 }),
    );
    if (!claimed.ok || !lookalike.ok) throw new Error("claims refused");
    // The network reports the order after all (tracked and confirmed at once), and a sale far off in amount.
    await tracked(clickId, "LATE-1");
    await tracked(clickId, "FAR-1", { saleAmountCents: 40_000, commissionCents: 3_200 });
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 720 + 2_880 });

    const queue = await claimQueue(t.db, { status: "open", page: 1 });
    const item = (id: string) => queue.items.find((entry) => entry.id === id)!;
    expect(item(claimed.claimId).possibleDuplicates).toMatchObject([{ orderId: "LATE-1", sameOrder: true, status: "confirmed" }]);
    // Another order id, 2% more, the same day: shown; the $400 sale is not.
    expect(item(lookalike.claimId).possibleDuplicates).toMatchObject([{ orderId: "LATE-1", sameOrder: false, saleAmountCents: 10_000 }]);

    expect(await inTx(t.db, (tx) => approveClaim(tx, { claimId: claimed.claimId, adminId: admin, commissionCents: 800 }))).toEqual({
      ok: false,
      error: "orderTracked",
    });
    expect(await getBalances(t.db, user)).toMatchObject({ availableCents: 720 + 2_880, pendingCashbackCents: 0 });
    expect((await claimsOf(t.db, user)).find((c) => c.id === claimed.claimId)?.status).toBe("open");
    const refusal = await t.db.selectFrom("auditLog").select("action").where("subject", "=", `claim:${claimed.claimId}`).execute();
    expect(refusal.map((row) => row.action)).toContain("claim.approve-refused");
    await expectBooksBalance(t.db);
  });
});

/**
 * The transactions page's cards (#24): money in, money out, pending in and pending out, each the
 * sum of the rows the filters select, through the route's own loader. A member with completed,
 * pending and failed rows in both directions (top-ups, cashback, a referral bonus, withdrawals),
 * more than a page of them: for each filter the rows of every page are summed and compared with
 * each card; the CSV export of the same filter sums to the same figures, and the available
 * balance's statement moves by money in less money out and the pending withdrawals held.
 */
import { parse } from "csv-parse/sync";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "transactions-summary-test-secret-0123456789-0123456789";

import { loader as exportLoader } from "~/routes/($locale)._app.transactions_.export";
import { loader as transactionsLoader } from "~/routes/($locale)._app.transactions";
import { createUser } from "~/users/users.server";
import { availableStatement } from "~/wallet/balances.server";
import {
  approveWithdrawal,
  cancelWithdrawal,
  completeWithdrawal,
  confirmCashback,
  creditDeposit,
  creditReferralBonus,
  declineCashback,
  recordCashback,
  requestWithdrawal,
} from "~/wallet/ledger.server";
import { sessionCookie, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { inTx } from "../support/ledger";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";

interface Row {
  id: string;
  status: "completed" | "pending" | "failed";
  direction: "credit" | "debit";
  amountCents: number;
}

interface Cards {
  inCents: number;
  outCents: number;
  pendingInCents: number;
  pendingOutCents: number;
}

/** What the cards should say about these rows: failed rows count in none. */
function sums(rows: readonly Row[]): Cards {
  const sum = (status: Row["status"], direction: Row["direction"]) =>
    rows.filter((row) => row.status === status && row.direction === direction).reduce((total, row) => total + row.amountCents, 0);
  return {
    inCents: sum("completed", "credit"),
    outCents: sum("completed", "debit"),
    pendingInCents: sum("pending", "credit"),
    pendingOutCents: sum("pending", "debit"),
  };
}

describeEachDatabase("transactions: the cards add up to the rows listed", (t) => {
  let userId = "";
  let cookie = "";

  const at = (day: string) => `${day}T12:00:00.000Z`;

  useAppDatabase(t, async () => {
    const user = await createUser(t.db, { email: `cards-${crypto.randomUUID()}@example.com`, name: "Card Reader", emailVerified: true });
    userId = user.id;
    cookie = await sessionCookie(t.db, { id: user.id, role: "user" }, { remember: false });

    // Fourteen small top-ups in March and a large one in April: more than one page of rows.
    for (let i = 0; i < 14; i += 1) {
      await inTx(t.db, (tx) =>
        creditDeposit(tx, {
          userId,
          amountCents: 10_000 + i * 137,
          paymentId: `cards-topup-${i}`,
          description: "Wallet top-up",
          provider: "sandbox",
          at: at(`2026-03-${String(i + 1).padStart(2, "0")}`),
        }),
      );
    }
    await inTx(t.db, (tx) =>
      creditDeposit(tx, {
        userId,
        amountCents: 600_000,
        paymentId: "cards-topup-big",
        description: "Wallet top-up",
        provider: "sandbox",
        at: at("2026-04-01"),
      }),
    );
    await inTx(t.db, (tx) =>
      creditReferralBonus(tx, {
        userId,
        amountCents: 1_000,
        description: "Referral bonus",
        idempotencyKey: "cards-referral",
        at: at("2026-04-02"),
      }),
    );
    // Cashback: one confirmed, one still pending, one declined by the store.
    const cashback = (merchant: string, amountCents: number, orderId: string, day: string) =>
      inTx(t.db, (tx) =>
        recordCashback(tx, {
          userId,
          amountCents,
          merchant,
          orderId,
          conversionId: `cards-${orderId}`,
          description: "Cashback",
          at: at(day),
        }),
      );
    const confirmed = await cashback("Larkstitch", 4_560, "LKS-1", "2026-03-05");
    await inTx(t.db, (tx) => confirmCashback(tx, { transactionId: confirmed.transaction.id, at: at("2026-03-06") }));
    await cashback("Dewmellow", 1_240, "DWM-1", "2026-04-20");
    const declined = await cashback("Hearthwren", 999, "HRW-1", "2026-04-10");
    await inTx(t.db, (tx) => declineCashback(tx, { transactionId: declined.transaction.id }));
    // Withdrawals: one paid out, two still pending ($5,100 together), one cancelled.
    const withdrawal = (amountCents: number, key: string, day: string) =>
      inTx(t.db, (tx) =>
        requestWithdrawal(tx, {
          userId,
          amountCents,
          method: "paypal",
          destination: "cards@example.com",
          description: "Withdrawal",
          idempotencyKey: key,
          at: at(day),
        }),
      );
    const paid = await withdrawal(22_500, crypto.randomUUID(), "2026-03-20");
    await inTx(t.db, async (tx) => {
      await approveWithdrawal(tx, { transactionId: paid.transaction.id, adminId: userId });
      await completeWithdrawal(tx, {
        transactionId: paid.transaction.id,
        adminId: userId,
        payoutReference: "PAYPAL-CARDS",
        at: at("2026-03-21"),
      });
    });
    await withdrawal(300_000, crypto.randomUUID(), "2026-04-15");
    await withdrawal(210_000, crypto.randomUUID(), "2026-04-16");
    const cancelled = await withdrawal(5_000, crypto.randomUUID(), "2026-04-18");
    await inTx(t.db, (tx) => cancelWithdrawal(tx, { userId, transactionId: cancelled.transaction.id }));
  });

  const get = (path: string) => new Request(`${APP}${path}`, { headers: { Cookie: cookie } });

  /** Every page the loader lists for a filter, and its cards. */
  async function listed(search: string): Promise<{ rows: Row[]; cards: Cards; total: number }> {
    const rows: Row[] = [];
    let cards: Cards | undefined;
    let total = 0;
    for (let page = 1, pageCount = 1; page <= pageCount; page += 1) {
      const query = new URLSearchParams(search);
      query.set("page", String(page));
      const reply = await answer(() =>
        transactionsLoader({ request: get(`/en/transactions?${query}`), params: { locale: "en" }, context: {} }),
      );
      expect(reply.status).toBe(200);
      const list = reply.body.list;
      pageCount = list.pageCount;
      total = list.total;
      cards ??= list.summary;
      // Every page carries the same cards: the whole filtered list, not the page.
      expect(list.summary).toEqual(cards);
      rows.push(...(list.items as Row[]));
    }
    return { rows, cards: cards!, total };
  }

  /** The CSV export of the same filter: signed amounts, summed by status. */
  async function exported(search: string): Promise<Cards> {
    const reply = await answer(() =>
      exportLoader({ request: get(`/en/transactions/export?${search}`), params: { locale: "en" }, context: {} }),
    );
    const text = (await reply.response!.text()).replace(/^\uFEFF/, "");
    const records = parse(text, { columns: true }) as Record<string, string>[];
    const cents = (record: Record<string, string>) => Math.round(Number(record.Amount) * 100);
    const sum = (status: string, sign: 1 | -1) =>
      records.filter((r) => r.Status === status && Math.sign(cents(r)) === sign).reduce((total, r) => total + Math.abs(cents(r)), 0);
    return {
      inCents: sum("Completed", 1),
      outCents: sum("Completed", -1),
      pendingInCents: sum("Pending", 1),
      pendingOutCents: sum("Pending", -1),
    };
  }

  const FILTERS = [
    "",
    "type=withdrawal",
    "type=cashback",
    "type=deposit",
    "status=pending",
    "status=completed",
    "status=failed",
    "q=lark",
    "q=paypal",
    "range=custom&from=2026-04-01&to=2026-04-30",
    "range=custom&from=2026-03-03&to=2026-03-09&type=deposit",
    "type=cashback&status=pending",
  ];

  it.each(FILTERS)("each card is the sum of the rows listed, on every page, for the filter %j", async (search) => {
    const { rows, cards, total } = await listed(search);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row.id)).size).toBe(total);
    expect(cards).toEqual(sums(rows));
    // The CSV export of the same filter says the same.
    expect(await exported(search)).toEqual(cards);
  });

  it("keeps money in and money out apart: pending cashback in, pending withdrawals out, failed rows in none", async () => {
    const { rows, cards } = await listed("");
    expect(rows.length).toBeGreaterThan(20);
    const topUps = Array.from({ length: 14 }, (_, i) => 10_000 + i * 137).reduce((a, b) => a + b, 0);
    expect(cards).toEqual({
      inCents: topUps + 600_000 + 1_000 + 4_560,
      outCents: 22_500,
      pendingInCents: 1_240,
      pendingOutCents: 510_000,
    });
    expect((await listed("status=failed")).cards).toEqual({ inCents: 0, outCents: 0, pendingInCents: 0, pendingOutCents: 0 });
    expect((await listed("status=failed")).rows).toHaveLength(2);
  });

  it("the statement of the available balance moves by money in, less money out and the withdrawals held", async () => {
    const { cards } = await listed("");
    const statement = await availableStatement(t.db, userId, { start: "2000-01-01T00:00:00.000Z", end: "2100-01-01T00:00:00.000Z" });
    expect(statement.openingCents).toBe(0);
    expect(statement.closingCents - statement.openingCents).toBe(cards.inCents - cards.outCents - cards.pendingOutCents);
    // March's statement (a month without a withdrawal cancelled later): the same for March's filter.
    const march = await listed("range=custom&from=2026-03-01&to=2026-03-31");
    expect(march.cards.outCents).toBe(22_500);
    const marchStatement = await availableStatement(t.db, userId, { start: "2026-03-01T00:00:00.000Z", end: "2026-04-01T00:00:00.000Z" });
    expect(marchStatement.closingCents - marchStatement.openingCents).toBe(
      march.cards.inCents - march.cards.outCents - march.cards.pendingOutCents,
    );
  });
});

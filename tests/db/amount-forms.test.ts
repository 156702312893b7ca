/**
 * Amounts typed the way each language writes them, through the money forms' actions on each
 * database: in German `12,50` withdraws $12.50 and `42,50` opens a $42.50 checkout; text that a
 * reader of the other convention would take for another amount (`42,50` on an English page, `12.50`
 * on a German one, a lone `1.250`) is refused with the spec's message and the locale's example,
 * comes back as typed, and moves no money. (The browser test in wallet.spec.ts does the same with
 * and without JavaScript.)
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "amount-forms-test-secret-0123456789abcdef";

import { fixedT } from "~/i18n/translator.server";
import { action as addMoneyAction } from "~/routes/($locale)._app.dashboard.add-money";
import { action as withdrawAction } from "~/routes/($locale)._app.dashboard.withdraw/route";
import { createUser } from "~/users/users.server";
import { getBalances } from "~/wallet/balances.server";
import { sessionCookie, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { topUpThroughSandbox } from "../support/payments";
import { answer, formMessages, typedValues } from "../support/route-answer";

const APP = "http://localhost:3000";

describeEachDatabase("amounts in the page's locale", (t) => {
  useAppDatabase(t);

  async function member(balanceCents: number) {
    const user = await createUser(t.db, { email: `amounts-${crypto.randomUUID()}@example.com`, name: "Amounts", emailVerified: true });
    if (balanceCents > 0) await topUpThroughSandbox(t.db, user.id, balanceCents);
    return { id: user.id, cookie: await sessionCookie(t.db, { id: user.id, role: "user" }, { remember: false }) };
  }

  const post = (cookie: string, locale: string, path: string, form: Record<string, string>) =>
    new Request(`${APP}/${locale}${path}`, { method: "POST", headers: { Origin: APP, Cookie: cookie }, body: new URLSearchParams(form) });
  const withdraw = (who: { cookie: string }, locale: string, form: Record<string, string>) =>
    answer(() =>
      withdrawAction({
        request: post(who.cookie, locale, "/dashboard/withdraw", {
          method: "paypal",
          destination: "me@example.com",
          idempotencyKey: crypto.randomUUID(),
          ...form,
        }),
        params: { locale },
        context: {},
      }),
    );
  const addMoney = (who: { cookie: string }, locale: string, amount: string) =>
    answer(() =>
      addMoneyAction({
        request: post(who.cookie, locale, "/dashboard/add-money", { amount, idempotencyKey: crypto.randomUUID() }),
        params: { locale },
        context: {},
      }),
    );

  it("in German, 12,50 is reviewed and withdrawn as $12.50, and the review shows the address in full", async () => {
    const person = await member(25_000);
    const review = await withdraw(person, "de", { amount: "12,50", destination: "alexandra@example.com" });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ review: { amountCents: 1_250, amount: "12,50", destination: "alexandra@example.com" } });
    const key = (review.body as { review: { idempotencyKey: string } }).review.idempotencyKey;
    const confirmed = await withdraw(person, "de", {
      intent: "confirm",
      amount: "12,50",
      destination: "alexandra@example.com",
      idempotencyKey: key,
    });
    expect(confirmed).toMatchObject({ status: 302, location: "/de/dashboard" });
    expect((await getBalances(t.db, person.id)).availableCents).toBe(25_000 - 1_250);
  });

  it("refuses what the other convention reads as another amount, with the locale's example, keeping what was typed", async () => {
    const person = await member(25_000);
    for (const [locale, amount, messages] of [
      ["en", "42,50", ["Please enter a valid amount", "Write amounts like 12.50"]],
      ["de", "12.50", ["Bitte geben Sie einen gültigen Betrag ein", "Schreiben Sie Beträge so: 12,50"]],
      [
        "de",
        "1.250",
        ["Bitte geben Sie einen gültigen Betrag ein", "Geben Sie die Cent mit an, damit der Betrag eindeutig ist, zum Beispiel 1.250,00"],
      ],
      ["en", "1,250", ["Please enter a valid amount", "Add the cents so the amount cannot be misread, like 1,250.00"]],
    ] as const) {
      const refused = await withdraw(person, locale, { amount });
      expect(refused.status, `${locale} ${amount}`).toBe(400);
      expect(formMessages(refused, fixedT(locale, "common")).amount).toEqual(messages);
      expect(typedValues(refused).amount).toBe(amount);
    }
    expect((await getBalances(t.db, person.id)).availableCents).toBe(25_000);
  });

  it("in German, 42,50 opens a checkout for $42.50; in English, 42,50 is refused and no payment starts", async () => {
    const person = await member(0);
    const german = await addMoney(person, "de", "42,50");
    expect(german.status).toBe(302);
    const payment = await t.db.selectFrom("payments").select(["amountCents"]).where("userId", "=", person.id).execute();
    expect(payment).toEqual([{ amountCents: 4_250 }]);
    const english = await addMoney(person, "en", "42,50");
    expect(english.status).toBe(400);
    expect(await t.db.selectFrom("payments").select(["amountCents"]).where("userId", "=", person.id).execute()).toHaveLength(1);
  });
});

/**
 * The loyalty scheme's earning causes beyond cashback (#29), on SQLite and PostgreSQL: a plan paid
 * from the wallet earns 1 point per $1.00 in the payment's unit of work and its money-back refund
 * takes them back; a referral bonus that gets paid earns the referrer 500 points and its reversal
 * takes them back; the `loyalty.daily` job is registered with a daily cron and runs the daily
 * loyalty work, which tells a member their new level; every loyalty notification renders in all
 * five languages, with the level's own text; and `npm run ledger:verify` checks the points of a
 * seeded demo database, whose member is Silver from the demo's confirmed cashback.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { ingestConversion, type ConversionEvent } from "~/cashback/conversions.server";
import { LOCALES, type Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { jobDefinitions } from "~/job-registry.server";
import {
  LOYALTY_DAILY_JOB,
  adjustPoints,
  loyaltyHistory,
  loyaltySummary,
  onCashbackConfirmed,
  redeemPoints,
  runLoyaltyDaily,
} from "~/loyalty/points.server";
import { LOYALTY_LEVELS, addMonths, type LoyaltyLevel } from "~/loyalty/rules";
import { verifyPoints } from "~/loyalty/verify.server";
import { NOTIFICATION_EVENTS } from "~/notifications/notifications.server";
import { notificationValues } from "~/notifications/values";
import { cancelAndRefund, subscribeWithWallet } from "~/plans/subscriptions.server";
import { payDueReferralBonuses } from "~/referrals/referrals.server";
import { setSetting } from "~/settings/settings.server";
import { getBalances } from "~/wallet/balances.server";
import { DEMO_USER, seedContent, seedDemoData } from "../../db/seed";
import { SEED_STORES } from "../../db/seed-data/stores";
import { visitStore } from "../support/clicks";
import { conversionEvent } from "../support/conversions";
import { describeEachDatabase, runScriptOn, withSqliteFile } from "../support/databases";
import { deposit, expectBooksBalance, inTx, newUser } from "../support/ledger";
import { planId } from "../support/plans";
import { recordingMailer } from "../support/recording-mailer";
import { referFriend } from "../support/referrals";
import { DAY_MS } from "../support/time";

const store = SEED_STORES[0]!;
const LOYALTY_EVENTS = Object.keys(NOTIFICATION_EVENTS).filter((event) => event.startsWith("loyalty"));

/** A notification's title and message as the bell shows them in `locale` (the stored keys and values). */
function render(locale: Locale, note: { titleKey: string; messageKey: string; params: Record<string, string | number> }) {
  const t = fixedT(locale, "notifications");
  const values = notificationValues(note.params, locale);
  return { title: String(t(note.titleKey, values)), message: String(t(note.messageKey, values)) };
}

/** The level names in each language (the profile's Member Level). */
const levelName = (locale: Locale, level: LoyaltyLevel) => String(fixedT(locale, "app")(`profile.levels.${level}`));

describeEachDatabase("loyalty earning causes", (t) => {
  const summary = (userId: string) => loyaltySummary(t.db, userId);
  const notes = (userId: string) =>
    t.db
      .selectFrom("notifications")
      .select(["titleKey", "messageKey", "params"])
      .where("userId", "=", userId)
      .where("titleKey", "like", "events.loyalty%")
      .orderBy("createdAt")
      .execute();

  it("a plan paid from the wallet earns 1 point per $1.00 in the same unit of work; its money-back refund takes them back", async () => {
    const user = await newUser(t.db, "plan-payer");
    const starter = await planId(t.db, "starter");
    const price = Number(
      (await t.db.selectFrom("plans").select("priceCents").where("id", "=", starter).executeTakeFirstOrThrow()).priceCents,
    );
    await deposit(t.db, user, 10_000);
    // A unit of work that fails after paying rolls the points back with the payment.
    await expect(
      inTx(t.db, async (tx) => {
        await subscribeWithWallet(tx, { userId: user, planId: starter, idempotencyKey: "rolled-back" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await summary(user)).balancePoints).toBe(0);
    expect(await t.db.selectFrom("loyaltyEntries").select("id").where("userId", "=", user).execute()).toEqual([]);

    const paid = await inTx(t.db, (tx) => subscribeWithWallet(tx, { userId: user, planId: starter, idempotencyKey: "plan-form" }));
    await inTx(t.db, (tx) => subscribeWithWallet(tx, { userId: user, planId: starter, idempotencyKey: "plan-form" }));
    const points = Math.floor(price / 100);
    expect(points).toBeGreaterThan(0);
    expect(await summary(user)).toMatchObject({ balancePoints: points, levelPoints: points });
    const payment = await t.db
      .selectFrom("subscriptionPayments")
      .select(["id", "paidAt"])
      .where("userId", "=", user)
      .executeTakeFirstOrThrow();
    const earned = (await loyaltyHistory(t.db, user)).items;
    expect(earned).toEqual([expect.objectContaining({ kind: "earn", cause: "plan", causeId: payment.id, points, cents: price })]);
    expect(earned[0]!.createdAt).toBe(payment.paidAt);
    expect(paid.replayed).toBe(false);

    // Cancelled within the money-back window: the money and the points go back.
    await inTx(t.db, (tx) => cancelAndRefund(tx, { userId: user }));
    expect(await summary(user)).toMatchObject({ balancePoints: 0, owedPoints: 0, levelPoints: 0 });
    expect((await loyaltyHistory(t.db, user, { filter: "spent" })).items).toEqual([
      expect.objectContaining({ kind: "reverse", cause: "plan", causeId: payment.id, points: -points }),
    ]);
    expect((await getBalances(t.db, user)).availableCents).toBe(10_000);
    await expectBooksBalance(t.db);
  });

  it("a referral bonus that gets paid earns the referrer 500 points; its reversal takes them back (owed when redeemed)", async () => {
    await seedContent(t.db);
    const referrer = await newUser(t.db, "referrer");
    const address = "198.51.100.77";
    const { friend, outcome } = await referFriend(t.db, referrer, "friend", { clientAddress: address });
    expect(outcome).toBe("recorded");
    const clickId = await visitStore(t.db, friend, store.slug, { clientAddress: address });
    const purchase = (status: ConversionEvent["status"]) =>
      conversionEvent({
        transactionId: `REF-${clickId}`,
        clickId: clickId,
        saleAmountCents: 20_000,
        commissionCents: 2_000,
        status,
      });
    await inTx(t.db, (tx) => ingestConversion(tx, purchase("approved")));
    expect((await summary(referrer)).balancePoints).toBe(0);
    const { confirmsAt } = await t.db
      .selectFrom("conversions")
      .select("confirmsAt")
      .where("clickId", "=", clickId)
      .executeTakeFirstOrThrow();
    const after = new Date(Date.parse(confirmsAt!) + 60_000);
    expect(await payDueReferralBonuses(t.db, { now: after })).toEqual({ qualified: 1 });
    expect(await payDueReferralBonuses(t.db, { now: after })).toEqual({ qualified: 0 });
    const referral = await t.db.selectFrom("referrals").select("id").where("referredUserId", "=", friend).executeTakeFirstOrThrow();
    expect(await summary(referrer)).toMatchObject({ balancePoints: 500, levelPoints: 500 });
    expect((await loyaltyHistory(t.db, referrer)).items).toEqual([
      expect.objectContaining({ kind: "earn", cause: "referral", causeId: referral.id, points: 500 }),
    ]);
    // The friend earned their own cashback points (10 per $1.00 of $18.00).
    expect((await summary(friend)).balancePoints).toBe(180);

    // The referrer spends 300 of the points on... nothing redeemable (steps of 1,000): an admin takes 300 off.
    const admin = await newUser(t.db, "admin");
    await inTx(t.db, (tx) =>
      adjustPoints(tx, { userId: referrer, points: -300, reason: "Correction", adminId: admin, idempotencyKey: randomUUID() }),
    );
    // The store reports the return: the bonus is reversed, its 500 points taken back, 300 of them owed.
    expect((await inTx(t.db, (tx) => ingestConversion(tx, purchase("declined")))).outcome).toBe("reversed");
    expect(await summary(referrer)).toMatchObject({ balancePoints: 0, owedPoints: 300 });
    expect((await loyaltyHistory(t.db, referrer, { filter: "spent" })).items).toContainEqual(
      expect.objectContaining({ kind: "reverse", cause: "referral", causeId: referral.id, points: -200, owedPoints: 300 }),
    );
    expect(await summary(friend)).toMatchObject({ balancePoints: 0, owedPoints: 0 });
    // Replays of the return change nothing.
    expect((await inTx(t.db, (tx) => ingestConversion(tx, purchase("declined")))).outcome).toBe("unchanged");
    expect(await summary(referrer)).toMatchObject({ balancePoints: 0, owedPoints: 300 });
    await expectBooksBalance(t.db);
  });

  it("the job registry runs loyalty.daily on a daily cron: it expires what is due", async () => {
    const definition = jobDefinitions({ db: t.db, mailer: recordingMailer(), appUrl: new URL("http://localhost:3000") }).find(
      (job) => job.name === LOYALTY_DAILY_JOB,
    );
    expect(definition).toBeDefined();
    expect(LOYALTY_DAILY_JOB).toBe("loyalty.daily");
    // Once a day: a fixed minute and hour, every day of every month.
    expect(definition!.cron).toMatch(/^\d{1,2} \d{1,2} \* \* \*$/);
    expect(definition!.policy).toBe("stately");
    // Points earned 25 months ago are past their 24 months: the job's run expires them.
    const user = await newUser(t.db, "old-points");
    const earnedAt = addMonths(new Date(Date.now() - DAY_MS).toISOString(), -25);
    await inTx(t.db, (tx) =>
      onCashbackConfirmed(tx, { userId: user, conversionId: `old-${randomUUID()}`, cashbackCents: 7_000 }, { at: earnedAt, quiet: true }),
    );
    expect((await summary(user)).balancePoints).toBe(700);
    await definition!.handler({});
    await definition!.handler({});
    expect((await summary(user)).balancePoints).toBe(0);
    expect((await loyaltyHistory(t.db, user, { filter: "spent" })).items).toEqual([
      expect.objectContaining({ kind: "expire", cause: "expiry", points: -700 }),
    ]);
    expect((await notes(user)).map((note) => note.titleKey)).toContain("events.loyaltyPointsExpired.title");
    await expectBooksBalance(t.db);
  });

  it("a level reached at the daily job (the admin lowered the threshold) is told; so is the way back down", async () => {
    const user = await newUser(t.db, "threshold");
    const admin = { id: await newUser(t.db, "settings-admin"), clientAddress: null };
    await inTx(t.db, (tx) => onCashbackConfirmed(tx, { userId: user, conversionId: `th-${randomUUID()}`, cashbackCents: 15_000 }));
    expect((await summary(user)).level).toBe("bronze");
    try {
      await inTx(t.db, (tx) => setSetting(tx, "loyaltySilverPoints", 1_500, admin));
      const up = await runLoyaltyDaily(t.db);
      expect(up.levelsUp).toBeGreaterThanOrEqual(1);
      expect((await summary(user)).level).toBe("silver");
      expect((await runLoyaltyDaily(t.db)).levelsUp).toBe(0);
    } finally {
      await inTx(t.db, (tx) => setSetting(tx, "loyaltySilverPoints", 2_500, admin));
    }
    expect((await runLoyaltyDaily(t.db)).levelsDown).toBeGreaterThanOrEqual(1);
    expect((await summary(user)).level).toBe("bronze");
    const told = (await notes(user)).map((note) => ({ ...note, params: JSON.parse(note.params) as Record<string, string | number> }));
    expect(told.map((note) => [note.titleKey, note.params.context])).toEqual([
      ["events.loyaltyLevelUp.title", "silver"],
      ["events.loyaltyLevelDown.title", "bronze"],
    ]);
    expect(render("en", told[0]!).title).toBe("You are now a Silver member");
    expect(render("en", told[0]!).message).toContain("9%");
    expect(render("de", told[1]!).message).toContain("Bronze-Mitglied");
    expect(render("de", told[1]!).message).toMatch(/10\s?%/);
  });

  it("every loyalty notification renders in all five languages, with the level's own texts", async () => {
    // The notifications the scheme really sends: levels up and down, a redemption, an adjustment, expiry.
    const user = await newUser(t.db, "all-texts");
    const admin = await newUser(t.db, "texts-admin");
    // 15,000 points earned almost 24 months ago (expiring in 20 days; too old for the level), then 10,000 now: Gold.
    const earnedAt = addMonths(new Date(Date.now() + 20 * DAY_MS).toISOString(), -24);
    await inTx(t.db, (tx) =>
      onCashbackConfirmed(tx, { userId: user, conversionId: `old-${randomUUID()}`, cashbackCents: 150_000 }, { at: earnedAt }),
    );
    await inTx(t.db, (tx) => onCashbackConfirmed(tx, { userId: user, conversionId: `new-${randomUUID()}`, cashbackCents: 100_000 }));
    await inTx(t.db, (tx) => redeemPoints(tx, { userId: user, points: 1_000, idempotencyKey: "texts" }));
    await inTx(t.db, (tx) => adjustPoints(tx, { userId: user, points: 50, reason: "Goodwill", adminId: admin, idempotencyKey: "texts" }));
    await runLoyaltyDaily(t.db); // warns about the 14,000 oldest points left, expiring in 20 days
    await runLoyaltyDaily(t.db, { now: new Date(Date.now() + 21 * DAY_MS) }); // they expire
    const stored = (await notes(user)).map((note) => ({ ...note, params: JSON.parse(note.params) as Record<string, string | number> }));
    const events = new Set(stored.map((note) => note.titleKey.split(".")[1]));
    expect([...events].sort()).toEqual(
      ["loyaltyAdjusted", "loyaltyLevelUp", "loyaltyPointsExpired", "loyaltyPointsExpiring", "loyaltyRedeemed"].sort(),
    );
    // Every level's variant as well: up to Silver, Gold and Platinum, down to Gold, Silver and Bronze.
    const levelNotes = [
      ...LOYALTY_LEVELS.filter((level) => level !== "bronze").map((level) => ({
        titleKey: "events.loyaltyLevelUp.title",
        messageKey: "events.loyaltyLevelUp.message",
        params: { context: level, feePercent: 8 },
      })),
      ...LOYALTY_LEVELS.filter((level) => level !== "platinum").map((level) => ({
        titleKey: "events.loyaltyLevelDown.title",
        messageKey: "events.loyaltyLevelDown.message",
        params: { context: level, feePercent: 9.5, months: 12 },
      })),
    ];
    for (const locale of LOCALES) {
      const english = locale === "en";
      for (const note of [...stored, ...levelNotes]) {
        const { title, message } = render(locale, note);
        for (const text of [title, message]) {
          expect(text, `${locale} ${note.messageKey}`).not.toMatch(/{{|}}|events\.|undefined|NaN/);
          expect(text.trim().length).toBeGreaterThan(3);
        }
        const context = note.params.context as LoyaltyLevel | undefined;
        if (context) {
          // The level's own variant, naming the level in the reader's language.
          const name = levelName(locale, context);
          if (note.titleKey.includes("LevelUp")) expect(title, `${locale} ${context}`).toContain(name);
          else expect(message, `${locale} ${context}`).toContain(name);
          expect(message).toContain(String(notificationValues(note.params, locale).fee));
        }
      }
      // Translated, not English copies.
      if (!english) {
        for (const event of LOYALTY_EVENTS) {
          const key = `events.${event}.title`;
          expect(String(fixedT(locale, "notifications")(key)), `${locale} ${key}`).not.toBe(String(fixedT("en", "notifications")(key)));
        }
      }
    }
    const redeemed = stored.find((note) => note.titleKey === "events.loyaltyRedeemed.title")!;
    expect(render("en", redeemed).message).toBe("1,000 points became $5.00 in your available balance.");
    expect(render("de", redeemed).message).toContain("1.000 Punkte");
    await expectBooksBalance(t.db);
  });
});

it("npm run ledger:verify checks the points of a seeded demo database, whose member is Silver from its confirmed cashback", async () => {
  await withSqliteFile("points", async ({ db, filename }) => {
    await seedDemoData(db);
    const demo = await db.selectFrom("users").select("id").where("email", "=", DEMO_USER.email).executeTakeFirstOrThrow();
    const confirmed = await db
      .selectFrom("conversions")
      .select(["cashbackCents", "reversedCents"])
      .where("userId", "=", demo.id)
      .where("status", "=", "confirmed")
      .execute();
    expect(confirmed.length).toBeGreaterThan(1);
    const expected = confirmed.reduce(
      (sum, row) => sum + Math.floor(((Number(row.cashbackCents) - Number(row.reversedCents)) * 10) / 100),
      0,
    );
    const points = await loyaltySummary(db, demo.id);
    expect(points).toMatchObject({ level: "silver", balancePoints: expected, levelPoints: expected, owedPoints: 0 });
    expect((await verifyPoints(db)).problems).toEqual([]);
    // Seeding again changes nothing.
    await seedDemoData(db);
    expect((await loyaltySummary(db, demo.id)).balancePoints).toBe(expected);

    const run = () => runScriptOn(filename, "scripts/ledger-verify.ts");
    const clean = run();
    expect(clean.stderr).toBe("");
    expect(clean.status).toBe(0);
    expect(clean.stdout).toMatch(/points of [1-9]\d* members \([1-9]\d* entries\) equal their entries/);
    // A cached balance that drifts from its entries fails the check, named.
    await sql`update loyalty_accounts set balance_points = balance_points + 7 where user_id = ${demo.id}`.execute(db);
    const drifted = run();
    expect(drifted.status).toBe(1);
    expect(drifted.stderr).toContain(`points of ${demo.id}: cached balance ${expected + 7} but the entries sum to ${expected}`);
  });
}, 120_000);

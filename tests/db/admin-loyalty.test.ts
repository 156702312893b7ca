/**
 * The loyalty back office (issue #29): the settings' loyalty form (bounds, rising thresholds,
 * falling fees, what was typed kept, each change audited), a member's points on their account page
 * with the manual adjustment (reason required, never more than held, audited, once per form key,
 * a recent proof of identity), the dashboard's points card, and the payout desk's priority for
 * Gold and Platinum members; the routes refuse members, visitors and cross-site posts.
 */
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "admin-loyalty-test-secret-0123456789-0123456789";

import { unitOfWork } from "~/db/unit-of-work.server";
import { adjustPoints, loyaltySummary, loyaltyTotals } from "~/loyalty/points.server";
import { loader as dashboardLoader } from "~/routes/($locale)._admin.admin.dashboard/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/($locale)._admin.admin.settings/route";
import { action as userAction, loader as userLoader } from "~/routes/($locale)._admin.admin.users_.$userId/route";
import { loader as deskLoader } from "~/routes/($locale)._admin.admin.withdrawals/route";
import { getSetting } from "~/settings/settings.server";
import { backOfficeRoutes } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { deposit, expectBooksBalance, newUser, withdraw } from "../support/ledger";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const ADDRESS = "203.0.113.29";

/** The loyalty form as the page renders it with the default settings. */
const DEFAULT_FORM: Record<string, string> = {
  intent: "loyalty",
  loyaltyCashbackPointsPerDollar: "10",
  loyaltyReferralPoints: "500",
  loyaltyPlanPointsPerDollar: "1",
  loyaltySilverPoints: "2500",
  loyaltyGoldPoints: "10000",
  loyaltyPlatinumPoints: "25000",
  loyaltyFeeBronzePercent: "10",
  loyaltyFeeSilverPercent: "9",
  loyaltyFeeGoldPercent: "8",
  loyaltyFeePlatinumPercent: "7",
  loyaltyRedeemStepPoints: "1000",
  loyaltyRedeemStepDollars: "5.00",
  loyaltyExpiryMonths: "24",
  loyaltyExpiryWarningDays: "30",
  loyaltyLevelWindowMonths: "12",
};

describeEachDatabase("the loyalty back office", (t) => {
  const { actor, get, post } = backOfficeRoutes(t, APP, ADDRESS);
  const params = { locale: "en" };
  const saveSettings = (body: Record<string, string>, who: "admin" | "member" | "anonymous" = "admin") =>
    answer(() => settingsAction({ request: post("/en/admin/settings", who, body), params, context: {} }));
  const userPage = (id: string) => `/en/admin/users/${id}`;
  const act = (id: string, body: Record<string, string>, who: "admin" | "member" | "anonymous" = "admin") =>
    answer(() => userAction({ request: post(userPage(id), who, body), params: { locale: "en", userId: id }, context: {} }));
  const auditRows = (subject: string) =>
    t.db.selectFrom("auditLog").selectAll().where("subject", "=", subject).orderBy("createdAt").orderBy("id").execute();
  const give = (userId: string, points: number) =>
    unitOfWork(t.db, (tx) =>
      adjustPoints(tx, { userId, points, reason: "Test points", adminId: actor.id, idempotencyKey: crypto.randomUUID() }),
    );

  it("refuses settings out of bounds, thresholds that do not rise and fees that rise, keeping what was typed", async () => {
    const bounds = await saveSettings({
      ...DEFAULT_FORM,
      loyaltyCashbackPointsPerDollar: "1.5",
      loyaltyExpiryMonths: "0",
      loyaltyLevelWindowMonths: "61",
      loyaltyFeeBronzePercent: "50.5",
      loyaltyRedeemStepDollars: "0",
    });
    expect(bounds.status).toBe(400);
    expect(bounds.body.intent).toBe("loyalty");
    expect(bounds.body.result.error).toEqual({
      loyaltyCashbackPointsPerDollar: ["admin:settings.loyalty.wholeInvalid"],
      loyaltyExpiryMonths: ["admin:settings.loyalty.wholeInvalid"],
      loyaltyLevelWindowMonths: ["admin:settings.loyalty.wholeInvalid"],
      loyaltyFeeBronzePercent: ["admin:settings.loyalty.feeInvalid"],
      loyaltyRedeemStepDollars: ["admin:settings.loyalty.stepValueInvalid"],
    });

    const order = await saveSettings({
      ...DEFAULT_FORM,
      loyaltyGoldPoints: "2500",
      loyaltyPlatinumPoints: "2000",
      loyaltyFeeSilverPercent: "9.5",
      loyaltyFeeGoldPercent: "9.75",
      loyaltyFeePlatinumPercent: "7",
    });
    expect(order.status).toBe(400);
    expect(order.body.result.error).toEqual({
      loyaltyGoldPoints: ["admin:settings.loyalty.goldAboveSilver"],
      loyaltyPlatinumPoints: ["admin:settings.loyalty.platinumAboveGold"],
      loyaltyFeeGoldPercent: ["admin:settings.loyalty.feeAboveLower"],
    });
    // What was typed comes back to the fields.
    expect(order.body.result.initialValue).toMatchObject({ loyaltyGoldPoints: "2500", loyaltyFeeGoldPercent: "9.75" });
    // Nothing was stored.
    expect(await getSetting(t.db, "loyaltyGoldPoints")).toBe(10_000);
    expect(await getSetting(t.db, "loyaltyFeeSilverBps")).toBe(900);
  });

  it("saves the loyalty settings in one unit of work, one audit row per changed value", async () => {
    const page = await answer(() => settingsLoader({ request: get("/en/admin/settings", "admin"), params, context: {} }));
    expect(page.body.settings).toMatchObject({ loyaltyCashbackPointsPerDollar: 10, loyaltyFeeBronzeBps: 1_000 });
    const saved = await saveSettings({ ...DEFAULT_FORM, loyaltyCashbackPointsPerDollar: "12", loyaltyFeePlatinumPercent: "6.5" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/en/admin/settings");
    expect(await getSetting(t.db, "loyaltyCashbackPointsPerDollar")).toBe(12);
    expect(await getSetting(t.db, "loyaltyFeePlatinumBps")).toBe(650);
    const cashbackRows = await auditRows("setting:loyaltyCashbackPointsPerDollar");
    expect(cashbackRows).toHaveLength(1);
    expect(cashbackRows[0]).toMatchObject({ action: "setting.changed", actorId: actor.id, clientAddress: ADDRESS });
    expect(JSON.parse(cashbackRows[0]!.before!)).toEqual({ loyaltyCashbackPointsPerDollar: 10 });
    expect(JSON.parse(cashbackRows[0]!.after!)).toEqual({ loyaltyCashbackPointsPerDollar: 12 });
    expect(await auditRows("setting:loyaltyFeePlatinumBps")).toHaveLength(1);
    // Unchanged values write no audit row.
    expect(await auditRows("setting:loyaltyGoldPoints")).toHaveLength(0);
    // The wallet form is untouched by the loyalty form, and still saves on its own (its default intent).
    const wallet = await saveSettings({
      cardDepositHoldDays: "7",
      cashbackConfirmationDays: "60",
      minWithdrawal: "10.00",
      referralQualifying: "10.00",
      referralBonusReferrer: "10.00",
      referralBonusFriend: "10.00",
      partnerCommissionPercent: "20",
    });
    expect(wallet.status).toBe(302);
    // Back to the defaults for the tests below.
    expect((await saveSettings(DEFAULT_FORM)).status).toBe(302);
    expect(await auditRows("setting:loyaltyCashbackPointsPerDollar")).toHaveLength(2);
  });

  it("adjusts a member's points: reason required, never more than held, audited, once per key", async () => {
    const member = await newUser(t.db, "points-member");
    const key = crypto.randomUUID();
    const form = { intent: "adjustPoints", points: "1500", reason: "  Goodwill for a late payout  ", idempotencyKey: key };

    const noReason = await act(member, { ...form, reason: "   " });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ intent: "adjustPoints", result: { error: { reason: ["admin:users.loyalty.reasonRequired"] } } });
    const zero = await act(member, { ...form, points: "0" });
    expect(zero.body.result.error).toEqual({ points: ["admin:users.loyalty.pointsInvalid"] });
    const fraction = await act(member, { ...form, points: "2.5", reason: "x".repeat(201) });
    expect(fraction.body.result.error).toEqual({ points: ["admin:users.loyalty.pointsInvalid"], reason: ["admin:users.errors.tooLong"] });
    expect(fraction.body.result.initialValue).toMatchObject({ points: "2.5" });

    const [once, twice] = [await act(member, form), await act(member, form)];
    expect([once.status, twice.status]).toEqual([302, 302]);
    expect(once.location).toBe(userPage(member));
    expect((await loyaltySummary(t.db, member)).balancePoints).toBe(1_500);
    const rows = (await auditRows(`user:${member}`)).filter((row) => row.action === "loyalty.adjusted");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: actor.id, clientAddress: ADDRESS });
    expect(JSON.parse(rows[0]!.details)).toMatchObject({ points: 1_500, reason: "Goodwill for a late payout" });
    const told = await t.db.selectFrom("notifications").select("titleKey").where("userId", "=", member).execute();
    expect(told.map((row) => row.titleKey).join(" ")).toContain("loyaltyAdjusted");

    const tooMuch = await act(member, { ...form, points: "-2000", idempotencyKey: crypto.randomUUID() });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({
      intent: "adjustPoints",
      available: "1,500",
      result: { error: { "": ["admin:users.loyalty.insufficient"] } },
    });
    const taken = await act(member, { ...form, points: "-500", idempotencyKey: crypto.randomUUID() });
    expect(taken.status).toBe(302);
    expect((await loyaltySummary(t.db, member)).balancePoints).toBe(1_000);

    // The page: the summary and the newest entries, with the reason.
    const page = await answer(() =>
      userLoader({ request: get(userPage(member), "admin"), params: { locale: "en", userId: member }, context: {} }),
    );
    expect(page.status).toBe(200);
    expect(page.body.loyalty.summary).toMatchObject({ balancePoints: 1_000, owedPoints: 0, level: "bronze", levelPoints: 1_000 });
    expect(page.body.loyalty.history.map((entry: { points: number }) => entry.points)).toEqual([-500, 1_500]);
    expect(page.body.loyalty.history[1]).toMatchObject({ kind: "adjust", reason: "Goodwill for a late payout" });
    expect(page.body.pointsKey).toMatch(/^[0-9a-f-]{36}$/);
    await expectBooksBalance(t.db);
  });

  it("needs a recent proof for a points adjustment, and refuses members, visitors and cross-site posts", async () => {
    const member = await newUser(t.db, "points-guarded");
    const form = { intent: "adjustPoints", points: "100", reason: "Guarded", idempotencyKey: crypto.randomUUID() };
    expect((await act(member, form, "member")).status).toBe(403);
    const visitor = await act(member, form, "anonymous");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/en\/admin\?redirectTo=/);
    expect((await saveSettings(DEFAULT_FORM, "member")).status).toBe(403);
    expect((await answer(() => dashboardLoader({ request: get("/en/admin/dashboard", "member"), params, context: {} }))).status).toBe(403);
    const crossSite = (path: string, body: Record<string, string>) =>
      new Request(`${APP}${path}`, {
        method: "POST",
        headers: { ...Object.fromEntries(post(path, "admin", body).headers), Origin: "https://evil.example" },
        body: new URLSearchParams(body),
      });
    expect(
      (
        await answer(() =>
          userAction({ request: crossSite(userPage(member), form), params: { locale: "en", userId: member }, context: {} }),
        )
      ).status,
    ).toBe(403);
    expect(
      (await answer(() => settingsAction({ request: crossSite("/en/admin/settings", DEFAULT_FORM), params, context: {} }))).status,
    ).toBe(403);
    // A proof older than 10 minutes: to the back office's re-authentication first, nothing changes.
    const sessions = await t.db.selectFrom("sessions").select(["id", "reauthenticatedAt"]).where("userId", "=", actor.id).execute();
    await t.db
      .updateTable("sessions")
      .set({ reauthenticatedAt: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where("userId", "=", actor.id)
      .execute();
    const stale = await act(member, form);
    expect(stale).toMatchObject({ status: 302, location: `/en/admin/reauthenticate?redirectTo=${encodeURIComponent(userPage(member))}` });
    for (const session of sessions) {
      await t.db.updateTable("sessions").set({ reauthenticatedAt: session.reauthenticatedAt }).where("id", "=", session.id).execute();
    }
    expect((await loyaltySummary(t.db, member)).balancePoints).toBe(0);
    expect(await auditRows(`user:${member}`)).toEqual([]);
  });

  it("shows the points owed to members on the dashboard", async () => {
    const before = await loyaltyTotals(t.db);
    const silver = await newUser(t.db, "dash-silver");
    const gold = await newUser(t.db, "dash-gold");
    await give(silver, 3_000);
    await give(gold, 10_500);
    const page = await answer(() => dashboardLoader({ request: get("/en/admin/dashboard", "admin"), params, context: {} }));
    expect(page.status).toBe(200);
    const card = page.body.loyalty;
    expect(card.outstandingPoints).toBe(before.outstandingPoints + 13_500);
    // Whole redemption steps at $5.00 per 1,000 points.
    expect(card.outstandingCents).toBe(Math.floor(card.outstandingPoints / 1_000) * 500);
    expect(card.owedPoints).toBe(before.owedPoints);
    expect(card.members).toEqual({
      ...before.members,
      silver: before.members.silver + 1,
      gold: before.members.gold + 1,
    });
  });

  it("lists a Gold member's pending withdrawal first on the payout desk, marked Priority", async () => {
    const bronze = await newUser(t.db, "desk-bronze");
    const gold = await newUser(t.db, "desk-gold");
    await deposit(t.db, bronze, 50_00);
    await deposit(t.db, gold, 50_00);
    const older = await withdraw(t.db, bronze, 20_00);
    const newer = await withdraw(t.db, gold, 20_00);
    await give(gold, 12_000);
    const page = await answer(() => deskLoader({ request: get("/en/admin/withdrawals", "admin"), params, context: {} }));
    expect(page.status).toBe(200);
    const items = page.body.withdrawals.items as Array<{ id: string; priority: boolean; level: string | null; state: string }>;
    expect(items[0]).toMatchObject({ id: newer.transaction.id, priority: true, level: "gold", state: "pending" });
    const bronzeRow = items.find((item) => item.id === older.transaction.id);
    expect(bronzeRow).toMatchObject({ priority: false });
    expect(items.indexOf(bronzeRow!)).toBeGreaterThan(0);
    expect(items.filter((item) => item.priority).every((item) => item.level === "gold" || item.level === "platinum")).toBe(true);
  });
});

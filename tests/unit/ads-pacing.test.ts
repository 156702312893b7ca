/**
 * Budget pacing's maths (app/ads/pacing.ts): month edges (28, 29, 30 and 31 days), the client
 * account's time zone deciding "today", Google's 2 × daily budget a day and 30.4 × a month, the
 * recent rate over the last 7 days with data (reaching into the month before), the ±10 % status,
 * a paused campaign and no data at all.
 */
import { describe, expect, it } from "vitest";
import { MONTH_CHARGE_DAYS, paceCampaign, paceSeries, statusOf, type PaceInput } from "~/ads/pacing";
import { daysInMonth, monthEnd, previousMonth, zonedDay } from "~/utils/dates";
import { DAYS_PER_MONTH } from "~/ads/tip-rules";

/** Every day from `from` to `to` spending `cents`. */
function days(from: string, to: string, cents: number): Map<string, number> {
  const spend = new Map<string, number>();
  for (let day = from; day <= to; day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10))
    spend.set(day, cents);
  return spend;
}

const pace = (input: Partial<PaceInput> & Pick<PaceInput, "spend">) =>
  paceCampaign({ month: "2026-06", today: "2026-06-16", dailyBudgetCents: 10_000, coveredDays: input.spend.keys(), ...input });

describe("month edges", () => {
  it("knows each month's days, leap years included", () => {
    expect([daysInMonth("2026-01"), daysInMonth("2026-02"), daysInMonth("2028-02"), daysInMonth("2026-04")]).toEqual([31, 28, 29, 30]);
    expect(monthEnd("2026-12")).toBe("2026-12-31");
    expect(previousMonth("2026-01")).toBe("2025-12");
    expect(MONTH_CHARGE_DAYS).toBe(DAYS_PER_MONTH);
  });

  it("budgets daily × days, at most 30.4 × the daily budget", () => {
    const spend = new Map<string, number>();
    expect(pace({ month: "2026-06", spend }).monthBudgetCents).toBe(300_000);
    expect(pace({ month: "2026-07", today: "2026-07-10", spend }).monthBudgetCents).toBe(304_000);
    expect(pace({ month: "2026-02", today: "2026-02-10", spend }).monthBudgetCents).toBe(280_000);
    expect(pace({ month: "2028-02", today: "2028-02-10", spend }).monthBudgetCents).toBe(290_000);
    expect(pace({ month: "2026-07", today: "2026-07-10", spend }).monthLimitCents).toBe(304_000);
  });
});

describe("pacing one campaign", () => {
  it("projects month to date + the last 7 days' rate × the days not covered yet", () => {
    // June 1–15 at $100 a day, but the last 7 days at $120: 1,500 + 120 × 15 = 3,300 of 3,000.
    const spend = days("2026-06-01", "2026-06-15", 10_000);
    for (const day of ["2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13", "2026-06-14", "2026-06-15"])
      spend.set(day, 12_000);
    const result = pace({ spend });
    expect(result.spentCents).toBe(164_000);
    expect(result.dataThrough).toBe("2026-06-15");
    expect(result.rateDays).toEqual(["2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13", "2026-06-14", "2026-06-15"]);
    expect(result.ratePerDayCents).toBe(12_000);
    expect(result.remainingDays).toBe(15);
    expect(result.projectedCents).toBe(164_000 + 12_000 * 15);
    expect(result.deviationPercent).toBe(14.7);
    expect(result.status).toBe("over");
    // Google charges at most 30.4 × the daily budget: the rest of the served cost is credited.
    expect(result).toMatchObject({ overLimit: true, projectedChargeCents: 304_000 });
    // What ends the month on its budget: (3,000 − 1,640) / 15 days, in whole cents.
    expect(result.suggestedDailyBudgetCents).toBe(9_066);
    // On pace or under: nothing proposed; a month already spent: nothing either (pause instead).
    expect(pace({ spend: days("2026-06-01", "2026-06-15", 10_000) }).suggestedDailyBudgetCents).toBeNull();
    expect(pace({ spend: days("2026-06-01", "2026-06-15", 8_000) }).suggestedDailyBudgetCents).toBeNull();
    expect(pace({ spend: days("2026-06-01", "2026-06-15", 20_000) }).suggestedDailyBudgetCents).toBeNull();
    // A month that has ended proposes nothing.
    expect(pace({ spend: days("2026-06-01", "2026-06-15", 12_000), today: "2026-07-02" }).suggestedDailyBudgetCents).toBeNull();
  });

  it("is on pace within ±10 % and under below it", () => {
    expect(pace({ spend: days("2026-06-01", "2026-06-15", 10_500) }).status).toBe("on-pace");
    expect(pace({ spend: days("2026-06-01", "2026-06-15", 8_000) })).toMatchObject({ status: "under", deviationPercent: -20 });
    expect(statusOf(10, 10)).toBe("on-pace");
    expect(statusOf(10.1, 10)).toBe("over");
    expect(statusOf(-10.1, 10)).toBe("under");
    expect(pace({ spend: days("2026-06-01", "2026-06-15", 8_000), tolerancePercent: 25 }).status).toBe("on-pace");
  });

  it("caps the rate at 2 × the daily budget and the month at 30.4 ×", () => {
    // $300 a day is more than a day may spend: the rest of the month at $200 a day.
    // $300 a day is more than a day may spend: the rest of the month at $200 a day.
    const hot = pace({ spend: days("2026-06-01", "2026-06-05", 30_000), today: "2026-06-06" });
    expect(hot).toMatchObject({ capped: "day", projectedCents: 150_000 + 25 * 20_000, projectedChargeCents: 304_000, overLimit: true });
    expect(hot.daysOverDayCap).toHaveLength(5);
    expect(hot.status).toBe("over");
    const early = pace({ spend: new Map([["2026-06-01", 25_000]]), coveredDays: ["2026-06-01"], today: "2026-06-01", month: "2026-06" });
    expect(early.ratePerDayCents).toBe(25_000);
    const small = paceCampaign({
      month: "2026-06",
      today: "2026-06-29",
      dailyBudgetCents: 10_000,
      spend: new Map([...days("2026-06-01", "2026-06-28", 9_000), ["2026-06-28", 30_000]]),
      coveredDays: days("2026-06-01", "2026-06-28", 0).keys(),
    });
    // The last week averages (6 × 90 + 300) / 7 = 120, under the cap of 200: 2 more days at 120.
    expect(small.capped).toBeNull();
    expect(small.projectedCents).toBe(9_000 * 27 + 30_000 + 12_000 * 2);
    const burst = paceCampaign({
      month: "2026-06",
      today: "2026-06-29",
      dailyBudgetCents: 10_000,
      spend: days("2026-06-22", "2026-06-28", 25_000),
      coveredDays: days("2026-06-01", "2026-06-28", 0).keys(),
    });
    // 7 × 250 = 1,750 so far; the rate of 250 a day is capped at 200: 1,750 + 2 × 200.
    expect(burst).toMatchObject({ capped: "day", projectedCents: 175_000 + 2 * 20_000 });
  });

  it("reaches into the month before for the rate on the month's first days", () => {
    const spend = days("2026-05-20", "2026-05-31", 9_000);
    const result = pace({ spend, today: "2026-06-01" });
    expect(result.dataThrough).toBeNull();
    expect(result.spentCents).toBe(0);
    expect(result.rateDays[0]).toBe("2026-05-25");
    expect(result.remainingDays).toBe(30);
    expect(result.projectedCents).toBe(9_000 * 30);
    expect(result.status).toBe("on-pace");
  });

  it("measures only up to today: later rows do not count yet", () => {
    const result = pace({ spend: days("2026-06-01", "2026-06-20", 10_000), today: "2026-06-10" });
    expect(result.dataThrough).toBe("2026-06-10");
    expect(result.spentCents).toBe(100_000);
  });

  it("takes a finished month's spend as it is", () => {
    const result = pace({ spend: days("2026-05-01", "2026-05-31", 9_000), month: "2026-05", today: "2026-06-16" });
    expect(result).toMatchObject({ ended: true, remainingDays: 0, projectedCents: 279_000, monthBudgetCents: 304_000, status: "on-pace" });
  });

  it("projects nothing more for a paused campaign, and nothing at all without data", () => {
    expect(pace({ spend: days("2026-06-01", "2026-06-05", 10_000), paused: true })).toMatchObject({
      status: "paused",
      projectedCents: 50_000,
    });
    expect(pace({ spend: new Map(), coveredDays: [] })).toMatchObject({
      status: "no-data",
      projectedCents: null,
      deviationPercent: null,
      ratePerDayCents: null,
      dataThrough: null,
    });
    // Covered days without a row of this campaign: it spent nothing.
    expect(pace({ spend: new Map(), coveredDays: days("2026-06-01", "2026-06-15", 0).keys() })).toMatchObject({
      status: "under",
      projectedCents: 0,
      deviationPercent: -100,
    });
  });

  it("draws the cumulative spend, the budget line and the projection", () => {
    const spend = days("2026-06-01", "2026-06-03", 10_000);
    const result = pace({ spend, today: "2026-06-04" });
    const series = paceSeries(result, spend, spend.keys());
    expect(series.actual).toEqual([
      { x: "2026-06-01", y: 10_000 },
      { x: "2026-06-02", y: 20_000 },
      { x: "2026-06-03", y: 30_000 },
    ]);
    expect(series.budget).toEqual([
      { x: "2026-06-01", y: 10_000 },
      { x: "2026-06-30", y: 300_000 },
    ]);
    expect(series.projection).toEqual([
      { x: "2026-06-03", y: 30_000 },
      { x: "2026-06-30", y: 300_000 },
    ]);
  });
});

describe("the client account's time zone", () => {
  it("decides today, and so the month", () => {
    const now = Date.parse("2026-07-01T03:00:00Z");
    expect(zonedDay(now, "UTC")).toBe("2026-07-01");
    expect(zonedDay(now, "America/Los_Angeles")).toBe("2026-06-30");
    expect(zonedDay(now, "Asia/Tokyo")).toBe("2026-07-01");
    expect(zonedDay(now, "Not/AZone")).toBe("2026-07-01");
    const spend = days("2026-06-01", "2026-06-30", 10_000);
    expect(pace({ spend, month: "2026-06", today: zonedDay(now, "America/Los_Angeles") }).ended).toBe(false);
    expect(pace({ spend, month: "2026-06", today: zonedDay(now, "UTC") }).ended).toBe(true);
  });
});

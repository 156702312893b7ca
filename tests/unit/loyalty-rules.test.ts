/**
 * Properties of the loyalty scheme's pure rules (app/loyalty/rules.ts) and of the success fee's
 * inverse (app/wallet/fee.ts), the numbers every points entry and every conversion are built on:
 * what expires by a date grows with the date and never exceeds what is held, the first expiry is
 * the first date something expires, levels rise with points, months clamp to month ends, points
 * round down, and the commission for a cashback is the smallest that gives exactly that cashback.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_RULES,
  LOYALTY_LEVELS,
  addMonths,
  expiringBy,
  firstExpiry,
  levelFor,
  levelRank,
  pointsForCents,
  redeemablePoints,
  redemptionCents,
  type PointLot,
} from "~/loyalty/rules";
import { MAX_FEE_BPS, MAX_LOYALTY_POINTS, MAX_POINTS_PER_DOLLAR } from "~/settings/defaults";
import { commissionForCashback, memberCashbackOf } from "~/wallet/fee";
import { DAY_MS } from "../support/time";

const FROM = Date.UTC(2020, 0, 1);
const TO = Date.UTC(2032, 0, 1);

/** An instant between 2020 and 2032, as the ISO string the points ledger stores. */
const isoArb = fc.integer({ min: FROM, max: TO }).map((ms) => new Date(ms).toISOString());
/** Dates on a few days only, so lots often share an expiry day with each other and with `by`. */
const dayArb = fc.integer({ min: 0, max: 40 }).map((d) => new Date(FROM + d * 30 * DAY_MS).toISOString());
const lotArb: fc.Arbitrary<PointLot> = fc.record({
  points: fc.integer({ min: 1, max: 50_000 }),
  expiresAt: fc.oneof(isoArb, dayArb),
});
/** Lots and what was spent of them (never more than they hold: the balance is never negative). */
const heldArb = fc
  .array(lotArb, { maxLength: 12 })
  .chain((lots) =>
    fc.record({ lots: fc.constant(lots), spent: fc.integer({ min: 0, max: lots.reduce((sum, lot) => sum + lot.points, 0) }) }),
  );
const total = (lots: readonly PointLot[]) => lots.reduce((sum, lot) => sum + lot.points, 0);
const END = "9999-12-31T00:00:00.000Z";

describe("loyalty rules: expiry", () => {
  it("expiringBy is monotonic in the date and never exceeds the balance", () => {
    fc.assert(
      fc.property(heldArb, fc.oneof(isoArb, dayArb), fc.oneof(isoArb, dayArb), ({ lots, spent }, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const balance = total(lots) - spent;
        const [byEarly, byLate] = [expiringBy(lots, spent, early), expiringBy(lots, spent, late)];
        expect(byEarly).toBeGreaterThanOrEqual(0);
        expect(byEarly).toBeLessThanOrEqual(byLate);
        expect(byLate).toBeLessThanOrEqual(balance);
        // Long after every lot's expiry, all that is held expires; the order of the lots does not matter.
        expect(expiringBy(lots, spent, END)).toBe(balance);
        expect(expiringBy([...lots].reverse(), spent, late)).toBe(byLate);
      }),
      { numRuns: 500 },
    );
  });

  it("firstExpiry is the first date by which something expires (null when nothing is held)", () => {
    fc.assert(
      fc.property(heldArb, ({ lots, spent }) => {
        const first = firstExpiry(lots, spent);
        if (total(lots) - spent === 0) {
          expect(first).toBeNull();
          return;
        }
        expect(first).not.toBeNull();
        expect(lots.map((lot) => lot.expiresAt)).toContain(first);
        expect(expiringBy(lots, spent, first!)).toBeGreaterThan(0);
        // Just before it, nothing expires yet.
        const before = new Date(Date.parse(first!) - 1).toISOString();
        expect(expiringBy(lots, spent, before)).toBe(0);
        for (const lot of lots) if (lot.expiresAt < first!) expect(expiringBy(lots, spent, lot.expiresAt)).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it("spending oldest first: spending more never makes more expire by any date", () => {
    fc.assert(
      fc.property(heldArb, fc.nat({ max: 10_000 }), isoArb, ({ lots, spent }, more, by) => {
        const extra = Math.min(more, total(lots) - spent);
        expect(expiringBy(lots, spent + extra, by)).toBeLessThanOrEqual(expiringBy(lots, spent, by));
        expect(expiringBy(lots, spent, by) - expiringBy(lots, spent + extra, by)).toBeLessThanOrEqual(extra);
      }),
      { numRuns: 300 },
    );
  });
});

describe("loyalty rules: levels, points and redemption", () => {
  /** Thresholds an admin could set, in ascending order (Bronze at 0). */
  const thresholdsArb = fc.uniqueArray(fc.integer({ min: 1, max: MAX_LOYALTY_POINTS }), { minLength: 3, maxLength: 3 }).map((values) => {
    const [silver, gold, platinum] = values.sort((a, b) => a - b) as [number, number, number];
    return { bronze: 0, silver, gold, platinum };
  });

  it("levelFor is monotonic in points and gives each level from its threshold", () => {
    fc.assert(
      fc.property(
        thresholdsArb,
        fc.integer({ min: -1_000, max: MAX_LOYALTY_POINTS + 1_000 }),
        fc.nat({ max: MAX_LOYALTY_POINTS }),
        (thresholds, points, more) => {
          const rules = { thresholds };
          const level = levelFor(points, rules);
          expect(levelRank(levelFor(points + more, rules))).toBeGreaterThanOrEqual(levelRank(level));
          // The level's threshold is reached and the next one's is not.
          expect(points >= thresholds[level] || level === "bronze").toBe(true);
          const next = LOYALTY_LEVELS[levelRank(level) + 1];
          if (next) expect(points).toBeLessThan(thresholds[next]);
        },
      ),
      { numRuns: 500 },
    );
    for (const level of LOYALTY_LEVELS) {
      expect(levelFor(DEFAULT_RULES.thresholds[level], DEFAULT_RULES)).toBe(level);
      if (level !== "bronze") expect(levelFor(DEFAULT_RULES.thresholds[level] - 1, DEFAULT_RULES)).not.toBe(level);
    }
  });

  it("pointsForCents rounds down to whole points", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000, max: 100_000_000 }), fc.integer({ min: 0, max: MAX_POINTS_PER_DOLLAR }), (cents, rate) => {
        const points = pointsForCents(cents, rate);
        expect(Number.isSafeInteger(points)).toBe(true);
        if (cents <= 0 || rate === 0) expect(points).toBe(0);
        else {
          expect(points * 100).toBeLessThanOrEqual(cents * rate);
          expect((points + 1) * 100).toBeGreaterThan(cents * rate);
        }
      }),
      { numRuns: 500 },
    );
    expect(pointsForCents(99, 10)).toBe(9);
    expect(pointsForCents(4_567, 10)).toBe(456);
    expect(pointsForCents(2_999, 1)).toBe(29);
  });

  it("redemption takes whole steps only, and redeemablePoints is the most of a balance that can be", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5_000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (points, step, stepCents) => {
          const rules = { redeemStepPoints: step, redeemStepCents: stepCents };
          const cents = redemptionCents(points, rules);
          if (points > 0 && points % step === 0) expect(cents).toBe((points / step) * stepCents);
          else expect(cents).toBeNull();
          const most = redeemablePoints(points, rules);
          expect(most).toBeGreaterThanOrEqual(0);
          expect(most).toBeLessThanOrEqual(Math.max(0, points));
          expect(Math.max(0, points) - most).toBeLessThan(step);
          if (most > 0) expect(redemptionCents(most, rules)).not.toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("loyalty rules: addMonths", () => {
  const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

  it("moves by whole calendar months, clamping the day to the month's end and keeping the time", () => {
    fc.assert(
      fc.property(isoArb, fc.integer({ min: -120, max: 120 }), (iso, months) => {
        const from = new Date(iso);
        const to = new Date(addMonths(iso, months));
        const target = from.getUTCFullYear() * 12 + from.getUTCMonth() + months;
        expect(to.getUTCFullYear() * 12 + to.getUTCMonth()).toBe(target);
        expect(to.getUTCDate()).toBe(Math.min(from.getUTCDate(), lastDay(Math.floor(target / 12), target % 12)));
        expect(to.toISOString().slice(10)).toBe(iso.slice(10));
      }),
      { numRuns: 1_000 },
    );
    expect(addMonths("2026-01-31T10:00:00.000Z", 1)).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths("2028-01-31T10:00:00.000Z", 1)).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths("2026-03-31T00:00:00.000Z", -1)).toBe("2026-02-28T00:00:00.000Z");
    expect(addMonths("2024-02-29T12:00:00.000Z", 24)).toBe("2026-02-28T12:00:00.000Z");
    expect(addMonths("2026-12-15T00:00:00.000Z", 1)).toBe("2027-01-15T00:00:00.000Z");
  });

  it("is monotonic in the date (an earlier earning never expires later)", () => {
    fc.assert(
      fc.property(isoArb, isoArb, fc.integer({ min: -60, max: 60 }), (a, b, months) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(addMonths(early, months) <= addMonths(late, months)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the success fee's inverse", () => {
  it("commissionForCashback(c, fee) is the smallest commission giving exactly c, at every fee from 0 to 50%", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: MAX_FEE_BPS }), (cashback, fee) => {
        const commission = commissionForCashback(cashback, fee);
        expect(memberCashbackOf(commission, fee)).toBe(cashback);
        expect(memberCashbackOf(commission - 1, fee)).toBeLessThan(cashback);
      }),
      { numRuns: 2_000 },
    );
    // Every fee, on a few amounts around the rounding edges.
    for (let fee = 0; fee <= MAX_FEE_BPS; fee++) {
      for (const cashback of [1, 2, 9, 99, 100, 101, 999, 4_567, 1_000_000]) {
        const commission = commissionForCashback(cashback, fee);
        if (memberCashbackOf(commission, fee) !== cashback || memberCashbackOf(commission - 1, fee) >= cashback)
          expect({ cashback, fee, commission }).toBe("the smallest commission giving exactly the cashback");
      }
    }
    expect(commissionForCashback(0, 900)).toBe(0);
  });
});

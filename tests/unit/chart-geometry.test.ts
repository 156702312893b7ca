/**
 * The charts' own maths (geometry.ts, small enough for the browser bundle) against d3 itself, from
 * which it was ported: the same scale values, nice domains, ticks, band positions and path strings.
 */
import { scaleBand, scaleLinear as d3ScaleLinear, scaleUtc } from "d3-scale";
import { area as d3Area, curveMonotoneX, line as d3Line } from "d3-shape";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bandScale, monotoneArea, monotoneLine, scaleLinear, ticks, type Point } from "~/components/charts/geometry";

// Amounts in cents and the like; not subnormal numbers (d3 itself fails on their spans).
const value = fc.oneof(
  fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }).filter((n) => n === 0 || Math.abs(n) > 1e-9),
  fc.constantFrom(0, -0, 1, -1, 0.1, 0.3, 1e-9, 123_456_789),
);
const range = fc.tuple(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.double({ min: -1000, max: 1000, noNaN: true }));
const count = fc.integer({ min: 1, max: 12 });

describe("linear scale (d3-scale's scaleLinear)", () => {
  it("maps, makes nice and ticks as d3 does", () => {
    fc.assert(
      fc.property(value, value, range, count, fc.array(value, { maxLength: 5 }), (lo, hi, [r0, r1], n, probes) => {
        const ours = scaleLinear([lo, hi], [r0, r1]);
        const theirs = d3ScaleLinear().domain([lo, hi]).range([r0, r1]);
        for (const x of [lo, hi, 0, ...probes]) expect(Object.is(ours(x), theirs(x)) || ours(x) === theirs(x)).toBe(true);
        expect(ours.ticks(n)).toEqual(theirs.ticks(n));
        const niceOurs = ours.nice(n);
        const niceTheirs = theirs.copy().nice(n);
        expect(niceOurs.domain()).toEqual(niceTheirs.domain());
        expect(niceOurs.ticks(n)).toEqual(niceTheirs.ticks(n));
        for (const x of [lo, hi, 0, ...probes]) expect(niceOurs(x)).toBe(niceTheirs(x));
      }),
      { numRuns: 2000 },
    );
  });

  it("maps a flat domain to the middle of the range, like d3", () => {
    expect(scaleLinear([5, 5], [0, 10])(5)).toBe(d3ScaleLinear().domain([5, 5]).range([0, 10])(5));
    expect(scaleLinear([5, 5], [0, 10])(5)).toBe(5);
  });

  it("is d3's UTC time scale over epoch milliseconds", () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (start, days, at) => {
          const [t0, t1] = [start * day, (start + days) * day];
          const theirs = scaleUtc()
            .domain([new Date(t0), new Date(t1)])
            .range([8, 592]);
          const t = t0 + Math.min(at, days) * day;
          expect(scaleLinear([t0, t1], [8, 592])(t)).toBe(theirs(new Date(t)));
        },
      ),
    );
  });

  it("ticks like d3-array for reversed and tiny spans", () => {
    for (const [a, b, n] of [
      [10, 0, 5],
      [0.001, 0.0042, 4],
      [-3, 7, 3],
      [1, 1, 5],
      [0, 1, 0],
    ] as const) {
      expect(ticks(a, b, n)).toEqual(d3ScaleLinear().domain([a, b]).ticks(n));
    }
  });
});

describe("band positions (d3-scale's scaleBand)", () => {
  it("places bands as d3 does", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.double({ min: 1, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, width, inner) => {
          const ours = bandScale(n, width, inner, inner / 2);
          const theirs = scaleBand<number>()
            .domain(Array.from({ length: n }, (_, i) => i))
            .range([0, width])
            .paddingInner(inner)
            .paddingOuter(inner / 2);
          expect(ours.step).toBe(theirs.step());
          expect(ours.bandwidth).toBe(theirs.bandwidth());
          for (let i = 0; i < n; i++) expect(ours.x(i)).toBe(theirs(i));
        },
      ),
    );
  });
});

describe("monotone line and area (d3-shape's curveMonotoneX)", () => {
  const coordinate = fc.oneof(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.integer({ min: -50, max: 650 }));
  // Chart points run left to right, sometimes two at the same x or the same place.
  const series = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 600 }), coordinate), { maxLength: 40 })
    .map((points) => points.sort((a, b) => a[0] - b[0]) as Point[]);

  it("draws the line d3 draws", () => {
    fc.assert(
      fc.property(series, (points) => {
        const theirs = d3Line<Point>()
          .x((p) => p[0])
          .y((p) => p[1])
          .curve(curveMonotoneX)(points);
        expect(monotoneLine(points)).toBe(theirs);
      }),
      { numRuns: 2000 },
    );
  });

  it("draws the area d3 draws down to the baseline", () => {
    fc.assert(
      fc.property(series, coordinate, (points, baseline) => {
        const theirs = d3Area<Point>()
          .x((p) => p[0])
          .y0(baseline)
          .y1((p) => p[1])
          .curve(curveMonotoneX)(points);
        expect(monotoneArea(points, baseline)).toBe(theirs);
      }),
      { numRuns: 2000 },
    );
  });

  it("matches d3 for the small cases: none, one point, two points, unsorted and repeated points", () => {
    const cases: Point[][] = [
      [],
      [[8, 100]],
      [
        [8, 100],
        [592, 20],
      ],
      [
        [8, 5],
        [8, 5],
        [300, 60],
        [200, 10],
        [592, 0],
      ],
    ];
    for (const points of cases) {
      expect(monotoneLine(points)).toBe(d3Line<Point>().curve(curveMonotoneX)(points));
      expect(monotoneArea(points, 194)).toBe(d3Area<Point>().y0(194).curve(curveMonotoneX)(points));
    }
  });
});

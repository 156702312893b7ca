/**
 * The charts' maths, small enough for every page's browser bundle (d3-scale and d3-shape weigh
 * ~20 KB gzipped there, mostly colour, date-format and interpolation code the charts never use;
 * issue #17). Ported from d3 (ISC licence, Mike Bostock) for exactly what the charts use, giving the
 * same numbers and path strings as d3 does (tests/unit/chart-geometry.test.ts compares them with d3
 * itself, which the PDF reports still use on the server):
 * - d3-scale's linear scale over a two-number domain, with `nice(count)` and `ticks(count)` (d3-array);
 * - d3-scale's band positions (align 0.5, no rounding);
 * - d3-shape's line and area with curveMonotoneX, every point defined, 3-decimal path numbers.
 */

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

function tickSpec(start: number, stop: number, count: number): [number, number, number] {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / Math.pow(10, power);
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  let i1: number;
  let i2: number;
  let inc: number;
  if (power < 0) {
    inc = Math.pow(10, -power) / factor;
    i1 = Math.round(start * inc);
    i2 = Math.round(stop * inc);
    if (i1 / inc < start) ++i1;
    if (i2 / inc > stop) --i2;
    inc = -inc;
  } else {
    inc = Math.pow(10, power) * factor;
    i1 = Math.round(start / inc);
    i2 = Math.round(stop / inc);
    if (i1 * inc < start) ++i1;
    if (i2 * inc > stop) --i2;
  }
  if (i2 < i1 && 0.5 <= count && count < 2) return tickSpec(start, stop, count * 2);
  return [i1, i2, inc];
}

/** d3-array's `ticks`: about `count` round values between start and stop. */
export function ticks(start: number, stop: number, count: number): number[] {
  if (!(count > 0)) return [];
  if (start === stop) return [start];
  const reverse = stop < start;
  const [i1, i2, inc] = reverse ? tickSpec(stop, start, count) : tickSpec(start, stop, count);
  if (!(i2 >= i1)) return [];
  const n = i2 - i1 + 1;
  const values = new Array<number>(n);
  for (let i = 0; i < n; ++i) {
    const k = reverse ? i2 - i : i1 + i;
    values[i] = inc < 0 ? k / -inc : k * inc;
  }
  return values;
}

export interface LinearScale {
  (value: number): number;
  domain(): [number, number];
  range(): [number, number];
  /** The same scale with its domain extended to round values (d3's `nice`). */
  nice(count?: number): LinearScale;
  ticks(count?: number): number[];
}

/** d3-scale's `scaleLinear().domain(domain).range(range)`. */
export function scaleLinear(domain: [number, number], range: [number, number]): LinearScale {
  const [d0, d1] = domain.map(Number) as [number, number];
  const [r0, r1] = range;
  // d3's bimap: normalise in [0, 1] (a flat domain maps to the middle), then interpolate the range.
  const [a, b, from, to] = d1 < d0 ? [d1, d0, r1, r0] : [d0, d1, r0, r1];
  const span = b - a;
  const scale = ((value: number) => {
    const t = span ? (value - a) / span : isNaN(span) ? NaN : 0.5;
    return from * (1 - t) + to * t;
  }) as LinearScale;
  scale.domain = () => [d0, d1];
  scale.range = () => [r0, r1];
  scale.ticks = (count = 10) => ticks(d0, d1, count);
  scale.nice = (count = 10) => {
    let [i0, i1] = [0, 1];
    let [start, stop] = [d0, d1];
    if (stop < start) [start, stop, i0, i1] = [stop, start, 1, 0];
    let previous: number | undefined;
    for (let iteration = 0; iteration < 10; iteration++) {
      const step = tickSpec(start, stop, count)[2];
      if (step === previous) {
        const nice: [number, number] = [d0, d1];
        nice[i0] = start;
        nice[i1] = stop;
        return scaleLinear(nice, range);
      } else if (step > 0) {
        start = Math.floor(start / step) * step;
        stop = Math.ceil(stop / step) * step;
      } else if (step < 0) {
        start = Math.ceil(start * step) / step;
        stop = Math.floor(stop * step) / step;
      } else {
        break;
      }
      previous = step;
    }
    return scale;
  };
  return scale;
}

/** d3-scale's `scaleBand()` over `n` bands across [0, width], centred: each band's start, the step, the band's width. */
export function bandScale(n: number, width: number, paddingInner: number, paddingOuter: number) {
  const inner = Math.min(1, paddingInner);
  const step = width / Math.max(1, n - inner + paddingOuter * 2);
  const start = (width - step * (n - inner)) * 0.5;
  return { step, bandwidth: step * (1 - inner), x: (i: number) => start + step * i };
}

export type Point = readonly [x: number, y: number];

const sign = (n: number) => (n < 0 ? -1 : 1);

/** d3-path with 3 digits, as d3-shape draws. */
class PathText {
  text = "";
  open = false;
  add(command: string, ...numbers: number[]) {
    this.text += command + numbers.map((n) => Math.round(n * 1000) / 1000).join(",");
  }
  moveTo(x: number, y: number) {
    this.open = true;
    this.add("M", x, y);
  }
  close() {
    if (this.open) this.text += "Z";
  }
}

/**
 * d3-shape's curveMonotoneX. `line` is the curve's area state: undefined drawing a line; 0 then 1
 * for an area's top line and its baseline (the baseline continues the top line, and closes).
 */
function monotoneX(path: PathText, points: readonly Point[], line: number | undefined): number {
  let [x0, y0, x1, y1, t0] = [NaN, NaN, NaN, NaN, NaN];
  let state = 0;
  const curve = (from: number, to: number) => {
    const dx = (x1 - x0) / 3;
    path.add("C", x0 + dx, y0 + dx * from, x1 - dx, y1 - dx * to, x1, y1);
  };
  // Steffen (1990): tangents that keep the curve monotone between points.
  const slope3 = (x2: number, y2: number) => {
    const h0 = x1 - x0;
    const h1 = x2 - x1;
    // A zero-width step divides by a signed zero, as in d3.
    const s0 = (y1 - y0) / (h0 || (h1 < 0 ? -0 : 0));
    const s1 = (y2 - y1) / (h1 || (h0 < 0 ? -0 : 0));
    const p = (s0 * h1 + s1 * h0) / (h0 + h1);
    return (sign(s0) + sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(p)) || 0;
  };
  const slope2 = (t: number) => {
    const h = x1 - x0;
    return h ? ((3 * (y1 - y0)) / h - t) / 2 : t;
  };
  for (const [x, y] of points) {
    let t1 = NaN;
    if (x === x1 && y === y1) continue; // coincident points are ignored
    if (state === 0) {
      state = 1;
      if (line) path.add("L", x, y);
      else path.moveTo(x, y);
    } else if (state === 1) {
      state = 2;
    } else if (state === 2) {
      state = 3;
      t1 = slope3(x, y);
      curve(slope2(t1), t1);
    } else {
      t1 = slope3(x, y);
      curve(t0, t1);
    }
    [x0, x1, y0, y1, t0] = [x1, x, y1, y, t1];
  }
  if (state === 2) path.add("L", x1, y1);
  else if (state === 3) curve(t0, slope2(t0));
  if (line || (line !== 0 && state === 1)) path.close();
  return 1 - (line ?? NaN);
}

/** d3-shape's `line().curve(curveMonotoneX)` through the points, or null for none. */
export function monotoneLine(points: readonly Point[]): string | null {
  const path = new PathText();
  monotoneX(path, points, undefined);
  return path.text || null;
}

/** d3-shape's `area().curve(curveMonotoneX)` between the points and the horizontal line y = `baseline`. */
export function monotoneArea(points: readonly Point[], baseline: number): string | null {
  const path = new PathText();
  const next = monotoneX(path, points, 0);
  if (points.length) monotoneX(path, points.map(([x]) => [x, baseline] as const).reverse(), next);
  return path.text || null;
}

import { createElement as h, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, LineChart, ProgressMeter, type BarChartProps, type LineChartProps } from "~/components/charts";

const formatY = (n: number) => `Y[${n}]`;
const formatX = (iso: string) => `X[${iso}]`;
const formatValue = (n: number) => `V[${n}]`;

function line(props: Partial<LineChartProps> = {}): string {
  return renderToString(h(LineChart, { title: "Balance", formatX, formatY, points: [], emptyText: "Nothing yet", ...props }));
}
function bar(props: Partial<BarChartProps> = {}): string {
  return renderToString(h(BarChart, { title: "By month", formatValue, bars: [], emptyText: "Nothing yet", ...props }));
}

/** The on-curve points of an SVG path made of M, L and C commands (C: the last pair of each segment). */
function onCurvePoints(d: string): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (const [, command, args] of d.matchAll(/([MLCZ])([^MLCZ]*)/g)) {
    const numbers = (args ?? "")
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (command === "M" || command === "L") points.push([numbers[0]!, numbers[1]!]);
    if (command === "C") for (let i = 4; i < numbers.length; i += 6) points.push([numbers[i]!, numbers[i + 1]!]);
  }
  return points;
}
function linePath(html: string): string {
  const paths = [...html.matchAll(/<path d="([^"]*)" fill="none"/g)].map((m) => m[1]!);
  expect(paths).toHaveLength(1);
  return paths[0]!;
}
function hiddenTable(html: string): string {
  const table = html.match(/<div class="sr-only"><table>([\s\S]*?)<\/table><\/div>/);
  expect(table).not.toBeNull();
  return table![1]!;
}
function ids(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
}

const series = [
  { x: "2024-05-01", y: 1200 },
  { x: "2024-05-02", y: 5400 },
  { x: "2024-05-03", y: 300 },
  { x: "2024-05-04", y: 2500 },
];

describe("LineChart", () => {
  it("draws the path through the data: later dates further right, higher values higher up", () => {
    const points = onCurvePoints(linePath(line({ points: series })));
    expect(points).toHaveLength(series.length);
    const xs = points.map(([x]) => x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    const ys = points.map(([, y]) => y);
    expect(Math.min(...ys)).toBe(ys[1]); // 5400 is the highest value
    expect(Math.max(...ys)).toBe(ys[2]); // 300 is the lowest
  });

  it("sorts points by date, whatever order they come in", () => {
    const shuffled = [series[2]!, series[0]!, series[3]!, series[1]!];
    expect(linePath(line({ points: shuffled }))).toBe(linePath(line({ points: series })));
  });

  it("is an accessible figure: labelled SVG image, description, and a hidden table of every value", () => {
    const html = line({ points: series, description: "Daily balance in May" });
    expect(html).toMatch(/^<figure/);
    const labelledBy = html.match(/<svg role="img" aria-labelledby="([^"]+)" aria-describedby="([^"]+)"/);
    expect(labelledBy).not.toBeNull();
    expect(html).toContain(`<title id="${labelledBy![1]}">Balance</title>`);
    expect(html).toContain(`<desc id="${labelledBy![2]}">Daily balance in May</desc>`);
    const table = hiddenTable(html);
    expect(table).toContain("<caption>Balance</caption>");
    for (const point of series) {
      expect(table).toContain(`<th scope="row">${formatX(point.x)}</th><td>${formatY(point.y)}</td>`);
    }
  });

  it("has no tab stop in the server's HTML (its table is the text; one explorer joins with JavaScript), and nothing selected", () => {
    const html = line({ points: series });
    expect(html).not.toContain("tabindex");
    expect(html).not.toContain("<button");
    expect(html).not.toContain('role="slider"');
    expect(html).not.toContain("shadow-lg"); // no tooltip until hover or focus
  });

  it("labels a few gridlines and the first, middle and last dates with the caller's formatters", () => {
    const html = line({ points: series });
    const yLabels = new Set([...html.matchAll(/Y\[(-?[\d.]+)\]/g)].map((m) => Number(m[1])).filter((n) => !series.some((p) => p.y === n)));
    expect(yLabels.size).toBeGreaterThanOrEqual(2);
    expect(yLabels.size).toBeLessThanOrEqual(5);
    expect(yLabels.has(0)).toBe(true);
    expect(html).toMatch(/text-anchor="start"[^>]*>X\[2024-05-01\]<\/text>/);
    expect(html).toMatch(/text-anchor="middle"[^>]*>X\[2024-05-02\]<\/text>/);
    expect(html).toMatch(/text-anchor="end"[^>]*>X\[2024-05-04\]<\/text>/);
  });

  it("scales with its container and keeps text out of the stretched SVG", () => {
    const html = line({ points: series, height: 150 });
    expect(html).toContain('viewBox="0 0 600 150" width="100%" height="150" preserveAspectRatio="none"');
    expect(html.match(/<svg role="img"[\s\S]*?<\/svg>/)![0]).not.toMatch(/<text/);
    // Every other SVG (labels, dots) has no viewBox, so its text and circles keep their size.
    expect(html.match(/viewBox=/g)).toHaveLength(1);
    expect(html).not.toMatch(/#[0-9a-f]{3,6}\b/i);
  });

  it("renders empty, single-point, all-zero, negative and invalid data without NaN", () => {
    expect(line()).toContain("Nothing yet");
    expect(line()).not.toContain("<svg");
    const cases: LineChartProps["points"][] = [
      [{ x: "2024-05-01", y: 700 }],
      [
        { x: "2024-05-01", y: 0 },
        { x: "2024-05-02", y: 0 },
        { x: "2024-05-03", y: 0 },
      ],
      [
        { x: "2024-05-01", y: -500 },
        { x: "2024-05-02", y: 250 },
        { x: "2024-05-03", y: -1250 },
      ],
      [
        { x: "2024-05-01T10:00:00", y: -1 },
        { x: "not a date", y: 5 },
        { x: "2024-05-02", y: Number.NaN },
      ],
    ];
    for (const points of cases) {
      for (const area of [false, true]) {
        const html = line({ points, area });
        expect(html).not.toMatch(/NaN|Infinity|undefined/);
        expect(html).toContain("<svg");
      }
    }
    const single = onCurvePoints(linePath(line({ points: cases[0]! })));
    expect(single[0]![0]).toBe(300); // a lone point sits in the middle
  });

  it("puts zero at the bottom for all-zero data and between negative and positive values", () => {
    const zero = onCurvePoints(
      linePath(
        line({
          points: [
            { x: "2024-05-01", y: 0 },
            { x: "2024-05-02", y: 0 },
          ],
          height: 200,
        }),
      ),
    );
    expect(zero.every(([, y]) => y > 150)).toBe(true);
    const mixed = onCurvePoints(
      linePath(
        line({
          points: [
            { x: "2024-05-01", y: -100 },
            { x: "2024-05-02", y: 100 },
          ],
          height: 200,
        }),
      ),
    );
    expect(mixed[0]![1]).toBeGreaterThan(100);
    expect(mixed[1]![1]).toBeLessThan(100);
  });
});

describe("BarChart", () => {
  const months = [
    { label: "Jan", value: 1000, secondary: 500 },
    { label: "Feb", value: 3000 },
    { label: "Mar", value: 0, secondary: 200 },
  ];

  it("draws taller bars for larger values, the secondary part stacked on top", () => {
    const html = bar({ bars: months, height: 200 });
    const rects = [...html.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      height: Number(m[4]),
    }));
    // Main parts of Jan and Feb (Mar's main part is zero and not drawn), then the secondary parts of Jan and Mar.
    expect(rects).toHaveLength(4);
    const [jan, feb, janPending, marPending] = rects as [(typeof rects)[0], (typeof rects)[0], (typeof rects)[0], (typeof rects)[0]];
    expect(feb.height).toBeGreaterThan(jan.height);
    expect(jan.x).toBeLessThan(feb.x);
    expect(janPending.x).toBe(jan.x);
    expect(janPending.y + janPending.height).toBeLessThanOrEqual(jan.y);
    expect(marPending.x).toBeGreaterThan(feb.x);
  });

  it("has a legend, a hidden table of every value, and no tab stop per bar", () => {
    const html = bar({ bars: months, seriesLabels: { value: "Confirmed", secondary: "Pending" } });
    expect(html).toMatch(/<ul[^>]*>.*Confirmed.*Pending.*<\/ul>/);
    const table = hiddenTable(html);
    expect(table).toContain('<th scope="col">Confirmed</th><th scope="col">Pending</th>');
    expect(table).toContain(`<th scope="row">Jan</th><td>${formatValue(1000)}</td><td>${formatValue(500)}</td>`);
    expect(table).toContain(`<th scope="row">Feb</th><td>${formatValue(3000)}</td><td></td>`);
    expect(table).toContain(`<th scope="row">Mar</th><td>${formatValue(0)}</td><td>${formatValue(200)}</td>`);
    expect(html).not.toContain("tabindex");
    expect(html).not.toContain("<button");
  });

  it("renders empty, single, all-zero and negative data without NaN", () => {
    expect(bar()).toContain("Nothing yet");
    const cases: BarChartProps["bars"][] = [
      [{ label: "Jan", value: 42 }],
      [
        { label: "Jan", value: 0 },
        { label: "Feb", value: 0, secondary: 0 },
      ],
      [
        { label: "Jan", value: -300, secondary: 100 },
        { label: "Feb", value: 200 },
      ],
      [{ label: "Jan", value: Number.NaN, secondary: Number.POSITIVE_INFINITY }],
    ];
    for (const bars of cases) {
      const html = bar({ bars });
      expect(html).not.toMatch(/NaN|Infinity|undefined/);
      expect(html).toContain("<svg");
    }
  });
});

describe("ids and hydration", () => {
  it("gives every chart on a page its own ids, and aria references that resolve", () => {
    const html = renderToString(
      h(
        Fragment,
        null,
        h(LineChart, { title: "A", description: "a", points: series, formatX, formatY }),
        h(LineChart, { title: "B", description: "b", points: series, formatX, formatY }),
        h(BarChart, { title: "C", description: "c", bars: [{ label: "Jan", value: 1 }], formatValue }),
      ),
    );
    const all = ids(html);
    expect(all).toHaveLength(6);
    expect(new Set(all).size).toBe(all.length);
    for (const [, ref] of html.matchAll(/aria-(?:labelledby|describedby)="([^"]+)"/g)) expect(all).toContain(ref);
  });

  it("renders the same markup every time (nothing time-, random- or state-dependent)", () => {
    const render = () => line({ points: series, area: true }) + bar({ bars: [{ label: "Jan", value: 5, secondary: 2 }] });
    expect(render()).toBe(render());
  });
});

describe("ProgressMeter", () => {
  const meter = (props: { value: number; max: number; valueText?: string }) =>
    renderToString(h(ProgressMeter, { label: "To payout", ...props }));

  it("exposes its numbers as a meter", () => {
    const html = meter({ value: 750, max: 1000, valueText: "$7.50 of $10.00" });
    expect(html).toContain('role="meter"');
    expect(html).toContain('aria-label="To payout"');
    expect(html).toContain('aria-valuemin="0"');
    expect(html).toContain('aria-valuemax="1000"');
    expect(html).toContain('aria-valuenow="750"');
    expect(html).toContain('aria-valuetext="$7.50 of $10.00"');
    expect(html).toContain('<rect width="75%"');
  });

  it("uses different tokens for the track and the fill, so the empty part stays visible in both themes", () => {
    const html = meter({ value: 1, max: 4 });
    expect(html).toContain("bg-slate-200");
    expect(html).toContain("fill-brand-600");
  });

  it("clamps out-of-range and invalid values", () => {
    expect(meter({ value: 1500, max: 1000 })).toContain('aria-valuenow="1000"');
    expect(meter({ value: -5, max: 1000 })).toContain('aria-valuenow="0"');
    const broken = meter({ value: Number.NaN, max: 0 });
    expect(broken).not.toMatch(/NaN|Infinity/);
    expect(broken).toContain('<rect width="0%"');
  });
});

describe("Content-Security-Policy (style-src 'self', no 'unsafe-inline')", () => {
  // Browsers ignore style attributes in server HTML under this policy, so the first render must not need any.
  const many = Array.from({ length: 40 }, (_, i) => ({
    x: `2024-05-${String((i % 28) + 1).padStart(2, "0")}T${String(i % 24).padStart(2, "0")}:00:00Z`,
    y: ((i * 37) % 500) - 100,
  }));
  const renders: Record<string, string> = {
    "line, few points": line({ points: series }),
    "line, area, described": line({ points: series, area: true, description: "d", height: 120 }),
    "line, many points": line({ points: many, area: true }),
    "line, one point": line({ points: [{ x: "2024-05-01", y: 5 }] }),
    "line, inverse": line({ points: series, tone: "inverse", area: true, formatYTick: (n) => `y${n}`, formatXTick: (iso) => `x${iso}` }),
    "line, inverse, many points": line({ points: many, tone: "inverse", height: 120 }),
    "line, inverse, one point": line({ points: [{ x: "2024-05-01", y: 5 }], tone: "inverse" }),
    "line, empty": line({ height: 60 }),
    bar: bar({
      bars: [
        { label: "Jan", value: 1000, secondary: 500 },
        { label: "Feb", value: 3000 },
      ],
      seriesLabels: { value: "A", secondary: "B" },
    }),
    "bar, many": bar({ bars: Array.from({ length: 24 }, (_, i) => ({ label: `M${i}`, value: i * 10, secondary: i })) }),
    "bar, one, inverse": bar({ bars: [{ label: "Jan", value: -5 }], tone: "inverse" }),
    "bar, empty": bar(),
    meter: renderToString(h(ProgressMeter, { label: "To payout", value: 3, max: 10, valueText: "3 of 10" })),
    "meter, empty": renderToString(h(ProgressMeter, { label: "To payout", value: 0, max: 10 })),
  };
  for (const [name, html] of Object.entries(renders)) {
    it(`renders ${name} without any style attribute`, () => {
      expect(html.length).toBeGreaterThan(0);
      expect(html).not.toMatch(/\sstyle=/i);
    });
  }
});

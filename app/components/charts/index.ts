/**
 * The chart kit: the only charts in the product. Server-rendered SVG (readable without JavaScript,
 * with a hidden data table as the text alternative); with JavaScript, hovering or focusing a point
 * or bar shows its value. Colours are palette tokens, so dark mode needs nothing from the caller.
 *
 * Usage: the charts format nothing themselves and hold no text. Pass formatters built from the
 * route's locale (they run on the server and in the browser, so keep them deterministic, e.g. dates
 * in UTC) and every visible text (title, emptyText, seriesLabels) from the translations:
 *
 *   <BarChart title={…} emptyText={…} seriesLabels={{ value: …, secondary: … }}
 *     bars={months.map((m) => ({ label: m.label, value: m.confirmedCents, secondary: m.pendingCents }))}
 *     formatValue={(cents) => formatMoney(cents, locale)} />          // ~/utils/money
 *   <LineChart points={days} title={…} emptyText={…} area formatY={…}
 *     formatX={(iso) => formatDate(iso, locale)} />                  // ~/utils/dates
 *   <ProgressMeter value={balanceCents} max={thresholdCents} label={…} valueText={…} />
 *
 *   <LineChart … seriesLabel={…} guides={[{ label: …, points: budget, style: "dashed" }]} />  // reference lines
 *
 * Real uses: the dashboard's balance history, the wallet's cashback by month, the ad pacing page's
 * cumulative spend against the budget line and the projection (guides).
 */
export { LineChart, type LineChartPoint, type LineChartProps } from "./line-chart";
export { BarChart, type BarChartBar, type BarChartProps } from "./bar-chart";
export { ProgressMeter, type ProgressMeterProps } from "./progress-meter";

/**
 * The chart kit: the only charts in the product. Server-rendered SVG (readable without JavaScript,
 * with a hidden data table as the text alternative); with JavaScript, hovering or focusing a point
 * or bar shows its value. Colours are palette tokens, so dark mode needs nothing from the caller.
 *
 * Usage: the charts format nothing themselves and hold no text. Pass formatters built from the
 * route's locale (they run on the server and in the browser, so keep them deterministic, e.g. dates
 * in UTC) and every visible text (title, emptyText, seriesLabels) from the translations:
 *
 *   const locale = usePageLocale();                          // ~/i18n/use-page-locale
 *   const { t } = useTranslation("app");
 *   <BarChart
 *     title={t("earnings.chartTitle")}
 *     emptyText={t("earnings.chartEmpty")}
 *     bars={months.map((m) => ({ label: m.label, value: m.confirmedCents, secondary: m.pendingCents }))}
 *     formatValue={(cents) => formatMoney(cents, locale)}   // ~/utils/money
 *     seriesLabels={{ value: t("earnings.confirmed"), secondary: t("earnings.pending") }}
 *   />
 *   <LineChart points={days} title={...} emptyText={...} area
 *     formatY={(cents) => formatMoney(cents, locale)}
 *     formatX={(iso) => new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(iso))} />
 *   <ProgressMeter value={balanceCents} max={thresholdCents} label={t("payout.progress")}
 *     valueText={t("payout.progressValue", { value: formatMoney(balanceCents, locale), max: formatMoney(thresholdCents, locale) })} />
 */
export { LineChart, type LineChartPoint, type LineChartProps } from "./line-chart";
export { BarChart, type BarChartBar, type BarChartProps } from "./bar-chart";
export { ProgressMeter, type ProgressMeterProps } from "./progress-meter";

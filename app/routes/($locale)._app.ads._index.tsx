/**
 * The ad dashboard (`/ads`): one client account's figures for a period (the latest import's unless
 * the query string asks for another), each KPI with its change against the days right before, spend
 * and conversions per day (the chart kit: readable without JavaScript), and the campaigns table
 * sorted by links. Filters are a GET form (`platform`, `campaign`, `from`, `to`; `period=all`;
 * `client` kept from the layout); the counting rules live in `~/ads/dashboard.server`.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAdTools } from "~/ads/access.server";
import { AD_PLATFORMS, dashboardQueryFromSearch, defaultDirection, type CampaignSort, type DayRange } from "~/ads/dashboard-query";
import { breakdownLabel } from "~/ads/breakdown-label";
import { adsDashboard, type CampaignRow, type PlatformSource } from "~/ads/dashboard.server";
import { DASHBOARD_KPIS, kpiFormatters } from "~/ads/kpi-format";
import { AdDayCharts, KpiCard } from "~/components/ads/figures";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "ads", "ads-dashboard"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, accounts, client } = await requireAdTools(request, params);
  const { query, error } = dashboardQueryFromSearch(new URL(request.url).searchParams);
  const dashboard = await adsDashboard(db(), user.id, client.id, query);
  return data({
    meta: await pageMeta(params, "ads-dashboard", "meta"),
    error,
    client: { id: client.id, name: client.name, inQuery: accounts.length > 1 },
    filters: { platform: query.platform ?? "", campaign: query.campaign ?? "", sort: query.sort, dir: query.dir },
    dashboard,
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** KPIs whose rise is good news (green), whose rise is bad news (red), or neither (spend). */
const COLUMNS: Array<{ sort: CampaignSort; numeric: boolean }> = [
  { sort: "campaign", numeric: false },
  { sort: "platform", numeric: false },
  { sort: "spend", numeric: true },
  { sort: "impressions", numeric: true },
  { sort: "clicks", numeric: true },
  { sort: "ctr", numeric: true },
  { sort: "cpc", numeric: true },
  { sort: "conversions", numeric: true },
  { sort: "cpa", numeric: true },
  { sort: "roas", numeric: true },
];

function useFormatters(currency: string | null) {
  const locale = usePageLocale();
  const { t } = useTranslation("ads-dashboard");
  return {
    ...kpiFormatters(locale, currency, {
      missing: t("notAvailable"),
      roas: (value) => t("roasValue", { value }),
      change: {
        none: t("change.none"),
        flat: t("change.flat"),
        up: (value) => t("change.up", { value }),
        down: (value) => t("change.down", { value }),
      },
    }),
    locale,
    range: (range: DayRange) => t("period.range", { from: formatDate(range.from, locale), to: formatDate(range.to, locale) }),
  };
}

function SourcesNote({ sources }: { sources: PlatformSource[] }) {
  const { t } = useTranslation("ads-dashboard");
  const locale = usePageLocale();
  if (!sources.length) return null;
  const levelKey = (source: PlatformSource) => (source.platform === "meta" && source.level === "ad-group" ? "adSet" : source.level);
  return (
    <section
      aria-labelledby="ads-sources"
      className="mt-4 rounded-2xl border border-slate-200 bg-surface p-4 text-sm"
      data-testid="sources"
    >
      <h2 id="ads-sources" className="font-semibold">
        {t("sources.title")}
      </h2>
      <ul className="mt-2 space-y-1 text-slate-700">
        {sources.map((source) => (
          <li key={source.platform} data-platform={source.platform} data-level={source.level}>
            {t("sources.line", { platform: t(`platforms.${source.platform}`), level: t(`levels.${levelKey(source)}`) })}
            {source.allTime ? ` ${t("sources.allTime")}` : source.periodExports ? ` ${t("sources.periodExports")}` : ""}
            {source.breakdown ? ` ${breakdownLabel(t, locale, source.breakdown)}.` : ""}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">{t("sources.oneLevel")}</p>
      {sources.some((source) => source.level === "search-term") ? (
        <p className="mt-1 text-xs text-slate-600">{t("sources.hiddenTerms")}</p>
      ) : null}
    </section>
  );
}

function sortHref(search: string, column: CampaignSort, current: { sort: CampaignSort; dir: "asc" | "desc" }) {
  const params = new URLSearchParams(search);
  const dir = column === current.sort ? (current.dir === "asc" ? "desc" : "asc") : defaultDirection(column);
  params.set("sort", column);
  params.set("dir", dir);
  return `?${params}`;
}

function CampaignsTable({ rows, filters, f }: { rows: CampaignRow[]; filters: Loaded["filters"]; f: ReturnType<typeof useFormatters> }) {
  const { t } = useTranslation("ads-dashboard");
  const { search } = useLocation();
  return (
    <div
      className="mt-4 overflow-x-auto rounded-2xl border border-slate-200 bg-surface"
      tabIndex={0}
      role="region"
      aria-label={t("campaigns.table")}
    >
      <table className="w-full text-left text-sm" data-testid="campaigns">
        <caption className="sr-only">
          {t("campaigns.table")} {t("campaigns.sortHint")}
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {COLUMNS.map((column) => {
              const sorted = filters.sort === column.sort;
              return (
                <th
                  key={column.sort}
                  scope="col"
                  aria-sort={sorted ? (filters.dir === "asc" ? "ascending" : "descending") : undefined}
                  className={`whitespace-nowrap px-3 py-2 ${column.numeric ? "text-right" : ""}`}
                >
                  <Link
                    to={sortHref(search, column.sort, filters)}
                    preventScrollReset
                    className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    {t(`columns.${column.sort}`)}
                    {sorted ? <span aria-hidden="true">{filters.dir === "asc" ? " \u25B2" : " \u25BC"}</span> : null}
                  </Link>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 tabular-nums">
          {rows.map((row) => (
            <tr key={`${row.platform}:${row.campaign ?? ""}`} data-testid="campaign-row">
              <th scope="row" className="min-w-[10rem] max-w-[16rem] break-words px-3 py-2 font-medium">
                {row.campaign ?? <span className="font-normal italic text-slate-600">{t("campaigns.noName")}</span>}
              </th>
              <td className="whitespace-nowrap px-3 py-2">{t(`platforms.${row.platform}`)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{f.money(row.spendCents)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{f.integer(row.impressions)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{f.integer(row.clicks)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{f.percent(row.ctr)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{f.money(row.avgCpcCents)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{f.decimal(row.conversions)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{f.money(row.cpaCents)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{f.roas(row.roas)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdsDashboardPage() {
  const { t } = useTranslation("ads-dashboard");
  const { error, client, filters, dashboard } = useLoaderData<typeof loader>();
  const f = useFormatters(dashboard.currency);
  const { locale } = f;
  const here = localePath(locale, "/ads");
  const clientQuery = client.inQuery ? `client=${encodeURIComponent(client.id)}` : "";
  const withClient = (query: string) => {
    const joined = [clientQuery, query].filter(Boolean).join("&");
    return joined ? `${here}?${joined}` : here;
  };
  const periodHref = (period: DayRange | "all") => withClient(period === "all" ? "period=all" : `from=${period.from}&to=${period.to}`);
  const shown = dashboard.period;
  const isShown = (period: DayRange | "all") =>
    period === "all" || shown === "all" ? period === shown : period.from === shown.from && period.to === shown.to;
  const campaignChoices =
    filters.campaign && !dashboard.campaignNames.includes(filters.campaign)
      ? [filters.campaign, ...dashboard.campaignNames]
      : dashboard.campaignNames;
  const field = "mt-1 block w-full rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm";

  return (
    <div className="py-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-1 text-sm text-slate-600" data-testid="period">
        {dashboard.hasData
          ? t("subtitle", { client: client.name, period: shown === "all" ? t("period.all") : f.range(shown) })
          : client.name}
        {dashboard.defaultPeriod && dashboard.hasData ? ` ${t("period.latestImport")}` : ""}
        {dashboard.previous && dashboard.hasPrevious ? ` ${t("period.comparedWith", { period: f.range(dashboard.previous) })}` : ""}
      </p>
      {dashboard.hasData && !dashboard.currency ? (
        <p className="mt-1 text-sm text-amber-800" data-testid="currency-not-stated">
          {t("currencyNotStated")}
        </p>
      ) : null}

      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900"
          data-testid="filter-error"
        >
          {t(`errors.${error}`)}
        </p>
      ) : null}

      {!dashboard.hasData ? (
        <section
          className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-surface p-8 text-center"
          aria-labelledby="ads-empty"
          data-testid="empty"
        >
          <h2 id="ads-empty" className="text-xl font-semibold">
            {t("empty.title")}
          </h2>
          <p className="mx-auto mt-2 max-w-prose text-slate-700">{dashboard.editorOnly ? t("empty.editorOnly") : t("empty.text")}</p>
          <Link to={`${localePath(locale, "/ads/import")}${clientQuery ? `?${clientQuery}` : ""}`} className="btn-primary mt-5 inline-flex">
            {t("empty.import")}
          </Link>
        </section>
      ) : (
        <>
          <Form
            method="get"
            action={here}
            className="mt-6 rounded-2xl border border-slate-200 bg-surface p-4"
            aria-labelledby="ads-filters"
          >
            <h2 id="ads-filters" className="sr-only">
              {t("filters.title")}
            </h2>
            {client.inQuery ? <input type="hidden" name="client" value={client.id} /> : null}
            {shown === "all" ? <input type="hidden" name="period" value="all" /> : null}
            <input type="hidden" name="sort" value={filters.sort} />
            <input type="hidden" name="dir" value={filters.dir} />
            <div className="flex flex-wrap items-end gap-3">
              <label className="min-w-[10rem] flex-1 text-sm">
                <span className="font-medium">{t("filters.platform")}</span>
                <select name="platform" defaultValue={filters.platform} className={field}>
                  <option value="">{t("filters.allPlatforms")}</option>
                  {AD_PLATFORMS.map((platform) => (
                    <option key={platform} value={platform}>
                      {t(`platforms.${platform}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="min-w-[10rem] flex-1 text-sm">
                <span className="font-medium">{t("filters.campaign")}</span>
                <select name="campaign" defaultValue={filters.campaign} className={field}>
                  <option value="">{t("filters.allCampaigns")}</option>
                  {campaignChoices.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="min-w-[9rem] flex-1 text-sm">
                <span className="font-medium">{t("filters.from")}</span>
                <input type="date" name="from" defaultValue={shown === "all" ? "" : shown.from} className={field} />
              </label>
              <label className="min-w-[9rem] flex-1 text-sm">
                <span className="font-medium">{t("filters.to")}</span>
                <input type="date" name="to" defaultValue={shown === "all" ? "" : shown.to} className={field} />
              </label>
              <div className="flex gap-2">
                <button type="submit" className="btn-primary">
                  {t("filters.apply")}
                </button>
                <Link to={withClient("")} className="btn-secondary">
                  {t("filters.reset")}
                </Link>
              </div>
            </div>
            {shown === "all" ? <p className="mt-2 text-xs text-slate-600">{t("filters.allHint")}</p> : null}
          </Form>

          {dashboard.periods.length ? (
            <nav aria-label={t("periods.label")} className="mt-3 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-slate-600">{t("periods.label")}</span>
              {dashboard.periods.map((period) => (
                <Link
                  key={period === "all" ? "all" : `${period.from}:${period.to}`}
                  to={periodHref(period)}
                  aria-current={isShown(period) ? "true" : undefined}
                  className={`rounded-full border px-3 py-1 ${isShown(period) ? "border-brand-700 bg-brand-50 font-semibold text-brand-800" : "border-slate-300 hover:bg-slate-50"}`}
                >
                  {period === "all" ? t("period.all") : f.range(period)}
                </Link>
              ))}
            </nav>
          ) : null}

          {dashboard.rows === 0 ? (
            <p
              role="status"
              className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
              data-testid="no-match"
            >
              {t("noMatch.text")}{" "}
              <Link to={withClient("")} className="font-semibold underline underline-offset-2">
                {t("noMatch.reset")}
              </Link>
            </p>
          ) : (
            <>
              <SourcesNote sources={dashboard.sources} />

              <section aria-labelledby="ads-kpis" className="mt-6">
                <h2 id="ads-kpis" className="sr-only">
                  {t("kpis.title")}
                </h2>
                <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
                  {DASHBOARD_KPIS.map((key) => (
                    <KpiCard
                      key={key}
                      label={t(`kpis.${key}`)}
                      value={f.kpi(key, dashboard.kpis[key].value)}
                      change={dashboard.hasPrevious ? f.change(key, dashboard.kpis[key].change) : null}
                      testId={`kpi-${key}`}
                    />
                  ))}
                </dl>
                <p className="mt-2 text-xs text-slate-600" data-testid="comparison">
                  {dashboard.hasPrevious
                    ? t("kpis.comparison")
                    : dashboard.previous
                      ? t("change.noPrevious", { period: f.range(dashboard.previous) })
                      : t("change.allTime")}
                </p>
              </section>

              <section aria-labelledby="ads-charts" className="mt-6">
                <h2 id="ads-charts" className="text-xl font-semibold">
                  {t("charts.title")}
                </h2>
                {dashboard.days.length ? (
                  <AdDayCharts
                    days={dashboard.days}
                    currency={dashboard.currency}
                    f={f}
                    labels={{ spend: t("charts.spend"), conversions: t("charts.conversions"), empty: t("charts.empty") }}
                  />
                ) : (
                  <p className="mt-2 text-sm text-slate-700" data-testid="no-days">
                    {t("charts.noDays")}
                  </p>
                )}
                {dashboard.days.length && dashboard.sources.some((source) => source.periodExports || source.allTime) ? (
                  <p className="mt-2 text-xs text-slate-600">{t("charts.periodExports")}</p>
                ) : null}
              </section>

              <section aria-labelledby="ads-campaigns" className="mt-8">
                <h2 id="ads-campaigns" className="text-xl font-semibold">
                  {t("campaigns.title")}
                </h2>
                <CampaignsTable rows={dashboard.campaigns} filters={filters} f={f} />
              </section>
            </>
          )}
        </>
      )}
    </div>
  );
}

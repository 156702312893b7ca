/**
 * The ad dashboard (`/ads`): one client account's figures for a period (the latest import's unless
 * the query string asks for another), each KPI with its change against the days right before, spend
 * and conversions per day (the chart kit: readable without JavaScript), and the campaigns table
 * sorted by links. Filters are a GET form (`platform`, `campaign`, `from`, `to`; `period=all`;
 * `client` kept from the layout); the counting rules live in `~/ads/dashboard.server`.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAdTools } from "~/ads/access.server";
import { dashboardQueryFromSearch } from "~/ads/dashboard-query";
import { adsDashboard } from "~/ads/dashboard.server";
import { DASHBOARD_KPIS } from "~/ads/kpi-format";
import { AdDayCharts, KpiGrid } from "~/components/ads/figures";
import { NoneLine, Section } from "~/components/section";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { CampaignsTable } from "./campaigns-table";
import { DashboardFilters } from "./dashboard-filters";
import { SourcesNote } from "./sources-note";
import { useKpiFormatters } from "~/components/ads/kpi-formatters";

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

export default function AdsDashboardPage() {
  const { t } = useTranslation("ads-dashboard");
  const { error, client, filters, dashboard } = useLoaderData<typeof loader>();
  const f = useKpiFormatters("ads-dashboard")(dashboard.currency);
  const { locale } = f;
  const here = localePath(locale, "/ads");
  const clientQuery = client.inQuery ? `client=${encodeURIComponent(client.id)}` : "";
  const withClient = (query: string) => {
    const joined = [clientQuery, query].filter(Boolean).join("&");
    return joined ? `${here}?${joined}` : here;
  };
  const shown = dashboard.period;

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
        <Section
          id="ads-empty"
          title={t("empty.title")}
          className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-surface p-8 text-center"
          testId="empty"
        >
          <p className="mx-auto mt-2 max-w-prose text-slate-700">{dashboard.editorOnly ? t("empty.editorOnly") : t("empty.text")}</p>
          <Link to={`${localePath(locale, "/ads/import")}${clientQuery ? `?${clientQuery}` : ""}`} className="btn-primary mt-5 inline-flex">
            {t("empty.import")}
          </Link>
        </Section>
      ) : (
        <>
          <DashboardFilters
            here={here}
            client={client}
            filters={filters}
            shown={shown}
            periods={dashboard.periods}
            campaignNames={dashboard.campaignNames}
            withClient={withClient}
            f={f}
          />

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

              <Section id="ads-kpis" title={t("kpis.title")} className="mt-6" titleClassName="sr-only">
                <KpiGrid
                  className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5"
                  keys={DASHBOARD_KPIS}
                  label={(key) => t(`kpis.${key}`)}
                  value={(key) => f.kpi(key, dashboard.kpis[key].value)}
                  change={(key) => (dashboard.hasPrevious ? f.change(key, dashboard.kpis[key].change) : null)}
                  testIdPrefix="kpi-"
                />
                <p className="mt-2 text-xs text-slate-600" data-testid="comparison">
                  {dashboard.hasPrevious
                    ? t("kpis.comparison")
                    : dashboard.previous
                      ? t("change.noPrevious", { period: f.range(dashboard.previous) })
                      : t("change.allTime")}
                </p>
              </Section>

              <Section id="ads-charts" title={t("charts.title")} className="mt-6">
                {dashboard.days.length ? (
                  <AdDayCharts
                    days={dashboard.days}
                    currency={dashboard.currency}
                    f={f}
                    labels={{ spend: t("charts.spend"), conversions: t("charts.conversions"), empty: t("charts.empty") }}
                  />
                ) : (
                  <NoneLine testId="no-days">{t("charts.noDays")}</NoneLine>
                )}
                {dashboard.days.length && dashboard.sources.some((source) => source.periodExports || source.allTime) ? (
                  <p className="mt-2 text-xs text-slate-600">{t("charts.periodExports")}</p>
                ) : null}
              </Section>

              <Section id="ads-campaigns" title={t("campaigns.title")}>
                <CampaignsTable rows={dashboard.campaigns} filters={filters} f={f} />
              </Section>
            </>
          )}
        </>
      )}
    </div>
  );
}

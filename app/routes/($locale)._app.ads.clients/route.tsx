/**
 * The agency overview (`/ads/clients`): every client account of the workspace on one page with
 * its period's spend, conversions, cost per conversion and ROAS, each with its change against the
 * days right before, the latest audit's grade, the alerts fired in the last seven days and this
 * month's budget pacing; the
 * columns sort by links (`sort`, `dir`) and a GET form picks one period for all (`from`, `to`; by
 * default each client account's latest import's period, as its dashboard opens). A client's name
 * opens its dashboard. The figures come from `~/ads/overview.server`.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLocation } from "@remix-run/react";
import { requireAdTools } from "~/ads/access.server";
import { dashboardQueryFromSearch } from "~/ads/dashboard-query";
import { useKpiFormatters } from "~/components/ads/kpi-formatters";
import { OVERVIEW_KPIS, OVERVIEW_SORTS, overviewDefaultDirection, type OverviewKpi, type OverviewSort } from "~/ads/overview-query";
import { agencyOverview, type ClientOverview } from "~/ads/overview.server";
import { AdPage } from "~/components/ads/page-heading";
import { DataTable } from "~/components/data-table";
import { NoneLine } from "~/components/section";
import { SubmitButton } from "~/components/submit-button";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { formatDate } from "~/utils/dates";
import { numberFormat } from "~/utils/intl";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "ads", "ads-clients"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdTools(request, params);
  const search = new URL(request.url).searchParams;
  const { query, error } = dashboardQueryFromSearch(search);
  const sortParam = search.get("sort") ?? "";
  const sort: OverviewSort = (OVERVIEW_SORTS as readonly string[]).includes(sortParam) ? (sortParam as OverviewSort) : "spend";
  const dirParam = search.get("dir");
  const dir = dirParam === "asc" || dirParam === "desc" ? dirParam : overviewDefaultDirection(sort);
  const period = query.period === "all" ? null : query.period;
  return data({
    meta: await pageMeta(params, "ads-clients", "meta"),
    error,
    filters: { from: period?.from ?? "", to: period?.to ?? "", sort, dir },
    rows: await agencyOverview(db(), user.id, { period, sort, dir }),
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const KPI_SORT: Record<OverviewKpi, OverviewSort> = { spendCents: "spend", conversions: "conversions", cpaCents: "cpa", roas: "roas" };
const TONE = { true: "text-emerald-800", false: "text-red-800", null: "text-slate-600" } as const;

export default function AgencyOverview() {
  const { t, locale, loaderData } = usePage<typeof loader>("ads-clients");
  const { error, filters, rows } = loaderData;
  const { search } = useLocation();
  const formatters = useKpiFormatters("ads-clients");
  const here = localePath(locale, "/ads/clients");
  const sortLink = (column: OverviewSort) => {
    const params = new URLSearchParams(search);
    params.set("sort", column);
    params.set("dir", column === filters.sort ? (filters.dir === "asc" ? "desc" : "asc") : overviewDefaultDirection(column));
    return { href: `?${params}`, direction: filters.sort === column ? filters.dir : null };
  };
  const kpiCell = (row: ClientOverview, key: OverviewKpi) => {
    const f = formatters(row.currency);
    const kpi = row.kpis[key];
    const change = row.hasPrevious ? f.change(key, kpi.change) : null;
    return (
      <span className="block">
        <span className="block font-semibold tabular-nums">{f.kpi(key, kpi.value)}</span>
        {change ? <span className={`block text-xs ${TONE[`${change.good}`]}`}>{change.text}</span> : null}
      </span>
    );
  };

  return (
    <AdPage title={t("title")} intro={t("intro")}>
      <Form method="get" action={here} className="mt-6 rounded-2xl border border-slate-200 bg-surface p-4" aria-label={t("filters.title")}>
        <input type="hidden" name="sort" value={filters.sort} />
        <input type="hidden" name="dir" value={filters.dir} />
        <div className="flex flex-wrap items-end gap-3">
          {(["from", "to"] as const).map((name) => (
            <label key={name} className="min-w-[9rem] flex-1 text-sm sm:flex-none">
              <span className="font-medium">{t(`filters.${name}`)}</span>
              <input
                type="date"
                name={name}
                defaultValue={filters[name]}
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm"
              />
            </label>
          ))}
          <div className="flex gap-2">
            <SubmitButton>{t("filters.apply")}</SubmitButton>
            <Link to={here} className="btn-secondary">
              {t("filters.reset")}
            </Link>
          </div>
        </div>
        <p className="mt-2 text-xs text-slate-600">{filters.from ? t("filters.oneForAll") : t("filters.latestHint")}</p>
      </Form>
      {error ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900">
          {t(`errors.${error}`)}
        </p>
      ) : null}

      {rows.length ? (
        <DataTable
          className="mt-6"
          testId="client-overview"
          caption={`${t("table.caption")} ${t("table.sortHint")}`}
          scrollLabel={t("table.caption")}
          rows={rows}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ "data-testid": "client-row", "data-client": row.id })}
          columns={[
            {
              key: "name",
              header: t("columns.client"),
              label: "",
              sort: sortLink("name"),
              rowHeader: true,
              primary: true,
              className: "break-words font-medium md:min-w-[10rem]",
              cell: (row) => (
                <span className="block">
                  <Link
                    to={`${localePath(locale, "/ads")}?client=${encodeURIComponent(row.id)}`}
                    className="text-brand-700 hover:underline"
                  >
                    {row.name}
                  </Link>
                  <span className="block text-xs font-normal text-slate-600">
                    {row.hasData ? formatters(row.currency).range(row.period) : t("noData")}
                  </span>
                </span>
              ),
            },
            ...OVERVIEW_KPIS.map((key) => ({
              key,
              header: t(`columns.${key}`),
              sort: sortLink(KPI_SORT[key]),
              numeric: true,
              cell: (row: ClientOverview) => (row.hasData ? kpiCell(row, key) : t("notAvailable")),
            })),
            {
              key: "grade",
              header: t("columns.grade"),
              sort: sortLink("grade"),
              cell: (row) =>
                row.audit ? (
                  <span title={t("audit.of", { date: formatDate(row.audit.createdAt.slice(0, 10), locale) })}>
                    {t("audit.grade", {
                      grade: row.audit.grade,
                      score: numberFormat(locale, { maximumFractionDigits: 0 }).format(row.audit.score),
                    })}
                  </span>
                ) : (
                  <span className="text-slate-600">{t("audit.none")}</span>
                ),
            },
            {
              key: "alerts",
              header: t("columns.alerts"),
              sort: sortLink("alerts"),
              numeric: true,
              cell: (row) =>
                row.alertsFired ? (
                  <Link
                    to={`${localePath(locale, "/ads/alerts")}?client=${encodeURIComponent(row.id)}`}
                    className="text-red-800 hover:underline"
                  >
                    {t("alerts.fired", { count: row.alertsFired })}
                  </Link>
                ) : (
                  <span className="text-slate-600">{t("alerts.none")}</span>
                ),
            },
            {
              key: "pacing",
              header: t("columns.pacing"),
              sort: sortLink("pacing"),
              cell: (row) =>
                !row.pacing ? (
                  <span className="text-slate-600">{t("pacing.none")}</span>
                ) : row.pacing.over + row.pacing.under + row.pacing.onPace === 0 ? (
                  <span className="text-slate-600">{t("pacing.noData")}</span>
                ) : (
                  <Link
                    to={`${localePath(locale, "/ads/pacing")}?client=${encodeURIComponent(row.id)}`}
                    className={row.pacing.over || row.pacing.under ? "text-red-800 hover:underline" : "text-emerald-800 hover:underline"}
                  >
                    {t("pacing.summary", { over: row.pacing.over, under: row.pacing.under, onPace: row.pacing.onPace })}
                  </Link>
                ),
            },
          ]}
        />
      ) : (
        <NoneLine>{t("empty")}</NoneLine>
      )}
      <p className="mt-3 text-xs text-slate-600">{t("footnote")}</p>
    </AdPage>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";

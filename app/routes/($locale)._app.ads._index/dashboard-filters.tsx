/**
 * The dashboard's filters: a GET form (`platform`, `campaign`, `from`, `to`, with `period=all`,
 * `sort`, `dir` and the client account kept) and the imported periods as quick picks.
 */
import { Form, Link } from "@remix-run/react";
import { AD_PLATFORMS, type CampaignSort, type DayRange, type SortDirection } from "~/ads/dashboard-query";
import { useTranslation } from "~/i18n/react";
import type { Formatters } from "~/components/ads/kpi-formatters";
import { SubmitButton } from "~/components/submit-button";
import { FilterField, optionsOf, type ListFilterField } from "~/components/admin/list-filters";

export function DashboardFilters({
  here,
  client,
  filters,
  shown,
  periods,
  campaignNames,
  withClient,
  f,
}: {
  here: string;
  client: { id: string; inQuery: boolean };
  filters: { platform: string; campaign: string; sort: CampaignSort; dir: SortDirection };
  shown: DayRange | "all";
  periods: Array<DayRange | "all">;
  campaignNames: string[];
  /** The dashboard's URL with the client account and this query. */
  withClient: (query: string) => string;
  f: Formatters;
}) {
  const { t } = useTranslation("ads-dashboard");
  const periodHref = (period: DayRange | "all") => withClient(period === "all" ? "period=all" : `from=${period.from}&to=${period.to}`);
  const isShown = (period: DayRange | "all") =>
    period === "all" || shown === "all" ? period === shown : period.from === shown.from && period.to === shown.to;
  const campaignChoices =
    filters.campaign && !campaignNames.includes(filters.campaign) ? [filters.campaign, ...campaignNames] : campaignNames;
  const fields: ListFilterField[] = [
    {
      id: "ads-filter-platform",
      name: "platform",
      label: t("filters.platform"),
      value: filters.platform,
      any: t("filters.allPlatforms"),
      options: optionsOf(AD_PLATFORMS, (platform) => t(`platforms.${platform}`)),
      className: "min-w-[10rem] flex-1",
    },
    {
      id: "ads-filter-campaign",
      name: "campaign",
      label: t("filters.campaign"),
      value: filters.campaign,
      any: t("filters.allCampaigns"),
      options: campaignChoices.map((name) => ({ value: name, label: name })),
      className: "min-w-[10rem] flex-1",
    },
    ...(["from", "to"] as const).map((end) => ({
      id: `ads-filter-${end}`,
      name: end,
      type: "date" as const,
      label: t(`filters.${end}`),
      value: shown === "all" ? "" : shown[end],
      className: "min-w-[9rem] flex-1",
    })),
  ];
  return (
    <>
      <Form method="get" action={here} className="mt-6 rounded-2xl border border-slate-200 bg-surface p-4" aria-labelledby="ads-filters">
        <h2 id="ads-filters" className="sr-only">
          {t("filters.title")}
        </h2>
        {client.inQuery ? <input type="hidden" name="client" value={client.id} /> : null}
        {shown === "all" ? <input type="hidden" name="period" value="all" /> : null}
        <input type="hidden" name="sort" value={filters.sort} />
        <input type="hidden" name="dir" value={filters.dir} />
        <div className="flex flex-wrap items-end gap-3">
          {fields.map((field) => (
            <FilterField key={field.id} field={field} className={field.className} wide />
          ))}
          <div className="flex gap-2">
            <SubmitButton>{t("filters.apply")}</SubmitButton>
            <Link to={withClient("")} className="btn-secondary">
              {t("filters.reset")}
            </Link>
          </div>
        </div>
        {shown === "all" ? <p className="mt-2 text-xs text-slate-600">{t("filters.allHint")}</p> : null}
      </Form>

      {periods.length ? (
        <nav aria-label={t("periods.label")} className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">{t("periods.label")}</span>
          {periods.map((period) => (
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
    </>
  );
}

/**
 * The dashboard's campaigns table: one row per platform and campaign with its figures, each
 * column header a link that sorts by it (again to turn the direction).
 */
import { Link, useLocation } from "@remix-run/react";
import { defaultDirection, type CampaignSort, type SortDirection } from "~/ads/dashboard-query";
import type { CampaignRow } from "~/ads/dashboard.server";
import { useTranslation } from "~/i18n/react";
import type { Formatters } from "./use-formatters";

type Sorted = { sort: CampaignSort; dir: SortDirection };

/** The table's columns, each a sort (numbers right-aligned). */
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

function sortHref(search: string, column: CampaignSort, current: Sorted) {
  const params = new URLSearchParams(search);
  const dir = column === current.sort ? (current.dir === "asc" ? "desc" : "asc") : defaultDirection(column);
  params.set("sort", column);
  params.set("dir", dir);
  return `?${params}`;
}

export function CampaignsTable({ rows, filters, f }: { rows: CampaignRow[]; filters: Sorted; f: Formatters }) {
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

/**
 * The dashboard's campaigns table: one row per platform and campaign with its figures, each
 * column header a link that sorts by it (again to turn the direction); cards on a phone.
 */
import { useLocation } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { defaultDirection, type CampaignSort, type SortDirection } from "~/ads/dashboard-query";
import type { CampaignRow } from "~/ads/dashboard.server";
import { useTranslation } from "~/i18n/react";
import type { Formatters } from "~/components/ads/kpi-formatters";

type Sorted = { sort: CampaignSort; dir: SortDirection };

/** The figures' columns after the campaign's name and platform (numbers right-aligned). */
const FIGURES: Array<{ sort: CampaignSort; cell: (row: CampaignRow, f: Formatters) => string }> = [
  { sort: "spend", cell: (row, f) => f.money(row.spendCents) },
  { sort: "impressions", cell: (row, f) => f.integer(row.impressions) },
  { sort: "clicks", cell: (row, f) => f.integer(row.clicks) },
  { sort: "ctr", cell: (row, f) => f.percent(row.ctr) },
  { sort: "cpc", cell: (row, f) => f.money(row.avgCpcCents) },
  { sort: "conversions", cell: (row, f) => f.decimal(row.conversions) },
  { sort: "cpa", cell: (row, f) => f.money(row.cpaCents) },
  { sort: "roas", cell: (row, f) => f.roas(row.roas) },
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
  const sort = (column: CampaignSort) => ({
    href: sortHref(search, column, filters),
    direction: filters.sort === column ? filters.dir : null,
  });
  return (
    <DataTable
      className="mt-4"
      testId="campaigns"
      caption={`${t("campaigns.table")} ${t("campaigns.sortHint")}`}
      scrollLabel={t("campaigns.table")}
      rows={rows}
      rowKey={(row) => `${row.platform}:${row.campaign ?? ""}`}
      rowTestId="campaign-row"
      columns={[
        {
          key: "campaign",
          header: t("columns.campaign"),
          label: "",
          sort: sort("campaign"),
          rowHeader: true,
          primary: true,
          headerClassName: "whitespace-nowrap",
          className: "break-words font-medium md:min-w-[10rem] md:max-w-[16rem]",
          cell: (row) => row.campaign ?? <span className="font-normal italic text-slate-600">{t("campaigns.noName")}</span>,
        },
        {
          key: "platform",
          header: t("columns.platform"),
          sort: sort("platform"),
          headerClassName: "whitespace-nowrap",
          className: "md:whitespace-nowrap",
          cell: (row) => t(`platforms.${row.platform}`),
        },
        ...FIGURES.map((column) => ({
          key: column.sort,
          header: t(`columns.${column.sort}`),
          sort: sort(column.sort),
          headerClassName: "whitespace-nowrap",
          numeric: true,
          cell: (row: CampaignRow) => column.cell(row, f),
        })),
      ]}
    />
  );
}

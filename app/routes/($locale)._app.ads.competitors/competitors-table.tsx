/**
 * The competitors of the latest period (the client's own row first): each rate, the change in
 * impression share since it first appeared, and its flags.
 */
import type { CompetitorTrend, RateKey } from "~/ads/competitors.server";
import { DataTable } from "~/components/data-table";
import { useTranslation } from "~/i18n/react";
import { changeText, flagsOf, nameOf, rateText } from "./competitor-format";
import { Section } from "~/components/section";

/** The table's rate columns, in the report's order. */
const COLUMNS: RateKey[] = ["impressionShare", "overlapRate", "positionAboveRate", "topOfPageRate", "absTopOfPageRate", "outrankingShare"];

export function CompetitorsTable({
  rows,
  skippedDeviceRows,
  percent,
  signed,
}: {
  rows: CompetitorTrend[];
  skippedDeviceRows: number;
  percent: Intl.NumberFormat;
  signed: Intl.NumberFormat;
}) {
  const { t } = useTranslation("ads-competitors");
  return (
    <Section id="competitors-table" title={t("table.title")} className="mt-6" titleClassName="text-lg font-bold">
      <DataTable
        className="mt-3"
        testId="competitors"
        caption={t("table.label")}
        scroll="56rem"
        dense
        rows={rows}
        rowKey={(trend) => `${trend.isYou}-${trend.domain}`}
        rowProps={(trend) => ({ "data-testid": "competitor-row", className: trend.isYou ? "!bg-brand-50" : undefined })}
        columns={[
          {
            key: "domain",
            header: t("table.domain"),
            rowHeader: true,
            primary: true,
            className: "break-all font-medium",
            cell: (trend) => nameOf(trend, t),
          },
          ...COLUMNS.map((column) => ({
            key: column,
            header: t(`table.${column}`),
            numeric: true,
            cell: (trend: (typeof rows)[number]) => (trend.latest ? rateText(trend.latest[column], percent, t) : t("table.absent")),
          })),
          {
            key: "change",
            header: t("table.change"),
            numeric: true,
            cell: (trend) => changeText(trend.change, signed, t),
          },
          {
            key: "flags",
            header: t("table.flags"),
            cell: (trend) =>
              flagsOf(trend, t).map((flag) => (
                <span key={flag} className="mr-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  {flag}
                </span>
              )),
          },
        ]}
      />
      <p className="mt-2 max-w-3xl text-xs text-slate-600">{t("table.note")}</p>
      {skippedDeviceRows > 0 ? <p className="mt-1 text-xs text-slate-600">{t("table.deviceRows", { count: skippedDeviceRows })}</p> : null}
    </Section>
  );
}

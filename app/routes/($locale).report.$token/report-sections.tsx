/**
 * The shared report's lists: the top campaigns with their figures, the latest audit's grade (in
 * the agency's colour) with the trend of earlier ones, and the tips applied in the period.
 */
import { DataTable } from "~/components/data-table";
import { NoneLine, Section } from "~/components/section";
import { readableOn, type reportFormatters } from "~/ads/reports/format";
import type { ReportData } from "~/ads/reports/report.server";
import { useTranslation } from "~/i18n/react";

type Formatters = ReturnType<typeof reportFormatters>;
type Campaign = ReportData["campaigns"][number];

/** The campaigns' figure columns: the column's key (its heading) and its value. */
const FIGURES: Array<[string, (row: Campaign, f: Formatters) => string]> = [
  ["spend", (row, f) => f.money(row.spendCents)],
  ["clicks", (row, f) => f.integer(row.clicks)],
  ["conversions", (row, f) => f.decimal(row.conversions)],
  ["cpa", (row, f) => f.money(row.cpaCents)],
];

export function ReportCampaigns({ report, f }: { report: ReportData; f: Formatters }) {
  const { t } = useTranslation("ads-reports");
  return (
    <Section id="shared-campaigns" title={t("doc.campaigns")}>
      {report.campaigns.length ? (
        <DataTable
          className="mt-3"
          dense
          rows={report.campaigns}
          rowKey={(row, i) => `${row.platform}-${row.campaign ?? ""}-${i}`}
          columns={[
            {
              key: "campaign",
              header: t("doc.columns.campaign"),
              primary: true,
              className: "break-words",
              cell: (row) => row.campaign ?? t("doc.noCampaign"),
            },
            { key: "platform", header: t("doc.columns.platform"), cell: (row) => t(`platforms.${row.platform}`) },
            ...FIGURES.map(([key, value]) => ({
              key,
              header: t(`doc.columns.${key}`),
              numeric: true,
              cell: (row: Campaign) => value(row, f),
            })),
          ]}
        />
      ) : (
        <NoneLine>{t("doc.noCampaigns")}</NoneLine>
      )}
    </Section>
  );
}

export function ReportAudit({ report, primaryColor, f }: { report: ReportData; primaryColor: string; f: Formatters }) {
  const { t } = useTranslation("ads-reports");
  const latest = report.audits.at(-1);
  return (
    <Section id="shared-audit" title={t("doc.audit")}>
      {latest ? (
        <div
          className="mt-3 flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-surface p-4"
          data-testid="shared-audit-grade"
        >
          <svg aria-hidden="true" viewBox="0 0 48 48" className="h-12 w-12 shrink-0">
            <rect width="48" height="48" rx="10" fill={primaryColor} />
            <text x="24" y="33" textAnchor="middle" fontSize="26" fontWeight="700" fill={readableOn(primaryColor)}>
              {latest.grade}
            </text>
          </svg>
          <div>
            <p className="font-semibold">{t("doc.grade", { grade: latest.grade, score: latest.score })}</p>
            <p className="text-sm text-slate-600">{t("doc.auditedOn", { date: f.date(latest.createdAt) })}</p>
            {report.audits.length > 1 ? (
              <p className="mt-1 text-sm text-slate-600">
                {t("doc.trend", {
                  trend: report.audits.map((item) => `${f.date(item.createdAt)}: ${item.grade} (${item.score})`).join(" \u2192 "),
                })}
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <NoneLine>{t("doc.noAudit")}</NoneLine>
      )}
    </Section>
  );
}

export function ReportTips({ report, f }: { report: ReportData; f: Formatters }) {
  const { t } = useTranslation("ads-reports");
  return (
    <Section id="shared-tips" title={t("doc.tips")}>
      {report.tips.length ? (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
          {report.tips.map((tip, i) => (
            <li key={i}>
              {t("doc.tipLine", {
                tip: t(`tipKinds.${tip.kind}`),
                campaign: tip.campaign ?? t("doc.noCampaign"),
                date: f.date(tip.appliedAt),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <NoneLine>{t("doc.noTips")}</NoneLine>
      )}
    </Section>
  );
}

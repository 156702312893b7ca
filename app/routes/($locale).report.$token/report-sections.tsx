/**
 * The shared report's lists: the top campaigns with their figures, the latest audit's grade (in
 * the agency's colour) with the trend of earlier ones, and the tips applied in the period.
 */
import { readableOn, type reportFormatters } from "~/ads/reports/format";
import type { ReportData } from "~/ads/reports/report.server";
import { useTranslation } from "~/i18n/react";

type Formatters = ReturnType<typeof reportFormatters>;

export function ReportCampaigns({ report, f }: { report: ReportData; f: Formatters }) {
  const { t } = useTranslation("ads-reports");
  return (
    <section aria-labelledby="shared-campaigns" className="mt-8">
      <h2 id="shared-campaigns" className="text-xl font-semibold">
        {t("doc.campaigns")}
      </h2>
      {report.campaigns.length ? (
        <div className="mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-surface">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("doc.columns.campaign")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("doc.columns.platform")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("doc.columns.spend")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("doc.columns.clicks")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("doc.columns.conversions")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("doc.columns.cpa")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.campaigns.map((row, i) => (
                <tr key={`${row.platform}-${row.campaign ?? ""}-${i}`}>
                  <td className="break-words px-3 py-2">{row.campaign ?? t("doc.noCampaign")}</td>
                  <td className="px-3 py-2">{t(`platforms.${row.platform}`)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{f.money(row.spendCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{f.integer(row.clicks)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{f.decimal(row.conversions)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{f.money(row.cpaCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{t("doc.noCampaigns")}</p>
      )}
    </section>
  );
}

export function ReportAudit({ report, primaryColor, f }: { report: ReportData; primaryColor: string; f: Formatters }) {
  const { t } = useTranslation("ads-reports");
  const latest = report.audits.at(-1);
  return (
    <section aria-labelledby="shared-audit" className="mt-8">
      <h2 id="shared-audit" className="text-xl font-semibold">
        {t("doc.audit")}
      </h2>
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
        <p className="mt-2 text-sm text-slate-700">{t("doc.noAudit")}</p>
      )}
    </section>
  );
}

export function ReportTips({ report, f }: { report: ReportData; f: Formatters }) {
  const { t } = useTranslation("ads-reports");
  return (
    <section aria-labelledby="shared-tips" className="mt-8">
      <h2 id="shared-tips" className="text-xl font-semibold">
        {t("doc.tips")}
      </h2>
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
        <p className="mt-2 text-sm text-slate-700">{t("doc.noTips")}</p>
      )}
    </section>
  );
}

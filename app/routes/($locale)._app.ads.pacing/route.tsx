/**
 * Budget pacing (`/ads/pacing`, #28): for each Google Ads campaign with a daily budget, the chosen
 * month (`month=YYYY-MM`, the current month of the client account's time zone by default; a GET
 * form offers the months the data covers): the month's budget, spend so far, the recent daily rate
 * and the days it averages, the projected month-end spend and whether that is on pace, under or
 * over (±10 %), then a chart per campaign of the cumulative spend against the budget line and the
 * projection. Every figure names its source import and period; the maths are `~/ads/pacing`, the
 * reading `~/ads/pacing.server`. Without data: which reports to import.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { usePage } from "~/i18n/react";
import { requireAdTools } from "~/ads/access.server";
import { pacingReport } from "~/ads/pacing.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { formatDate, monthName } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { Section } from "~/components/section";
import { AdPage } from "~/components/ads/page-heading";
import { AdFilterBar } from "~/components/ads/filter-bar";
import { PacingTable } from "./pacing-table";
import { PacingCharts } from "./pacing-charts";
import { ImportFirst } from "~/components/ads/import-first";

export const handle = { i18n: ["common", "ads", "ads-pacing"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, accounts, client } = await requireAdTools(request, params);
  const month = new URL(request.url).searchParams.get("month")?.slice(0, 7) ?? null;
  const report = await pacingReport(db(), user.id, client.id, { month });
  return data({
    meta: await pageMeta(params, "ads-pacing", "meta"),
    client: { id: client.id, name: client.name, inQuery: accounts.length > 1 },
    report,
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdPacing() {
  const { t, locale, loaderData } = usePage<typeof loader>("ads-pacing");
  const { client, report } = loaderData;
  const clientQuery = client.inQuery ? `?client=${encodeURIComponent(client.id)}` : "";
  // The imports the daily budgets were read from, once each (a campaign report already listed for its spend is not repeated).
  const spendIds = new Set(report.spendImports.map((item) => item.id));
  const budgetImports = [
    ...new Map(
      report.campaigns
        .filter((c) => !spendIds.has(c.budgetImport.id))
        .map((c) => [c.budgetImport.id, { source: c.budgetSource, item: c.budgetImport }]),
    ).values(),
  ];
  const range = (start: string | null, end: string | null) =>
    start && end ? t("sources.range", { start: formatDate(start, locale), end: formatDate(end, locale) }) : t("sources.allTime");

  return (
    <AdPage title={t("title")} intro={t("intro", { client: client.name })}>
      <AdFilterBar
        client={client}
        fields={[
          {
            id: "pacing-month",
            name: "month",
            label: t("filters.month"),
            value: report.month,
            options: report.months.map((month) => ({ value: month, label: monthName(month, locale) })),
          },
        ]}
        submit={t("filters.submit")}
      />

      <p className="mt-4 text-sm text-slate-700" data-testid="pacing-month">
        {t("measuredTo", { month: monthName(report.month, locale), today: formatDate(report.today, locale), timeZone: report.timeZone })}
      </p>

      {report.campaigns.length === 0 ? (
        <ImportFirst id="pacing-empty" namespace="ads-pacing" steps={3} clientQuery={clientQuery} />
      ) : (
        <>
          <Section id="pacing-sources" title={t("sources.title")} className="mt-4" titleClassName="text-lg font-bold">
            <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="pacing-sources">
              {report.spendImports.map((item) => (
                <li key={item.id}>{t("sources.spend", { file: item.filename, period: range(item.periodStart, item.periodEnd) })}</li>
              ))}
              {budgetImports.map(({ source, item }) => (
                <li key={`budget-${item.id}`}>
                  {t(`sources.budget.${source}`, {
                    file: item.filename,
                    date: item.importedAt ? formatDate(item.importedAt.slice(0, 10), locale) : "–",
                  })}
                </li>
              ))}
            </ul>
          </Section>
          <PacingTable
            report={report}
            locale={locale}
            editorHref={`${localePath(locale, "/ads/pacing/editor.csv")}?${new URLSearchParams({ ...(client.inQuery ? { client: client.id } : {}), month: report.month })}`}
          />
          <PacingCharts report={report} locale={locale} />
        </>
      )}

      <Section id="pacing-rules" title={t("rules.title")} className="mt-8" titleClassName="text-lg font-bold">
        <ul className="mt-2 max-w-3xl list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t("rules.budget")}</li>
          <li>{t("rules.rate")}</li>
          <li>{t("rules.status", { tolerance: report.tolerancePercent })}</li>
          <li>{t("rules.suggestion")}</li>
          <li>
            {t("rules.google")}{" "}
            <a
              href="https://support.google.com/google-ads/answer/6385083"
              className="break-all font-medium text-brand-700 underline"
              rel="noreferrer"
            >
              support.google.com/google-ads/answer/6385083
            </a>
          </li>
        </ul>
      </Section>
    </AdPage>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";

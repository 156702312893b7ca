/**
 * Competitors (`/ads/competitors`): from the client account's imported Google Ads Auction insights
 * reports, the competitors of the latest period (impression share, overlap, position above, top of
 * page, absolute top, outranking share, the change in impression share since each first appeared),
 * the new entrants and those gaining flagged, and a chart per competitor of its impression share
 * over time (the client's own, "You", first). `< 10%` stays a bound wherever it is shown. A GET form
 * chooses the campaign (`campaign`) when the exports carry one; the trends live in
 * `~/ads/competitors.server`. Without data: how to download the report, and a link to the import.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { usePage } from "~/i18n/react";
import { requireAdTools } from "~/ads/access.server";
import { competitorReport } from "~/ads/competitors.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";

import { numberFormat } from "~/utils/intl";
import { CompetitorCharts } from "./competitor-charts";
import { changeText, flagsOf, rateText } from "./competitor-format";
import { CompetitorsTable } from "./competitors-table";
import { Section } from "~/components/section";
import { AdPage } from "~/components/ads/page-heading";
import { AdFilterBar } from "~/components/ads/filter-bar";
import { ImportFirst } from "~/components/ads/import-first";

export const handle = { i18n: ["common", "ads", "ads-competitors"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, accounts, client } = await requireAdTools(request, params);
  const campaign = new URL(request.url).searchParams.get("campaign")?.slice(0, 255) ?? null;
  const report = await competitorReport(db(), user.id, client.id, { campaign });
  return data({
    meta: await pageMeta(params, "ads-competitors", "meta"),
    client: { id: client.id, name: client.name, inQuery: accounts.length > 1 },
    report,
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdCompetitors() {
  const { t, locale, loaderData } = usePage<typeof loader>("ads-competitors");
  const { client, report } = loaderData;
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const signed = numberFormat(locale, { maximumFractionDigits: 1, signDisplay: "exceptZero" });
  const clientQuery = client.inQuery ? `?client=${encodeURIComponent(client.id)}` : "";
  const latest = report.periods.at(-1);
  const periodLabel = (period: (typeof report.periods)[number]) =>
    period.start && period.end
      ? t("period.range", { start: formatDate(period.start, locale), end: formatDate(period.end, locale) })
      : formatDate(period.key, locale);

  if (!latest) {
    return (
      <AdPage title={t("title")} intro={t("intro", { client: client.name })}>
        <ImportFirst id="competitors-empty" namespace="ads-competitors" steps={4} clientQuery={clientQuery} />
      </AdPage>
    );
  }

  const flagged = report.competitors.filter((trend) => trend.newEntrant || trend.gaining);
  const rows = [...(report.you ? [report.you] : []), ...report.competitors];

  return (
    <AdPage title={t("title")} intro={t("intro", { client: client.name })}>
      {report.campaigns.length > 0 ? (
        <AdFilterBar
          client={client}
          fields={[
            {
              id: "competitors-campaign",
              name: "campaign",
              label: t("filters.campaign"),
              value: report.campaign ?? "",
              any: report.accountLevel ? t("filters.wholeAccount") : undefined,
              options: report.campaigns.map((name) => ({ value: name, label: name })),
            },
          ]}
          submit={t("filters.submit")}
        />
      ) : null}

      <p className="mt-6 text-sm text-slate-700" data-testid="latest-period">
        {t("latest", { period: periodLabel(latest), count: report.periods.length })}
      </p>

      <Section id="competitors-flags" title={t("flags.title")} className="mt-4" titleClassName="text-lg font-bold">
        {flagged.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{report.periods.length < 2 ? t("flags.onePeriod") : t("flags.none")}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" data-testid="competitor-flags">
            {flagged.map((trend) => (
              <li key={trend.domain}>
                <span className="font-semibold">{trend.domain}</span>: {flagsOf(trend, t).join(", ")}
                {" · "}
                {t("flags.detail", {
                  share: rateText(trend.latest?.impressionShare ?? null, percent, t),
                  change: changeText(trend.change, signed, t),
                })}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <CompetitorsTable rows={rows} skippedDeviceRows={report.skippedDeviceRows} percent={percent} signed={signed} />
      <CompetitorCharts report={report} percent={percent} locale={locale} />
    </AdPage>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";

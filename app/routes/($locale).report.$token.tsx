/**
 * A shared report (`/:locale/report/:token`): the white-label report of one client account for a
 * period, as a web page for the agency's client: no sign-in, no app frame, no link anywhere (the
 * agency's branding and the figures only), `noindex`, no referrer. The token (see
 * ~/ads/reports/share.server) decides everything: the client account, the period and the language
 * (a link opened in another locale is redirected to its own). An expired, revoked or altered token
 * answers 404 with a translated page. Brand colours are SVG presentation attributes (the CSP
 * allows no inline styles).
 */
import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { getBrand, getLogo } from "~/ads/reports/brand.server";
import { REPORT_KPI_KEYS, readableOn, reportFormatters } from "~/ads/reports/format";
import { reportData } from "~/ads/reports/report.server";
import { ShareNotFoundError, openShare } from "~/ads/reports/share.server";
import { AdDayCharts, KpiCard } from "~/components/ads/figures";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { withNamespaces } from "~/i18n/client-loader";
import { fixedT } from "~/i18n/translator.server";
import { usePageLocale } from "~/i18n/use-page-locale";
import { withSecurityHeaders } from "~/security/headers.server";
import { formatDate } from "~/utils/dates";
import { breakdownLabel } from "~/ads/breakdown-label";

export const handle = { i18n: ["common", "ads", "ads-reports"] };
export const clientLoader = withNamespaces(handle.i18n);

const PRIVATE_HEADERS = {
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "private, no-store",
};

export async function loader({ params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  let share;
  try {
    share = await openShare(db(), params.token ?? "");
  } catch (error) {
    if (!(error instanceof ShareNotFoundError)) throw error;
    const t = fixedT(locale, "ads-reports");
    return data(
      { found: false as const, title: t("shared.notFound.title") },
      { status: 404, headers: withSecurityHeaders(PRIVATE_HEADERS) },
    );
  }
  if (share.language !== locale)
    throw redirect(`/${share.language}/report/${params.token}`, {
      headers: withSecurityHeaders(PRIVATE_HEADERS),
    });
  const [report, brand, logo] = await Promise.all([
    reportData(db(), share.ownerId, share.clientAccountId, share.period),
    getBrand(db(), share.ownerId),
    getLogo(db(), share.ownerId),
  ]);
  const t = fixedT(locale, "ads-reports");
  return data(
    {
      found: true as const,
      title: `${brand.agencyName || t("doc.defaultAgency")} · ${report.client.name}`,
      report,
      brand: {
        agencyName: brand.agencyName,
        primaryColor: brand.primaryColor,
        accentColor: brand.accentColor,
        footer: brand.footer,
      },
      logo: logo ? `data:${logo.type};base64,${logo.bytes.toString("base64")}` : null,
      expiresAt: new Date(share.expiresAt).toISOString(),
    },
    { headers: withSecurityHeaders(PRIVATE_HEADERS) },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const out = new Headers();
  for (const name of Object.keys(PRIVATE_HEADERS)) {
    const value = loaderHeaders.get(name);
    if (value) out.set(name, value);
  }
  return out;
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.title ?? "" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function SharedReport() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation("ads-reports");
  const locale = usePageLocale();
  if (!loaded.found) {
    return (
      <main id="main" className="flex flex-1 items-center justify-center p-6" data-testid="shared-report-not-found">
        <div className="max-w-md text-center">
          <h1 className="text-2xl font-bold">{t("shared.notFound.title")}</h1>
          <p className="mt-3 text-slate-700">{t("shared.notFound.text")}</p>
        </div>
      </main>
    );
  }
  const { report, brand, logo, expiresAt } = loaded;
  const f = reportFormatters(locale, report.currency, t);
  const agency = brand.agencyName || t("doc.defaultAgency");
  const latest = report.audits.at(-1);
  return (
    <main id="main" className="flex-1 bg-slate-50" data-testid="shared-report">
      <svg aria-hidden="true" className="block h-2 w-full" preserveAspectRatio="none" viewBox="0 0 100 2">
        <rect width="100" height="2" fill={brand.primaryColor} />
      </svg>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <header className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-5">
          <div className="flex min-w-0 items-center gap-4">
            {logo ? <img src={logo} alt={t("logo.alt", { agency })} className="max-h-14 max-w-[10rem] object-contain" /> : null}
            <p className="break-words text-xl font-bold">{agency}</p>
          </div>
          <div className="text-right text-sm text-slate-700">
            <p className="font-semibold text-slate-900">{report.client.name}</p>
            <p>{f.range(report.period)}</p>
          </div>
        </header>

        <h1 className="mt-6 text-3xl font-bold tracking-tight">{t("doc.title")}</h1>
        <p className="mt-2 text-slate-700">{t("doc.clientLine", { name: report.client.name })}</p>
        <p className="text-slate-700">{t("doc.periodLine", { period: f.range(report.period) })}</p>
        <p className="mt-1 text-sm text-slate-600">
          {report.hasPrevious ? t("doc.comparedWith", { period: f.range(report.previous) }) : t("doc.noPrevious")}
        </p>
        {report.breakdowns.map(({ platform, breakdown }) => (
          <p key={platform} className="mt-1 text-sm text-slate-600" data-testid="report-breakdown">
            {breakdownLabel(t, locale, breakdown)}
          </p>
        ))}
        {!report.hasData ? <p className="mt-4 text-slate-700">{t("doc.noData")}</p> : null}

        <section aria-labelledby="shared-kpis" className="mt-8">
          <h2 id="shared-kpis" className="text-xl font-semibold">
            {t("doc.kpis")}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-3">
            {REPORT_KPI_KEYS.map((key) => (
              <KpiCard
                key={key}
                label={t(`kpis.${key}`)}
                value={f.kpi(key, report.kpis[key].value)}
                change={f.change(key, report.hasPrevious ? report.kpis[key].change : null)}
                testId={`shared-kpi-${key}`}
              />
            ))}
          </dl>
        </section>

        <section aria-labelledby="shared-charts" className="mt-8">
          <h2 id="shared-charts" className="text-xl font-semibold">
            {t("doc.charts")}
          </h2>
          {report.days.length ? (
            <AdDayCharts
              days={report.days}
              currency={report.currency}
              f={f}
              labels={{ spend: t("doc.spendPerDay"), conversions: t("doc.conversionsPerDay"), empty: t("doc.noDays") }}
            />
          ) : (
            <p className="mt-2 text-sm text-slate-700">{t("doc.noDays")}</p>
          )}
        </section>

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
                <rect width="48" height="48" rx="10" fill={brand.primaryColor} />
                <text x="24" y="33" textAnchor="middle" fontSize="26" fontWeight="700" fill={readableOn(brand.primaryColor)}>
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

        <footer className="mt-10 border-t border-slate-200 pt-4 text-sm text-slate-600">
          {brand.footer ? <p className="break-words">{brand.footer}</p> : null}
          <p className="mt-1 text-xs">{t("doc.validUntil", { date: formatDate(expiresAt, locale) })}</p>
        </footer>
      </div>
      <svg aria-hidden="true" className="block h-1 w-full" preserveAspectRatio="none" viewBox="0 0 100 1">
        <rect width="100" height="1" fill={brand.accentColor} />
      </svg>
    </main>
  );
}

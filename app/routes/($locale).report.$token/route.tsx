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
import { getBrand, getLogo } from "~/ads/reports/brand.server";
import { REPORT_KPI_KEYS, reportFormatters } from "~/ads/reports/format";
import { reportData } from "~/ads/reports/report.server";
import { ShareNotFoundError, openShare } from "~/ads/reports/share.server";
import { AdDayCharts, KpiGrid } from "~/components/ads/figures";
import { NoneLine, Section } from "~/components/section";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { withNamespaces } from "~/i18n/client-loader";
import { fixedT } from "~/i18n/translator.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { formatDate } from "~/utils/dates";
import { breakdownLabel } from "~/ads/breakdown-label";
import { ReportAudit, ReportCampaigns, ReportTips } from "./report-sections";
import { usePage } from "~/i18n/react";

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
  const { t, locale, loaderData: loaded } = usePage<typeof loader>("ads-reports");
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

        <Section id="shared-kpis" title={t("doc.kpis")}>
          <KpiGrid
            className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-3"
            keys={REPORT_KPI_KEYS}
            label={(key) => t(`kpis.${key}`)}
            value={(key) => f.kpi(key, report.kpis[key].value)}
            change={(key) => f.change(key, report.hasPrevious ? report.kpis[key].change : null)}
            testIdPrefix="shared-kpi-"
          />
        </Section>

        <Section id="shared-charts" title={t("doc.charts")}>
          {report.days.length ? (
            <AdDayCharts
              days={report.days}
              currency={report.currency}
              f={f}
              labels={{ spend: t("doc.spendPerDay"), conversions: t("doc.conversionsPerDay"), empty: t("doc.noDays") }}
            />
          ) : (
            <NoneLine>{t("doc.noDays")}</NoneLine>
          )}
        </Section>

        <ReportCampaigns report={report} f={f} />
        <ReportAudit report={report} primaryColor={brand.primaryColor} f={f} />
        <ReportTips report={report} f={f} />

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

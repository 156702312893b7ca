/**
 * White-label reports (`/ads/reports`): the workspace's branding (`intent=brand`: `agencyName`,
 * `primaryColor`, `accentColor`, `footer`; the logo has its own multipart form posting to
 * `/ads/reports/logo`), the current client account's report as PDF (a GET form to
 * `/ads/reports/pdf`: `client`, `from`, `to`, `language`), and its share links (`intent=share`:
 * `from`, `to`, `language`, `days`; `intent=revoke`: `shareId`), and the monthly report e-mailed to
 * the client (`intent=schedule`: `recipients`, one address per line, `language`, `enabled`).
 * The intents' handlers are in `./actions.server`, the page's sections beside this module.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { useLoaderData } from "@remix-run/react";
import { requireAdTools } from "~/ads/access.server";
import { getBrand } from "~/ads/reports/brand.server";
import { reportDefaultPeriod } from "~/ads/reports/report.server";
import { getSchedule } from "~/ads/reports/schedule.server";
import { listShares } from "~/ads/reports/share.server";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { requireSameOrigin } from "~/security/csrf.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageWithNotice } from "~/utils/http.server";
import { IntentSchema, createShareIntent, revokeShareIntent, saveBrandIntent, saveScheduleIntent } from "./actions.server";
import { BrandSection } from "./brand-section";
import { PdfSection } from "./pdf-section";
import { ScheduleSection } from "./schedule-section";
import { ShareSection } from "./share-section";
import { AdPage } from "~/components/ads/page-heading";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "ads", "ads-reports"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, accounts, client } = await requireAdTools(request, params);
  const [brand, shares, period, schedule] = await Promise.all([
    getBrand(db(), user.id),
    listShares(db(), user.id, client.id),
    reportDefaultPeriod(db(), client.id),
    getSchedule(db(), user.id, client.id),
  ]);
  const origin = env().appUrl.origin;
  const nowIso = new Date().toISOString();
  return pageWithNotice(request, params, ["ads-reports", "meta"], {
    locale,
    client: {
      id: client.id,
      name: client.name,
      inQuery: accounts.length > 1,
    },
    brand,
    period,
    shares: shares.map((share) => ({
      id: share.id,
      period: share.period,
      language: share.language,
      expiresAt: share.expiresAt,
      state: share.revokedAt ? ("revoked" as const) : share.expiresAt <= nowIso ? ("expired" as const) : ("active" as const),
      url: `${origin}/${share.language}/report/${share.token}`,
    })),
    schedule: schedule
      ? {
          recipients: schedule.recipients,
          language: schedule.language,
          enabled: schedule.enabled,
          lastDelivery: schedule.lastDelivery,
        }
      : null,
  });
}

export type ReportsLoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** A section with a form of its own: its part of the loader's data, the client's query string (its form's action keeps it) and the form's last result. */
export type FormSectionProps<Keys extends keyof ReportsLoaderData> = Pick<ReportsLoaderData, Keys> & {
  clientQuery: string;
  lastResult: SubmissionResult<string[]> | undefined;
};

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireAdTools(request, params);
  const formData = await readForm(request);
  const intent = IntentSchema.safeParse({ intent: formData.get("intent") });
  if (!intent.success) throw data({ error: "unknown intent" }, { status: 400 });
  switch (intent.data.intent) {
    case "brand":
      return saveBrandIntent(context, formData);
    case "share":
      return createShareIntent(context, formData);
    case "schedule":
      return saveScheduleIntent(context, formData);
    case "revoke":
      return revokeShareIntent(context, formData);
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdsReports() {
  const { t, loaderData, actionData } = usePage<typeof loader, typeof action>("ads-reports");
  const { client, brand, period, shares, schedule, notice } = loaderData;
  const lastResult = (intent: "brand" | "share" | "schedule") =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined;
  const clientQuery = client.inQuery ? `?client=${encodeURIComponent(client.id)}` : "";

  return (
    <AdPage title={t("title")} intro={t("intro", { client: client.name })} notice={notice ? t(notice.key, notice.values) : null}>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <PdfSection client={client} period={period} />
        <ShareSection period={period} shares={shares} clientQuery={clientQuery} lastResult={lastResult("share")} />
      </div>
      <ScheduleSection client={client} schedule={schedule} clientQuery={clientQuery} lastResult={lastResult("schedule")} />
      <BrandSection brand={brand} client={client} clientQuery={clientQuery} lastResult={lastResult("brand")} />
    </AdPage>
  );
}

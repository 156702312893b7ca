/**
 * Negative conflicts (`/ads/negatives`): from the client account's latest Google Ads Editor keywords
 * export (with its shared negative keyword lists), each negative keyword that blocks an active
 * keyword of its own campaign, both sides shown (the negative's text, match type and level or list;
 * the keyword's text, match type, ad group and campaign), the files they were read from, and the
 * Google Ads Editor CSV that removes the blocking negatives (`/ads/negatives/editor.csv`). The rules
 * live in `~/ads/negative-match`; the reading in `~/ads/negative-conflicts.server`. Without an
 * Editor export: how to export one, and a link to the import.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requireAdTools } from "~/ads/access.server";
import { negativeConflictReport } from "~/ads/negative-conflicts.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { formatDateTime } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { numberFormat } from "~/utils/intl";
import { Section } from "~/components/section";
import { AdPage } from "~/components/ads/page-heading";
import { ConflictsTable } from "./conflicts-table";
import { ImportFirst } from "~/components/ads/import-first";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "ads", "ads-negatives"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, accounts, client } = await requireAdTools(request, params);
  const report = await negativeConflictReport(db(), user.id, client.id);
  return data({
    meta: await pageMeta(params, "ads-negatives", "meta"),
    client: { id: client.id, name: client.name, inQuery: accounts.length > 1 },
    report,
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const GOOGLE_HELP = "https://support.google.com/google-ads/answer/2453972";

export default function AdNegatives() {
  const { t, locale, loaderData } = usePage<typeof loader>("ads-negatives");
  const { client, report } = loaderData;
  const integer = numberFormat(locale, { maximumFractionDigits: 0 });
  const clientQuery = client.inQuery ? `?client=${encodeURIComponent(client.id)}` : "";

  if (!report.sources) {
    return (
      <AdPage title={t("title")} intro={t("intro", { client: client.name })}>
        <ImportFirst id="negatives-empty" namespace="ads-negatives" steps={3} clientQuery={clientQuery} />
      </AdPage>
    );
  }

  const conflicts = report.conflicts.length;
  return (
    <AdPage title={t("title")} intro={t("intro", { client: client.name })}>
      <Section id="negatives-source" title={t("source.title")} className="mt-6" titleClassName="text-lg font-bold">
        <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="negatives-sources">
          {report.sources.map((source) => (
            <li key={source.importId}>
              {t(`source.${source.holds}`, {
                file: source.filename,
                date: source.importedAt ? formatDateTime(source.importedAt, locale) : "—",
              })}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-slate-700" data-testid="negatives-checked">
          {t("source.checked", {
            count: report.activeKeywords,
            keywords: integer.format(report.activeKeywords),
            negatives: integer.format(report.negatives),
            lists: integer.format(report.lists.length),
          })}
        </p>
      </Section>

      <Section id="negatives-conflicts" title={t("conflicts.title")} className="mt-6" titleClassName="text-lg font-bold">
        <p className="mt-2 text-sm font-medium" data-testid="conflict-count">
          {conflicts ? t("conflicts.count", { count: conflicts, value: integer.format(conflicts) }) : t("conflicts.none")}
        </p>
        {conflicts ? (
          <>
            <p className="mt-3">
              <a
                href={`${localePath(locale, "/ads/negatives/editor.csv")}${clientQuery}`}
                download
                className="btn-primary inline-flex"
                data-testid="download-removal"
              >
                {t("download.label")}
              </a>
            </p>
            <p className="mt-1 max-w-3xl text-xs text-slate-600">{t("download.note")}</p>
            <ConflictsTable conflicts={report.conflicts} />
          </>
        ) : null}
      </Section>

      <Section id="negatives-rules" title={t("rules.title")} className="mt-6" titleClassName="text-lg font-bold">
        <ul className="mt-2 max-w-3xl list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t("rules.exact")}</li>
          <li>{t("rules.phrase")}</li>
          <li>{t("rules.broad")}</li>
          <li>{t("rules.variants")}</li>
          <li>{t("rules.scope")}</li>
        </ul>
        <p className="mt-2 text-sm">
          <a href={GOOGLE_HELP} className="text-brand-700 underline" rel="noreferrer" target="_blank">
            {t("rules.source")}
          </a>
        </p>
      </Section>
    </AdPage>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";

/**
 * N-grams (`/ads/ngrams`): the words and phrases (1 to 3 words) of the client account's imported
 * search terms with their summed figures, CPA, conversion rate and ROAS, wasted spend flagged by
 * the negative-keyword tips' significance rule. A GET form chooses the period (an imported search
 * terms report's), the campaign, the n-gram size (`n`), the sort and `wasted=1`; the table's
 * checkboxes (`ngram`) and `matchType` post to `/ads/ngrams/negatives.csv` (with the page's query),
 * a Google Ads Editor CSV of campaign negative keywords; a refused download comes back here with
 * its reason. The analysis lives in `~/ads/ngrams.server`.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAdTools } from "~/ads/access.server";
import { ngramQueryFromSearch } from "~/ads/ngram-query";
import { MAX_TABLE_ROWS, ngramReport } from "~/ads/ngrams.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { takeNotice } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";

import { AdPage } from "~/components/ads/page-heading";
import { NgramFilters } from "./ngram-filters";
import { NgramSourceLine } from "./ngram-source";
import { NgramsTable } from "./ngrams-table";
import { ImportFirst } from "~/components/ads/import-first";

export const handle = { i18n: ["common", "ads", "ads-ngrams"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, accounts, client } = await requireAdTools(request, params);
  const query = ngramQueryFromSearch(new URL(request.url).searchParams);
  const report = await ngramReport(db(), user.id, client.id, query);
  const { notice, headers } = await takeNotice(request);
  return data(
    {
      meta: await pageMeta(params, "ads-ngrams", "meta"),
      client: { id: client.id, name: client.name, currency: client.currency, inQuery: accounts.length > 1 },
      query,
      report,
      maxRows: MAX_TABLE_ROWS,
      // A refused download (nothing chosen, a bad match type), said beside its button.
      downloadError: notice?.tone === "error" ? notice.key : null,
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdNgrams() {
  const { t } = useTranslation("ads-ngrams");
  const { client, query, report, maxRows, downloadError } = useLoaderData<typeof loader>();
  const clientQuery = client.inQuery ? `?client=${encodeURIComponent(client.id)}` : "";

  if (!report.period) {
    return (
      <AdPage title={t("title")} intro={t("intro", { client: client.name })}>
        <ImportFirst id="ngrams-empty" namespace="ads-ngrams" steps={3} clientQuery={clientQuery} />
      </AdPage>
    );
  }

  return (
    <AdPage title={t("title")} intro={t("intro", { client: client.name })}>
      <NgramFilters report={report} query={query} clientId={client.inQuery ? client.id : null} />
      <NgramSourceLine report={report} currency={client.currency} />
      <NgramsTable
        report={report}
        query={query}
        currency={client.currency}
        maxRows={maxRows}
        error={downloadError}
        clientId={client.inQuery ? client.id : null}
      />
    </AdPage>
  );
}

export { FramedErrorBoundary as ErrorBoundary } from "~/components/framed-error-boundary";

/** Export: the transactions page's filtered list as a CSV file (built by ~/wallet/csv.server). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { CSV_TYPE, fileDownload } from "~/utils/download.server";
import { exportTransactions, filtersFromSearch } from "~/wallet/activity.server";
import { transactionsCsv } from "~/wallet/csv.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const t = fixedT(locale, "wallet");
  const items = await exportTransactions(db(), user.id, filtersFromSearch(new URL(request.url).searchParams));
  const csv = transactionsCsv(items, t);
  const stamp = new Date().toISOString().slice(0, 10);
  return fileDownload(csv, `cashwise-transactions-${stamp}.csv`, CSV_TYPE);
}

/** Export: the transactions page's filtered list as a CSV file (csv-stringify). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/i18next.server";
import { withSecurityHeaders } from "~/security/headers.server";
import { exportTransactions, filtersFromSearch } from "~/wallet/activity.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const t = fixedT(locale, "wallet");
  const items = await exportTransactions(db(), user.id, filtersFromSearch(new URL(request.url).searchParams));
  const csv = stringify(
    items.map((item) => [
      item.createdAt,
      t(`types.${item.type}`),
      t(`statuses.${item.status}`),
      ((item.direction === "credit" ? 1 : -1) * item.amountCents / 100).toFixed(2),
      "USD",
      item.description,
      item.merchant ?? "",
      item.orderId ?? "",
      item.id,
    ]),
    { header: true, columns: ["date", "type", "status", "amount", "currency", "description", "merchant", "orderId", "id"].map((key) => t(`csv.${key}`)) },
  );
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: withSecurityHeaders({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="cashwise-transactions-${stamp}.csv"`,
      "Cache-Control": "no-store",
    }),
  });
}

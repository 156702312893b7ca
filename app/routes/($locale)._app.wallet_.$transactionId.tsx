/** One transaction of the wallet, with its PDF receipt. Only its owner can see it. */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { NotFoundScreen } from "~/utils/error-screen";
import { signedAmount } from "~/components/wallet/transaction-list";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { getTransaction } from "~/wallet/balances.server";
import { transactionView } from "~/wallet/view.server";
import { counterparty, description, labelText, storeOrderId } from "~/wallet/display";
import { ShortId } from "~/components/short-id";
import { notFoundPage } from "~/utils/http.server";
import { FactRows } from "~/components/app/panel";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "wallet"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const item = await getTransaction(db(), user.id, params.transactionId ?? "");
  if (!item) return notFoundPage(params, { item: null });
  return { item: transactionView(item), meta: await pageMeta(params, "wallet", "wallet.detailMeta") };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function TransactionDetail() {
  const { t, locale, loaderData } = usePage<typeof loader>("wallet");
  const { item } = loaderData;
  if (!item) return <NotFoundScreen />;
  const orderId = storeOrderId(item);
  const rows: Array<[string, React.ReactNode]> = [
    [t("csv.date"), formatDate(item.createdAt, locale)],
    [t("csv.type"), t(`types.${item.type}`)],
    [t("csv.status"), t(`statuses.${item.status}`)],
    [t("csv.amount"), signedAmount(item, locale)],
    [t("csv.merchant"), labelText(counterparty(item), t)],
    ...(orderId ? [[t("csv.orderId"), orderId] as [string, React.ReactNode]] : []),
    [t("csv.description"), labelText(description(item), t)],
    [t("csv.id"), <ShortId key="id" value={item.id} />],
  ];
  return (
    <div className="container-page max-w-2xl py-8">
      <Link to={localePath(locale, "/wallet")} className="text-sm font-semibold text-brand-700">
        ← {t("wallet.title")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{t("wallet.detailTitle")}</h1>
      <FactRows
        facts={rows.map(([label, value]) => ({ key: label, label, value }))}
        className="mt-6 rounded-2xl bg-surface"
        valueClassName="min-w-0 text-right font-medium"
        testId="transaction-detail"
      />
      <a href={localePath(locale, `/wallet/${item.id}/receipt`)} className="btn-primary mt-6" download>
        {t("wallet.downloadReceipt")}
      </a>
    </div>
  );
}

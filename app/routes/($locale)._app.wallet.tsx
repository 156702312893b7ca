/**
 * Wallet: available balance, pending and lifetime cashback (the dashboard's names), cashback by
 * month as a chart, currency, wallet type, member since; the transaction
 * list with a detail view and a PDF receipt for each; a monthly statement PDF.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { signedAmount } from "~/components/wallet/transaction-list";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { formatDate, monthName as monthNameIn } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { getUserById } from "~/users/users.server";
import { listTransactions, statementMonth } from "~/wallet/activity.server";
import { cashbackByMonth, dashboardFigures, getBalances } from "~/wallet/balances.server";
import { BarChart } from "~/components/charts";
import { transactionView } from "~/wallet/view.server";
import { counterparty, labelText } from "~/wallet/display";
import { SubmitButton } from "~/components/submit-button";
import { StatCards } from "~/components/app/panel";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "wallet"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const search = new URL(request.url).searchParams;
  const [balances, figures, months, account, list] = await Promise.all([
    getBalances(db(), user.id),
    dashboardFigures(db(), user.id),
    cashbackByMonth(db(), user.id, 6),
    getUserById(db(), user.id),
    listTransactions(db(), user.id, {}, { page: pageFromSearch(search.get("page")) }),
  ]);
  return {
    meta: await pageMeta(params, "wallet", "wallet.meta"),
    balances,
    lifetimeCashbackCents: figures.lifetimeCashbackCents,
    months,
    memberSince: account!.createdAt,
    currentMonth: statementMonth(null).month,
    list: { ...list, items: list.items.map((item) => transactionView(item)) },
  };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function WalletPage() {
  const { t, locale, loaderData } = usePage<typeof loader>("wallet");
  const { balances, lifetimeCashbackCents, months, memberSince, currentMonth, list } = loaderData;
  const monthName = (month: string) => monthNameIn(month, locale, "short");
  const facts: Array<[string, string, string]> = [
    ["available", t("dashboard.available"), formatMoney(balances.availableCents, locale)],
    ["pending", t("dashboard.stats.pending"), formatMoney(balances.pendingCashbackCents, locale)],
    ["lifetime", t("dashboard.stats.lifetime"), formatMoney(lifetimeCashbackCents, locale)],
    ["inProgress", t("wallet.withdrawalsInProgress"), formatMoney(balances.withdrawalsInProgressCents, locale)],
    ...(balances.onHoldCents > 0
      ? [["onHold", t("wallet.onHold"), formatMoney(balances.onHoldCents, locale)] as [string, string, string]]
      : []),
    ...(balances.owedCents > 0 ? [["owed", t("wallet.owed"), formatMoney(balances.owedCents, locale)] as [string, string, string]] : []),
    ["currency", t("wallet.currency"), "USD"],
    ["type", t("wallet.type"), t("wallet.typeValue")],
    ["since", t("wallet.memberSince"), formatDate(memberSince, locale)],
  ];
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("wallet.title")}</h1>
      <StatCards
        stats={facts.map(([key, label, value]) => ({ key, label, value, testId: `wallet-${key}` }))}
        className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4"
        cardClassName="rounded-2xl border border-slate-200 bg-surface p-4"
        labelClassName="text-xs text-slate-600"
        valueClassName="mt-1 text-lg font-bold tabular-nums"
      />

      <section className="mt-6 rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby="by-month-title">
        <h2 id="by-month-title" className="font-semibold">
          {t("wallet.byMonth")}
        </h2>
        <BarChart
          className="mt-3"
          title={t("wallet.byMonthTitle")}
          bars={months.map((month) => ({ label: monthName(month.month), value: month.confirmedCents, secondary: month.pendingCents }))}
          seriesLabels={{ value: t("wallet.confirmed"), secondary: t("wallet.pendingSeries") }}
          formatValue={(cents) => formatMoney(cents, locale)}
          emptyText={t("wallet.noCashbackYet")}
        />
      </section>

      <Form
        method="get"
        action={localePath(locale, "/wallet/statement")}
        reloadDocument
        className="mt-6 flex flex-wrap items-end gap-2 rounded-2xl border border-slate-200 bg-surface p-4"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t("wallet.statementMonth")}</span>
          <input type="month" name="month" defaultValue={currentMonth} className="rounded-lg border border-slate-300 px-3 py-2 text-sm" />
        </label>
        <SubmitButton className="btn-secondary">{t("wallet.downloadStatement")}</SubmitButton>
      </Form>

      <section className="mt-6 rounded-2xl border border-slate-200 bg-surface" aria-label={t("transactions.title")}>
        {list.items.length === 0 ? (
          <p className="p-6 text-center text-slate-600">{t("transactions.emptyTitle")}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="wallet-list">
            {list.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-5 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {t(`types.${item.type}`)}
                    {counterparty(item) ? <span className="text-slate-600"> · {labelText(counterparty(item), t)}</span> : null}
                  </p>
                  <p className="text-xs text-slate-600">
                    {formatDate(item.createdAt, locale)} · {t(`statuses.${item.status}`)}
                  </p>
                </div>
                <span className="shrink-0 text-right font-semibold tabular-nums">{signedAmount(item, locale)}</span>
                <div className="flex w-full gap-4 text-sm sm:w-auto">
                  <Link to={localePath(locale, `/wallet/${item.id}`)} className="font-semibold text-brand-700">
                    {t("wallet.view")}
                  </Link>
                  <a href={localePath(locale, `/wallet/${item.id}/receipt`)} className="font-semibold text-brand-700" download>
                    {t("wallet.pdf")}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Pagination page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

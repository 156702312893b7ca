/**
 * Transactions: summary cards (money in and money out, completed and pending apart, each the sum of
 * the rows the filters select), search, filters (type, status, date range) all in the query string,
 * pages, cancelling a pending withdrawal, and Export of the same filtered list as CSV.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireUser, requireUserForm } from "~/auth/guards.server";
import { FlashNotice } from "~/components/flash-notice";
import { Pagination } from "~/components/pagination";
import { TransactionList } from "~/components/wallet/transaction-list";
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from "~/db/schema";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { notify } from "~/notifications/notifications.server";
import { withNamespaces } from "~/i18n/client-loader";
import type { Locale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { metaFromLoader } from "~/utils/meta";
import { formatMoney } from "~/utils/money";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { safeRedirect } from "~/utils/redirect-to";
import { filtersFromSearch, listTransactions } from "~/wallet/activity.server";
import { DATE_RANGES } from "~/wallet/filters";
import { LedgerError, cancelWithdrawal } from "~/wallet/ledger.server";
import { pendingContext, transactionView } from "~/wallet/view.server";
import { formIntent, redirectWithFlash, pageWithNotice } from "~/utils/http.server";
import { EmptyListText, LabelledSelect, StatCards } from "~/components/app/panel";
import { SubmitButton } from "~/components/submit-button";
import { SearchField } from "~/components/search-form";

export const handle = { i18n: ["common", "wallet"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const search = new URL(request.url).searchParams;
  const filters = filtersFromSearch(search);
  const [list, pending] = await Promise.all([
    listTransactions(db(), user.id, filters, { page: pageFromSearch(search.get("page")) }),
    pendingContext(db()),
  ]);
  return pageWithNotice(request, params, ["wallet", "transactions.meta"], {
    filters: {
      q: filters.query ?? "",
      type: filters.type ?? "",
      status: filters.status ?? "",
      range: filters.range ?? "all",
      from: filters.from ?? "",
      to: filters.to ?? "",
    },
    list: { ...list, items: list.items.map((item) => transactionView(item, pending)) },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, locale, formData } = await requireUserForm(request, params);
  // The page's one form: cancel a pending withdrawal.
  switch (formIntent(formData, ["cancel-withdrawal"])) {
    case "cancel-withdrawal":
      return cancel(request, user.id, locale, String(formData.get("transactionId") ?? ""));
    case null:
      return data({ ok: false }, { status: 400 });
  }
}

/** Cancels the withdrawal (once: a replay says it is no longer pending) and comes back to the same list. */
async function cancel(request: Request, userId: string, locale: Locale, transactionId: string): Promise<never> {
  let key = "withdraw.cancelled";
  try {
    const { replayed } = await unitOfWork(db(), async (tx) => {
      const result = await cancelWithdrawal(tx, { userId, transactionId });
      if (!result.replayed) await notify(tx, userId, "withdrawalCancelled", { amountCents: result.transaction.amountCents });
      return result;
    });
    if (replayed) key = "withdraw.notPending";
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    key = "withdraw.notPending";
  }
  const back = new URL(request.url);
  throw await redirectWithFlash(safeRedirect(`${back.pathname}${back.search}`, localePath(locale, "/transactions")), {
    kind: "notice",
    key,
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function TransactionsPage() {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  const { search } = useLocation();
  const { filters, list, notice } = useLoaderData<typeof loader>();
  const select = "rounded-lg border border-slate-300 px-3 py-2 text-sm";
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t("transactions.title")}</h1>
        <a href={`${localePath(locale, "/transactions/export")}${search}`} className="btn-secondary" download>
          {t("transactions.export")}
        </a>
      </div>
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>

      <StatCards
        label={t("transactions.summary.label")}
        className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
        cardClassName="min-w-0 rounded-2xl border border-slate-200 bg-surface p-4 sm:p-5"
        valueClassName="mt-1 break-words text-xl font-bold tabular-nums sm:text-2xl"
        valueTestId="summary-amount"
        stats={(
          [
            ["in", "moneyIn", "+", list.summary.inCents, "completedHint"],
            ["out", "moneyOut", "\u2212", list.summary.outCents, "completedHint"],
            ["pending-in", "pendingIn", "+", list.summary.pendingInCents, "pendingHint"],
            ["pending-out", "pendingOut", "\u2212", list.summary.pendingOutCents, "pendingHint"],
          ] as const
        ).map(([id, label, sign, cents, hint]) => ({
          key: id,
          testId: `summary-${id}`,
          label: t(`transactions.summary.${label}`),
          value: `${cents > 0 ? sign : ""}${formatMoney(cents, locale)}`,
          hint: t(`transactions.summary.${hint}`),
        }))}
      />

      <Form method="get" className="mt-6 rounded-2xl border border-slate-200 bg-surface p-4" role="search">
        <div className="flex flex-wrap gap-2">
          <SearchField
            id="tx-search"
            label={t("transactions.search")}
            placeholder={t("transactions.search")}
            defaultValue={filters.q}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <SubmitButton>{t("transactions.apply")}</SubmitButton>
        </div>
        <details className="mt-3" open={Boolean(filters.type || filters.status || filters.range !== "all")}>
          <summary className="cursor-pointer text-sm font-semibold text-brand-700">{t("transactions.filters")}</summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-3">
            {(
              [
                ["type", t("transactions.all"), TRANSACTION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))],
                [
                  "status",
                  t("transactions.all"),
                  TRANSACTION_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
                ],
                ["range", undefined, DATE_RANGES.map((range) => ({ value: range, label: t(`ranges.${range}`) }))],
              ] as const
            ).map(([name, all, options]) => (
              <LabelledSelect
                key={name}
                label={t(`transactions.${name}`)}
                name={name}
                defaultValue={filters[name]}
                className={`${select} w-full`}
                all={all}
                options={options}
              />
            ))}
            {(["from", "to"] as const).map((name) => (
              <label key={name} className="text-sm">
                <span className="mb-1 block font-medium">{t(`transactions.${name}`)}</span>
                <input type="date" name={name} defaultValue={filters[name]} className={`${select} w-full`} />
              </label>
            ))}
          </div>
        </details>
      </Form>

      <section className="mt-6 rounded-2xl border border-slate-200 bg-surface px-5 py-2" aria-label={t("transactions.title")}>
        {list.items.length === 0 ? (
          <div className="py-10 text-center" data-testid="transactions-empty">
            <EmptyListText title={t("transactions.emptyTitle")} text={t("transactions.emptyText")}>
              <Link to={localePath(locale, "/transactions")} className="mt-3 inline-block text-sm font-semibold text-brand-700">
                {t("transactions.clear")}
              </Link>
            </EmptyListText>
          </div>
        ) : (
          <TransactionList items={list.items} cancellable />
        )}
      </section>
      <Pagination page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

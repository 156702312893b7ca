/**
 * The dashboard: the available balance (hide/show remembered) with its 30 or 90 day history, this
 * month's cashback against the same days of last month, the three cashback figures (pending, this
 * month, lifetime), quick actions, top stores and recent history, all from the ledger's read model;
 * a new member's first steps above them until all are done or hidden (`intent=dismiss-first-steps`). Add Money and Withdraw are nested
 * routes shown over it (a page without JavaScript, a dialog with it).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useOutlet, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/guards.server";
import { TransactionList } from "~/components/wallet/transaction-list";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney, formatMoneyWhole, formatPercentChange, formatRate } from "~/utils/money";
import { StoreLogo } from "~/components/stores/store-logo";
import { localePath } from "~/utils/paths";
import { safeRedirect } from "~/utils/redirect-to";
import { takeFlash } from "~/utils/flash.server";
import { Notice } from "~/components/auth/auth-card";
import { recentTransactions } from "~/wallet/activity.server";
import { balanceHistory, dashboardFigures, getBalances } from "~/wallet/balances.server";
import { getSetting } from "~/settings/settings.server";
import { LineChart } from "~/components/charts";
import { formatDate, formatShortDay } from "~/utils/dates";
import { PlanSummaryLine } from "~/components/app/plan-summary";
import { planSummary } from "~/plans/subscriptions.server";
import { isBalanceHidden, setBalanceHidden } from "~/wallet/preferences.server";
import { pendingContext, transactionView } from "~/wallet/view.server";
import { readForm } from "~/utils/form-data.server";
import { dismissFirstSteps, firstSteps } from "~/users/first-steps.server";
import { FirstStepsChecklist } from "~/components/wallet/first-steps";

export const handle = { i18n: ["common", "app", "wallet", "webshops", "plans"] };
export const clientLoader = withNamespaces(handle.i18n);

const TABS = { all: undefined, cashback: "cashback", withdrawals: "withdrawal", referrals: "referral" } as const;
type Tab = keyof typeof TABS;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const search = new URL(request.url).searchParams;
  const tabParam = search.get("tab");
  const tab: Tab = tabParam && tabParam in TABS ? (tabParam as Tab) : "all";
  const days = search.get("days") === "90" ? 90 : 30;
  const [balances, figures, recent, history, pending, plan, minimumWithdrawalCents, steps] = await Promise.all([
    getBalances(db(), user.id),
    dashboardFigures(db(), user.id),
    recentTransactions(db(), user.id, TABS[tab]),
    balanceHistory(db(), user.id, days),
    pendingContext(db()),
    planSummary(db(), user.id),
    getSetting(db(), "minWithdrawalCents"),
    firstSteps(db(), user.id),
  ]);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      meta: await pageMeta(params, "app", "dashboard.meta"),
      notice: flash?.kind === "notice" ? flash : null,
      name: user.name,
      minimumWithdrawalCents,
      hidden: await isBalanceHidden(request),
      plan,
      balances,
      figures,
      tab,
      days,
      history,
      recent: recent.map((item) => transactionView(item, pending)),
      firstSteps: steps.show ? { steps: steps.steps, doneCount: steps.doneCount } : null,
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  if (formData.get("intent") === "dismiss-first-steps") {
    await dismissFirstSteps(db(), user.id);
    throw redirect(localePath(locale, "/dashboard"));
  }
  if (formData.get("intent") !== "toggle-balance") return data({ ok: false }, { status: 400 });
  const hidden = !(await isBalanceHidden(request));
  throw redirect(safeRedirect(formData.get("redirectTo"), localePath(locale, "/dashboard")), {
    headers: { "Set-Cookie": await setBalanceHidden(hidden) },
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function DashboardPage() {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  const outlet = useOutlet();
  const [searchParams] = useSearchParams();
  const {
    name,
    minimumWithdrawalCents,
    hidden,
    balances,
    figures,
    tab,
    days,
    history,
    recent,
    notice,
    plan,
    firstSteps: steps,
  } = useLoaderData<typeof loader>();
  const money = (cents: number) => (hidden ? "••••••" : formatMoney(cents, locale));
  const here = `${localePath(locale, "/dashboard")}${searchParams.toString() ? `?${searchParams}` : ""}`;

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("dashboard.greeting", { ns: "app", name })}</h1>
      <PlanSummaryLine summary={plan} />
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}
      {steps ? <FirstStepsChecklist steps={steps.steps} doneCount={steps.doneCount} /> : null}

      <section
        className="mt-6 rounded-3xl bg-gradient-to-br from-accent-strong to-accent p-5 text-white shadow-lg sm:p-8"
        aria-labelledby="balance-title"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="balance-title" className="text-sm font-medium text-white/90">
              {t("dashboard.available")}
            </h2>
            <p className="mt-1 text-4xl font-extrabold tabular-nums" data-testid="balance">
              {money(balances.availableCents)}
            </p>
          </div>
          <Form method="post" action={localePath(locale, "/dashboard")}>
            <input type="hidden" name="redirectTo" value={here} />
            <button
              type="submit"
              name="intent"
              value="toggle-balance"
              className="rounded-lg bg-white/10 px-3 py-1.5 text-sm font-semibold hover:bg-white/20"
            >
              {hidden ? t("dashboard.show") : t("dashboard.hide")}
            </button>
          </Form>
        </div>
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-white/90" data-testid="growth">
          {figures.growthPercent === null ? (
            t("dashboard.noGrowth")
          ) : (
            <>
              <span
                className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold ${figures.growthPercent >= 0 ? "bg-white text-accent-strong" : "bg-white/15 text-white"}`}
                data-testid="growth-chip"
                data-direction={figures.growthPercent >= 0 ? "up" : "down"}
              >
                <span aria-hidden="true">{figures.growthPercent >= 0 ? "\u25B2" : "\u25BC"}</span>
                <span className="sr-only">{t(figures.growthPercent >= 0 ? "dashboard.up" : "dashboard.down")}</span>
                {formatPercentChange(figures.growthPercent, locale)}
              </span>
              <span>
                {t("dashboard.growth", {
                  from: formatDate(figures.comparedWith.from, locale),
                  to: formatDate(figures.comparedWith.to, locale),
                })}
              </span>
            </>
          )}
        </p>
        {!hidden ? (
          <div className="mt-4 text-white">
            <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
              <span className="font-medium text-white/90">{t("dashboard.historyLabel", { count: days })}</span>
              <nav className="flex gap-1" aria-label={t("dashboard.historyRange")}>
                {([30, 90] as const).map((range) => (
                  <Link
                    key={range}
                    to={`${localePath(locale, "/dashboard")}?${new URLSearchParams({ ...Object.fromEntries(searchParams), days: String(range) })}`}
                    preventScrollReset
                    aria-current={days === range ? "true" : undefined}
                    className={`rounded-md px-2 py-0.5 font-semibold ${days === range ? "bg-white text-accent-strong" : "bg-white/10 hover:bg-white/20"}`}
                  >
                    {t("dashboard.days", { count: range })}
                  </Link>
                ))}
              </nav>
            </div>
            <LineChart
              className="mt-2 text-white"
              title={t("dashboard.historyTitle", { count: days })}
              points={history.map((point) => ({ x: point.day, y: point.balanceCents }))}
              formatY={(cents) => formatMoney(cents, locale)}
              formatX={(day) => formatDate(day, locale)}
              formatYTick={(cents) => formatMoneyWhole(cents, locale)}
              formatXTick={(day) => formatShortDay(day, locale)}
              emptyText={t("dashboard.noHistory")}
              area
              tone="inverse"
              height={120}
            />
          </div>
        ) : null}
        <div className="mt-5 flex flex-wrap gap-3">
          {balances.withdrawableCents >= minimumWithdrawalCents ? (
            <Link to={localePath(locale, "/dashboard/withdraw")} className="btn bg-white text-accent-strong hover:bg-brand-50">
              {t("dashboard.withdraw")}
            </Link>
          ) : null}
          <Link to={localePath(locale, "/dashboard/add-money")} className="btn border border-white/40 text-white hover:bg-white/10">
            {t("dashboard.addMoney")}
          </Link>
        </div>
        {balances.withdrawableCents < minimumWithdrawalCents ? (
          <p className="mt-3 text-sm text-white/90" data-testid="withdraw-unavailable">
            {balances.onHoldCents > 0
              ? t("dashboard.withdrawOnHold", { minimum: formatMoney(minimumWithdrawalCents, locale), amount: money(balances.onHoldCents) })
              : t("dashboard.withdrawUnavailable", {
                  minimum: formatMoney(minimumWithdrawalCents, locale),
                  amount: money(balances.withdrawableCents),
                })}
          </p>
        ) : null}
      </section>

      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {(
          [
            ["pending", figures.pendingCashbackCents],
            ["thisMonth", figures.cashbackThisMonthCents],
            ["lifetime", figures.lifetimeCashbackCents],
          ] as const
        ).map(([key, cents]) => (
          <div key={key} className="rounded-2xl border border-slate-200 bg-surface p-5" data-testid={`stat-${key}`}>
            <dt className="text-sm text-slate-600">{t(`dashboard.stats.${key}`)}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{money(cents)}</dd>
            <dd className="mt-1 text-xs text-slate-600">{t(`dashboard.stats.${key}Hint`)}</dd>
          </div>
        ))}
      </dl>

      <nav className="mt-6 grid gap-3 sm:grid-cols-3" aria-label={t("dashboard.quickActions")}>
        {(
          [
            ["browseStores", "/webshops"],
            ["inviteFriends", "/referrals"],
            ["viewReports", "/wallet"],
          ] as const
        ).map(([key, path]) => (
          <Link
            key={key}
            to={localePath(locale, path)}
            className="rounded-2xl border border-slate-200 bg-surface p-4 font-semibold hover:border-brand-700"
          >
            {t(`dashboard.actions.${key}`)}
          </Link>
        ))}
      </nav>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section className="rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby="top-stores-title">
          <div className="flex items-center justify-between">
            <h2 id="top-stores-title" className="font-semibold">
              {t("dashboard.topStores")}
            </h2>
            <Link to={localePath(locale, "/webshops")} className="text-sm font-semibold text-brand-700">
              {t("dashboard.viewAll")}
            </Link>
          </div>
          {figures.topStores.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">{t("dashboard.noStores")}</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100">
              {figures.topStores.map((store) => (
                <li key={store.merchant} className="flex items-center gap-3 py-2 text-sm" data-testid="top-store">
                  <StoreLogo name={store.merchant} logo={store.logo} size="h-9 w-9" />
                  <span className="flex-1 font-medium">
                    {store.slug ? <Link to={localePath(locale, `/webshops/${store.slug}`)}>{store.merchant}</Link> : store.merchant}
                    {store.cashbackRateBps !== null ? (
                      <span className="block text-xs font-normal text-brand-700">
                        {t("webshops:rate", { rate: formatRate(store.cashbackRateBps, locale) })}
                      </span>
                    ) : null}
                  </span>
                  <span className="text-slate-600">{t("dashboard.orders", { count: store.orders })}</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby="history-title">
          <div className="flex items-center justify-between">
            <h2 id="history-title" className="font-semibold">
              {t("dashboard.history")}
            </h2>
            <Link to={localePath(locale, "/transactions")} className="text-sm font-semibold text-brand-700">
              {t("dashboard.viewAll")}
            </Link>
          </div>
          <nav className="mt-3 flex flex-wrap gap-1 text-sm" aria-label={t("dashboard.history")}>
            {(Object.keys(TABS) as Tab[]).map((key) => (
              <Link
                key={key}
                to={`${localePath(locale, "/dashboard")}${key === "all" ? "" : `?tab=${key}`}`}
                aria-current={tab === key ? "page" : undefined}
                className={`rounded-lg px-3 py-1 ${tab === key ? "bg-night text-white" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {t(`dashboard.tabs.${key}`)}
              </Link>
            ))}
          </nav>
          {recent.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">{t("transactions.emptyTitle")}</p>
          ) : (
            <TransactionList items={recent} />
          )}
        </section>
      </div>

      {outlet ? (
        <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/50 p-4 sm:items-center">
          <div
            role="dialog"
            aria-modal="true"
            aria-labelledby="wallet-dialog-title"
            className="w-full max-w-md rounded-2xl bg-surface p-6 shadow-2xl"
          >
            {outlet}
          </div>
        </div>
      ) : null}
    </div>
  );
}

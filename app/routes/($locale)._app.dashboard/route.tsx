/**
 * The dashboard: the available balance (hide/show remembered) with its 30 or 90 day history, this
 * month's cashback against the same days of last month, the three cashback figures (pending, this
 * month, lifetime), the loyalty card (points, level, what is missing to the next), quick actions, top stores and recent history, all from the ledger's read model;
 * a new member's first steps above them until all are done or hidden (`intent=dismiss-first-steps`). Add Money and Withdraw are nested
 * routes shown over it (a page without JavaScript, a dialog with it). The actions' handlers are in
 * `actions.server.ts`, the page's parts beside this module.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useOutlet } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireUser, requireUserForm } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { metaFromLoader } from "~/utils/meta";
import { FlashNotice } from "~/components/flash-notice";
import { recentTransactions } from "~/wallet/activity.server";
import { balanceHistory, dashboardFigures, getBalances } from "~/wallet/balances.server";
import { getSetting } from "~/settings/settings.server";
import { PlanSummaryLine } from "~/components/app/plan-summary";
import { planSummary } from "~/plans/subscriptions.server";
import { isBalanceHidden } from "~/wallet/preferences.server";
import { pendingContext, transactionView } from "~/wallet/view.server";
import { firstSteps } from "~/users/first-steps.server";
import { FirstStepsChecklist } from "~/components/wallet/first-steps";
import * as handlers from "./actions.server";
import { BalanceCard } from "./balance-card";
import { CashbackFigures, QuickActions } from "./figures";
import { LoyaltyCard } from "./loyalty-card";
import { loyaltyCard } from "~/loyalty/points.server";
import { StoresAndHistory } from "./stores-and-history";
import { TABS, type Tab } from "./tabs";
import { pageWithNotice } from "~/utils/http.server";

export const handle = { i18n: ["common", "app", "wallet", "webshops", "plans"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const search = new URL(request.url).searchParams;
  const tabParam = search.get("tab");
  const tab: Tab = tabParam && tabParam in TABS ? (tabParam as Tab) : "all";
  const days = search.get("days") === "90" ? 90 : 30;
  const [balances, figures, recent, history, pending, plan, minimumWithdrawalCents, steps, loyalty] = await Promise.all([
    getBalances(db(), user.id),
    dashboardFigures(db(), user.id),
    recentTransactions(db(), user.id, TABS[tab]),
    balanceHistory(db(), user.id, days),
    pendingContext(db()),
    planSummary(db(), user.id),
    getSetting(db(), "minWithdrawalCents"),
    firstSteps(db(), user.id),
    loyaltyCard(db(), user.id),
  ]);
  return pageWithNotice(request, params, ["app", "dashboard.meta"], {
    name: user.name,
    minimumWithdrawalCents,
    hidden: await isBalanceHidden(request),
    plan,
    balances,
    figures,
    tab,
    days,
    history,
    loyalty,
    recent: recent.map((item) => transactionView(item, pending)),
    firstSteps: steps.show ? { steps: steps.steps, doneCount: steps.doneCount } : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, locale, formData } = await requireUserForm(request, params);
  const parsed = handlers.DashboardIntent.safeParse({ intent: formData.get("intent") });
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  switch (parsed.data.intent) {
    case "dismiss-first-steps":
      return handlers.dismissChecklist(user.id, locale);
    case "toggle-balance":
      return handlers.toggleBalance(request, formData.get("redirectTo"), locale);
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export type DashboardData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function DashboardPage() {
  const { t } = useTranslation("wallet");
  const outlet = useOutlet();
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
    loyalty,
  } = useLoaderData<typeof loader>();

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("dashboard.greeting", { ns: "app", name })}</h1>
      <PlanSummaryLine summary={plan} />
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>
      {steps ? <FirstStepsChecklist steps={steps.steps} doneCount={steps.doneCount} /> : null}
      <BalanceCard
        balances={balances}
        figures={figures}
        days={days}
        history={history}
        hidden={hidden}
        minimumWithdrawalCents={minimumWithdrawalCents}
      />
      <CashbackFigures figures={figures} hidden={hidden} />
      <LoyaltyCard loyalty={loyalty} />
      <QuickActions />
      <StoresAndHistory figures={figures} tab={tab} recent={recent} />

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

/**
 * The back office's dashboard (`/admin/dashboard`): accounts and sign-ups per day, what the platform
 * owes its users, withdrawals waiting, the points owed to members (`loyaltyTotals`: their value at the
 * redemption rate, points owed back, members per level), the cashback pipeline per week, the money moved, and the
 * reconciliation panel (the last ledger check, each platform account's balance, and a form that
 * queues a new check: `actions.server.ts`). Charts are the server-rendered chart kit: readable
 * without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, type useLoaderData } from "@remix-run/react";
import { adminOverview } from "~/admin/dashboard.server";
import { lastReconciliation, platformBalances } from "~/admin/reconciliation.server";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { BarChart } from "~/components/charts";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { formatShortDay } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageWithNotice } from "~/utils/http.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { numberFormat } from "~/utils/intl";
import * as handlers from "./actions.server";
import { CashbackPipeline } from "./cashback-pipeline";
import { ReconciliationPanel } from "./reconciliation-panel";
import { Stat } from "./stat";
import { Section } from "~/components/section";
import { loyaltyTotals } from "~/loyalty/points.server";
import { LoyaltyCard } from "./loyalty-card";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [overview, reconciliation, platform, loyalty] = await Promise.all([
    adminOverview(db()),
    lastReconciliation(db()),
    platformBalances(db()),
    loyaltyTotals(db()),
  ]);
  return pageWithNotice(request, params, ["admin", "dashboard.meta"], {
    overview,
    reconciliation,
    platform,
    loyalty,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, locale, formData: form } = await requireAdminForm(request, params);
  const parsed = handlers.DashboardIntent.safeParse({ intent: form.get("intent") });
  if (!parsed.success) return data({ error: "admin:twoFactor.unknown" }, { status: 400 });
  switch (parsed.data.intent) {
    case "reconcile":
      return handlers.reconcile(actor, locale);
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export type AdminDashboardData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminDashboard() {
  const { t, locale, loaderData } = usePage<typeof loader>("admin");
  const { overview, reconciliation, platform, loyalty, notice } = loaderData;
  const number = numberFormat(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const { users, withdrawals } = overview;
  return (
    <div className="container-page space-y-10 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("dashboard.title")}</h1>
      {notice ? <Notice>{t(notice.key)}</Notice> : null}

      <Section id="dashboard-accounts" title={t("dashboard.accounts.title")} className="">
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Stat
            id="total"
            label={t("dashboard.stats.total")}
            value={number.format(users.total)}
            hint={t("dashboard.stats.partners", { count: users.partners })}
          />
          <Stat id="verified" label={t("dashboard.stats.verified")} value={number.format(users.verified)} />
          <Stat id="newLast30Days" label={t("dashboard.stats.newLast30Days")} value={number.format(users.newLast30Days)} />
          <Stat id="suspended" label={t("dashboard.stats.suspended")} value={number.format(users.suspended)} />
        </dl>
        <div className="mt-4 rounded-2xl border border-slate-200 bg-surface p-5">
          <BarChart
            title={t("dashboard.charts.signUps")}
            emptyText={t("dashboard.charts.empty")}
            bars={users.perDay.map((day) => ({ label: formatShortDay(day.date, locale), value: day.count }))}
            formatValue={(n) => number.format(n)}
            seriesLabels={{ value: t("dashboard.charts.signUpsSeries") }}
            height={160}
          />
        </div>
      </Section>

      <Section id="dashboard-money" title={t("dashboard.money.title")} className="">
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Stat
            id="owed"
            label={t("dashboard.money.owed")}
            value={money(overview.owedToUsersCents)}
            hint={overview.owedByUsersCents > 0 ? t("dashboard.money.owedBack", { amount: money(overview.owedByUsersCents) }) : undefined}
          />
          <Stat
            id="withdrawals-pending"
            label={t("dashboard.money.withdrawalsPending")}
            value={money(withdrawals.pending.cents)}
            hint={t("dashboard.money.count", { count: withdrawals.pending.count })}
          />
          <Stat
            id="withdrawals-processing"
            label={t("dashboard.money.withdrawalsProcessing")}
            value={money(withdrawals.processing.cents)}
            hint={t("dashboard.money.count", { count: withdrawals.processing.count })}
          />
          <Stat
            id="deposits"
            label={t("dashboard.money.deposits")}
            value={money(overview.deposits.last30DaysCents)}
            hint={t("dashboard.money.allTime", { amount: money(overview.deposits.allTimeCents) })}
          />
          <Stat id="margin" label={t("dashboard.money.margin")} value={money(overview.marginCents)} />
          <Stat id="bonuses" label={t("dashboard.money.bonuses")} value={money(overview.bonusesPaidCents)} />
          <Stat id="commissions" label={t("dashboard.money.commissions")} value={money(overview.commissionsPaidCents)} />
        </dl>
        <p className="mt-3">
          <Link to={localePath(locale, "/admin/withdrawals")} className="font-medium text-brand-700 underline underline-offset-2">
            {t("dashboard.money.toWithdrawals")}
          </Link>
        </p>
      </Section>

      <LoyaltyCard loyalty={loyalty} />

      <CashbackPipeline overview={overview} />

      <ReconciliationPanel reconciliation={reconciliation} platform={platform} />
    </div>
  );
}

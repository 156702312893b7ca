/**
 * The back office's dashboard (`/admin/dashboard`): accounts and sign-ups per day, what the platform
 * owes its users, withdrawals waiting, the cashback pipeline per week, the money moved, and the
 * reconciliation panel (the last ledger check, each platform account's balance, and a form that
 * queues a new check). Charts are the server-rendered chart kit: readable without JavaScript.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { adminOverview } from "~/admin/dashboard.server";
import { lastReconciliation, platformBalances } from "~/admin/reconciliation.server";
import { audit } from "~/audit/audit.server";
import { requireAdmin } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { BarChart } from "~/components/charts";
import { DataTable } from "~/components/data-table";
import { SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { queueJob, RECONCILE_JOB } from "~/jobs/jobs.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate, formatShortDay } from "~/utils/dates";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { numberFormat } from "~/utils/intl";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { flash, headers } = await takeFlash(request);
  const [overview, reconciliation, platform] = await Promise.all([adminOverview(db()), lastReconciliation(db()), platformBalances(db())]);
  return data(
    {
      meta: await pageMeta(params, "admin", "dashboard.meta"),
      notice: flash?.kind === "notice" ? flash : null,
      overview,
      reconciliation,
      platform,
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { actor } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const form = await readForm(request);
  if (form.get("intent") !== "reconcile") return data({ error: "admin:twoFactor.unknown" }, { status: 400 });
  await unitOfWork(db(), (tx) =>
    audit(tx, { actorId: actor.id, action: "ledger.check-requested", subject: "ledger", clientAddress: actor.clientAddress }),
  );
  await queueJob(RECONCILE_JOB, { requestedBy: actor.id });
  throw redirect(`${localePath(locale, "/admin/dashboard")}#reconciliation`, {
    headers: { "Set-Cookie": await setFlash({ kind: "notice", key: "dashboard.reconciliation.queued" }) },
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

function Stat({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-surface p-4 sm:p-5" data-testid={`stat-${id}`}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-2 break-words text-xl font-bold tabular-nums sm:text-2xl">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}

export default function AdminDashboard() {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { overview, reconciliation, platform, notice } = useLoaderData<typeof loader>();
  const number = numberFormat(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const { users, withdrawals } = overview;
  return (
    <div className="container-page space-y-10 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("dashboard.title")}</h1>
      {notice ? <Notice>{t(notice.key)}</Notice> : null}

      <section aria-labelledby="dashboard-accounts">
        <h2 id="dashboard-accounts" className="text-xl font-semibold">
          {t("dashboard.accounts.title")}
        </h2>
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
      </section>

      <section aria-labelledby="dashboard-money">
        <h2 id="dashboard-money" className="text-xl font-semibold">
          {t("dashboard.money.title")}
        </h2>
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
      </section>

      <section aria-labelledby="dashboard-cashback">
        <h2 id="dashboard-cashback" className="text-xl font-semibold">
          {t("dashboard.cashback.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("dashboard.cashback.intro")}</p>
        <div className="mt-4 rounded-2xl border border-slate-200 bg-surface p-5">
          <BarChart
            title={t("dashboard.cashback.chart")}
            emptyText={t("dashboard.charts.empty")}
            bars={overview.cashbackWeeks.map((week) => ({
              label: formatShortDay(week.week, locale),
              value: week.confirmedCents,
              secondary: week.pendingCents,
            }))}
            formatValue={money}
            seriesLabels={{ value: t("dashboard.cashback.confirmed"), secondary: t("dashboard.cashback.pending") }}
            height={180}
          />
        </div>
        <DataTable
          className="mt-4"
          testId="cashback-weeks"
          caption={t("dashboard.cashback.table")}
          rows={overview.cashbackWeeks.slice().reverse()}
          rowKey={(week) => week.week}
          columns={[
            {
              key: "week",
              header: t("dashboard.cashback.week"),
              rowHeader: true,
              primary: true,
              className: "font-medium",
              cell: (week) => formatDate(week.week, locale),
            },
            ...(["pending", "confirmed", "declined"] as const).map((status) => ({
              key: status,
              header: t(`dashboard.cashback.${status}`),
              headerClassName: "text-right",
              className: "tabular-nums md:text-right",
              cell: (week: (typeof overview.cashbackWeeks)[number]) => money(week[`${status}Cents`]),
            })),
          ]}
        />
      </section>

      <section id="reconciliation" aria-labelledby="dashboard-reconciliation">
        <h2 id="dashboard-reconciliation" className="text-xl font-semibold">
          {t("dashboard.reconciliation.title")}
        </h2>
        <div className="mt-4 rounded-2xl border border-slate-200 bg-surface p-5" data-testid="reconciliation">
          {reconciliation ? (
            <>
              <p
                className={reconciliation.ok ? "font-semibold text-green-800" : "font-semibold text-red-700"}
                data-testid="reconciliation-verdict"
              >
                {reconciliation.ok
                  ? t("dashboard.reconciliation.ok")
                  : t("dashboard.reconciliation.problems", { count: reconciliation.problems.length })}
              </p>
              <p className="mt-1 text-sm text-slate-600">
                {t("dashboard.reconciliation.lastRun", {
                  date: formatDate(reconciliation.finishedAt, locale),
                  time: reconciliation.finishedAt.slice(11, 16),
                  accounts: number.format(reconciliation.accounts),
                  entries: number.format(reconciliation.entries),
                  postings: number.format(reconciliation.postings),
                })}{" "}
                {t(`dashboard.reconciliation.trigger.${reconciliation.trigger}`)}
              </p>
              {reconciliation.problems.length ? (
                <ul className="mt-3 list-disc space-y-1 pl-5 font-mono text-xs text-red-700">
                  {reconciliation.problems.slice(0, 20).map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-slate-700">{t("dashboard.reconciliation.never")}</p>
          )}
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="reconcile" />
            <SubmitButton className="btn-secondary">{t("dashboard.reconciliation.run")}</SubmitButton>
          </Form>
          <div className="mt-5 overflow-x-auto" tabIndex={0} role="region" aria-label={t("dashboard.reconciliation.accounts")}>
            <table className="w-full text-left text-sm" data-testid="platform-accounts">
              <caption className="mb-2 text-left font-medium">{t("dashboard.reconciliation.accounts")}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("dashboard.reconciliation.account")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("dashboard.reconciliation.balance")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 tabular-nums">
                {platform.map((account) => (
                  <tr key={account.kind}>
                    <th scope="row" className="px-3 py-2 font-normal">
                      {t(`dashboard.reconciliation.kinds.${account.kind}`, { defaultValue: account.kind })}
                    </th>
                    <td className="px-3 py-2 text-right">{money(account.balanceCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-xs text-slate-600">{t("dashboard.reconciliation.signs")}</p>
          </div>
        </div>
      </section>
    </div>
  );
}

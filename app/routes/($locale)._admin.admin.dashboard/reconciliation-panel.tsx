/** The reconciliation panel: the last ledger check, a form that queues a new one, each platform account's balance. */
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";
import type { AdminDashboardData } from "./route";

export function ReconciliationPanel({ reconciliation, platform }: Pick<AdminDashboardData, "reconciliation" | "platform">) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const number = numberFormat(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  return (
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
  );
}

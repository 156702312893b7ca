/** The reconciliation panel: the last ledger check, a form that queues a new one, each platform account's balance. */
import { Form } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { SubmitButton } from "~/components/submit-button";
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
        <div className="mt-5">
          <DataTable
            testId="platform-accounts"
            caption={t("dashboard.reconciliation.accounts")}
            captionVisible
            scroll
            dense
            rows={platform}
            rowKey={(account) => account.kind}
            columns={[
              {
                key: "account",
                header: t("dashboard.reconciliation.account"),
                rowHeader: true,
                primary: true,
                cell: (account) => t(`dashboard.reconciliation.kinds.${account.kind}`, { defaultValue: account.kind }),
              },
              {
                key: "balance",
                header: t("dashboard.reconciliation.balance"),
                numeric: true,
                cell: (account) => money(account.balanceCents),
              },
            ]}
          />
          <p className="mt-2 text-xs text-slate-600">{t("dashboard.reconciliation.signs")}</p>
        </div>
      </div>
    </section>
  );
}

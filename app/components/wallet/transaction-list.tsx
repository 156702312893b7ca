/** A list of wallet transactions: credits with "+", debits with "−", status colours, dates in the locale. */
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { counterparty, labelText } from "~/wallet/display";
import { ProgressMeter } from "~/components/charts/progress-meter";
import { SubmitButton } from "~/components/submit-button";

export interface TransactionItem {
  id: string;
  type: string;
  status: "completed" | "pending" | "failed";
  direction: "credit" | "debit";
  amountCents: number;
  description: string;
  merchant: string | null;
  orderId: string | null;
  createdAt: string;
  /** Withdrawals: pending (cancellable), processing (being paid out), paid, rejected, cancelled. */
  withdrawalState?: string | null;
  /** Pending cashback: when the store is expected to confirm it, and how far along it is. */
  pending?: { expectedBy: string; elapsedDays: number; totalDays: number; overdue: boolean } | null;
}

const STATUS_CLASS = {
  completed: "bg-green-100 text-green-900",
  pending: "bg-yellow-100 text-yellow-900",
  failed: "bg-red-100 text-red-900",
} as const;

export function signedAmount(item: { direction: "credit" | "debit"; amountCents: number }, locale: string): string {
  return `${item.direction === "credit" ? "+" : "−"}${formatMoney(item.amountCents, locale)}`;
}

export function TransactionList({ items, cancellable = false }: { items: TransactionItem[]; cancellable?: boolean }) {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  return (
    <ul className="divide-y divide-slate-100" data-testid="transaction-list">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3" data-testid="transaction">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">
              {t(`types.${item.type}`)}
              {counterparty(item) ? <span className="text-slate-600"> · {labelText(counterparty(item), t)}</span> : null}
            </p>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
              <time dateTime={item.createdAt}>{formatDate(item.createdAt, locale)}</time>
              <span className={`rounded-full px-2 py-0.5 font-semibold ${STATUS_CLASS[item.status]}`}>
                {item.withdrawalState === "processing" ? t("withdraw.states.processing") : t(`statuses.${item.status}`)}
              </span>
            </p>
          </div>
          <span
            className={`shrink-0 text-right font-semibold tabular-nums ${item.direction === "credit" ? "text-green-800" : "text-slate-900"}`}
            data-testid="amount"
          >
            {signedAmount(item, locale)}
          </span>
          {item.pending ? (
            <div className="w-full" data-testid="pending-progress">
              <ProgressMeter
                value={item.pending.elapsedDays}
                max={item.pending.totalDays}
                label={t("pendingProgress.label")}
                valueText={t("pendingProgress.value", { days: item.pending.elapsedDays, total: item.pending.totalDays })}
              />
              <p className="mt-1 text-xs text-slate-600">
                {item.pending.overdue
                  ? t("pendingProgress.overdue", { date: formatDate(item.pending.expectedBy, locale) })
                  : t("pendingProgress.expected", { date: formatDate(item.pending.expectedBy, locale) })}
              </p>
            </div>
          ) : null}
          {cancellable && item.type === "withdrawal" && item.withdrawalState === "pending" ? (
            <Form method="post" className="w-full text-right sm:w-auto">
              <input type="hidden" name="transactionId" value={item.id} />
              <SubmitButton intent="cancel-withdrawal" className="text-sm font-semibold text-red-700 hover:underline">
                {t("withdraw.cancel")}
              </SubmitButton>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The withdrawals' rows (approve, mark paid, reject; a "Priority" badge with the level for members
 * of the priority loyalty levels) and "Approve selected" for the pending ones.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { DecisionForm } from "~/components/admin/decision-form";
import { ErrorList, SubmitButton } from "~/components/forms";
import { textInput } from "~/components/forms-conform";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import type { DeskWithdrawal } from "~/wallet/admin.server";
import { batchMessageId } from "~/wallet/payout-files.server";
import type { action } from "./route";

/** "Approve selected": the rows' checkboxes belong to this form (`form="approve-selected"`). */
export function ApproveSelected() {
  const { t } = useTranslation("admin");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ intent: string; transactionId: string[] }>({
    id: "approve-selected",
    lastResult: actionData?.id === "approve-selected" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-center gap-3" {...getFormProps(form)}>
      <SubmitButton intent="approveSelected">{t("withdrawals.approveSelected")}</SubmitButton>
      <p className="text-sm text-slate-600">{t("withdrawals.approveSelectedHint")}</p>
      <div className="w-full">
        <ErrorList id={fields.transactionId.errorId} errors={fields.transactionId.errors ?? form.errors} />
      </div>
    </Form>
  );
}

export function DeskRow({ item }: { item: DeskWithdrawal }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const actionData = useActionData<typeof action>();
  const formId = `withdrawal-${item.id}`;
  const [form, fields] = useForm<{ intent: string; transactionId: string; reason: string; payoutReference: string }>({
    id: formId,
    lastResult: actionData?.id === formId ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  const open = (item.state === "pending" || item.state === "processing") && !item.batchId;
  const amount = formatMoney(item.amountCents, locale);
  return (
    <li className="rounded-2xl border border-slate-200 bg-surface p-5" data-testid={`withdrawal-${item.state}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          {item.state === "pending" ? (
            <input
              type="checkbox"
              name="transactionId"
              value={item.id}
              form="approve-selected"
              aria-label={t("withdrawals.select", { amount, email: item.userEmail })}
              className="mt-1.5 h-4 w-4 shrink-0"
            />
          ) : null}
          <div className="min-w-0">
            <p className="text-lg font-bold tabular-nums">
              {amount}{" "}
              <span className="ml-2 align-middle text-xs font-semibold uppercase text-slate-600">
                {t(`withdrawals.states.${item.state}`)}
              </span>
              {item.priority && item.level ? (
                <span
                  className="ml-2 inline-block whitespace-nowrap rounded-full bg-yellow-100 px-2 py-0.5 align-middle text-xs font-semibold text-yellow-900"
                  data-testid="withdrawal-priority"
                >
                  {t("withdrawals.priority", { level: t(`loyalty.levels.${item.level}`) })}
                </span>
              ) : null}
            </p>
            <p className="break-words text-sm text-slate-700">
              {item.userName} · {item.userEmail}
            </p>
            <p className="break-all text-xs text-slate-600">
              {t(`wallet:withdraw.methods.${item.method}`)} · {item.destination} · {formatDate(item.createdAt, locale)}
            </p>
            {item.batchId ? (
              <p className="break-all text-xs text-slate-600">
                {t("withdrawals.inBatchShown", { reference: batchMessageId(item.batchId) })}
              </p>
            ) : null}
            {item.payoutReference ? (
              <p className="text-xs text-slate-600">{t("withdrawals.referenceShown", { reference: item.payoutReference })}</p>
            ) : null}
            {item.reason ? <p className="text-xs text-slate-600">{t("withdrawals.reasonShown", { reason: item.reason })}</p> : null}
          </div>
        </div>
        {open ? (
          <DecisionForm
            form={form}
            item={{ name: "transactionId", value: item.id }}
            no={{ intent: "reject", label: t("withdrawals.reject") }}
            yes={
              item.state === "pending"
                ? { intent: "approve", label: t("withdrawals.approve") }
                : { intent: "paid", label: t("withdrawals.markPaid") }
            }
          >
            {item.state === "processing" ? textInput(fields.payoutReference, t("withdrawals.reference")) : null}
            {textInput(fields.reason, t("withdrawals.reason"))}
          </DecisionForm>
        ) : null}
      </div>
    </li>
  );
}

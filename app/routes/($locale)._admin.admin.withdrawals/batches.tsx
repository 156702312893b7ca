/** Payout batches: create one per method from the filtered processing withdrawals, download its file, mark it paid or cancel it. */
import { useForm } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { DecisionForm } from "~/components/admin/decision-form";
import { textInput } from "~/components/forms-conform";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import type { PayoutBatchView } from "~/wallet/payout-batches.server";
import { PAYOUT_METHOD_OPTIONS } from "./filters";
import type { action } from "./route";
import { Section } from "~/components/section";

export function BatchesPanel({
  batches,
  candidates,
  currency,
  bankConfigured,
  scope,
}: {
  batches: PayoutBatchView[];
  candidates: Record<"paypal" | "bank", { count: number; totalCents: number }>;
  currency: string;
  bankConfigured: boolean;
  scope: { q: string; from: string; to: string };
}) {
  const { t } = useTranslation("admin");
  return (
    <Section
      id="payout-batches-title"
      title={t("withdrawals.batches.title")}
      box="card"
      className="mt-6"
      titleClassName="text-xl font-bold"
      testId="payout-batches"
    >
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("withdrawals.batches.intro")}</p>
      {currency !== "EUR" ? (
        <p className="mt-2 max-w-3xl text-sm text-slate-700">{t("withdrawals.batches.currencyNote", { currency })}</p>
      ) : null}
      {!bankConfigured ? (
        <p className="mt-2 max-w-3xl text-sm font-medium text-red-700">{t("withdrawals.batches.errors.bank_not_configured")}</p>
      ) : null}
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {PAYOUT_METHOD_OPTIONS.map((method) => (
          <CreateBatch
            key={method}
            method={method}
            candidate={candidates[method]}
            scope={scope}
            disabled={method === "bank" && !bankConfigured}
          />
        ))}
      </div>
      {batches.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("withdrawals.batches.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="batch-list">
          {batches.map((batch) => (
            <BatchRow key={batch.id} batch={batch} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function CreateBatch({
  method,
  candidate,
  scope,
  disabled,
}: {
  method: "paypal" | "bank";
  candidate: { count: number; totalCents: number };
  scope: { q: string; from: string; to: string };
  disabled: boolean;
}) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const methodName = t(`wallet:withdraw.methods.${method}`);
  return (
    <Form method="post" className="rounded-xl border border-slate-200 p-4" data-testid={`create-batch-${method}`}>
      <input type="hidden" name="method" value={method} />
      {scope.q ? <input type="hidden" name="q" value={scope.q} /> : null}
      {scope.from ? <input type="hidden" name="from" value={scope.from} /> : null}
      {scope.to ? <input type="hidden" name="to" value={scope.to} /> : null}
      <p className="text-sm text-slate-700">
        {t("withdrawals.batches.candidates", {
          method: methodName,
          count: candidate.count,
          total: formatMoney(candidate.totalCents, locale),
        })}
      </p>
      <button type="submit" name="intent" value="createBatch" className="btn-primary mt-3" disabled={disabled || candidate.count === 0}>
        {t(`withdrawals.batches.create.${method}`)}
      </button>
    </Form>
  );
}

function BatchRow({ batch }: { batch: PayoutBatchView }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const actionData = useActionData<typeof action>();
  const formId = `batch-${batch.id}`;
  const [form, fields] = useForm<{ intent: string; batchId: string; payoutReference: string }>({
    id: formId,
    lastResult: actionData?.id === formId ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid={`batch-${batch.state}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-bold tabular-nums">
            {t(`wallet:withdraw.methods.${batch.method}`)} · {formatMoney(batch.totalCents, locale)}
            <span className="ml-2 align-middle text-xs font-semibold uppercase text-slate-600">
              {t(`withdrawals.batches.states.${batch.state}`)}
            </span>
          </p>
          <p className="break-words text-xs text-slate-600">
            <span className="break-all">{batch.reference}</span> · {t("withdrawals.batches.items", { count: batch.itemCount })} ·{" "}
            {formatDate(batch.createdAt, locale)}
          </p>
          {batch.payoutReference ? (
            <p className="text-xs text-slate-600">{t("withdrawals.referenceShown", { reference: batch.payoutReference })}</p>
          ) : null}
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {batch.state !== "cancelled" ? (
              <a
                href={localePath(locale, `/admin/withdrawals/batches/${batch.id}/file`)}
                download
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {t("withdrawals.batches.download")}
              </a>
            ) : null}
            {batch.state !== "cancelled" ? (
              <Link
                to={`${localePath(locale, "/admin/withdrawals")}?state=all&batch=${batch.id}`}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {t("withdrawals.batches.show")}
              </Link>
            ) : null}
          </p>
        </div>
        {batch.state === "open" ? (
          <DecisionForm
            form={form}
            item={{ name: "batchId", value: batch.id }}
            no={{ intent: "cancelBatch", label: t("withdrawals.batches.cancel") }}
            yes={{ intent: "payBatch", label: t("withdrawals.batches.markPaid") }}
          >
            {textInput(fields.payoutReference, t("withdrawals.reference"))}
          </DecisionForm>
        ) : null}
      </div>
    </li>
  );
}

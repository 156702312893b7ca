/** Choosing a plan: step 1 the plan list (a GET form, field `planId`), step 2 the payment (field `method`). */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FormErrors, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import type { PlanView } from "~/plans/plans.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { formatDate } from "~/utils/dates";

export function PlanList({ plans, preselected }: { plans: PlanView[]; preselected: string | null }) {
  const { t } = useTranslation("plans");
  const { t: tp } = useTranslation("pricing");
  const locale = usePageLocale();
  const initial = plans.find((plan) => plan.code === preselected)?.id ?? plans[0]?.id;
  return (
    <Form method="get" className="mt-4">
      <fieldset>
        <legend className="sr-only">{t("list.title")}</legend>
        <div className="grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <label
              key={plan.id}
              className="flex cursor-pointer flex-col rounded-2xl border-2 border-slate-200 bg-surface p-5 has-[:checked]:border-accent"
            >
              <span className="flex items-center gap-2">
                <input type="radio" name="planId" value={plan.id} defaultChecked={plan.id === initial} className="h-4 w-4 accent-current" />
                <span className="text-lg font-semibold">{plan.name}</span>
              </span>
              <span className="mt-2 text-2xl font-extrabold tabular-nums">
                {plan.priceCents === 0 ? t("list.free") : formatMoney(plan.priceCents, locale)}
              </span>
              {plan.priceCents === 0 ? null : (
                <span className="text-sm text-slate-600">{t("list.perDays", { count: plan.durationDays })}</span>
              )}
              <ul className="mt-3 grid gap-1 text-sm text-slate-700">
                {plan.features.map((feature) => (
                  <li key={feature}>✓ {tp(`features.${feature}`)}</li>
                ))}
              </ul>
            </label>
          ))}
        </div>
      </fieldset>
      <SubmitButton className="btn-primary mt-5">{t("list.continue")}</SubmitButton>
    </Form>
  );
}

export function PayStep({
  plan,
  firstPeriod,
  availableCents,
  idempotencyKey,
  result,
}: {
  plan: PlanView;
  firstPeriod: { trialDaysAdded: number; periodEnd: string } | null;
  availableCents: number;
  idempotencyKey: string;
  result?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("plans");
  const locale = usePageLocale();
  const [form, fields] = useForm<{ planId: string; method: string; idempotencyKey: string }>({
    id: "plan-pay-form",
    lastResult: result,
    shouldValidate: "onSubmit",
  });
  const price = formatMoney(plan.priceCents, locale);
  const covered = availableCents >= plan.priceCents;
  const free = plan.priceCents === 0;
  return (
    <Form method="post" className="mt-4 max-w-xl rounded-2xl border border-slate-200 bg-surface p-5" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="planId" value={plan.id} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <p className="font-semibold" data-testid="pay-summary">
        {free ? t("pay.summaryFree", { plan: plan.name }) : t("pay.summary", { plan: plan.name, price, count: plan.durationDays })}
      </p>
      {!free && firstPeriod ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="pay-first-period">
          {firstPeriod.trialDaysAdded > 0
            ? t("pay.trialDaysAdded", { count: firstPeriod.trialDaysAdded, date: formatDate(firstPeriod.periodEnd, locale) })
            : t("pay.firstPeriod", { date: formatDate(firstPeriod.periodEnd, locale) })}
        </p>
      ) : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {free ? (
        <input type="hidden" name="method" value="wallet" />
      ) : (
        <fieldset className="mt-4 grid gap-3">
          <legend className="sr-only">{t("pay.title")}</legend>
          <label className="flex gap-3 rounded-xl border border-slate-200 p-4 has-[:checked]:border-accent">
            <input
              type="radio"
              name="method"
              value="wallet"
              defaultChecked={covered}
              className="mt-1 h-4 w-4"
              aria-describedby="wallet-balance"
            />
            <span>
              <span className="block font-medium">{t("pay.wallet")}</span>
              <span id="wallet-balance" className="block text-sm text-slate-600">
                {t("pay.walletBalance", { amount: formatMoney(availableCents, locale) })}
              </span>
              {!covered ? (
                <span className="mt-1 block text-sm font-medium text-red-700" data-testid="insufficient-balance">
                  {t("pay.insufficient")}{" "}
                  <Link to={localePath(locale, "/dashboard/add-money")} className="underline">
                    {t("pay.topUp")}
                  </Link>
                </span>
              ) : null}
            </span>
          </label>
          <label className="flex gap-3 rounded-xl border border-slate-200 p-4 has-[:checked]:border-accent">
            <input type="radio" name="method" value="provider" defaultChecked={!covered} className="mt-1 h-4 w-4" />
            <span>
              <span className="block font-medium">{t("pay.provider")}</span>
              <span className="block text-sm text-slate-600">{t("pay.providerText")}</span>
            </span>
          </label>
          {fields.method.errors?.length ? (
            <p className="text-sm text-red-700" role="alert">
              {t(String(fields.method.errors[0]).replace(/^plans:/, ""))}
            </p>
          ) : null}
        </fieldset>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <SubmitButton className="btn-primary" pendingLabel={t("pay.processing")}>
          {free ? t("pay.activate") : t("pay.submit", { price })}
        </SubmitButton>
        <Link to={localePath(locale, "/plans")} className="text-sm font-semibold text-slate-600 underline">
          {t("pay.back")}
        </Link>
      </div>
    </Form>
  );
}

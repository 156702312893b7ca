/**
 * /plans: the free trial's days left, the live subscription (renewal date, cancel at period end,
 * the 30-day "Cancel and refund"), and choosing a plan: step 1 a plan list (field `planId`, a GET
 * form), step 2 the payment (field `method`: `wallet` or `provider`) with the form's idempotency
 * key. The plan list's states: loading (with JS, its retry goes through a fetcher), empty, error
 * with a retry (a form that reloads), and the list. A provider payment returns here with
 * `?payment=<id>`: processing until its verified webhook event applied it.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { startPlanCheckout, refundAtProvider } from "~/plans/checkout.server";
import { listActivePlans, type PlanView } from "~/plans/plans.server";
import {
  PlanError,
  cancelAndRefund,
  firstPeriodFor,
  getSubscription,
  getTrial,
  setCancelAtPeriodEnd,
  subscribeWithWallet,
} from "~/plans/subscriptions.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { getBalances } from "~/wallet/balances.server";
import { IdempotencyConflictError, InsufficientFundsError } from "~/wallet/ledger.server";
import { getPayment } from "~/wallet/payments.server";
import { configuredStripe, paymentProvider } from "~/wallet/sandbox-provider.server";
import { dateTimeFormat } from "~/utils/intl";

export const handle = { i18n: ["common", "plans", "pricing"] };
export const clientLoader = withNamespaces(handle.i18n);

const DONE = ["activated", "refunded", "cancelled", "resumed"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const url = new URL(request.url);
  const audience = user.role === "partner" ? "partner" : "business";
  let plans: PlanView[] | null;
  try {
    plans = await listActivePlans(db(), audience);
  } catch (error) {
    console.error("the plans could not be loaded", error);
    plans = null;
  }
  const [trial, subscription, balances] = await Promise.all([
    getTrial(db(), user.id),
    getSubscription(db(), user.id),
    getBalances(db(), user.id),
  ]);
  const wanted = url.searchParams.get("planId");
  const selected = plans?.find((plan) => plan.id === wanted) ?? null;
  // Said before paying: the trial's remaining days are added to the first paid period.
  const firstPeriod = selected && !(await getSubscription(db(), user.id)) ? await firstPeriodFor(db(), user.id, selected) : null;
  const paymentId = url.searchParams.get("payment");
  const payment = paymentId && /^[0-9a-f-]{36}$/.test(paymentId) ? await getPayment(db(), paymentId, user.id) : undefined;
  const done = DONE.find((value) => value === url.searchParams.get("done")) ?? null;
  return {
    meta: await pageMeta(params, "plans", "meta"),
    audience,
    plans,
    preselected: (user as { partnerPlanCode?: string | null }).partnerPlanCode ?? null,
    selected,
    firstPeriod,
    trial,
    subscription,
    availableCents: balances.availableCents,
    payment: payment && payment.purpose === "plan" ? { id: payment.id, status: payment.status } : null,
    done,
    // Sent here by the ad tools' guard when neither the trial nor a plan is live.
    locked: url.searchParams.get("locked") === "ads",
    idempotencyKey: crypto.randomUUID(),
  };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

const PaySchema = z.object({
  planId: z.string({ required_error: "plans:errors.planRequired" }).uuid("plans:errors.planRequired"),
  method: z.enum(["wallet", "provider"], {
    required_error: "plans:errors.methodRequired",
    invalid_type_error: "plans:errors.methodRequired",
  }),
  idempotencyKey: z.string().uuid(),
});

const PLAN_ERRORS: Record<PlanError["code"], string> = {
  not_found: "plans:errors.notFound",
  already_subscribed: "plans:errors.alreadySubscribed",
  no_subscription: "plans:errors.noSubscription",
  not_refundable: "plans:errors.notRefundable",
  free_plan: "plans:errors.notFound",
  guarantee_used: "plans:errors.guaranteeUsed",
  guarantee_used_card: "plans:errors.guaranteeUsedCard",
};

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const audience = user.role === "partner" ? "partner" : "business";
  const back = (done: (typeof DONE)[number]) => redirect(localePath(locale, `/plans?done=${done}`));
  try {
    if (intent === "cancel" || intent === "resume") {
      await unitOfWork(db(), (tx) => setCancelAtPeriodEnd(tx, { userId: user.id, cancel: intent === "cancel" }));
      return back(intent === "cancel" ? "cancelled" : "resumed");
    }
    if (intent === "refund") {
      // Slow provider work (Stripe's refund API) before the unit of work; the sandbox refunds at once.
      await refundAtProvider(db(), configuredStripe(), user.id);
      await unitOfWork(db(), (tx) => cancelAndRefund(tx, { userId: user.id }));
      return back("refunded");
    }
  } catch (error) {
    if (error instanceof PlanError) return data({ result: null, error: PLAN_ERRORS[error.code], usedAt: error.usedAt }, { status: 409 });
    throw error;
  }
  const submission = parseWithZod(formData, { schema: PaySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const { planId, method, idempotencyKey } = submission.value;
  try {
    if (method === "wallet") {
      await unitOfWork(db(), (tx) => subscribeWithWallet(tx, { userId: user.id, planId, idempotencyKey, audience }));
      return back("activated");
    }
    const { redirectTo } = await startPlanCheckout(db(), paymentProvider(), {
      userId: user.id,
      planId,
      key: `plan:${user.id}:${idempotencyKey}`,
      kind: "initial",
      audience,
      locale,
      returnUrl: (paymentId) => localePath(locale, `/plans?payment=${paymentId}`),
      cancelUrl: localePath(locale, "/plans"),
    });
    return redirect(redirectTo);
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      return data({ result: submission.reply({ formErrors: ["validation.insufficientBalance"] }), error: null }, { status: 400 });
    if (error instanceof IdempotencyConflictError)
      return data({ result: submission.reply({ formErrors: ["validation.formReused"] }), error: null }, { status: 409 });
    if (error instanceof PlanError)
      return data({ result: submission.reply({ formErrors: [PLAN_ERRORS[error.code]] }), error: null }, { status: 409 });
    throw error;
  }
}

const formatDate = (iso: string, locale: string) => dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

export default function Plans() {
  const { t } = useTranslation("plans");
  const locale = usePageLocale();
  const loaded = useLoaderData<typeof loader>();
  // With JavaScript, "Try again" reloads the list through a fetcher (the loading state); without,
  // the same form reloads the page.
  const fetcher = useFetcher<typeof loader>();
  const view = fetcher.data ?? loaded;
  const { trial, subscription, payment, done, locked, availableCents } = loaded;
  const actionData = useActionData<typeof action>();
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t("subtitle")}</p>

      <div className="mt-6 grid gap-4">
        {locked ? (
          <p
            role="status"
            className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm font-medium text-amber-900"
            data-testid="plans-locked"
          >
            {t("locked")}
          </p>
        ) : null}
        {done ? (
          <p
            role="status"
            className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm font-medium text-emerald-900"
            data-testid="plans-done"
          >
            {t(`done.${done}`)}
          </p>
        ) : null}
        {actionData?.error ? (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900">
            {t(actionData.error.replace(/^plans:/, ""), {
              date: "usedAt" in actionData && actionData.usedAt ? formatDate(actionData.usedAt, locale) : "",
            })}
          </p>
        ) : null}
        {payment ? <PaymentStatus status={payment.status} /> : null}
        {trial ? (
          <section className="rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby="trial-title" data-testid="trial">
            <h2 id="trial-title" className="text-lg font-semibold">
              {trial.active ? t("trial.active", { count: trial.daysLeft }) : t("trial.ended")}
            </h2>
            {trial.active ? (
              <p className="mt-1 text-sm text-slate-600">{t("trial.endsOn", { date: formatDate(trial.endsAt, locale) })}</p>
            ) : null}
          </section>
        ) : null}
        {subscription ? <CurrentPlan subscription={subscription} /> : null}
      </div>

      {!subscription ? (
        <section className="mt-8" aria-labelledby="choose-title" aria-busy={fetcher.state === "loading" || undefined}>
          <h2 id="choose-title" className="text-xl font-bold">
            {view.selected ? t("pay.title") : t("list.title")}
          </h2>
          {fetcher.state === "loading" ? (
            <p role="status" className="mt-4 text-slate-600" data-testid="plans-loading">
              {t("list.loading")}
            </p>
          ) : view.plans === null ? (
            <div role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4" data-testid="plans-error">
              <p className="text-sm font-medium text-red-900">{t("list.error")}</p>
              <fetcher.Form method="get" className="mt-3">
                <button type="submit" className="btn-secondary">
                  {t("list.retry")}
                </button>
              </fetcher.Form>
            </div>
          ) : view.plans.length === 0 ? (
            <p className="mt-4 text-slate-600" data-testid="plans-empty">
              {t("list.empty")}
            </p>
          ) : view.selected ? (
            <PayStep
              plan={view.selected}
              firstPeriod={loaded.firstPeriod}
              availableCents={availableCents}
              idempotencyKey={loaded.idempotencyKey}
              result={actionData?.result as SubmissionResult<string[]> | null | undefined}
            />
          ) : (
            <PlanList plans={view.plans} preselected={loaded.preselected} />
          )}
        </section>
      ) : null}
    </div>
  );
}

function PaymentStatus({ status }: { status: "pending" | "paid" | "failed" }) {
  const { t } = useTranslation("plans");
  const tone =
    status === "paid"
      ? "border-emerald-300 bg-emerald-50 text-emerald-900"
      : status === "failed"
        ? "border-red-300 bg-red-50 text-red-900"
        : "border-amber-300 bg-amber-50 text-amber-900";
  return (
    <div role="status" className={`rounded-xl border p-4 text-sm font-medium ${tone}`} data-testid="plan-payment-status">
      <p>{t(status === "pending" ? "status.processing" : `status.${status}`)}</p>
      {status === "pending" ? (
        <Form method="get" className="mt-2">
          <button type="submit" className="btn-secondary">
            {t("status.refresh")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

function CurrentPlan({ subscription }: { subscription: NonNullable<Loaded["subscription"]> }) {
  const { t } = useTranslation("plans");
  const locale = usePageLocale();
  const end = formatDate(subscription.currentPeriodEnd, locale);
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby="current-title" data-testid="current-plan">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="current-title" className="text-lg font-semibold">
          {t("current.title")}: {subscription.plan.name}
        </h2>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-800" data-testid="plan-status">
          {t(`current.status.${subscription.status}`)}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {subscription.plan.priceCents === 0
          ? t("list.free")
          : t("current.price", { price: formatMoney(subscription.plan.priceCents, locale), count: subscription.plan.durationDays })}
      </p>
      <p className="mt-1 text-sm font-medium" data-testid="plan-renewal">
        {subscription.cancelAtPeriodEnd ? t("current.ends", { date: end }) : t("current.renews", { date: end })}
      </p>
      {subscription.pendingPaymentId ? (
        <p className="mt-2 text-sm">
          {t("current.renewalDue", { price: formatMoney(subscription.plan.priceCents, locale) })}{" "}
          <Link
            className="font-semibold text-accent underline"
            to={localePath(locale, `/sandbox/checkout/${subscription.pendingPaymentId}`)}
          >
            {t("current.payRenewal")}
          </Link>
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value={subscription.cancelAtPeriodEnd ? "resume" : "cancel"} />
          <SubmitButton className="btn-secondary" pendingLabel={t("pay.processing")}>
            {subscription.cancelAtPeriodEnd ? t("current.resume") : t("current.cancel")}
          </SubmitButton>
        </Form>
      </div>
      {!subscription.cancelAtPeriodEnd ? <p className="mt-2 text-xs text-slate-600">{t("current.cancelText")}</p> : null}
      {subscription.guaranteeUsedAt ? (
        <p className="mt-4 text-xs text-slate-600">
          {t("current.guaranteeUsed", { date: formatDate(subscription.guaranteeUsedAt, locale) })}
        </p>
      ) : null}
      {subscription.refundableUntil ? (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="font-semibold">{t("current.refundTitle")}</h3>
          <p className="mt-1 text-sm text-slate-600">
            {t("current.refundText", { date: formatDate(subscription.refundableUntil, locale) })}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="refund" />
            <SubmitButton className="btn-secondary" pendingLabel={t("pay.processing")}>
              {t("current.refund")}
            </SubmitButton>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

function PlanList({ plans, preselected }: { plans: PlanView[]; preselected: string | null }) {
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
      <button type="submit" className="btn-primary mt-5">
        {t("list.continue")}
      </button>
    </Form>
  );
}

function PayStep({
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

/**
 * /plans: the free trial's days left, the live subscription (renewal date, cancel at period end,
 * the 30-day "Cancel and refund"), and choosing a plan: step 1 a plan list (field `planId`, a GET
 * form), step 2 the payment (field `method`: `wallet` or `provider`) with the form's idempotency
 * key. The plan list's states: loading (with JS, its retry goes through a fetcher), empty, error
 * with a retry (a form that reloads), and the list. A provider payment returns here with
 * `?payment=<id>`: processing until its verified webhook event applied it. The actions' handlers
 * are in `actions.server.ts`.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useFetcher, type useLoaderData } from "@remix-run/react";
import { requireUser, requireUserForm } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { listActivePlans, type PlanView } from "~/plans/plans.server";
import { firstPeriodFor, getSubscription, getTrial } from "~/plans/subscriptions.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { getBalances } from "~/wallet/balances.server";
import { getPayment } from "~/wallet/payments.server";
import * as handlers from "./actions.server";
import { PayStep, PlanList } from "./choose-plan";
import { CurrentPlan, PaymentStatus } from "./current-plan";
import { formatDate } from "~/utils/dates";
import { SubmitButton } from "~/components/submit-button";
import { usePage } from "~/i18n/react";

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

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, locale, formData: posted } = await requireUserForm(request, params);
  const formData = handlers.payUnlessOtherIntent(posted);
  const submission = parseWithZod(formData, { schema: handlers.PlanActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const ctx: handlers.PlanAction = { userId: user.id, locale, audience: user.role === "partner" ? "partner" : "business" };
  const input = submission.value;
  switch (input.intent) {
    case "cancel":
    case "resume":
      return handlers.setRenewal(ctx, input.intent);
    case "refund":
      return handlers.refund(ctx);
    case "pay":
      return handlers.pay(ctx, input, (options) => submission.reply(options));
  }
}

export type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Plans() {
  const { t, locale, loaderData: loaded } = usePage<typeof loader>("plans");
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
                <SubmitButton className="btn-secondary">{t("list.retry")}</SubmitButton>
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

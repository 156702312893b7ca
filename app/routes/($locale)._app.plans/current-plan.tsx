/** The live subscription (renewal, cancel at period end, the 30-day refund) and a provider payment's status. */
import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { formatDate } from "~/utils/dates";
import type { Loaded } from "./route";

export function PaymentStatus({ status }: { status: "pending" | "paid" | "failed" }) {
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
          <SubmitButton className="btn-secondary">{t("status.refresh")}</SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}

export function CurrentPlan({ subscription }: { subscription: NonNullable<Loaded["subscription"]> }) {
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

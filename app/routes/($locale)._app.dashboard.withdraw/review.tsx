/** The withdrawal's review: amount, method, the destination in full, expected arrival; confirm or change. */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import type { WithdrawActionData } from "./route";

export function WithdrawReview({
  review,
  heading,
}: {
  review: NonNullable<NonNullable<WithdrawActionData>["review"]>;
  heading: ReactNode;
}) {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  const rows: Array<[string, string, string]> = [
    ["amount", t("withdraw.amount"), formatMoney(review.amountCents, locale)],
    ["method", t("withdraw.method"), t(`withdraw.methods.${review.method}`)],
    // In full: this step is where a typo in the address just typed must be caught.
    ["destination", t(review.method === "bank" ? "withdraw.destinationBank" : "withdraw.destinationPaypal"), review.destination],
    ["arrival", t("withdraw.arrival"), t("withdraw.arrivalBy", { date: formatDate(review.arrival, locale) })],
    ["remaining", t("withdraw.remainingLabel"), formatMoney(review.remainingCents, locale)],
  ];
  return (
    <div data-testid="withdraw-review">
      {heading}
      <p className="mt-2 text-sm text-slate-600">{t("withdraw.reviewText")}</p>
      <dl className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
        {rows.map(([key, label, value]) => (
          <div key={key} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid={`review-${key}`}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Form method="post" className="mt-5 grid gap-2">
        <input type="hidden" name="amount" value={review.amount} />
        <input type="hidden" name="method" value={review.method} />
        <input type="hidden" name="destination" value={review.destination} />
        <input type="hidden" name="idempotencyKey" value={review.idempotencyKey} />
        <SubmitButton className="btn-primary w-full" name="intent" value="confirm" pendingLabel={t("withdraw.processing")}>
          {t("withdraw.confirm")}
        </SubmitButton>
        <SubmitButton intent="edit" formNoValidate className="btn-secondary w-full">
          {t("withdraw.change")}
        </SubmitButton>
      </Form>
      <p className="mt-3 text-xs text-slate-600">{t("withdraw.processingTime")}</p>
    </div>
  );
}

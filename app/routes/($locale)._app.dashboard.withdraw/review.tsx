/** The withdrawal's review: amount, method, the destination in full, expected arrival; confirm or change. */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FactRows } from "~/components/app/panel";
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
  const facts = (
    [
      ["amount", t("withdraw.amount"), formatMoney(review.amountCents, locale)],
      ["method", t("withdraw.method"), t(`withdraw.methods.${review.method}`)],
      // In full: this step is where a typo in the address just typed must be caught.
      ["destination", t(review.method === "bank" ? "withdraw.destinationBank" : "withdraw.destinationPaypal"), review.destination],
      ["arrival", t("withdraw.arrival"), t("withdraw.arrivalBy", { date: formatDate(review.arrival, locale) })],
      ["remaining", t("withdraw.remainingLabel"), formatMoney(review.remainingCents, locale)],
    ] as const
  ).map(([key, label, value]) => ({ key, label, value, testId: `review-${key}` }));
  return (
    <div data-testid="withdraw-review">
      {heading}
      <p className="mt-2 text-sm text-slate-600">{t("withdraw.reviewText")}</p>
      <FactRows facts={facts} className="mt-4 rounded-xl" valueClassName="font-semibold tabular-nums" />
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

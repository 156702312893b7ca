/**
 * The redeem form in two steps, no JavaScript needed: choose whole steps of points (up to what can
 * be redeemed) and "Review"; the review shows the points, what they are worth and the available
 * balance after, and "Redeem points" spends them with the review's idempotency key. Below one
 * step, the panel says why there is nothing to redeem yet.
 */
import { useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FactRows, Panel } from "~/components/app/panel";
import { FormErrors, SelectField, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { redemptionCents } from "~/loyalty/rules";
import { numberFormat } from "~/utils/intl";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";
import type { LoyaltyActionData, LoyaltyData } from "./route";

type Summary = LoyaltyData["summary"];
type Answer = NonNullable<LoyaltyActionData>;

/** At most this many choices in the list (then the largest amount): a long list helps nobody. */
const MAX_CHOICES = 100;

/** The whole steps the member can redeem (1,000, 2,000 … the most), and what was typed when it is not one of them. */
function choicesOf(summary: Summary, typed: string): number[] {
  const step = summary.rules.redeemStepPoints;
  const count = Math.floor(summary.redeemablePoints / step);
  const choices = Array.from({ length: Math.min(count, MAX_CHOICES) }, (_, index) => (index + 1) * step);
  if (count > MAX_CHOICES) choices.push(summary.redeemablePoints);
  const asked = Number(typed);
  if (typed !== "" && Number.isSafeInteger(asked) && asked > 0 && !choices.includes(asked)) choices.push(asked);
  return choices.sort((a, b) => a - b);
}

export function RedeemPanel({ summary, actionData }: { summary: Summary; actionData: Answer | null }) {
  const { t } = useTranslation("loyalty");
  return (
    <Panel id="redeem-title" title={t("redeem.heading")} testId="loyalty-redeem">
      {actionData?.review ? <RedeemReview review={actionData.review} /> : <RedeemForm summary={summary} actionData={actionData} />}
    </Panel>
  );
}

function RedeemForm({ summary, actionData }: { summary: Summary; actionData: Answer | null }) {
  const { t } = useTranslation("loyalty");
  const locale = usePageLocale();
  const number = numberFormat(locale);
  const { rules } = summary;
  const [form, fields] = useForm<{ points: string }>({
    id: "redeem-form",
    lastResult: actionData?.result ?? null,
    shouldValidate: "onSubmit",
  });
  const step = { step: number.format(rules.redeemStepPoints), amount: formatMoney(rules.redeemStepCents, locale) };
  if (summary.redeemablePoints < rules.redeemStepPoints) {
    return (
      <p className="mt-3 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700" data-testid="redeem-unavailable">
        {t("redeem.unavailable", { ...step, points: number.format(summary.balancePoints) })}
      </p>
    );
  }
  const typed = typeof fields.points.initialValue === "string" ? fields.points.initialValue : "";
  const choices = choicesOf(summary, typed);
  return (
    <Form method="post" className="mt-3" id={form.id} noValidate>
      <p className="mb-3 text-sm text-slate-600">{t("redeem.intro", step)}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <SelectField
        // A new select for each answer: it starts from what was sent.
        key={typed}
        label={t("redeem.points")}
        selectProps={{ id: fields.points.id, name: fields.points.name, defaultValue: typed || String(choices[0]) }}
        options={choices.map((points) => ({
          value: String(points),
          label: t("redeem.choice", {
            points: number.format(points),
            amount: formatMoney(redemptionCents(points, rules) ?? 0, locale),
          }),
        }))}
        errors={fields.points.errors}
        errorValues={{ ...step, max: number.format(summary.redeemablePoints) }}
      />
      <SubmitButton className="btn-primary mt-2 w-full sm:w-auto" intent="review" pendingLabel={t("redeem.checking")}>
        {t("redeem.review")}
      </SubmitButton>
    </Form>
  );
}

function RedeemReview({ review }: { review: NonNullable<Answer["review"]> }) {
  const { t } = useTranslation("loyalty");
  const locale = usePageLocale();
  const number = numberFormat(locale);
  const facts = (
    [
      ["points", t("redeem.reviewPoints"), number.format(review.points)],
      ["amount", t("redeem.reviewAmount"), formatMoney(review.cents, locale)],
      ["available", t("redeem.reviewAvailable"), formatMoney(review.availableCents, locale)],
      ["after", t("redeem.reviewAfter"), formatMoney(review.availableAfterCents, locale)],
    ] as const
  ).map(([key, label, value]) => ({ key, label, value, testId: `redeem-review-${key}` }));
  return (
    <div data-testid="redeem-review">
      <p className="mt-2 text-sm text-slate-600">{t("redeem.reviewText")}</p>
      <FactRows facts={facts} className="mt-3 rounded-xl" valueClassName="font-semibold tabular-nums" />
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="points" value={review.points} />
        <input type="hidden" name="idempotencyKey" value={review.idempotencyKey} />
        <SubmitButton className="btn-primary" intent="redeem" pendingLabel={t("redeem.redeeming")}>
          {t("redeem.confirm")}
        </SubmitButton>
        <Link to={localePath(locale, "/loyalty")} className="text-sm font-semibold text-brand-700 hover:underline">
          {t("redeem.change")}
        </Link>
      </Form>
    </div>
  );
}

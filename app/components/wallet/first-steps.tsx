/**
 * The dashboard's first-steps checklist for a new member: each step says whether it is done (read
 * from the member's data: app/users/first-steps.server.ts) and links to where it is done. "Hide
 * these steps" is a form post, so it works without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import type { FirstStep } from "~/users/first-steps.server";
import { localePath } from "~/utils/paths";

const WHERE: Record<FirstStep, string> = {
  payout: "/dashboard/withdraw",
  shop: "/webshops",
  invite: "/referrals",
  ads: "/ads",
};

export function FirstStepsChecklist({ steps, doneCount }: { steps: Array<{ key: FirstStep; done: boolean }>; doneCount: number }) {
  const { t } = useTranslation("wallet");
  const locale = usePageLocale();
  return (
    <section
      className="mt-6 rounded-2xl border border-brand-200 bg-surface p-5 sm:p-6"
      aria-labelledby="first-steps-title"
      data-testid="first-steps"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="first-steps-title" className="text-lg font-semibold">
          {t("firstSteps.title")}
        </h2>
        <p className="text-sm text-slate-600" data-testid="first-steps-progress">
          {t("firstSteps.progress", { done: doneCount, total: steps.length })}
        </p>
      </div>
      <ol className="mt-4 grid gap-3 sm:grid-cols-2">
        {steps.map((step, index) => (
          <li
            key={step.key}
            className={`flex gap-3 rounded-xl border p-4 ${step.done ? "border-slate-200 bg-slate-50" : "border-slate-200"}`}
            data-step={step.key}
            data-done={step.done ? "true" : "false"}
          >
            <span
              aria-hidden="true"
              className={`grid h-7 w-7 shrink-0 place-items-center rounded-full text-sm font-bold ${
                step.done ? "bg-accent text-white" : "border border-slate-300 text-slate-700"
              }`}
            >
              {step.done ? "✓" : index + 1}
            </span>
            <div className="min-w-0">
              {step.done ? (
                <p className="font-semibold text-slate-700">
                  {t(`firstSteps.steps.${step.key}.title`)}{" "}
                  <span className="text-sm font-normal text-brand-800">({t("firstSteps.done")})</span>
                </p>
              ) : (
                <Link to={localePath(locale, WHERE[step.key])} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                  {t(`firstSteps.steps.${step.key}.title`)}
                </Link>
              )}
              <p className="mt-1 text-sm text-slate-600">{t(`firstSteps.steps.${step.key}.hint`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <Form method="post" action={localePath(locale, "/dashboard")} className="mt-4 flex justify-end">
        <button
          type="submit"
          name="intent"
          value="dismiss-first-steps"
          className="text-sm font-medium text-slate-600 underline hover:text-slate-900"
        >
          {t("firstSteps.hide")}
        </button>
      </Form>
    </section>
  );
}

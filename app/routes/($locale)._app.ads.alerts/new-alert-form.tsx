/**
 * The form to add an alert (`intent=create`, fields `kind`, `threshold`, `days`, `campaign`):
 * money in the client account's currency, a percentage as percent points. Without JavaScript every
 * field shows with a general label and the kinds are explained below; with it, the fields and help
 * follow the chosen kind.
 */
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useZodForm } from "~/components/zod-form";
import { Form } from "@remix-run/react";
import { AD_ALERT_KINDS, ALERT_UNITS, AlertSchema, NO_CONVERSION_DAYS, type AdAlertKind } from "~/ads/alert-form";
import { Field, FormErrors, SelectField, SubmitButton } from "~/components/forms";
import { textInput } from "~/components/forms-conform";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/utils/use-hydrated";
import { KIND_KEYS } from "./alert-format";
import { Section } from "~/components/section";

export function NewAlertForm({
  lastResult,
  currency: accountCurrency,
  campaigns,
  formAction,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  currency: string | null;
  campaigns: string[];
  formAction: string;
}) {
  const { t } = useTranslation("ads-alerts");
  const hydrated = useHydrated();
  const [form, fields] = useZodForm(AlertSchema, {
    id: "ad-alert-new",
    lastResult,
    defaultValue: { kind: "daily-spend", days: String(NO_CONVERSION_DAYS.default) },
    shouldValidate: "onBlur",
  });
  const kind = (AD_ALERT_KINDS as readonly string[]).includes(String(fields.kind.value))
    ? (fields.kind.value as AdAlertKind)
    : "daily-spend";
  const currency = accountCurrency ?? t("form.accountCurrency");
  // Without JavaScript every field shows with a general label; with it, the ones the kind uses.
  const thresholdLabel = !hydrated
    ? t("form.threshold")
    : kind === "no-conversions"
      ? t("form.thresholdMinSpend", { currency })
      : ALERT_UNITS[kind] === "money"
        ? t("form.thresholdMoney", { currency })
        : t("form.thresholdPercent");
  const thresholdHint = !hydrated
    ? t("form.thresholdHint", { currency })
    : ALERT_UNITS[kind] === "percent"
      ? t("form.percentHint")
      : undefined;
  return (
    <Section id="alert-new" title={t("form.title")} box="card" className="mt-8 max-w-xl">
      <Form method="post" action={formAction} className="mt-4 space-y-1" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField
          label={t("form.kind")}
          selectProps={{ ...getSelectProps(fields.kind), name: fields.kind.name }}
          options={AD_ALERT_KINDS.map((value) => ({ value, label: t(`kinds.${KIND_KEYS[value]}`) }))}
          hint={hydrated ? t(`help.${KIND_KEYS[kind]}`) : undefined}
          errors={fields.kind.errors}
        />
        <Field
          labelProps={{ children: thresholdLabel }}
          inputProps={{ ...getInputProps(fields.threshold, { type: "number" }), inputMode: "decimal", step: "0.01", min: "0" }}
          errors={fields.threshold.errors}
          hint={thresholdHint}
        />
        {!hydrated || kind === "no-conversions"
          ? textInput(fields.days, t("form.days"), t("form.daysHint"), {
              type: "number",
              inputMode: "numeric",
              step: "1",
              min: String(NO_CONVERSION_DAYS.min),
              max: String(NO_CONVERSION_DAYS.max),
            })
          : null}
        {textInput(fields.campaign, t("form.campaign"), t("form.campaignHint"), {
          list: campaigns.length ? "ad-alert-campaigns" : undefined,
        })}
        {campaigns.length ? (
          <datalist id="ad-alert-campaigns">
            {campaigns.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        ) : null}
        <div className="pt-3">
          <SubmitButton pendingLabel={t("form.submitting")}>{t("form.submit")}</SubmitButton>
        </div>
      </Form>
      {!hydrated ? (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">{t("help.title")}</summary>
          <dl className="mt-2 space-y-2">
            {AD_ALERT_KINDS.map((value) => (
              <div key={value}>
                <dt className="font-medium">{t(`kinds.${KIND_KEYS[value]}`)}</dt>
                <dd className="text-slate-600">{t(`help.${KIND_KEYS[value]}`)}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </Section>
  );
}

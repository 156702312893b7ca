/** The sign-up form, regular or partner (which adds phone and a partner plan). */
import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PartnerSignUpSchema, SignUpSchema } from "~/auth/schemas";
import { CheckboxField, ErrorList, Field, FormErrors, PasswordField, SubmitButton } from "~/components/forms";
import { EmailField } from "~/components/forms-conform";
import { RichText } from "~/i18n/rich-text";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";

export interface PartnerPlanOption {
  code: string;
  name: string;
  priceCents: number;
  durationDays: number;
}

export function SignUpForm({
  partnerPlans,
  defaultPlan,
  lastResult,
  wait,
}: {
  partnerPlans?: PartnerPlanOption[];
  /** The plan chosen on the pricing page ("Become a partner" on a plan). */
  defaultPlan?: string;
  lastResult?: SubmissionResult<string[]>;
  wait?: number | null;
}) {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
  const partner = partnerPlans !== undefined;
  const schema = partner ? PartnerSignUpSchema : SignUpSchema;
  const [form, fields] = useForm<Record<string, unknown>>({
    id: partner ? "partner-signup-form" : "signup-form",
    lastResult,
    defaultValue: defaultPlan ? { plan: defaultPlan } : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: wait ?? 1 }} />
      <Field
        labelProps={{ children: t("fields.name") }}
        inputProps={{ ...getInputProps(fields.name!, { type: "text" }), autoComplete: "name", placeholder: t("fields.namePlaceholder") }}
        errors={fields.name!.errors}
      />
      <EmailField field={fields.email as FieldMetadata<string>} label={t("fields.email")} placeholder={t("fields.emailPlaceholder")} />
      {partner ? (
        <>
          <Field
            labelProps={{ children: t("fields.phone") }}
            inputProps={{
              ...getInputProps(fields.phone!, { type: "tel" }),
              autoComplete: "tel",
              placeholder: t("fields.phonePlaceholder"),
            }}
            errors={fields.phone!.errors}
          />
          <div>
            <label htmlFor={fields.plan!.id} className="mb-1 block text-sm font-medium text-slate-800">
              {t("fields.plan")}
            </label>
            <select {...getSelectProps(fields.plan!)} className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm">
              <option value="">{t("fields.planPlaceholder")}</option>
              {partnerPlans.map((plan) => (
                <option key={plan.code} value={plan.code}>
                  {plan.name} · {plan.priceCents === 0 ? t("fields.planFree") : formatMoney(plan.priceCents, locale)}
                </option>
              ))}
            </select>
            <ErrorList id={fields.plan!.errorId} errors={fields.plan!.errors} />
          </div>
        </>
      ) : null}
      <PasswordField
        labelProps={{ children: t("fields.password") }}
        inputProps={{ ...getInputProps(fields.password!, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.password!.errors}
        hint={t("fields.passwordHint")}
      />
      <PasswordField
        labelProps={{ children: t("fields.confirmPassword") }}
        inputProps={{ ...getInputProps(fields.confirmPassword!, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.confirmPassword!.errors}
      />
      <CheckboxField
        label={
          <RichText
            text={t("signup.terms")}
            components={{
              terms: <Link to={localePath(locale, "/terms-and-conditions")} className="font-medium text-brand-700 underline" />,
              privacy: <Link to={localePath(locale, "/privacy-policy")} className="font-medium text-brand-700 underline" />,
            }}
          />
        }
        inputProps={{ ...getInputProps(fields.terms!, { type: "checkbox" }) }}
        errors={fields.terms!.errors}
      />
      <SubmitButton className="btn-primary w-full" pendingLabel={t("signup.submitting")}>
        {partner ? t("signup.submitPartner") : t("signup.submit")}
      </SubmitButton>
    </Form>
  );
}

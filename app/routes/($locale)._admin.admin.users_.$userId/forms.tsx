/** The forms that change the account: role, suspension, two-factor reset and balance adjustment. */
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { textInput } from "~/components/forms-conform";
import { ROLES, type Role } from "~/db/schema";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatAmountInput } from "~/utils/money";
import { localePath } from "~/utils/paths";
import { Section } from "./section";
import type { action } from "./route";

/** Conform's last result for one form: the action's answer only when it was this form's. */
export function useIntentForm<T extends Record<string, unknown>>(intent: string) {
  const actionData = useActionData<typeof action>();
  const mine = actionData && "intent" in actionData && actionData.intent === intent ? actionData : undefined;
  const [form, fields] = useForm<T>({ id: `${intent}-form`, lastResult: mine?.result, shouldValidate: "onSubmit" });
  return { form, fields, available: mine?.available ?? null };
}

const selectClass = "block w-full rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm text-slate-900";

export function RoleForm({ role }: { role: Role }) {
  const { t } = useTranslation("admin");
  const { form, fields } = useIntentForm<{ role: string }>("role");
  return (
    <Section title={t("users.role.title")} id="role-title">
      <p className="mb-3 text-sm text-slate-600">{t("users.role.intro")}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="role" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.role.id} className="mb-1 block text-sm font-medium text-slate-800">
          {t("users.role.label")}
        </label>
        <select {...getSelectProps(fields.role)} defaultValue={role} className={selectClass}>
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`users.roles.${value}`)}
            </option>
          ))}
        </select>
        <SubmitButton className="btn-primary mt-4">{t("users.role.submit")}</SubmitButton>
      </Form>
    </Section>
  );
}

export function SuspensionForm({ suspended }: { suspended: boolean }) {
  const { t } = useTranslation("admin");
  const suspend = useIntentForm<{ reason: string }>("suspend");
  const reinstate = useIntentForm<Record<string, never>>("reinstate");
  return (
    <Section title={t("users.suspend.title")} id="suspend-title">
      {suspended ? (
        <Form method="post" {...getFormProps(reinstate.form)}>
          <input type="hidden" name="intent" value="reinstate" />
          <p className="mb-3 text-sm text-slate-600">{t("users.suspend.reinstateIntro")}</p>
          <FormErrors id={reinstate.form.errorId} errors={reinstate.form.errors} />
          <SubmitButton>{t("users.suspend.reinstate")}</SubmitButton>
        </Form>
      ) : (
        <Form method="post" {...getFormProps(suspend.form)}>
          <input type="hidden" name="intent" value="suspend" />
          <p className="mb-3 text-sm text-slate-600">{t("users.suspend.intro")}</p>
          <FormErrors id={suspend.form.errorId} errors={suspend.form.errors} />
          <Field
            labelProps={{ children: t("users.suspend.reason") }}
            inputProps={{ ...getInputProps(suspend.fields.reason, { type: "text" }), autoComplete: "off", maxLength: 300 }}
            errors={suspend.fields.reason.errors}
          />
          <SubmitButton className="btn-secondary">{t("users.suspend.submit")}</SubmitButton>
        </Form>
      )}
    </Section>
  );
}

export function TwoFactorResetForm({ enabled, own }: { enabled: boolean; own: boolean }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { form } = useIntentForm<Record<string, never>>("resetTwoFactor");
  return (
    <Section title={t("users.twoFactorReset.title")} id="two-factor-reset-title">
      {own ? (
        <p className="text-sm text-slate-600">
          {t("users.twoFactorReset.own")}{" "}
          <Link to={localePath(locale, "/admin/recovery-codes")} className="font-semibold text-brand-700 hover:underline">
            {t("users.twoFactorReset.ownLink")}
          </Link>
        </p>
      ) : enabled ? (
        <Form method="post" className="max-w-2xl" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="resetTwoFactor" />
          <p className="mb-3 text-sm text-slate-600">{t("users.twoFactorReset.intro")}</p>
          <FormErrors id={form.errorId} errors={form.errors} />
          <SubmitButton className="btn-secondary">{t("users.twoFactorReset.submit")}</SubmitButton>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">{t("users.twoFactorReset.off")}</p>
      )}
    </Section>
  );
}

export function AdjustmentForm({ adjustmentKey }: { adjustmentKey: string }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { form, fields, available } = useIntentForm<{ direction: string; amount: string; reason: string }>("adjust");
  return (
    <Section title={t("users.adjust.title")} id="adjust-title">
      <p className="mb-3 text-sm text-slate-600">{t("users.adjust.intro")}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="adjust" />
        <input type="hidden" name="idempotencyKey" value={adjustmentKey} />
        <FormErrors id={form.errorId} errors={form.errors} values={{ amount: available ?? "" }} />
        <fieldset className="mb-4">
          <legend className="mb-1 block text-sm font-medium text-slate-800">{t("users.adjust.direction")}</legend>
          <div className="flex flex-wrap gap-4">
            {(["credit", "debit"] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={fields.direction.name}
                  value={value}
                  defaultChecked={(fields.direction.initialValue ?? "credit") === value}
                />
                {t(`users.adjust.${value}`)}
              </label>
            ))}
          </div>
          {fields.direction.errors?.length ? (
            <p className="pt-1 text-xs font-medium text-red-700">{t(fields.direction.errors[0]!)}</p>
          ) : null}
        </fieldset>
        {textInput(fields.amount, t("users.adjust.amount"), undefined, { inputMode: "decimal", placeholder: formatAmountInput(0, locale) })}
        {textInput(fields.reason, t("users.adjust.reason"), t("users.adjust.reasonHint"), { maxLength: 200 })}
        <SubmitButton>{t("users.adjust.submit")}</SubmitButton>
      </Form>
    </Section>
  );
}

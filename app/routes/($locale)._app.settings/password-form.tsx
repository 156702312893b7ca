/** Changing the password: the current one (the re-authentication here), the new one twice. */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors, PasswordField, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { Section } from "./preferences";
import { NewPasswordFields } from "~/components/auth/password-fields";

export function PasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("app");
  const [form, fields] = useForm<{ currentPassword: string; password: string; confirmPassword: string }>({
    id: "password-form",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Section title={t("settings.security.title")}>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <PasswordField
          labelProps={{ children: t("settings.security.current") }}
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.currentPassword.errors}
        />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          passwordLabel={t("settings.security.new")}
          confirmLabel={t("settings.security.confirm")}
          hint={t("auth:fields.passwordHint")}
        />
        <SubmitButton name="intent" value="password">
          {t("settings.security.submit")}
        </SubmitButton>
      </Form>
    </Section>
  );
}

/** Changing the password: the current one (the re-authentication here), the new one twice. */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors, PasswordField, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { Section } from "./preferences";

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
        <PasswordField
          labelProps={{ children: t("settings.security.new") }}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
          hint={t("auth:fields.passwordHint")}
        />
        <PasswordField
          labelProps={{ children: t("settings.security.confirm") }}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <SubmitButton name="intent" value="password">
          {t("settings.security.submit")}
        </SubmitButton>
      </Form>
    </Section>
  );
}

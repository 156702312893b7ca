/** The e-mail and password form of both sign-ins (users at /signin, the back office at /admin). */
import { getFormProps, getInputProps } from "@conform-to/react";
import { useZodForm } from "~/components/zod-form";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import type { signInAction } from "~/auth/signin-action.server";
import { SignInSchema } from "~/auth/schemas";
import { CheckboxField, FormErrors, PasswordField, SubmitButton } from "~/components/forms";
import { EmailField } from "~/components/forms-conform";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";

export function SignInForm({ id, submitLabel, emailPlaceholder }: { id: string; submitLabel: string; emailPlaceholder?: string }) {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
  const actionData = useActionData<typeof signInAction>();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? undefined;
  const [form, fields] = useZodForm(SignInSchema, { id, lastResult: actionData?.result, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)}>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {/* A suspended account sent back here by a sign-in that got past the password (social, the code step). */}
      <FormErrors
        id={form.errorId}
        errors={form.errors ?? (params.get("suspended") === "1" ? ["auth:signin.suspended"] : undefined)}
        values={{ minutes: actionData?.wait ?? 1 }}
      />
      <EmailField field={fields.email} label={t("fields.email")} placeholder={emailPlaceholder} />
      <PasswordField
        labelProps={{ children: t("fields.password") }}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        errors={fields.password.errors}
      />
      <div className="flex items-center justify-between">
        <CheckboxField label={t("signin.rememberMe")} inputProps={{ ...getInputProps(fields.rememberMe, { type: "checkbox" }) }} />
        <Link to={localePath(locale, "/forgot-password")} className="mb-5 text-sm font-medium text-brand-700 hover:underline">
          {t("signin.forgot")}
        </Link>
      </div>
      <SubmitButton className="btn-primary w-full" pendingLabel={t("signin.submitting")}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

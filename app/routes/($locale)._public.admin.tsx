/**
 * Admin sign-in, separate from user sign-in: only the admin role gets in; anyone else gets the
 * same generic failure as a wrong password. Then /admin/dashboard.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { getOptionalUser } from "~/auth/guards.server";
import { SignInSchema } from "~/auth/schemas";
import { signInAction } from "~/auth/signin-action.server";
import { AuthCard } from "~/components/auth/auth-card";
import { CheckboxField, Field, FormErrors, PasswordField, SubmitButton } from "~/components/forms";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const user = await getOptionalUser(request);
  if (user?.role === "admin") throw redirect(localePath(locale, "/admin/dashboard"));
  return { meta: await pageMeta(params, "auth", "admin.meta") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return signInAction(request, isLocale(params.locale) ? params.locale : DEFAULT_LOCALE, "admin");
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminSignInPage() {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? undefined;
  const [form, fields] = useForm({
    id: "admin-signin-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(SignInSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  });
  return (
    <AuthCard title={t("admin.title")} subtitle={t("admin.subtitle")}>
      <Form method="post" {...getFormProps(form)}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {/* A suspended account sent back here by a sign-in that got past the password (social, the code step). */}
        <FormErrors
          id={form.errorId}
          errors={form.errors ?? (params.get("suspended") === "1" ? ["auth:signin.suspended"] : undefined)}
          values={{ minutes: actionData?.wait ?? 1 }}
        />
        <Field
          labelProps={{ children: t("fields.email") }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
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
          {t("admin.submit")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

/** Sign in: e-mail and password (the spec's messages in its order), remember me, social buttons. */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireAnonymous } from "~/auth/guards.server";
import { configuredSocialProviders } from "~/auth/social-config.server";
import { SignInSchema } from "~/auth/schemas";
import { signInAction } from "~/auth/signin-action.server";
import { AuthCard, Notice } from "~/components/auth/auth-card";
import { SocialButtons } from "~/components/auth/social-buttons";
import { CheckboxField, Field, FormErrors, PasswordField, SubmitButton } from "~/components/forms";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      meta: await pageMeta(params, "auth", "signin.meta"),
      notice: flash?.kind === "notice" ? flash : null,
      socialProviders: configuredSocialProviders(),
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  return signInAction(request, isLocale(params.locale) ? params.locale : DEFAULT_LOCALE, "user");
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function SignInPage() {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
  const { notice, socialProviders } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const redirectTo = params.get("redirectTo") ?? undefined;
  const [form, fields] = useForm({
    id: "signin-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(SignInSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  });

  return (
    <AuthCard title={t("signin.title")} subtitle={t("signin.subtitle")}>
      {notice ? <Notice tone={notice.tone}>{t(notice.key, notice.values)}</Notice> : null}
      {!notice && params.get("verified") === "1" ? <Notice>{t("verify.signInNow")}</Notice> : null}
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
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            placeholder: t("fields.emailPlaceholder"),
          }}
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
          {t("signin.submit")}
        </SubmitButton>
      </Form>
      <SocialButtons intent="signin" redirectTo={redirectTo} providers={socialProviders} />
      <p className="mt-6 text-center text-sm text-slate-600">
        {t("signin.noAccount")}{" "}
        <Link to={localePath(locale, "/signup")} className="font-semibold text-brand-700 hover:underline">
          {t("signin.signUp")}
        </Link>
      </p>
    </AuthCard>
  );
}

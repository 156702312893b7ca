/** Sign in: e-mail and password (the spec's messages in its order), remember me, social buttons. */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { restartVerification, signIn } from "~/auth/accounts.server";
import { accountContext } from "~/auth/context.server";
import { requireAnonymous } from "~/auth/guards.server";
import { SignInSchema } from "~/auth/schemas";
import { createSession, endSession } from "~/auth/session.server";
import { setVerifyEmail } from "~/auth/verify-cookie.server";
import { AuthCard, Notice } from "~/components/auth/auth-card";
import { SocialButtons } from "~/components/auth/social-buttons";
import { CheckboxField, Field, FormErrors, PasswordField, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { withNamespaces } from "~/i18n/client-loader";
import { usePageLocale } from "~/i18n/use-page-locale";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { consumeRateLimits, minutesToWait } from "~/security/rate-limit.server";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { safeRedirectPath } from "~/utils/redirect-to";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const { flash, headers } = await takeFlash(request);
  return data(
    { meta: await pageMeta(params, "auth", "signin.meta"), notice: flash?.kind === "notice" ? flash : null },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const submission = parseWithZod(await request.formData(), { schema: SignInSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), wait: null }, { status: 400 });
  }
  const { email, password, rememberMe, redirectTo } = submission.value;
  const verdict = await consumeRateLimits(db(), [
    ["signInIp", clientAddress(request)],
    ["signInAccount", email.toLowerCase()],
  ]);
  if (!verdict.allowed) {
    return data(
      { result: submission.reply({ formErrors: ["common:errors.tooManyAttemptsMinutes"], hideFields: ["password"] }), wait: minutesToWait(verdict.retryAfterSeconds) },
      { status: 429 },
    );
  }
  const outcome = await signIn(db(), { email, password });
  if (outcome.outcome === "invalid") {
    return data({ result: submission.reply({ formErrors: ["auth:signin.invalid"], hideFields: ["password"] }), wait: null }, { status: 400 });
  }
  if (outcome.outcome === "unverified") {
    await restartVerification(db(), outcome.user, accountContext());
    const headers = new Headers();
    headers.append("Set-Cookie", await setVerifyEmail(outcome.user.email));
    headers.append("Set-Cookie", await setFlash({ kind: "notice", key: "verify.unverifiedSignIn" }));
    throw redirect(localePath(locale, "/verify-email"), { headers });
  }
  // Rotate: whatever session the browser had ends, a new one starts.
  await endSession(db(), request);
  const { setCookie } = await createSession(db(), outcome.user, {
    remember: rememberMe === true,
    userAgent: request.headers.get("User-Agent"),
    clientAddress: clientAddress(request),
  });
  const home = localePath(locale, outcome.user.role === "admin" ? "/admin/dashboard" : "/dashboard");
  throw redirect(safeRedirectPath(redirectTo, home), { headers: { "Set-Cookie": setCookie } });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function SignInPage() {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
  const { notice } = useLoaderData<typeof loader>();
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
      {notice ? <Notice>{t(notice.key, notice.values)}</Notice> : null}
      {!notice && params.get("verified") === "1" ? <Notice>{t("verify.signInNow")}</Notice> : null}
      <Form method="post" {...getFormProps(form)}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.wait ?? 1 }} />
        <Field
          labelProps={{ children: t("fields.email") }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", placeholder: t("fields.emailPlaceholder") }}
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
      <SocialButtons intent="signin" redirectTo={redirectTo} />
      <p className="mt-6 text-center text-sm text-slate-600">
        {t("signin.noAccount")}{" "}
        <Link to={localePath(locale, "/signup")} className="font-semibold text-brand-700 hover:underline">
          {t("signin.signUp")}
        </Link>
      </p>
    </AuthCard>
  );
}

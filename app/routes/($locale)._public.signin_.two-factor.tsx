/** The second step of signing in with two-factor authentication: the authenticator app's code. */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { finishSignIn } from "~/auth/signin-action.server";
import { CodeSchema } from "~/auth/schemas";
import { clearPendingSignIn, readPendingSignIn, twoFactorState, acceptTotpCode } from "~/auth/two-factor.server";
import { AuthCard } from "~/components/auth/auth-card";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { consumeRateLimits, minutesToWait } from "~/security/rate-limit.server";
import { getUserById } from "~/users/users.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { readForm } from "~/utils/form-data.server";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  if (!(await readPendingSignIn(request))) throw redirect(localePath(locale, "/signin"));
  return { meta: await pageMeta(params, "auth", "twoFactor.meta") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const pending = await readPendingSignIn(request);
  if (!pending) throw redirect(localePath(locale, "/signin"));
  const submission = parseWithZod(await readForm(request), { schema: CodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), wait: null }, { status: 400 });
  const verdict = await consumeRateLimits(db(), [
    ["codeIp", clientAddress(request)],
    ["codeAccount", pending.userId],
  ]);
  if (!verdict.allowed) {
    return data(
      {
        result: submission.reply({ formErrors: ["common:errors.tooManyAttemptsMinutes"] }),
        wait: minutesToWait(verdict.retryAfterSeconds),
      },
      { status: 429 },
    );
  }
  const [state, user] = await Promise.all([twoFactorState(db(), pending.userId), getUserById(db(), pending.userId)]);
  if (!user || !state.enabled || !(await acceptTotpCode(db(), pending.userId, submission.value.code))) {
    return data({ result: submission.reply({ fieldErrors: { code: ["auth:twoFactor.invalid"] } }), wait: null }, { status: 400 });
  }
  return finishSignIn(request, user, {
    locale,
    remember: pending.remember,
    redirectTo: pending.redirectTo,
    area: pending.area,
    secondFactorPassed: true,
    extraCookies: [await clearPendingSignIn()],
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function TwoFactorSignIn() {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ code: string }>({ id: "two-factor-form", lastResult: actionData?.result, shouldValidate: "onSubmit" });
  return (
    <AuthCard title={t("twoFactor.title")} subtitle={t("twoFactor.subtitle")}>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.wait ?? 1 }} />
        <Field
          labelProps={{ children: t("twoFactor.code") }}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "one-time-code",
            maxLength: 6,
          }}
          errors={fields.code.errors}
        />
        <SubmitButton className="btn-primary w-full">{t("twoFactor.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

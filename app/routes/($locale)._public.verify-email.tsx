/**
 * Verify e-mail: the six-digit code (`code`) sent at sign-up, and a resend. The address comes from
 * a short-lived signed cookie. Success shows a view that (with JavaScript) moves on to sign-in
 * after 2 seconds; without JavaScript the visitor follows its button.
 */
import { getFormProps, getInputProps, type Submission } from "@conform-to/react";
import { useZodForm } from "~/components/zod-form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { resendVerificationCode, verifyEmailCode } from "~/auth/accounts.server";
import { accountContext } from "~/auth/context.server";
import { throttleForm } from "~/auth/form-throttle.server";
import { CodeSchema } from "~/auth/schemas";
import { clearVerifyEmail, readVerifyEmail } from "~/auth/verify-cookie.server";
import { AuthCard, AuthOutcome, Notice } from "~/components/auth/auth-card";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { readForm } from "~/utils/form-data.server";
import { formIntent, redirectWithFlash } from "~/utils/http.server";
import { type z } from "zod";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export const SUCCESS_REDIRECT_MS = 2_000;
export const RESENT_NOTICE_MS = 5_000;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { flash, headers } = await takeFlash(request);
  const email = await readVerifyEmail(request);
  const verified = flash?.kind === "notice" && flash.key === "verify.done";
  return data(
    {
      meta: await pageMeta(params, "auth", "verify.meta"),
      email,
      verified,
      notice: flash?.kind === "notice" ? flash : null,
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const email = await readVerifyEmail(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: CodeSchema });
  if (!email) {
    return data({ result: submission.reply({ formErrors: ["auth:verify.noAddress"] }), wait: null }, { status: 400 });
  }
  const visit: Visit = { request, locale, email };
  // "Send a new code", or the code form's Verify (also a form sent with no intent).
  switch (formIntent(formData, ["verify", "resend"], "verify")) {
    case "resend":
      return resend(visit, submission);
    case "verify":
      return verify(visit, submission);
  }
}

interface Visit {
  request: Request;
  locale: Locale;
  email: string;
}

async function resend({ request, locale, email }: Visit, submission: Submission<z.infer<typeof CodeSchema>>) {
  const tooMany = await throttleForm(
    submission,
    [
      ["resendIp", clientAddress(request)],
      ["resendAccount", email.toLowerCase()],
    ],
    { resetForm: true },
  );
  if (tooMany) return tooMany;
  try {
    await resendVerificationCode(db(), email, accountContext());
  } catch (error) {
    console.error("resend failed", error);
    return data({ result: submission.reply({ formErrors: ["auth:verify.resendFailed"] }), wait: null }, { status: 500 });
  }
  throw await redirectWithFlash(localePath(locale, "/verify-email"), { kind: "notice", key: "verify.resent" });
}

async function verify({ request, locale, email }: Visit, submission: Submission<z.infer<typeof CodeSchema>>) {
  if (submission.status !== "success") return data({ result: submission.reply(), wait: null }, { status: 400 });
  const tooMany = await throttleForm(submission, [
    ["codeIp", clientAddress(request)],
    ["codeAccount", email.toLowerCase()],
  ]);
  if (tooMany) return tooMany;
  const outcome = await verifyEmailCode(db(), email, submission.value.code, accountContext());
  if (outcome !== "verified") {
    const message = {
      invalid: "auth:verify.failed",
      expired: "auth:verify.expired",
      locked: "auth:verify.locked",
      none: "auth:verify.failed",
    }[outcome];
    return data({ result: submission.reply({ fieldErrors: { code: [message] } }), wait: null }, { status: 400 });
  }
  throw await redirectWithFlash(
    localePath(locale, "/verify-email"),
    { kind: "notice", key: "verify.done" },
    { "Set-Cookie": await clearVerifyEmail() },
  );
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function VerifyEmailPage() {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
  const navigate = useNavigate();
  const { email, verified, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [showNotice, setShowNotice] = useState(true);
  const [form, fields] = useZodForm(CodeSchema, {
    id: "verify-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => navigate(`${localePath(locale, "/signin")}?verified=1`), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate, locale]);

  useEffect(() => {
    setShowNotice(true);
    if (notice?.key !== "verify.resent") return;
    const timer = setTimeout(() => setShowNotice(false), RESENT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (verified) {
    return (
      <AuthOutcome
        title={t("verify.successTitle")}
        text={t("verify.successText")}
        links={[{ to: `${localePath(locale, "/signin")}?verified=1`, label: t("verify.goToSignIn"), primary: true }]}
      />
    );
  }

  if (!email) {
    return (
      <AuthCard title={t("verify.title")} subtitle={t("verify.noAddress")}>
        <Link to={localePath(locale, "/signup")} className="btn-primary w-full">
          {t("verify.backToSignUp")}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("verify.title")} subtitle={t("verify.subtitle", { email })}>
      {notice && notice.key !== "verify.done" && showNotice ? <Notice tone="info">{t(notice.key, notice.values)}</Notice> : null}
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.wait ?? 1 }} />
        <Field
          labelProps={{ children: t("fields.code") }}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "one-time-code",
            maxLength: 6,
            className:
              "block w-full rounded-lg border border-slate-300 px-3 py-3 text-center font-mono text-2xl tracking-[0.5em] focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30",
            onInput: (event) => {
              const input = event.currentTarget;
              input.value = input.value.replace(/\D/g, "").slice(0, 6);
            },
          }}
          errors={fields.code.errors}
        />
        <SubmitButton className="btn-primary w-full" pendingLabel={t("verify.verifying")} name="intent" value="verify">
          {t("verify.submit")}
        </SubmitButton>
      </Form>
      <Form method="post" className="mt-4 text-center">
        <p className="text-sm text-slate-600">
          {t("verify.noCode")}{" "}
          <SubmitButton intent="resend" className="font-semibold text-brand-700 hover:underline">
            {t("verify.resend")}
          </SubmitButton>
        </p>
      </Form>
    </AuthCard>
  );
}

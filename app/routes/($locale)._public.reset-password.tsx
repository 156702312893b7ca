/**
 * Reset password: the e-mailed link (`token`, `email`) is checked on load; a valid one shows the
 * form (new password twice, show/hide with JavaScript). Success ends every session of the user
 * and shows a 5-second countdown to sign-in (a plain button without JavaScript).
 */
import { getFormProps } from "@conform-to/react";
import { useZodForm } from "~/components/zod-form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation, usePage } from "~/i18n/react";
import { resetPassword } from "~/auth/accounts.server";
import { findValidReset } from "~/auth/password-reset.server";
import { ResetPasswordSchema } from "~/auth/schemas";
import { AuthCard, AuthOutcome } from "~/components/auth/auth-card";
import { FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { takeFlash } from "~/utils/flash.server";
import { useHydrated } from "~/utils/use-hydrated";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { readForm } from "~/utils/form-data.server";
import { redirectWithFlash } from "~/utils/http.server";
import { NewPasswordFields } from "~/components/auth/password-fields";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export const COUNTDOWN_SECONDS = 5;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { flash, headers } = await takeFlash(request);
  const meta = await pageMeta(params, "auth", "reset.meta");
  if (flash?.kind === "notice" && flash.key === "reset.done")
    return data({ meta, state: "done" as const, email: "", token: "" }, { headers });
  const url = new URL(request.url);
  const email = url.searchParams.get("email") ?? "";
  const token = url.searchParams.get("token") ?? "";
  if (!email || !token) return data({ meta, state: "missing" as const, email: "", token: "" }, { headers });
  const valid = await findValidReset(db(), email, token);
  return data({ meta, state: valid ? ("form" as const) : ("invalid" as const), email, token }, { headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }), invalid: false }, { status: 400 });
  const done = await resetPassword(db(), {
    email: String(formData.get("email") ?? ""),
    token: String(formData.get("token") ?? ""),
    password: submission.value.password,
  });
  if (!done) return data({ result: submission.reply({ formErrors: ["auth:reset.expired"], hideFields }), invalid: true }, { status: 400 });
  throw await redirectWithFlash(localePath(locale, "/reset-password"), { kind: "notice", key: "reset.done" });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function ResetPasswordPage() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("auth");
  const { state, email, token } = loaderData;
  const [form, fields] = useZodForm(ResetPasswordSchema, {
    id: "reset-form",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  if (state === "done") return <ResetDone />;
  if (state !== "form" || actionData?.invalid) {
    return (
      <AuthOutcome
        title={t("reset.invalidTitle")}
        text={state === "missing" ? t("reset.invalidLink") : t("reset.expired")}
        alert
        links={[
          { to: localePath(locale, "/forgot-password"), label: t("reset.requestNew"), primary: true },
          { to: localePath(locale, "/signin"), label: t("forgot.backToSignIn") },
        ]}
      />
    );
  }
  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle", { email })}>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="token" value={token} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          passwordLabel={t("fields.newPassword")}
          confirmLabel={t("fields.confirmPassword")}
          hint={t("fields.passwordHint")}
        />
        <SubmitButton className="btn-primary w-full" pendingLabel={t("reset.submitting")}>
          {t("reset.submit")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

function ResetDone() {
  const { t } = useTranslation("auth");
  const locale = usePageLocale();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);
  useEffect(() => {
    if (seconds <= 0) {
      navigate(localePath(locale, "/signin"));
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1_000);
    return () => clearTimeout(timer);
  }, [seconds, navigate, locale]);
  return (
    <AuthOutcome
      title={t("reset.doneTitle")}
      text={t("reset.doneText")}
      links={[{ to: localePath(locale, "/signin"), label: t("reset.signInNow"), primary: true }]}
    >
      {hydrated ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="countdown">
          {t("reset.countdown", { count: seconds })}
        </p>
      ) : null}
    </AuthOutcome>
  );
}

/**
 * Forgot password: always the same "sent" view showing the address (with "try a different email"
 * and back to sign-in); a reset link is e-mailed only when the address has an account.
 */
import { getFormProps } from "@conform-to/react";
import { useZodForm } from "~/components/zod-form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { requestPasswordReset } from "~/auth/accounts.server";
import { accountContext } from "~/auth/context.server";
import { throttleForm } from "~/auth/form-throttle.server";
import { ForgotPasswordSchema } from "~/auth/schemas";
import { AuthCard, AuthLink, AuthOutcome } from "~/components/auth/auth-card";
import { FormErrors, SubmitButton } from "~/components/forms";
import { EmailField } from "~/components/forms-conform";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { readForm } from "~/utils/form-data.server";
import { redirectWithFlash } from "~/utils/http.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { flash, headers } = await takeFlash(request);
  const sentTo = flash?.kind === "notice" && flash.key === "forgot.sent" ? String(flash.values?.email ?? "") : null;
  return data({ meta: await pageMeta(params, "auth", "forgot.meta"), sentTo }, { headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const submission = parseWithZod(await readForm(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), wait: null }, { status: 400 });
  const email = submission.value.email;
  const tooMany = await throttleForm(submission, [
    ["forgotIp", clientAddress(request)],
    ["forgotAccount", email.toLowerCase()],
  ]);
  if (tooMany) return tooMany;
  try {
    await requestPasswordReset(db(), email, accountContext());
  } catch (error) {
    console.error("password reset e-mail failed", error);
    return data({ result: submission.reply({ formErrors: ["auth:forgot.failed"] }), wait: null }, { status: 500 });
  }
  throw await redirectWithFlash(localePath(locale, "/forgot-password"), { kind: "notice", key: "forgot.sent", values: { email } });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function ForgotPasswordPage() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("auth");
  const { sentTo } = loaderData;
  const [form, fields] = useZodForm(ForgotPasswordSchema, {
    id: "forgot-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });

  if (sentTo) {
    return (
      <AuthOutcome
        title={t("forgot.sentTitle")}
        text={t("forgot.sentText", { email: sentTo })}
        links={[
          { to: localePath(locale, "/forgot-password"), label: t("forgot.tryDifferent") },
          { to: localePath(locale, "/signin"), label: t("forgot.backToSignIn"), primary: true },
        ]}
      />
    );
  }
  return (
    <AuthCard title={t("forgot.title")} subtitle={t("forgot.subtitle")}>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.wait ?? 1 }} />
        <EmailField field={fields.email} label={t("fields.email")} placeholder={t("fields.emailPlaceholder")} />
        <SubmitButton className="btn-primary w-full" pendingLabel={t("forgot.sending")}>
          {t("forgot.submit")}
        </SubmitButton>
      </Form>
      <AuthLink to={localePath(locale, "/signin")} label={t("forgot.backToSignIn")} className="mt-6 text-center text-sm" />
    </AuthCard>
  );
}

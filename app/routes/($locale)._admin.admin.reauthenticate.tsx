/**
 * The back office's re-authentication (`/:locale/admin/reauthenticate?redirectTo=…`): before a
 * sensitive admin action (a role change, a suspension, a balance adjustment) `requireRecentAuth`
 * sends an admin whose proof is older than 10 minutes here. Admins always have 2FA on (the back
 * office requires it), so the proof is the authenticator code (field `code`), throttled like every
 * code form; success marks the session and returns to the back-office page the action came from.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { ReauthCodeSchema } from "~/auth/schemas";
import { throttleForm } from "~/auth/form-throttle.server";
import { requireAdmin, requireAdminForm } from "~/auth/guards.server";
import { markReauthenticated } from "~/auth/session.server";
import { acceptTotpCode } from "~/auth/two-factor.server";
import { AuthCard } from "~/components/auth/auth-card";
import { TotpCodeField } from "~/components/auth/code-field";
import { FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { clientAddress } from "~/security/client-address.server";
import { refundRateLimits, type RateLimitName } from "~/security/rate-limit.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { safeRedirect } from "~/utils/redirect-to";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "auth", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

/** Back to a back-office page only: this step is not a way to reach anything else. */
function destination(value: unknown, locale: string): string {
  const fallback = localePath(isLocale(locale) ? locale : DEFAULT_LOCALE, "/admin/dashboard");
  const target = safeRedirect(value, fallback);
  return /^\/(?:[a-z]{2}\/)?admin\//.test(target) && !target.includes("/admin/reauthenticate") ? target : fallback;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  return {
    meta: await pageMeta(params, "auth", "reauth.meta"),
    redirectTo: destination(new URL(request.url).searchParams.get("redirectTo"), locale),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, session, locale, formData } = await requireAdminForm(request, params);
  const submission = parseWithZod(formData, { schema: ReauthCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), wait: null }, { status: 400 });
  const limits: Array<[RateLimitName, string]> = [
    ["codeIp", clientAddress(request)],
    ["codeAccount", user.id],
  ];
  const tooMany = await throttleForm(submission, limits);
  if (tooMany) return tooMany;
  if (!(await acceptTotpCode(db(), user.id, submission.value.code))) {
    return data({ result: submission.reply({ fieldErrors: { code: ["auth:twoFactor.invalid"] } }), wait: null }, { status: 400 });
  }
  await refundRateLimits(db(), limits);
  await markReauthenticated(db(), session.id);
  throw redirect(destination(submission.value.redirectTo, locale));
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function AdminReauthenticate() {
  const { t, loaderData, actionData } = usePage<typeof loader, typeof action>("auth");
  const { redirectTo } = loaderData;
  const [form, fields] = useForm<{ code: string; redirectTo: string }>({
    id: "admin-reauth-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  return (
    <div className="py-8">
      <AuthCard title={t("reauth.title")} subtitle={t("admin:users.reauth.subtitle")}>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.wait ?? 1 }} />
          <TotpCodeField field={fields.code} />
          <SubmitButton className="btn-primary w-full">{t("reauth.submit")}</SubmitButton>
        </Form>
      </AuthCard>
    </div>
  );
}

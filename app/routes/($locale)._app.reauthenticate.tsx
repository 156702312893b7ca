/**
 * Re-authentication (`/:locale/reauthenticate?redirectTo=…`): before a sensitive change the
 * signed-in person proves again who they are, with their password (field `password`) or, with
 * 2FA on, the authenticator code (field `code`). Rate limited like sign-in and every code form;
 * success marks the session and returns to the page of the change.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { ReauthCodeSchema } from "~/auth/schemas";
import { throttleForm } from "~/auth/form-throttle.server";
import { requireUser } from "~/auth/guards.server";
import { markReauthenticated } from "~/auth/session.server";
import { SOCIAL_PROVIDER_NAMES } from "~/auth/providers";
import { linkedProviders, socialProviderConfig } from "~/auth/social.server";
import { acceptTotpCode, twoFactorState } from "~/auth/two-factor.server";
import { SocialButtons } from "~/components/auth/social-buttons";
import { AuthCard } from "~/components/auth/auth-card";
import { TotpCodeField } from "~/components/auth/code-field";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { refundRateLimits, type RateLimitName } from "~/security/rate-limit.server";
import { verifyPassword } from "~/users/password.server";
import { getPasswordHash } from "~/users/users.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { safeRedirect } from "~/utils/redirect-to";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

const PasswordSchema = z.object({
  password: z
    .string({ required_error: "validation.passwordRequired" })
    .min(1, "validation.passwordRequired")
    .max(128, "validation.passwordTooLong"),
  redirectTo: z.string().max(2048).optional(),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const state = await twoFactorState(db(), user.id);
  // Only a path on this site is carried on (the form and the social buttons send it back).
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  const hasPassword = Boolean(await getPasswordHash(db(), user.id));
  // Without a password or 2FA, the account proves itself by signing in again with a linked provider
  // (a fresh sign-in counts as recent); only configured providers are offered.
  const providers =
    hasPassword || state.enabled ? [] : (await linkedProviders(db(), user.id)).filter((p) => socialProviderConfig(p) !== null);
  return { meta: await pageMeta(params, "auth", "reauth.meta"), useCode: state.enabled, hasPassword, providers, redirectTo };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user, session } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const state = await twoFactorState(db(), user.id);
  const formData = await readForm(request);
  const failed = (fieldErrors: Record<string, string[]>, status = 400, wait: number | null = null) =>
    data({ result: submission.reply({ fieldErrors, hideFields: ["password"] }), wait }, { status });
  const submission = state.enabled
    ? parseWithZod(formData, { schema: ReauthCodeSchema })
    : parseWithZod(formData, { schema: PasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }), wait: null }, { status: 400 });
  const limits: Array<[RateLimitName, string]> = state.enabled
    ? [
        ["codeIp", clientAddress(request)],
        ["codeAccount", user.id],
      ]
    : [
        ["signInIp", clientAddress(request)],
        ["signInAccount", user.email.toLowerCase()],
      ];
  const tooMany = await throttleForm(submission, limits, { hideFields: ["password"] });
  if (tooMany) return tooMany;
  if ("code" in submission.value) {
    if (!(await acceptTotpCode(db(), user.id, submission.value.code))) return failed({ code: ["auth:twoFactor.invalid"] });
  } else {
    const hash = await getPasswordHash(db(), user.id);
    // An account without a password (social sign-in only) is offered its providers instead.
    if (!hash || !(await verifyPassword(hash, submission.value.password))) return failed({ password: ["auth:reauth.wrongPassword"] });
  }
  await refundRateLimits(db(), limits);
  await markReauthenticated(db(), session.id);
  throw redirect(safeRedirect(submission.value.redirectTo, localePath(locale, "/settings")));
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function Reauthenticate() {
  const { t, loaderData, actionData } = usePage<typeof loader, typeof action>("auth");
  const { useCode, hasPassword, providers, redirectTo } = loaderData;
  const [form, fields] = useForm<{ password: string; code: string; redirectTo: string }>({
    id: "reauth-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  if (!useCode && !hasPassword) {
    const names = providers.map((p) => SOCIAL_PROVIDER_NAMES[p]).join(" / ");
    return (
      <div className="py-8">
        <AuthCard
          title={t("reauth.title")}
          subtitle={providers.length > 0 ? t("reauth.subtitleSocial", { providers: names }) : t("reauth.noMethod")}
        >
          {providers.length > 0 ? <SocialButtons intent="signin" redirectTo={redirectTo} providers={providers} divider={false} /> : null}
        </AuthCard>
      </div>
    );
  }
  return (
    <div className="py-8">
      <AuthCard title={t("reauth.title")} subtitle={t(useCode ? "reauth.subtitleCode" : "reauth.subtitlePassword")}>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.wait ?? 1 }} />
          {useCode ? (
            <TotpCodeField field={fields.code} />
          ) : (
            <Field
              labelProps={{ children: t("reauth.password") }}
              inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
              errors={fields.password.errors}
            />
          )}
          <SubmitButton className="btn-primary w-full">{t("reauth.submit")}</SubmitButton>
        </Form>
      </AuthCard>
    </div>
  );
}

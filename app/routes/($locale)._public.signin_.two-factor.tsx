/**
 * The second step of signing in with two-factor authentication: the authenticator app's code, or
 * (under "Use a recovery code", `?recovery=1`) one of the saved recovery codes (`intent` =
 * `recovery`, field `recoveryCode`). Both count in the same throttles; a recovery code is spent
 * once, audited and notified in its unit of work.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { z } from "zod";
import { finishSignIn } from "~/auth/signin-action.server";
import { throttleForm } from "~/auth/form-throttle.server";
import { CodeSchema } from "~/auth/schemas";
import { isSuspended } from "~/auth/accounts.server";
import { redeemRecoveryCode } from "~/auth/recovery-codes.server";
import { clearPendingSignIn, readPendingSignIn, twoFactorState, acceptTotpCode } from "~/auth/two-factor.server";
import { AuthCard, AuthLink } from "~/components/auth/auth-card";
import { TotpCodeField } from "~/components/auth/code-field";
import { FormErrors, SubmitButton } from "~/components/forms";
import { textInput } from "~/components/forms-conform";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { getUserById } from "~/users/users.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { readForm } from "~/utils/form-data.server";
import { formIntent } from "~/utils/http.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "auth"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  if (!(await readPendingSignIn(request))) throw redirect(localePath(locale, "/signin"));
  return {
    meta: await pageMeta(params, "auth", "twoFactor.meta"),
    recovery: new URL(request.url).searchParams.get("recovery") === "1",
  };
}

const RecoveryCodeSchema = z.object({
  recoveryCode: z
    .string({ required_error: "auth:twoFactor.recoveryRequired" })
    .trim()
    .min(1, "auth:twoFactor.recoveryRequired")
    .max(64, "auth:twoFactor.recoveryInvalid"),
});

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const pending = await readPendingSignIn(request);
  if (!pending) throw redirect(localePath(locale, "/signin"));
  const form = await readForm(request);
  // The authenticator's code, or ("use a recovery code") a recovery code; a form sent with no intent is the code's.
  const recovery = formIntent(form, ["code", "recovery"], "code") === "recovery";
  const submission = recovery ? parseWithZod(form, { schema: RecoveryCodeSchema }) : parseWithZod(form, { schema: CodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), wait: null, recovery }, { status: 400 });
  // Recovery codes count in the same throttles as authenticator codes.
  const tooMany = await throttleForm(
    submission,
    [
      ["codeIp", clientAddress(request)],
      ["codeAccount", pending.userId],
    ],
    {},
    { recovery },
  );
  if (tooMany) return tooMany;
  const [state, user] = await Promise.all([twoFactorState(db(), pending.userId), getUserById(db(), pending.userId)]);
  const finish = async (account: NonNullable<typeof user>) =>
    finishSignIn(request, account, {
      locale,
      remember: pending.remember,
      redirectTo: pending.redirectTo,
      area: pending.area,
      secondFactorPassed: true,
      extraCookies: [await clearPendingSignIn()],
    });
  // A suspended account is told so before a recovery code is spent on it.
  if (recovery && user && (await isSuspended(db(), user.id))) return finish(user);
  const value = submission.value as { code?: string; recoveryCode?: string };
  const passed =
    user &&
    state.enabled &&
    (recovery
      ? (
          await unitOfWork(db(), (tx) =>
            redeemRecoveryCode(tx, pending.userId, value.recoveryCode ?? "", { clientAddress: clientAddress(request) }),
          )
        ).ok
      : await acceptTotpCode(db(), pending.userId, value.code ?? ""));
  if (!user || !passed) {
    const fieldErrors: Record<string, string[]> = recovery
      ? { recoveryCode: ["auth:twoFactor.recoveryInvalid"] }
      : { code: ["auth:twoFactor.invalid"] };
    return data({ result: submission.reply({ fieldErrors }), wait: null, recovery }, { status: 400 });
  }
  return finish(user);
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function TwoFactorSignIn() {
  const { t, locale, loaderData: loaded, actionData } = usePage<typeof loader, typeof action>("auth");
  const recovery = actionData?.recovery ?? loaded.recovery;
  const [form, fields] = useForm<{ code: string; recoveryCode: string }>({
    id: recovery ? "recovery-code-form" : "two-factor-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  return (
    <AuthCard title={t("twoFactor.title")} subtitle={t(recovery ? "twoFactor.recoverySubtitle" : "twoFactor.subtitle")}>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.wait ?? 1 }} />
        {recovery ? (
          <>
            <input type="hidden" name="intent" value="recovery" />
            {textInput(fields.recoveryCode, t("twoFactor.recoveryCode"), undefined, {
              autoCapitalize: "none",
              spellCheck: false,
              maxLength: 64,
            })}
          </>
        ) : (
          <TotpCodeField field={fields.code} />
        )}
        <SubmitButton className="btn-primary w-full">{t("twoFactor.submit")}</SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link
          to={localePath(locale, recovery ? "/signin/two-factor" : "/signin/two-factor?recovery=1")}
          className="font-semibold text-brand-700 hover:underline"
        >
          {t(recovery ? "twoFactor.useApp" : "twoFactor.useRecovery")}
        </Link>
      </p>
      {recovery ? (
        <AuthLink
          to={localePath(locale, "/contact")}
          label={t("twoFactor.contactUs")}
          prompt={t("twoFactor.lostEverything")}
          className="mt-3 text-center text-sm text-slate-600"
        />
      ) : null}
    </AuthCard>
  );
}

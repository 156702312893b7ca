/** Changing the sign-in address: a code sent to the new one, then confirmed here. */
import { Form, useActionData } from "@remix-run/react";
import { ErrorList, SubmitButton, codeInputClass, inputClass } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import type { action } from "./route";

export function EmailChange({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const { t } = useTranslation("app");
  const actionData = useActionData<typeof action>();
  const emailState = actionData?.email ?? null;
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-6" aria-labelledby="email-title">
      <h2 id="email-title" className="text-lg font-semibold">
        {t("profile.emailChange.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("profile.emailChange.current", { email })}</p>
      {pendingEmail ? (
        <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t("profile.emailChange.code", { email: pendingEmail })}</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className={codeInputClass} />
          </label>
          <SubmitButton intent="email-confirm">{t("profile.emailChange.confirm")}</SubmitButton>
        </Form>
      ) : null}
      <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t("profile.emailChange.newEmail")}</span>
          <input
            name="newEmail"
            type="email"
            autoComplete="email"
            defaultValue={emailState?.typed ?? ""}
            className={`${inputClass} !w-72 max-w-full`}
          />
        </label>
        <SubmitButton intent="email-request" className="btn-secondary">
          {t("profile.emailChange.send")}
        </SubmitButton>
      </Form>
      {emailState?.error ? <ErrorList errors={[emailState.error]} /> : null}
    </section>
  );
}

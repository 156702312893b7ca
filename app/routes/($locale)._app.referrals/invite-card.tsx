/** Inviting a friend by e-mail (at most a number a day; the hint says how many are left). */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { MAX_INVITATIONS_PER_DAY } from "~/referrals/rules";
import { InviteSchema } from "./invite-schema";
import type { action } from "./route";

export function InviteCard({ left }: { left: number }) {
  const { t } = useTranslation("referrals");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "invite-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
  });
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-5 sm:p-6" aria-labelledby="invite-title">
      <h2 id="invite-title" className="text-lg font-semibold">
        {t("invite.heading")}
      </h2>
      <Form method="post" className="mt-3 space-y-1" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.minutes ?? 1 }} />
        <Field
          labelProps={{ children: t("invite.email") }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          errors={fields.email.errors}
          hint={t("invite.hint", { max: MAX_INVITATIONS_PER_DAY, left })}
        />
        <SubmitButton className="btn-primary" pendingLabel={t("invite.sending")}>
          {t("invite.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

/** Personal information: shown, or edited (`?edit=1`, a page state in the URL, so it works without JavaScript). */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { StatCards } from "~/components/app/panel";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import type { action, ProfileData } from "./route";

export function PersonalInfo({ user }: { user: ProfileData["profile"]["user"] }) {
  const { t } = useTranslation("app");
  const locale = usePageLocale();
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const editing = searchParams.get("edit") === "1" || actionData?.result !== undefined;
  const [form, fields] = useForm<{ name: string; phone: string; location: string }>({
    id: "profile-form",
    lastResult: actionData?.result,
    defaultValue: { name: user.name, phone: user.phone ?? "", location: user.location ?? "" },
    shouldValidate: "onSubmit",
  });
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-6" aria-labelledby="personal-title">
      <div className="flex items-center justify-between">
        <h2 id="personal-title" className="text-lg font-semibold">
          {t("profile.personal")}
        </h2>
        {!editing ? (
          <Link to="?edit=1" className="btn-secondary" preventScrollReset>
            {t("profile.edit")}
          </Link>
        ) : null}
      </div>
      {editing ? (
        <Form method="post" className="mt-4" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            labelProps={{ children: t("profile.fullName") }}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
            errors={fields.name.errors}
          />
          <Field
            labelProps={{ children: t("profile.phone") }}
            inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
            errors={fields.phone.errors}
          />
          <Field
            labelProps={{ children: t("profile.location") }}
            inputProps={{ ...getInputProps(fields.location, { type: "text" }), autoComplete: "address-level2" }}
            errors={fields.location.errors}
          />
          <div className="flex gap-2">
            <SubmitButton>{t("profile.save")}</SubmitButton>
            <Link to={localePath(locale, "/profile")} className="btn-secondary">
              {t("profile.cancel")}
            </Link>
          </div>
        </Form>
      ) : (
        <StatCards
          testId="personal-info"
          className="mt-4 grid gap-4 sm:grid-cols-2"
          cardClassName="min-w-0"
          labelClassName="text-xs text-slate-600"
          valueClassName="font-medium [overflow-wrap:anywhere]"
          stats={(
            [
              ["fullName", user.name],
              ["email", user.email],
              ["phone", user.phone ?? "—"],
              ["location", user.location ?? "—"],
            ] as const
          ).map(([key, value]) => ({ key, label: t(`profile.${key}`), value }))}
        />
      )}
    </section>
  );
}

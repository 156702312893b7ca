/** Contact: a form that is stored and e-mailed to support, the contact details, the 24-hour promise. */
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useZodForm } from "~/components/zod-form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { ContactSchema } from "~/contact/contact-schema";
import { submitContactMessage } from "~/contact/contact.server";
import { Field, FormErrors, HoneypotFields, SubmitButton, TextareaField } from "~/components/forms";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { outboxMailer } from "~/jobs/outbox.server";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { checkHoneypot, issueFormToken } from "~/security/honeypot.server";
import { consumeRateLimit, minutesToWait } from "~/security/rate-limit.server";
import { takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { withNamespaces } from "~/i18n/client-loader";
import { readForm } from "~/utils/form-data.server";
import { redirectWithFlash } from "~/utils/http.server";
import { PageHeader } from "~/components/public-pages";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "contact"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { flash, headers } = await takeFlash(request);
  const config = env();
  return data(
    {
      meta: await pageMeta(params, "contact", "meta"),
      formToken: issueFormToken(),
      sentTo: flash?.kind === "contactSent" ? flash.name : null,
      contact: { email: config.supportEmail, phone: config.supportPhone, address: config.companyAddress },
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ContactSchema });

  if (checkHoneypot(formData) !== "ok") {
    return data({ result: submission.reply({ formErrors: ["contact:form.rejected"] }), wait: null }, { status: 400 });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), wait: null }, { status: 400 });
  }
  const address = clientAddress(request);
  const verdict = await consumeRateLimit(db(), "contact", address);
  if (!verdict.allowed) {
    return data(
      {
        result: submission.reply({ formErrors: ["common:errors.tooManyAttemptsMinutes"] }),
        wait: minutesToWait(verdict.retryAfterSeconds),
      },
      { status: 429 },
    );
  }
  await submitContactMessage(db(), submission.value, {
    locale,
    clientAddress: address,
    mailer: outboxMailer(db()),
    supportEmail: env().supportEmail,
  });
  throw await redirectWithFlash(localePath(locale, "/contact"), { kind: "contactSent", name: submission.value.name });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function ContactPage() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("contact");
  const { formToken, sentTo, contact } = loaderData;
  const [form, fields] = useZodForm(ContactSchema, {
    id: "contact-form",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  const input = (name: "name" | "email" | "company", type: "text" | "email", autoComplete: string) => (
    <Field
      labelProps={{ children: t(`form.${name}`) }}
      inputProps={{ ...getInputProps(fields[name], { type }), autoComplete, placeholder: t(`form.${name}Placeholder`) }}
      errors={fields[name].errors}
    />
  );

  return (
    <div className="container-page py-16">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />

      <div className="mt-12 grid gap-10 lg:grid-cols-5">
        <section className="lg:col-span-3" aria-labelledby="contact-form-title">
          {sentTo ? (
            <div role="status" className="rounded-2xl border border-brand-100 bg-brand-50 p-8 text-center">
              <h2 id="contact-form-title" className="text-2xl font-bold text-brand-900">
                {t("success.title", { name: sentTo })}
              </h2>
              <p className="mt-3 text-slate-700">{t("success.text")}</p>
              <Link to={localePath(locale, "/contact")} className="btn-secondary mt-6">
                {t("success.again")}
              </Link>
            </div>
          ) : (
            <div className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8">
              <h2 id="contact-form-title" className="text-xl font-semibold">
                {t("form.title")}
              </h2>
              <Form method="post" className="relative mt-6 space-y-1" {...getFormProps(form)}>
                <HoneypotFields formToken={formToken} />
                <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.wait ?? 1 }} />
                <div className="grid gap-x-4 sm:grid-cols-2">
                  {input("name", "text", "name")}
                  {input("email", "email", "email")}
                </div>
                {input("company", "text", "organization")}
                <TextareaField
                  labelProps={{ children: t("form.message") }}
                  textareaProps={{ ...getTextareaProps(fields.message), placeholder: t("form.messagePlaceholder"), rows: 6 }}
                  errors={fields.message.errors}
                />
                <SubmitButton pendingLabel={t("form.sending")}>{t("form.submit")}</SubmitButton>
              </Form>
            </div>
          )}
        </section>

        <aside className="space-y-6 lg:col-span-2" aria-label={t("info.title")}>
          <div className="rounded-2xl border border-slate-200 p-6">
            <h2 className="text-lg font-semibold">{t("info.title")}</h2>
            <dl className="mt-4 space-y-4 text-sm">
              <div>
                <dt className="font-medium text-slate-900">{t("info.phone")}</dt>
                <dd className="text-slate-700">
                  <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`}>{contact.phone}</a>
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">{t("info.email")}</dt>
                <dd className="text-slate-700">
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">{t("info.location")}</dt>
                <dd className="text-slate-700">{contact.address}</dd>
              </div>
            </dl>
          </div>
          <div className="rounded-2xl bg-night p-6 text-white">
            <h2 className="text-lg font-semibold">{t("quick.title")}</h2>
            <p className="mt-2 text-sm text-white/80">{t("quick.text")}</p>
          </div>
        </aside>
      </div>
    </div>
  );
}

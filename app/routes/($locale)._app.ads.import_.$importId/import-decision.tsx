/**
 * What can be done with an import preview: the notes on a file stored before and on the imports
 * it replaces, a file in another currency offered a new client account (`intent=newClient`,
 * `name`), **Import** (`intent=store`) and **Discard** (`intent=discard`) while it is pending, and
 * once stored the links to the dashboard and the audit and **Remove** (`intent=remove`).
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ImportPreview } from "~/ads/imports.server";
import { Field, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import { Section } from "~/components/section";

export function ImportDecision({ p, lastResult }: { p: ImportPreview; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("ads");
  const locale = usePageLocale();
  const [newClientForm, newClientFields] = useForm<{ intent: string; name: string }>({
    id: "ads-import-new-client",
    lastResult,
  });
  const s = p.summary!;
  const clientQuery = `?client=${p.clientAccount.id}`;
  const pending = p.status === "pending";
  return (
    <>
      {pending && p.duplicateOf ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
          {t("import.duplicate")}{" "}
          <Link to={`${localePath(locale, `/ads/import/${p.duplicateOf}`)}${clientQuery}`} className="font-medium text-brand-700 underline">
            {t("import.duplicateLink")}
          </Link>
        </p>
      ) : null}
      {pending && p.replaces.length ? (
        <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p>
            {s.granularity === "day"
              ? t("import.replacesDays", { count: p.replaces.length })
              : t("import.replacesPeriod", { count: p.replaces.length })}
          </p>
          <ul className="mt-2 list-disc pl-5">
            {p.replaces.map((item) => (
              <li key={item.id}>
                <Link to={`${localePath(locale, `/ads/import/${item.id}`)}${clientQuery}`} className="break-all underline">
                  {item.filename}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {pending && p.currencyMismatch ? (
        <Section
          id="currency-mismatch"
          title={t("import.mismatch.title")}
          className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
          titleClassName="font-bold"
        >
          <p className="mt-1 text-sm">
            {t("import.mismatch.body", { account: p.currencyMismatch.account, file: p.currencyMismatch.file, name: p.clientAccount.name })}
          </p>
          <Form method="post" className="mt-3 max-w-md" {...getFormProps(newClientForm)}>
            <input type="hidden" name="intent" value="newClient" />
            <Field
              labelProps={{ children: t("import.mismatch.name") }}
              inputProps={{
                ...getInputProps(newClientFields.name, { type: "text" }),
                defaultValue: `${p.clientAccount.name} (${p.currencyMismatch.file})`,
                autoComplete: "off",
              }}
              errors={newClientFields.name.errors}
            />
            <SubmitButton pendingLabel={t("import.storing")}>{t("import.mismatch.submit")}</SubmitButton>
          </Form>
        </Section>
      ) : null}

      {pending ? (
        <div className="mt-6 flex flex-wrap gap-3">
          {!p.currencyMismatch ? (
            <Form method="post">
              <SubmitButton pendingLabel={t("import.storing")} name="intent" value="store">
                {t("import.store")}
              </SubmitButton>
            </Form>
          ) : null}
          <Form method="post">
            <SubmitButton pendingLabel={t("import.discarding")} className="btn-secondary" name="intent" value="discard">
              {t("import.discard")}
            </SubmitButton>
          </Form>
        </div>
      ) : p.status === "imported" ? (
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <Link to={`${localePath(locale, "/ads")}${clientQuery}`} className="btn-primary">
            {t("import.openDashboard")}
          </Link>
          <Link to={`${localePath(locale, "/ads/audit")}${clientQuery}`} className="btn-secondary">
            {t("import.openAudit")}
          </Link>
          <Form method="post">
            <SubmitButton pendingLabel={t("import.removing")} className="btn-secondary" name="intent" value="remove">
              {t("import.remove")}
            </SubmitButton>
          </Form>
        </div>
      ) : null}
    </>
  );
}

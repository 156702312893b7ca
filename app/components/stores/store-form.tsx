/**
 * The admin's store form (new and edit): a Remix `<Form>` posting to its own route, validated by
 * the same zod schema in the browser (Conform, with JavaScript) and in the action; every error on
 * its field, every typed value kept. Texts other than English sit in "Other languages" boxes that
 * open when they hold something.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { ConformSelectField, textInput } from "~/components/forms-conform";
import { useTranslation } from "~/i18n/react";
import { ErrorList, FormErrors, SubmitButton, TextareaField } from "~/components/forms";
import { STORE_NETWORKS, STORE_RATE_KINDS } from "~/db/schema";
import { LOCALE_NAMES, LOCALES, type Locale } from "~/i18n/config";
import { STORE_CATEGORIES } from "~/stores/categories";
import { editStoreSchema, newStoreSchema, STORE_STATUSES, type StoreFormValues } from "~/stores/store-form";
import { usePageLocale } from "~/i18n/use-page-locale";

type Texts = Partial<Record<Locale, string>>;
interface FormShape extends Omit<StoreFormValues, "description" | "terms" | "categoryRates"> {
  description: Texts;
  terms: Texts;
  categoryRates: Array<{ percent: string; name: Texts }>;
}

const OTHER_LOCALES = LOCALES.filter((locale) => locale !== "en");

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-2xl border border-slate-200 bg-surface p-5 sm:p-6">
      <legend className="px-1 text-lg font-bold">{title}</legend>
      <div className="mt-2 grid gap-x-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The other languages of a text, in a box that is open when one of them holds something or has an error. */
function OtherLanguages({
  summary,
  fields,
  children,
}: {
  summary: string;
  fields: Array<FieldMetadata<string | undefined>>;
  children: React.ReactNode;
}) {
  const open = fields.some((field) => (typeof field.initialValue === "string" && field.initialValue !== "") || field.errors?.length);
  return (
    <details className="rounded-lg border border-slate-200 px-3 py-2 sm:col-span-2" open={open || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-slate-800">{summary}</summary>
      <div className="mt-3 grid gap-x-4 sm:grid-cols-2">{children}</div>
    </details>
  );
}

export function StoreForm({
  mode,
  lastResult,
  defaultValue,
  platform,
}: {
  mode: "new" | "edit";
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: StoreFormValues;
  /** The platform default a blank confirmation window means. */
  platform: { confirmationDays: number };
}) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const schema = mode === "new" ? newStoreSchema(locale) : editStoreSchema(locale);
  const [form, fields] = useForm<FormShape, unknown>({
    id: `store-${mode}`,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const description = fields.description.getFieldset();
  const terms = fields.terms.getFieldset();
  const categoryRows = fields.categoryRates.getFieldList();
  const textarea = (field: FieldMetadata<string | undefined>, label: string, rows: number) => {
    const { key: _key, ...props } = getTextareaProps(field as FieldMetadata<string>);
    return (
      <TextareaField className="sm:col-span-2" labelProps={{ children: label }} textareaProps={{ ...props, rows }} errors={field.errors} />
    );
  };
  const language = (code: Locale) => LOCALE_NAMES[code];
  /** A text in every language: English first, the others folded below it. */
  const localizedTextareas = (texts: Record<Locale, FieldMetadata<string | undefined>>, labelKey: string, rows: number) => (
    <>
      {textarea(texts.en, t(labelKey, { language: language("en") }), rows)}
      <OtherLanguages summary={t("stores.form.otherLanguages")} fields={OTHER_LOCALES.map((code) => texts[code])}>
        {OTHER_LOCALES.map((code) => (
          <div key={code} className="sm:col-span-2">
            {textarea(texts[code], t(labelKey, { language: language(code) }), rows)}
          </div>
        ))}
      </OtherLanguages>
    </>
  );

  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />

      <Section title={t("stores.form.sections.store")}>
        {textInput(fields.name, t("stores.form.name"))}
        {textInput(fields.slug, t("stores.form.slug"), t("stores.form.slugHint"), { autoCapitalize: "none", spellCheck: false })}
        <ConformSelectField
          label={t("stores.form.category")}
          field={fields.category}
          options={STORE_CATEGORIES.map((value) => ({ value, label: t(`webshops:categories.${value}`) }))}
        />
        {textInput(fields.websiteUrl, t("stores.form.websiteUrl"), t("stores.form.websiteUrlHint"), { type: "url", inputMode: "url" })}
        {mode === "new" ? (
          <ConformSelectField
            label={t("stores.form.status")}
            field={fields.status}
            options={STORE_STATUSES.map((value) => ({ value, label: t(`stores.status.${value}`) }))}
            hint={t("stores.form.statusHint")}
          />
        ) : null}
      </Section>

      <Section title={t("stores.form.sections.tracking")}>
        <ConformSelectField
          label={t("stores.form.network")}
          field={fields.network}
          options={STORE_NETWORKS.map((value) => ({ value, label: t(`stores.networks.${value}`) }))}
        />
        {textInput(fields.advertiserId, t("stores.form.advertiserId"), t("stores.form.advertiserIdHint"), { spellCheck: false })}
        <div className="sm:col-span-2">
          {textInput(fields.trackingUrl, t("stores.form.trackingUrl"), t("stores.form.trackingUrlHint"), {
            type: "url",
            inputMode: "url",
            spellCheck: false,
          })}
        </div>
      </Section>

      <Section title={t("stores.form.sections.rates")}>
        <p className="text-sm text-slate-700 sm:col-span-2" data-testid="success-fee">
          {t("stores.form.successFee")}
        </p>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t("stores.form.rateKind")}</legend>
          <div className="flex flex-wrap gap-4">
            {STORE_RATE_KINDS.map((value) => {
              const { key: _key, ...props } = getInputProps(fields.rateKind, { type: "radio", value });
              return (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input {...props} id={`${fields.rateKind.id}-${value}`} className="h-4 w-4 border-slate-400 text-brand-700" />
                  {t(`stores.form.rateKinds.${value}`)}
                </label>
              );
            })}
          </div>
          <ErrorList errors={fields.rateKind.errors} />
        </fieldset>
        {textInput(fields.ratePercent, t("stores.form.ratePercent"), t("stores.form.ratePercentHint"), { inputMode: "decimal" })}
        {textInput(fields.rateFixed, t("stores.form.rateFixed"), t("stores.form.rateFixedHint"), { inputMode: "decimal" })}
        {textInput(fields.newCustomerPercent, t("stores.form.newCustomerPercent"), t("stores.form.newCustomerPercentHint"), {
          inputMode: "decimal",
        })}
        <div className="sm:col-span-2">
          <h3 className="text-sm font-semibold text-slate-800">{t("stores.form.categoryRates")}</h3>
          <p className="text-xs text-slate-600">{t("stores.form.categoryRatesHint")}</p>
          <ul className="mt-3 space-y-3" data-testid="category-rates">
            {categoryRows.map((row, index) => {
              const rule = row.getFieldset();
              const names = rule.name.getFieldset();
              return (
                <li key={row.key} className="rounded-lg border border-slate-200 p-3">
                  <div className="grid gap-x-4 sm:grid-cols-2">
                    {textInput(names.en, t("stores.form.categoryName", { number: index + 1 }))}
                    {textInput(rule.percent, t("stores.form.categoryPercent", { number: index + 1 }), undefined, { inputMode: "decimal" })}
                    <OtherLanguages summary={t("stores.form.otherLanguages")} fields={OTHER_LOCALES.map((code) => names[code])}>
                      {OTHER_LOCALES.map((code) => (
                        <div key={code}>
                          {textInput(names[code], t("stores.form.categoryNameIn", { number: index + 1, language: language(code) }))}
                        </div>
                      ))}
                    </OtherLanguages>
                  </div>
                </li>
              );
            })}
          </ul>
          <ErrorList errors={fields.categoryRates.errors} />
        </div>
      </Section>

      <Section title={t("stores.form.sections.terms")}>
        {textInput(fields.cap, t("stores.form.cap"), t("stores.form.capHint"), { inputMode: "decimal" })}
        {textInput(
          fields.confirmationDays,
          t("stores.form.confirmationDays"),
          t("stores.form.confirmationDaysHint", { days: platform.confirmationDays }),
          { inputMode: "numeric" },
        )}
      </Section>

      <Section title={t("stores.form.sections.texts")}>
        {localizedTextareas(description, "stores.form.descriptionIn", 3)}
        {localizedTextareas(terms, "stores.form.termsIn", 5)}
      </Section>

      <div className="flex flex-wrap gap-3">
        <SubmitButton className="btn-primary" pendingLabel={t("stores.form.saving")}>
          {mode === "new" ? t("stores.form.create") : t("stores.form.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}

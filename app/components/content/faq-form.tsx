/**
 * The admin's FAQ question form (new and edit): a Remix `<Form>` posting to its own route, checked by
 * the same zod schema in the browser (Conform) and in the action; every typed value kept on an error.
 * A new question chooses its language and whether it is published at once.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CheckboxField, Field, FormErrors, SubmitButton, TextareaField } from "~/components/forms";
import { FAQ_CATEGORIES } from "~/help/faq";
import { EditFaqSchema, NewFaqSchema } from "~/help/faq-form";
import { LOCALE_NAMES, LOCALES } from "~/i18n/config";
import { ConformSelectField } from "~/components/forms-conform";

export interface FaqFormValues {
  locale?: string;
  category: string;
  question: string;
  answer: string;
  published?: boolean;
}

export function FaqForm({
  mode,
  lastResult,
  defaultValue,
}: {
  mode: "new" | "edit";
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: FaqFormValues;
}) {
  const { t } = useTranslation("content");
  const schema = mode === "new" ? NewFaqSchema : EditFaqSchema;
  const [form, fields] = useForm<FaqFormValues, unknown>({
    id: `faq-${mode}`,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const { key: _questionKey, ...questionProps } = getInputProps(fields.question as FieldMetadata<string>, { type: "text" });
  const { key: _answerKey, ...answerProps } = getTextareaProps(fields.answer as FieldMetadata<string>);
  const { key: _publishedKey, ...publishedProps } = getInputProps(fields.published as FieldMetadata<boolean>, { type: "checkbox" });
  return (
    <Form method="post" className="space-y-2 rounded-2xl border border-slate-200 bg-surface p-5 sm:p-6" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {mode === "new" ? (
          <ConformSelectField
            label={t("faq.form.language")}
            field={fields.locale}
            options={LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
          />
        ) : null}
        <ConformSelectField
          label={t("faq.form.category")}
          field={fields.category}
          options={FAQ_CATEGORIES.map((id) => ({ value: id, label: t(`faq:categories.${id}`) }))}
        />
      </div>
      <Field
        labelProps={{ children: t("faq.form.question") }}
        inputProps={{ ...questionProps, autoComplete: "off" }}
        errors={fields.question.errors}
      />
      <TextareaField
        labelProps={{ children: t("faq.form.answer") }}
        textareaProps={{ ...answerProps, rows: 6 }}
        errors={fields.answer.errors}
      />
      {mode === "new" ? (
        <CheckboxField label={t("faq.form.published")} inputProps={publishedProps} errors={fields.published.errors} />
      ) : null}
      <SubmitButton className="btn-primary" pendingLabel={t("faq.form.saving")}>
        {mode === "new" ? t("faq.form.create") : t("faq.form.save")}
      </SubmitButton>
    </Form>
  );
}

/**
 * The admin's article form (new and edit): a Remix `<Form>` posting to its own route, checked by the
 * same zod schema in the browser (Conform, with JavaScript) and in the action. Two submit buttons:
 * Preview (`intent=preview`: the action renders the Markdown and the page shows it under the form,
 * nothing saved) and Save (`intent=save`). Every typed value comes back after either. Also the
 * preview itself, rendered like the public article page.
 */
import { getFormProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { ConformSelectField, textInput } from "~/components/forms-conform";
import { useTranslation } from "~/i18n/react";
import { BLOG_COVERS, coverName, EditArticleSchema, NewArticleSchema, type ArticleFormValues } from "~/blog/article-form";
import { FormErrors, SubmitButton, TextareaField } from "~/components/forms";
import { LOCALE_NAMES, LOCALES } from "~/i18n/config";
import { formatDate } from "~/utils/dates";

export function ArticleForm({
  mode,
  lastResult,
  defaultValue,
}: {
  mode: "new" | "edit";
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: ArticleFormValues;
}) {
  const { t } = useTranslation("content");
  const schema = mode === "new" ? NewArticleSchema : EditArticleSchema;
  const [form, fields] = useForm<ArticleFormValues, unknown>({
    id: `article-${mode}`,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const { key: _excerptKey, ...excerptProps } = getTextareaProps(fields.excerpt as FieldMetadata<string>);
  const { key: _bodyKey, ...bodyProps } = getTextareaProps(fields.body as FieldMetadata<string>);

  return (
    <Form method="post" className="space-y-4 rounded-2xl border border-slate-200 bg-surface p-5 sm:p-6" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {mode === "new" ? (
          <ConformSelectField
            label={t("blog.form.locale")}
            field={fields.locale}
            options={LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
          />
        ) : null}
        {textInput(fields.slug, t("blog.form.slug"), t("blog.form.slugHint"), { autoCapitalize: "none", spellCheck: false })}
        <div className="sm:col-span-2">{textInput(fields.title, t("blog.form.title"))}</div>
        {textInput(fields.author, t("blog.form.author"))}
        <ConformSelectField
          label={t("blog.form.cover")}
          field={fields.cover}
          options={[
            { value: "", label: t("blog.form.noCover") },
            ...BLOG_COVERS.map((cover) => ({ value: cover, label: t(`blog.covers.${coverName(cover)}`) })),
          ]}
        />
        <TextareaField
          className="sm:col-span-2"
          labelProps={{ children: t("blog.form.excerpt") }}
          textareaProps={{ ...excerptProps, rows: 3 }}
          errors={fields.excerpt.errors}
        />
        <div className="sm:col-span-2">
          <TextareaField
            labelProps={{ children: t("blog.form.body") }}
            textareaProps={{ ...bodyProps, rows: 18 }}
            errors={fields.body.errors}
          />
          <p className="text-xs text-slate-600">{t("blog.form.bodyHint")}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton className="btn-secondary" name="intent" value="preview" pendingLabel={t("blog.form.previewing")}>
          {t("blog.form.preview")}
        </SubmitButton>
        <SubmitButton className="btn-primary" name="intent" value="save" pendingLabel={t("blog.form.saving")}>
          {mode === "new" ? t("blog.form.create") : t("blog.form.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}

export interface ArticlePreviewData {
  title: string;
  excerpt: string;
  author: string;
  cover: string | null;
  readingMinutes: number;
  html: string;
}

/** The article as the public page would show it (Markdown through the same renderer). */
export function ArticlePreview({ preview, locale }: { preview: ArticlePreviewData; locale: string }) {
  const { t } = useTranslation("content");
  return (
    <section
      aria-labelledby="article-preview-title"
      className="mt-8 rounded-2xl border-2 border-dashed border-brand-700 bg-surface p-5 sm:p-8"
      data-testid="article-preview"
    >
      <h2 id="article-preview-title" className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {t("blog.previewTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("blog.previewHint")}</p>
      <article className="mt-6">
        <h3 className="text-3xl font-bold tracking-tight">{preview.title}</h3>
        <p className="mt-3 text-sm text-slate-600">
          {preview.author} · {formatDate(new Date().toISOString(), locale)} · {t("blog:readingTime", { count: preview.readingMinutes })}
        </p>
        <p className="mt-4 text-slate-700">{preview.excerpt}</p>
        {preview.cover ? (
          <img src={preview.cover} alt="" className="mt-6 aspect-[16/9] w-full rounded-2xl bg-brand-50 object-cover" />
        ) : null}
        {/* Markdown rendered by the public page's renderer (raw HTML removed; blog.server.ts). */}
        <div className="article-body mt-6" dangerouslySetInnerHTML={{ __html: preview.html }} />
      </article>
    </section>
  );
}

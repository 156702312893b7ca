/**
 * The assistant's question form (`question`, at most 500 characters, `intent=ask`, the page's
 * client account as `client`): posted as a form without JavaScript, answered through the stream
 * with it.
 */
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { AskSchema } from "~/assistant/ask-form";
import { QUESTION_MAX } from "~/assistant/assistant";
import { FormErrors, SubmitButton, TextareaField } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";

export function QuestionForm({
  prefill,
  client,
  lastResult,
  busy,
  onAsk,
}: {
  prefill: string;
  client: string;
  lastResult: unknown;
  busy: boolean;
  onAsk: (formData: FormData, form: HTMLFormElement) => void;
}) {
  const { t } = useTranslation("assistant");
  const locale = usePageLocale();
  const [form, fields] = useForm({
    id: "assistant-question",
    lastResult: lastResult as never,
    defaultValue: { question: prefill },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AskSchema }),
    shouldValidate: "onSubmit",
    // With JavaScript, a valid question is answered as it is composed (the stream route).
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      if (!busy) onAsk(formData, event.currentTarget);
    },
  });
  return (
    <Form method="post" action={localePath(locale, "/assistant")} className="space-y-3" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextareaField
        labelProps={{ children: t("question") }}
        textareaProps={{ ...getTextareaProps(fields.question), maxLength: QUESTION_MAX, rows: 3, required: true }}
        errors={fields.question.errors}
      />
      <p className="text-sm text-slate-500">{t("questionHint", { max: QUESTION_MAX })}</p>
      <input type="hidden" name="intent" value="ask" />
      {client ? <input type="hidden" name="client" value={client} /> : null}
      <SubmitButton pendingLabel={t("asking")} busy={busy}>
        {t("ask")}
      </SubmitButton>
    </Form>
  );
}

/** The message, its replies, and the reply form (or, for a done message, reopening it). */
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { FormErrors, SubmitButton, TextareaField } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDateTime } from "./format";
import type { action, MessageData } from "./route";
import { Section } from "~/components/section";

export function Conversation({
  message,
  replyMaxLength,
  language,
}: Pick<MessageData, "message" | "replyMaxLength"> & { language: string }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ intent: string; body: string }>({
    id: "reply-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  const done = message.status === "done";
  return (
    <div className="min-w-0 space-y-6 lg:col-span-2">
      <Section id="message-text-title" title={t("messages.messageTitle")} box="card">
        <p className="mt-3 whitespace-pre-wrap break-words text-slate-800" data-testid="message-text">
          {message.message}
        </p>
      </Section>

      <Section id="message-replies-title" title={t("messages.repliesTitle")} box="card">
        {message.replies.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("messages.noReplies")}</p>
        ) : (
          <ol className="mt-3 space-y-4" data-testid="message-replies">
            {message.replies.map((reply) => (
              <li key={reply.id} className="border-l-4 border-slate-200 pl-4">
                <p className="text-xs font-medium text-slate-600">
                  {reply.author
                    ? t("messages.replyBy", { name: reply.author.name, date: formatDateTime(reply.createdAt, locale) })
                    : t("messages.replyByFormer", { date: formatDateTime(reply.createdAt, locale) })}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{reply.body}</p>
              </li>
            ))}
          </ol>
        )}
      </Section>

      {done ? (
        <section className="rounded-2xl border border-slate-200 bg-surface p-5">
          <p className="text-sm text-slate-700">{t("messages.doneText")}</p>
          <Form method="post" className="mt-3">
            <SubmitButton className="btn-secondary" name="intent" value="reopen">
              {t("messages.reopen")}
            </SubmitButton>
          </Form>
        </section>
      ) : (
        <Section id="message-reply-title" title={t("messages.replyTitle")} box="card">
          <p className="mt-1 break-words text-sm text-slate-600">{t("messages.replyHint", { email: message.email, language })}</p>
          <Form method="post" className="mt-3" {...getFormProps(form)}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextareaField
              labelProps={{ children: t("messages.replyLabel") }}
              textareaProps={{ ...getTextareaProps(fields.body), maxLength: replyMaxLength, rows: 8 }}
              errors={fields.body.errors}
            />
            <SubmitButton name="intent" value="reply" pendingLabel={t("messages.sending")}>
              {t("messages.sendReply")}
            </SubmitButton>
          </Form>
        </Section>
      )}
    </div>
  );
}

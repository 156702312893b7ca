/**
 * The assistant (`/assistant`): the signed-in user's conversation, question and answer bubbles,
 * each answer with its sources; a form (`question`, at most 500 characters) posts a question and
 * the page shows the conversation again (no JavaScript needed); "Delete conversation"
 * (`intent=clear`) empties it. The empty conversation offers example questions as links that fill
 * the form (`?q=`). Questions are rate-limited per user.
 */
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { EXAMPLE_QUESTIONS, QUESTION_MAX, type AssistantMessage } from "~/assistant/assistant";
import { ask, clearConversation, listMessages } from "~/assistant/assistant.server";
import { requireUser } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { FormErrors, SubmitButton, TextareaField } from "~/components/forms";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { consumeRateLimit } from "~/security/rate-limit.server";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";

export const handle = { i18n: ["common", "assistant"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const { flash, headers } = await takeFlash(request);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return data(
    {
      meta: await pageMeta(params, "assistant", "meta"),
      messages: await listMessages(db(), user.id),
      prefill: q.replace(/\u0000/g, "").slice(0, QUESTION_MAX),
      notice: flash?.kind === "notice" ? flash : null,
    },
    { headers },
  );
}

const AskSchema = z.object({
  question: z
    .string({ required_error: "assistant:errors.required" })
    .trim()
    .min(1, "assistant:errors.required")
    .max(QUESTION_MAX, "assistant:errors.tooLong")
    .refine((value) => !value.includes("\u0000"), "assistant:errors.required"),
});

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { user } = await requireUser(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const form = await readForm(request);
  const here = localePath(locale, "/assistant");
  if (form.get("intent") === "clear") {
    await unitOfWork(db(), (tx) => clearConversation(tx, user.id));
    throw redirect(here, { headers: { "Set-Cookie": await setFlash({ kind: "notice", key: "assistant:cleared" }) } });
  }
  const submission = parseWithZod(form, { schema: AskSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const verdict = await consumeRateLimit(db(), "assistantQuestion", user.id);
  if (!verdict.allowed) {
    return data({ result: submission.reply({ formErrors: ["assistant:errors.rateLimited"] }) }, { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
  }
  const { answer } = await ask(db(), { userId: user.id, locale, question: submission.value.question });
  throw redirect(`${here}#message-${answer.id}`);
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

function Bubble({ message }: { message: AssistantMessage }) {
  const { t } = useTranslation("assistant");
  const locale = usePageLocale();
  const mine = message.role === "question";
  return (
    <li id={`message-${message.id}`} className={`flex ${mine ? "justify-end" : "justify-start"}`}>
      <div className={`max-w-[85%] rounded-2xl px-4 py-3 ${mine ? "bg-brand-700 text-white" : "border border-slate-200 bg-surface text-slate-900"}`}>
        <p className={`text-xs font-semibold ${mine ? "text-white/80" : "text-slate-500"}`}>{mine ? t("you") : t("assistant")}</p>
        <p className="mt-1 whitespace-pre-line break-words">{message.content}</p>
        {message.sources.length ? (
          <div className="mt-3 border-t border-slate-200 pt-2 text-sm">
            <p className="font-medium text-slate-700">{t("sources")}</p>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {message.sources.map((source) => (
                <li key={`${source.link}-${source.title}`}>
                  <Link to={localePath(locale, source.link)} className="font-medium text-brand-700 underline">
                    {source.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {message.via === "llm" ? <p className="mt-2 text-xs text-slate-500">{t("via.llm")}</p> : null}
      </div>
    </li>
  );
}

function QuestionForm({ prefill, lastResult }: { prefill: string; lastResult: unknown }) {
  const { t } = useTranslation("assistant");
  const locale = usePageLocale();
  const [form, fields] = useForm({
    id: "assistant-question",
    lastResult: lastResult as never,
    defaultValue: { question: prefill },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AskSchema }),
    shouldValidate: "onSubmit",
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
      <SubmitButton pendingLabel={t("asking")}>{t("ask")}</SubmitButton>
    </Form>
  );
}

export default function Assistant() {
  const { t } = useTranslation("assistant");
  const locale = usePageLocale();
  const { messages, prefill, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const here = localePath(locale, "/assistant");
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
          <p className="mt-2 max-w-3xl text-slate-600">{t("intro")}</p>
        </div>
        {messages.length ? (
          <Form method="post">
            <SubmitButton name="intent" value="clear" className="btn-secondary" pendingLabel={t("clearing")}>
              {t("clear")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}

      <section aria-labelledby="conversation" className="mt-6">
        <h2 id="conversation" className="sr-only">
          {t("conversation")}
        </h2>
        {messages.length ? (
          <ol className="space-y-3" data-testid="assistant-conversation">
            {messages.map((message) => (
              <Bubble key={message.id} message={message} />
            ))}
          </ol>
        ) : (
          <div className="rounded-2xl border border-slate-200 bg-surface p-5">
            <p className="text-slate-700">{t("empty")}</p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {EXAMPLE_QUESTIONS.map((key) => (
                <li key={key}>
                  <Link to={`${here}?q=${encodeURIComponent(t(`examples.${key}`))}#ask`} className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100">
                    {t(`examples.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <div id="ask" className="mt-6">
        {/* A new question or prefill starts a fresh form (with JavaScript the page is not reloaded). */}
        <QuestionForm key={`${prefill}|${messages.length}`} prefill={prefill} lastResult={actionData?.result} />
      </div>
    </div>
  );
}

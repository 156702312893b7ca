/**
 * The assistant (`/assistant`): the signed-in user's conversation, question and answer bubbles,
 * each answer with its sources; a form (`question`, at most 500 characters) posts a question and
 * the page shows the conversation again (no JavaScript needed); "Delete conversation"
 * (`intent=clear`) empties it. The empty conversation offers example questions as links that fill
 * the form (`?q=`). Opened for a client account (`?client=`, as the ad pages link it), questions
 * that name none are about that one. Questions are rate-limited per user. With JavaScript the same form posts to
 * `/assistant/stream` and the answer fills its bubble as it is composed; once it is stored, the
 * loader's conversation replaces the live bubbles.
 */
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { AskSchema } from "~/assistant/ask-form";
import { acceptQuestion } from "~/assistant/ask-form.server";
import {
  ASSISTANT_STREAM_PATH,
  ASSISTANT_STREAM_TYPE,
  EXAMPLE_QUESTIONS,
  QUESTION_MAX,
  type AssistantMessage,
  type AssistantSource,
  type AssistantStreamEvent,
} from "~/assistant/assistant";
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
  const search = new URL(request.url).searchParams;
  const q = search.get("q") ?? "";
  return data(
    {
      meta: await pageMeta(params, "assistant", "meta"),
      messages: await listMessages(db(), user.id),
      prefill: q.replace(/\u0000/g, "").slice(0, QUESTION_MAX),
      client: (search.get("client") ?? "").slice(0, 64),
      notice: flash?.kind === "notice" ? flash : null,
    },
    { headers },
  );
}

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
  const verdict = await acceptQuestion(db(), user.id, form);
  if (!verdict.ok) {
    return data(
      { result: verdict.result },
      { status: verdict.status, headers: verdict.retryAfterSeconds ? { "Retry-After": String(verdict.retryAfterSeconds) } : undefined },
    );
  }
  const { answer } = await ask(db(), { userId: user.id, locale, question: verdict.question, clientAccountId: verdict.clientAccountId });
  const scope = verdict.clientAccountId ? `?client=${encodeURIComponent(verdict.clientAccountId)}` : "";
  throw redirect(`${here}${scope}#message-${answer.id}`);
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

function BubbleFrame({ mine, id, children, live }: { mine: boolean; id?: string; children: React.ReactNode; live?: boolean }) {
  const { t } = useTranslation("assistant");
  return (
    <li id={id} className={`flex ${mine ? "justify-end" : "justify-start"}`} data-live={live || undefined}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-3 ${mine ? "bg-accent text-white" : "border border-slate-200 bg-surface text-slate-900"}`}
      >
        <p className={`text-xs font-semibold ${mine ? "text-white" : "text-slate-500"}`}>{mine ? t("you") : t("assistant")}</p>
        {children}
      </div>
    </li>
  );
}

function Sources({ sources }: { sources: AssistantSource[] }) {
  const { t } = useTranslation("assistant");
  const locale = usePageLocale();
  if (!sources.length) return null;
  return (
    <div className="mt-3 border-t border-slate-200 pt-2 text-sm">
      <p className="font-medium text-slate-700">{t("sources")}</p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {sources.map((source) => (
          <li key={`${source.link}-${source.title}`}>
            <Link to={localePath(locale, source.link)} className="font-medium text-brand-700 underline">
              {source.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Bubble({ message }: { message: AssistantMessage }) {
  const { t } = useTranslation("assistant");
  return (
    <BubbleFrame mine={message.role === "question"} id={`message-${message.id}`}>
      <p className="mt-1 whitespace-pre-line break-words">{message.content}</p>
      <Sources sources={message.sources} />
      {message.via === "llm" ? <p className="mt-2 text-xs text-slate-500">{t("via.llm")}</p> : null}
    </BubbleFrame>
  );
}

/** A question asked with JavaScript and its answer as it arrives, until the stored conversation replaces them. */
interface LiveExchange {
  question: string;
  text: string;
  state: "answering" | "stored" | "failed";
  sources: AssistantSource[];
  answerId: string | null;
  /** The AI model stopped part-way: the composed answer replaced its text. */
  interrupted: boolean;
}

function LiveBubbles({ live }: { live: LiveExchange }) {
  const { t } = useTranslation("assistant");
  const answering = live.state === "answering";
  return (
    <>
      <BubbleFrame mine live>
        <p className="mt-1 whitespace-pre-line break-words">{live.question}</p>
      </BubbleFrame>
      <BubbleFrame mine={false} live>
        <div aria-live="polite" aria-busy={answering} data-testid="assistant-live-answer">
          {live.text ? <p className="mt-1 whitespace-pre-line break-words">{live.text}</p> : null}
          {answering ? (
            <p className="mt-1 flex items-center gap-2 text-sm text-slate-500">
              <span aria-hidden="true" className="inline-flex gap-1">
                <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-slate-400" />
                <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-slate-400 [animation-delay:150ms]" />
                <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-slate-400 [animation-delay:300ms]" />
              </span>
              {t("answering")}
            </p>
          ) : null}
          {live.interrupted ? <p className="mt-2 text-xs text-slate-500">{t("llmInterrupted")}</p> : null}
          {live.state === "failed" ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {t("errors.streamFailed")}
            </p>
          ) : null}
        </div>
        <Sources sources={live.sources} />
      </BubbleFrame>
    </>
  );
}

/** The form's question as URL-encoded text, as the browser would post it. */
function formBody(formData: FormData): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") body.append(name, value);
  return body;
}

/**
 * With JavaScript: posts the question to the stream route and builds the answer as its events
 * arrive; once it is stored, the loader runs again and the stored conversation replaces the live
 * bubbles. A refusal (400, 429) goes to the form as the action's would; a signed-out visitor's
 * post falls back to the form's own submission (to the sign-in page).
 */
function useAnswerStream(messages: AssistantMessage[], onRefused: (result: unknown) => void) {
  const locale = usePageLocale();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [live, setLive] = useState<LiveExchange | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const stored = Boolean(live?.answerId && messages.some((message) => message.id === live.answerId));
  useEffect(() => {
    if (stored) setLive(null);
  }, [stored]);

  const ask = useCallback(
    async (formData: FormData, formElement: HTMLFormElement) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const update = (change: (current: LiveExchange) => LiveExchange) => {
        if (running.current === controller) setLive((current) => (current ? change(current) : current));
      };
      const fail = () => update((current) => ({ ...current, state: "failed" }));
      onRefused(null);
      setLive({
        question: String(formData.get("question") ?? "").trim(),
        text: "",
        state: "answering",
        sources: [],
        answerId: null,
        interrupted: false,
      });
      let answerId: string | null = null;
      try {
        const response = await fetch(localePath(locale, ASSISTANT_STREAM_PATH), {
          method: "POST",
          body: formBody(formData),
          headers: { Accept: ASSISTANT_STREAM_TYPE },
          redirect: "manual",
          signal: controller.signal,
        });
        const type = response.headers.get("Content-Type") ?? "";
        if (response.type === "opaqueredirect") {
          setLive(null);
          formElement.submit();
          return;
        }
        if (!response.ok) {
          const body = type.includes("application/json")
            ? ((await response.json().catch(() => null)) as { result?: unknown } | null)
            : null;
          if (body?.result) {
            setLive(null);
            onRefused(body.result);
          } else fail();
          return;
        }
        if (!type.startsWith(ASSISTANT_STREAM_TYPE) || !response.body) return fail();
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const chunk = await reader.read();
          buffer += chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
          const lines = buffer.split("\n");
          buffer = chunk.done ? "" : (lines.pop() ?? "");
          for (const line of lines) {
            if (!line.trim()) continue;
            const event = JSON.parse(line) as AssistantStreamEvent;
            if (event.type === "delta") update((current) => ({ ...current, text: current.text + event.text }));
            else if (event.type === "replace") update((current) => ({ ...current, text: event.text, interrupted: true }));
            else if (event.type === "sources") update((current) => ({ ...current, sources: event.sources }));
            else if (event.type === "done") {
              answerId = event.answer.id;
              update((current) => ({
                ...current,
                text: event.answer.content,
                sources: event.answer.sources,
                state: "stored",
                answerId: event.answer.id,
              }));
            } else if (event.type === "error") return fail();
          }
          if (chunk.done) break;
        }
      } catch {
        if (!controller.signal.aborted) fail();
        return;
      }
      if (!answerId) return fail();
      // The stored conversation replaces the live bubbles; a question prefilled from ?q= is gone, as
      // after the form's redirect.
      if (window.location.search)
        navigate(`${localePath(locale, "/assistant")}#message-${answerId}`, { replace: true, preventScrollReset: true });
      else revalidator.revalidate();
    },
    [locale, navigate, onRefused, revalidator],
  );
  return { live: stored ? null : live, ask };
}

function QuestionForm({
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

export default function Assistant() {
  const { t } = useTranslation("assistant");
  const locale = usePageLocale();
  const { messages, prefill, client, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [refusal, setRefusal] = useState<unknown>(null);
  const { live, ask } = useAnswerStream(messages, setRefusal);
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
        {messages.length || live ? (
          <ol className="space-y-3" data-testid="assistant-conversation">
            {messages.map((message) => (
              <Bubble key={message.id} message={message} />
            ))}
            {live ? <LiveBubbles live={live} /> : null}
          </ol>
        ) : (
          <div className="rounded-2xl border border-slate-200 bg-surface p-5">
            <p className="text-slate-700">{t("empty")}</p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {EXAMPLE_QUESTIONS.map((key) => (
                <li key={key}>
                  <Link
                    to={`${here}?q=${encodeURIComponent(t(`examples.${key}`))}#ask`}
                    className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100"
                  >
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
        <QuestionForm
          key={`${prefill}|${messages.length}`}
          prefill={prefill}
          client={client}
          lastResult={refusal ?? actionData?.result}
          busy={live !== null && live.state !== "failed"}
          onAsk={(formData, form) => void ask(formData, form)}
        />
      </div>
    </div>
  );
}

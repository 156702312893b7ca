/**
 * The assistant's conversation as bubbles: each stored question and answer (an answer with its
 * sources, and a note when an AI model wrote it), the live bubbles of a question being answered
 * with JavaScript, and the empty conversation's example questions (links that fill the form).
 */
import { Link } from "@remix-run/react";
import { EXAMPLE_QUESTIONS, type AssistantMessage, type AssistantSource } from "~/assistant/assistant";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";

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
export interface LiveExchange {
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

export function Conversation({ messages, live }: { messages: AssistantMessage[]; live: LiveExchange | null }) {
  const { t } = useTranslation("assistant");
  const locale = usePageLocale();
  const here = localePath(locale, "/assistant");
  return (
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
  );
}

/**
 * The assistant page with JavaScript: a question posted to the stream route, its answer built as
 * the events arrive (`LiveExchange`), until the stored conversation replaces it.
 */
import { useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ASSISTANT_STREAM_PATH, ASSISTANT_STREAM_TYPE, type AssistantMessage, type AssistantStreamEvent } from "~/assistant/assistant";
import { usePageLocale } from "~/i18n/use-page-locale";
import { localePath } from "~/utils/paths";
import type { LiveExchange } from "./conversation";

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
export function useAnswerStream(messages: AssistantMessage[], onRefused: (result: unknown) => void) {
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

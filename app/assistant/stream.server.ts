/**
 * The assistant's answer as it is composed (`POST /assistant/stream`, the page with JavaScript):
 * owns turning an accepted question into a stream of `AssistantStreamEvent`s (assistant.ts), one
 * JSON object a line (NDJSON).
 *
 * - Without an LLM endpoint, the composed answer goes out line by line as its parts are ready (the
 *   user's figures, then the help passages: `composeLines`), then its sources.
 * - With one (`LLM_URL`, `LLM_API_KEY`), the same context as the form's path is posted with
 *   `stream: true` and each `choices[0].delta.content` of its server-sent events is passed on as it
 *   arrives, until `data: [DONE]` (or a `finish_reason`).
 *   - It fails before any text (HTTP error, unreachable, nothing said within `LLM_TIMEOUT_MS`, an
 *     empty answer): the composed answer is sent instead, line by line, exactly as without an LLM.
 *   - It fails part-way (the connection drops, a malformed or error event, silence for
 *     `LLM_TIMEOUT_MS`, or more than `LLM_STREAM_MAX_MS` in all): a half-phrased answer can cut a
 *     figure short, so it is not kept: a `replace` event swaps the text shown for the composed
 *     answer, and that is what is stored (`via: "rules"`).
 *   - An answer longer than `LLM_ANSWER_MAX` characters is cut there, as on the form's path.
 * - When the answer is complete, the question and that exact answer (whitespace around it trimmed)
 *   are stored by `storeExchange`, the one way an exchange is stored (both rows in one unit of work),
 *   and the last event, `done`, carries the stored messages. A failure there is an `error` event
 *   with nothing stored.
 * - A client that goes away (the request's signal aborts, or the stream is cancelled) stops it: the
 *   endpoint's request is aborted and nothing is stored, so the conversation never holds a
 *   question without its answer. (Once storing has begun, it finishes: both rows or neither.)
 */
import { createParser } from "eventsource-parser";
import { env } from "~/config/env.server";
import type { Db } from "~/db/db.server";
import type { Locale } from "~/i18n/config";
import type { AssistantStreamEvent } from "./assistant";
import {
  compose,
  composeLines,
  llmRequest,
  LLM_ANSWER_MAX,
  LLM_TIMEOUT_MS,
  storeExchange,
  type AskInput,
  type Composed,
  type FinishedAnswer,
  type LlmConfig,
} from "./assistant.server";
import { NamedError } from "~/utils/named-error";

/** The longest a streamed answer may take in all. */
export const LLM_STREAM_MAX_MS = 120_000;

export interface StreamInput extends AskInput {
  /** Aborts when the client goes away (the request's signal). */
  signal?: AbortSignal;
}

export class LlmStreamError extends NamedError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}

interface StreamOptions {
  signal?: AbortSignal;
  /** Silence allowed before the first byte and between chunks. */
  idleTimeoutMs?: number;
  totalTimeoutMs?: number;
}

/**
 * The text deltas of a streamed chat completion, in order. Ends at `data: [DONE]` or a
 * `finish_reason`; throws `LlmStreamError` on an HTTP error, a malformed or error event, silence
 * for `idleTimeoutMs`, or a stream that ends before either. Stopping early (or `signal`) aborts the
 * request.
 */
export async function* streamLlm(
  llm: LlmConfig,
  locale: Locale,
  question: string,
  composed: Composed,
  options: StreamOptions = {},
): AsyncGenerator<string, void, void> {
  const idle = options.idleTimeoutMs ?? LLM_TIMEOUT_MS;
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener("abort", stop, { once: true });
  let idleTimer = setTimeout(() => controller.abort(new LlmStreamError("timed out")), idle);
  const totalTimer = setTimeout(() => controller.abort(new LlmStreamError("took too long")), options.totalTimeoutMs ?? LLM_STREAM_MAX_MS);
  const stillTalking = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => controller.abort(new LlmStreamError("timed out")), idle);
  };
  const deltas: string[] = [];
  let finished = false;
  let problem: LlmStreamError | null = null;
  const parser = createParser({
    onEvent(event) {
      if (finished || problem) return;
      if (event.data.trim() === "[DONE]") {
        finished = true;
        return;
      }
      let body: { error?: unknown; choices?: Array<{ delta?: { content?: unknown }; finish_reason?: unknown }> };
      try {
        body = JSON.parse(event.data);
      } catch {
        problem = new LlmStreamError("malformed event");
        return;
      }
      if (body.error) {
        problem = new LlmStreamError("error event");
        return;
      }
      const choice = body.choices?.[0];
      const content = choice?.delta?.content;
      if (typeof content === "string" && content) deltas.push(content);
      if (typeof choice?.finish_reason === "string" && choice.finish_reason) finished = true;
    },
  });
  try {
    const request = llmRequest(llm, locale, question, composed, { stream: true });
    let response: Response;
    try {
      response = await fetch(request.url, { ...request.init, signal: controller.signal });
    } catch (error) {
      throw new LlmStreamError("unreachable", { cause: error });
    }
    if (!response.ok || !response.body) throw new LlmStreamError(`HTTP ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw new LlmStreamError("connection lost", { cause: error });
        }
        if (chunk.done) {
          parser.feed(`${decoder.decode()}\n\n`);
        } else {
          stillTalking();
          parser.feed(decoder.decode(chunk.value, { stream: true }));
        }
        while (deltas.length) yield deltas.shift()!;
        if (problem) throw problem;
        if (finished) return;
        if (chunk.done) throw new LlmStreamError("ended before [DONE]");
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  } finally {
    clearTimeout(idleTimer);
    clearTimeout(totalTimer);
    options.signal?.removeEventListener("abort", stop);
    controller.abort();
  }
}

/** The composed answer's lines as deltas: the first as it is, each next one after a newline. */
function* linesAsDeltas(content: string): Generator<AssistantStreamEvent> {
  const lines = content.split("\n");
  for (const [index, line] of lines.entries()) yield { type: "delta", text: index ? `\n${line}` : line };
}

/** The events of an answer (see the header); stores the exchange before the last one. */
export async function* answerEvents(db: Db, input: StreamInput): AsyncGenerator<AssistantStreamEvent, void, void> {
  const question = input.question.trim();
  const signal = input.signal;
  const llm = input.llm === undefined ? env().llm : input.llm;
  const composeInput = { userId: input.userId, locale: input.locale, question, clientAccountId: input.clientAccountId, nowMs: input.nowMs };
  let composed: Composed;
  let answer: FinishedAnswer;
  if (llm) {
    composed = await compose(db, composeInput);
    if (signal?.aborted) return;
    let text = "";
    let failed = false;
    try {
      for await (const delta of streamLlm(llm, input.locale, question, composed, { signal })) {
        const piece = delta.slice(0, LLM_ANSWER_MAX - text.length);
        text += piece;
        if (piece) yield { type: "delta", text: piece };
        if (text.length >= LLM_ANSWER_MAX) break;
      }
    } catch {
      failed = true;
    }
    if (signal?.aborted) return;
    if (!text) {
      yield* linesAsDeltas(composed.content);
      answer = { content: composed.content, sources: composed.sources, via: "rules" };
    } else if (failed || !text.trim()) {
      yield { type: "replace", text: composed.content, reason: "llmFailed" };
      answer = { content: composed.content, sources: composed.sources, via: "rules" };
    } else {
      answer = { content: text.trim(), sources: composed.sources, via: "llm" };
    }
  } else {
    const lines = composeLines(db, composeInput);
    let first = true;
    for (;;) {
      const step = await lines.next();
      if (signal?.aborted) {
        await lines.return(undefined as never);
        return;
      }
      if (step.done) {
        composed = step.value;
        break;
      }
      yield { type: "delta", text: first ? step.value : `\n${step.value}` };
      first = false;
    }
    answer = { content: composed.content, sources: composed.sources, via: "rules" };
  }
  yield { type: "sources", sources: answer.sources };
  if (signal?.aborted) return;
  const stored = await storeExchange(db, { userId: input.userId, question, answer });
  yield { type: "done", question: stored.question, answer: stored.answer };
}

/**
 * The answer's events as an NDJSON byte stream for a response body. Cancelling it (or `signal`)
 * stops the answer with nothing stored; an unexpected failure ends it with an `error` event.
 */
export function streamAnswer(db: Db, input: StreamInput): ReadableStream<Uint8Array> {
  const cancelled = new AbortController();
  const signal = input.signal ? AbortSignal.any([input.signal, cancelled.signal]) : cancelled.signal;
  const events = answerEvents(db, { ...input, signal });
  const encoder = new TextEncoder();
  const line = (event: AssistantStreamEvent) => encoder.encode(`${JSON.stringify(event)}\n`);
  return new ReadableStream<Uint8Array>({
    async pull(stream) {
      try {
        const step = await events.next();
        if (step.done) stream.close();
        else stream.enqueue(line(step.value));
      } catch (error) {
        if (!signal.aborted) console.error("assistant: the streamed answer failed", error);
        try {
          stream.enqueue(line({ type: "error", message: "assistant:errors.streamFailed" }));
          stream.close();
        } catch {
          // The stream was cancelled meanwhile.
        }
      }
    },
    async cancel(reason) {
      cancelled.abort(reason);
      await events.return(undefined).catch(() => undefined);
    },
  });
}

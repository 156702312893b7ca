/**
 * The assistant's shared names: the question's limit, the example questions, the pages answers
 * link to, the message type the page renders, and the events of an answer streamed as it is
 * composed (`POST /assistant/stream`). Pure TypeScript, safe in the browser bundle.
 */
export const QUESTION_MAX = 500;

/** The empty conversation's example questions (keys under `assistant:examples`). */
export const EXAMPLE_QUESTIONS = ["balance", "cpa", "withdrawal"] as const;

/** The pages an answer's figures come from (paths without the locale). */
export const ASSISTANT_PAGES = {
  wallet: "/wallet",
  cashback: "/cashback",
  withdraw: "/dashboard/withdraw",
  plans: "/plans",
  ads: "/ads",
  audit: "/ads/audit",
  import: "/ads/import",
  faq: "/faq",
  contact: "/contact",
} as const;

export interface AssistantSource {
  title: string;
  /** A path without the locale, e.g. `/faq` or `/blog/<slug>`. */
  link: string;
}

export interface AssistantMessage {
  id: string;
  role: "question" | "answer";
  content: string;
  sources: AssistantSource[];
  /** How the answer was made; null for questions. */
  via: "rules" | "llm" | null;
  createdAt: string;
}

/** Where the page (with JavaScript) posts its form to read the answer as it is composed (without the locale). */
export const ASSISTANT_STREAM_PATH = "/assistant/stream";

/** The streamed answer's content type: one JSON `AssistantStreamEvent` a line. */
export const ASSISTANT_STREAM_TYPE = "application/x-ndjson";

/**
 * The events of a streamed answer, in order: `delta`s (text to append to the answer), at most one
 * `replace` (the AI model failed part-way: the answer is the composed one after all, shown instead
 * of what came so far), `sources`, then `done` once the question and answer are stored (the stored
 * messages; the stored answer is exactly the text the events built), or `error` (nothing stored;
 * `message` is an `assistant:` translation key).
 */
export type AssistantStreamEvent =
  | { type: "delta"; text: string }
  | { type: "replace"; text: string; reason: "llmFailed" }
  | { type: "sources"; sources: AssistantSource[] }
  | { type: "done"; question: AssistantMessage; answer: AssistantMessage }
  | { type: "error"; message: string };

/**
 * The assistant's shared names: the question's limit, the example questions, the pages answers
 * link to, and the message type the page renders. Pure TypeScript, safe in the browser bundle.
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

/**
 * Accepting a question: owns the checks both ways of asking share (`/assistant` without JavaScript,
 * `/assistant/stream` with it) once the route knows who asks: the form's question (AskSchema), then
 * the per-user rate limit (`assistantQuestion`; an invalid question costs nothing). A refusal is a
 * Conform reply for the form and its status (400, or 429 with the seconds to wait).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { Db } from "~/db/db.server";
import { consumeRateLimit } from "~/security/rate-limit.server";
import { AskSchema } from "./ask-form";

export type QuestionVerdict =
  | { ok: true; question: string; clientAccountId: string | null }
  | { ok: false; status: 400 | 429; result: SubmissionResult<string[]>; retryAfterSeconds?: number };

export async function acceptQuestion(db: Db, userId: string, form: FormData): Promise<QuestionVerdict> {
  const submission = parseWithZod(form, { schema: AskSchema });
  if (submission.status !== "success") return { ok: false, status: 400, result: submission.reply() };
  const verdict = await consumeRateLimit(db, "assistantQuestion", userId);
  if (!verdict.allowed) {
    return {
      ok: false,
      status: 429,
      result: submission.reply({ formErrors: ["assistant:errors.rateLimited"] }),
      retryAfterSeconds: verdict.retryAfterSeconds,
    };
  }
  return { ok: true, question: submission.value.question, clientAccountId: submission.value.client || null };
}

/** The first message of a refusal (a translation key), for clients that show one line. */
export function refusalKey(result: SubmissionResult<string[]>): string {
  for (const messages of Object.values(result.error ?? {})) if (messages?.length) return messages[0]!;
  return "assistant:errors.required";
}

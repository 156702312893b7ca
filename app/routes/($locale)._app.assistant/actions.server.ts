/**
 * The assistant page's intent handlers: `clear` empties the user's conversation, `ask` answers a
 * question (refused with the form's errors, 400, or 429 with `Retry-After` when rate-limited) and
 * goes back to the conversation at the answer.
 */
import { data, redirect } from "@remix-run/node";
import { acceptQuestion } from "~/assistant/ask-form.server";
import { ask, clearConversation } from "~/assistant/assistant.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import type { Locale } from "~/i18n/config";
import { localePath } from "~/utils/paths";
import { redirectWithFlash } from "~/utils/http.server";

export async function clearIntent(userId: string, locale: Locale): Promise<never> {
  await unitOfWork(db(), (tx) => clearConversation(tx, userId));
  throw await redirectWithFlash(localePath(locale, "/assistant"), { kind: "notice", key: "assistant:cleared" });
}

export async function askIntent(userId: string, locale: Locale, form: FormData) {
  const verdict = await acceptQuestion(db(), userId, form);
  if (!verdict.ok) {
    return data(
      { result: verdict.result },
      { status: verdict.status, headers: verdict.retryAfterSeconds ? { "Retry-After": String(verdict.retryAfterSeconds) } : undefined },
    );
  }
  const { answer } = await ask(db(), { userId, locale, question: verdict.question, clientAccountId: verdict.clientAccountId });
  const scope = verdict.clientAccountId ? `?client=${encodeURIComponent(verdict.clientAccountId)}` : "";
  throw redirect(`${localePath(locale, "/assistant")}${scope}#message-${answer.id}`);
}

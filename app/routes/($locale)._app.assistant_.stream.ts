/**
 * The assistant's answer as it is composed (`POST /assistant/stream`): the page's question form
 * posted by its script. The same checks as the page's action (same origin, signed in, the question,
 * the rate limit); a refusal is JSON `{ result, message }` (the Conform reply the form shows, and
 * the translated first message) with 400 or 429; otherwise an NDJSON stream of the answer's events
 * (app/assistant/stream.server.ts), stored once complete. POST only.
 */
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { ASSISTANT_STREAM_TYPE } from "~/assistant/assistant";
import { acceptQuestion, refusalKey } from "~/assistant/ask-form.server";
import { streamAnswer } from "~/assistant/stream.server";
import { requireUserForm } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { fixedT } from "~/i18n/translator.server";
import { withSecurityHeaders } from "~/security/headers.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") throw data({ error: "method_not_allowed" }, { status: 405, headers: { Allow: "POST" } });
  const { user, locale, formData } = await requireUserForm(request, params);
  const verdict = await acceptQuestion(db(), user.id, formData);
  if (!verdict.ok) {
    const [ns, key] = refusalKey(verdict.result).split(":") as [string, string];
    return Response.json(
      { result: verdict.result, message: fixedT(locale, ns)(key) },
      {
        status: verdict.status,
        headers: withSecurityHeaders({
          "Cache-Control": "no-store",
          ...(verdict.retryAfterSeconds ? { "Retry-After": String(verdict.retryAfterSeconds) } : {}),
        }),
      },
    );
  }
  const body = streamAnswer(db(), {
    userId: user.id,
    locale,
    question: verdict.question,
    clientAccountId: verdict.clientAccountId,
    signal: request.signal,
  });
  return new Response(body, {
    headers: withSecurityHeaders({
      "Content-Type": `${ASSISTANT_STREAM_TYPE}; charset=utf-8`,
      // no-transform: the server's compression would hold the chunks back.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    }),
  });
}

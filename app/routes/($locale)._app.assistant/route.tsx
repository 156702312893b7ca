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
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { QUESTION_MAX } from "~/assistant/assistant";
import { listMessages } from "~/assistant/assistant.server";
import { requireUser, requireUserForm } from "~/auth/guards.server";
import { FlashNotice } from "~/components/flash-notice";
import { SubmitButton } from "~/components/submit-button";
import { db } from "~/db/db.server";
import { withNamespaces } from "~/i18n/client-loader";
import { metaFromLoader } from "~/utils/meta";
import { pageWithNotice } from "~/utils/http.server";
import { askIntent, clearIntent } from "./actions.server";
import { Conversation } from "./conversation";
import { QuestionForm } from "./question-form";
import { useAnswerStream } from "./use-answer-stream";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "assistant"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, session } = await requireUser(request);
  const search = new URL(request.url).searchParams;
  const q = search.get("q") ?? "";
  return pageWithNotice(request, params, ["assistant", "meta"], {
    messages: await listMessages(db(), user.id),
    prefill: q.replace(/\u0000/g, "").slice(0, QUESTION_MAX),
    // The client account the link names, else the one this session's ad pages were last opened on.
    client: (search.get("client") ?? session.adClientId ?? "").slice(0, 64),
  });
}

/** A form without `clear` as its intent asks its question (the question form says `ask`). */
const IntentSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("ask") }), z.object({ intent: z.literal("clear") })]);

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, locale, formData: form } = await requireUserForm(request, params);
  const { intent } = IntentSchema.parse({ intent: form.get("intent") === "clear" ? "clear" : "ask" });
  switch (intent) {
    case "clear":
      return clearIntent(user.id, locale);
    case "ask":
      return askIntent(user.id, locale, form);
  }
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function Assistant() {
  const { t, loaderData, actionData } = usePage<typeof loader, typeof action>("assistant");
  const { messages, prefill, client, notice } = loaderData;
  const [refusal, setRefusal] = useState<unknown>(null);
  const { live, ask } = useAnswerStream(messages, setRefusal);
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
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>

      <Conversation messages={messages} live={live} />

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

/**
 * One contact message on the messages desk (`/admin/messages/:id`): the message, its sender, the
 * language they wrote in and when; opening it marks a new message read (audited). A reply form
 * (`intent` = `reply`, field `body`) e-mails the sender through the outbox in their language and
 * marks the message replied; `done` closes it and `reopen` opens a done one again. Each action is
 * one unit of work with its audit row (`actions.server.ts`), then post/redirect/get back to this
 * page with a notice.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { type useLoaderData } from "@remix-run/react";
import { BackHeading } from "~/components/admin/back-heading";
import { requireAdmin } from "~/auth/guards.server";
import { languageName, MessageStatusBadge } from "~/components/messages/message-status";
import { getMessage, openMessage, REPLY_MAX_LENGTH } from "~/contact/admin.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { requireSameOrigin } from "~/security/csrf.server";
import { readForm } from "~/utils/form-data.server";
import { takeNotice } from "~/utils/flash.server";
import { invariantResponse, redirectWithFlash } from "~/utils/http.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import * as handlers from "./actions.server";
import { Conversation } from "./conversation";
import { SenderPanel } from "./sender";
import { FlashNotice } from "~/components/flash-notice";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const id = params.id ?? "";
  let message = await getMessage(db(), id);
  invariantResponse(message);
  if (message.status === "new") {
    // Opening a new message marks it read: one unit of work with its audit row.
    await unitOfWork(db(), (tx) => openMessage(tx, { actor, messageId: id }));
    message = await getMessage(db(), id);
    invariantResponse(message);
  }
  const { notice, headers } = await takeNotice(request);
  const meta = await pageMeta(params, "admin", "messages.detailMeta");
  return data(
    {
      meta: { ...meta, title: `${message.name} · ${meta.title}` },
      notice,
      message,
      replyMaxLength: REPLY_MAX_LENGTH,
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { actor } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const id = params.id ?? "";
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: handlers.ActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  let notice: handlers.MessageNotice;
  switch (input.intent) {
    case "reply":
      notice = await handlers.reply(actor, id, input.body);
      break;
    case "done":
      notice = await handlers.markDone(actor, id);
      break;
    case "reopen":
      notice = await handlers.reopen(actor, id);
      break;
  }
  throw await redirectWithFlash(localePath(locale, `/admin/messages/${encodeURIComponent(id)}`), { kind: "notice", ...notice });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export type MessageData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminMessage() {
  const { t, locale, loaderData } = usePage<typeof loader>("admin");
  const { message, notice, replyMaxLength } = loaderData;
  const language = languageName(message.locale, locale);
  return (
    <div className="container-page max-w-5xl py-10">
      <BackHeading
        to={localePath(locale, "/admin/messages")}
        back={t("messages.back")}
        title={t("messages.heading", { name: message.name })}
        badge={<MessageStatusBadge status={message.status} testId="message-status" />}
      />
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Conversation message={message} replyMaxLength={replyMaxLength} language={language} />
        <SenderPanel message={message} language={language} />
      </div>
    </div>
  );
}

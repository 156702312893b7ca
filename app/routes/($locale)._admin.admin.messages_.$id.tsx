/**
 * One contact message on the messages desk (`/admin/messages/:id`): the message, its sender, the
 * language they wrote in and when; opening it marks a new message read (audited). A reply form
 * (`intent` = `reply`, field `body`) e-mails the sender through the outbox in their language and
 * marks the message replied; `done` closes it and `reopen` opens a done one again. Each action is
 * one unit of work with its audit row, then post/redirect/get back to this page with a notice.
 */
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { Notice } from "~/components/auth/auth-card";
import { FormErrors, SubmitButton, TextareaField } from "~/components/forms";
import { languageName, MessageStatusBadge } from "~/components/messages/message-status";
import { env } from "~/config/env.server";
import { getMessage, markMessageDone, openMessage, reopenMessage, replyToMessage, REPLY_MAX_LENGTH } from "~/contact/admin.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { usePageLocale } from "~/i18n/use-page-locale";
import { requireSameOrigin } from "~/security/csrf.server";
import { readForm } from "~/utils/form-data.server";
import { setFlash, takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { dateTimeFormat } from "~/utils/intl";

export const handle = { i18n: ["common", "admin"] };
export const clientLoader = withNamespaces(handle.i18n);

const notFound = () => data({ error: "not_found" }, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const id = params.id ?? "";
  let message = await getMessage(db(), id);
  if (!message) throw notFound();
  if (message.status === "new") {
    // Opening a new message marks it read: one unit of work with its audit row.
    await unitOfWork(db(), (tx) => openMessage(tx, { actor, messageId: id }));
    message = await getMessage(db(), id);
    if (!message) throw notFound();
  }
  const { flash, headers } = await takeFlash(request);
  const meta = await pageMeta(params, "admin", "messages.detailMeta");
  return data(
    {
      meta: { ...meta, title: `${message.name} · ${meta.title}` },
      notice: flash?.kind === "notice" ? flash : null,
      message,
      replyMaxLength: REPLY_MAX_LENGTH,
    },
    { headers },
  );
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("reply"),
    body: z
      .string({ required_error: "admin:messages.errors.bodyRequired" })
      .trim()
      .min(1, "admin:messages.errors.bodyRequired")
      .max(REPLY_MAX_LENGTH, "admin:messages.errors.bodyTooLong"),
  }),
  z.object({ intent: z.literal("done") }),
  z.object({ intent: z.literal("reopen") }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { actor } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const id = params.id ?? "";
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  const messageId = id;

  let notice: { key: string; values?: Record<string, string> };
  if (input.intent === "reply") {
    const replyTo = env().supportEmail;
    const result = await unitOfWork(db(), (tx) => replyToMessage(tx, { actor, messageId, body: input.body, replyTo }));
    if (result.outcome === "notFound") throw notFound();
    notice =
      result.outcome === "replied"
        ? { key: "messages.notices.replied", values: { name: result.name } }
        : { key: "messages.notices.closed" };
  } else if (input.intent === "done") {
    const outcome = await unitOfWork(db(), (tx) => markMessageDone(tx, { actor, messageId }));
    if (outcome === "notFound") throw notFound();
    notice = { key: outcome === "done" ? "messages.notices.done" : "messages.notices.unchanged" };
  } else {
    const outcome = await unitOfWork(db(), (tx) => reopenMessage(tx, { actor, messageId }));
    if (outcome === "notFound") throw notFound();
    notice = { key: outcome === "reopened" ? "messages.notices.reopened" : "messages.notices.unchanged" };
  }
  throw redirect(localePath(locale, `/admin/messages/${encodeURIComponent(id)}`), {
    headers: { "Set-Cookie": await setFlash({ kind: "notice", ...notice }) },
  });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

/** A date and time in the page's locale, in UTC (so the server and the browser agree). */
function formatDateTime(iso: string, locale: string): string {
  return dateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));
}

export default function AdminMessage() {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { message, notice, replyMaxLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ intent: string; body: string }>({
    id: "reply-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  const language = languageName(message.locale, locale);
  const done = message.status === "done";
  return (
    <div className="container-page max-w-5xl py-10">
      <Link to={localePath(locale, "/admin/messages")} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("messages.back")}
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-words text-3xl font-bold tracking-tight">{t("messages.heading", { name: message.name })}</h1>
        <MessageStatusBadge status={message.status} testId="message-status" />
      </div>
      {notice ? (
        <div className="mt-4">
          <Notice>{t(notice.key, notice.values)}</Notice>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <section className="rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby="message-text-title">
            <h2 id="message-text-title" className="text-lg font-bold">
              {t("messages.messageTitle")}
            </h2>
            <p className="mt-3 whitespace-pre-wrap break-words text-slate-800" data-testid="message-text">
              {message.message}
            </p>
          </section>

          <section className="rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby="message-replies-title">
            <h2 id="message-replies-title" className="text-lg font-bold">
              {t("messages.repliesTitle")}
            </h2>
            {message.replies.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t("messages.noReplies")}</p>
            ) : (
              <ol className="mt-3 space-y-4" data-testid="message-replies">
                {message.replies.map((reply) => (
                  <li key={reply.id} className="border-l-4 border-slate-200 pl-4">
                    <p className="text-xs font-medium text-slate-600">
                      {reply.author
                        ? t("messages.replyBy", { name: reply.author.name, date: formatDateTime(reply.createdAt, locale) })
                        : t("messages.replyByFormer", { date: formatDateTime(reply.createdAt, locale) })}
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{reply.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>

          {done ? (
            <section className="rounded-2xl border border-slate-200 bg-surface p-5">
              <p className="text-sm text-slate-700">{t("messages.doneText")}</p>
              <Form method="post" className="mt-3">
                <SubmitButton className="btn-secondary" name="intent" value="reopen">
                  {t("messages.reopen")}
                </SubmitButton>
              </Form>
            </section>
          ) : (
            <section className="rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby="message-reply-title">
              <h2 id="message-reply-title" className="text-lg font-bold">
                {t("messages.replyTitle")}
              </h2>
              <p className="mt-1 break-words text-sm text-slate-600">{t("messages.replyHint", { email: message.email, language })}</p>
              <Form method="post" className="mt-3" {...getFormProps(form)}>
                <FormErrors id={form.errorId} errors={form.errors} />
                <TextareaField
                  labelProps={{ children: t("messages.replyLabel") }}
                  textareaProps={{ ...getTextareaProps(fields.body), maxLength: replyMaxLength, rows: 8 }}
                  errors={fields.body.errors}
                />
                <SubmitButton name="intent" value="reply" pendingLabel={t("messages.sending")}>
                  {t("messages.sendReply")}
                </SubmitButton>
              </Form>
            </section>
          )}
        </div>

        <aside className="min-w-0 space-y-6">
          <section className="rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby="message-sender-title">
            <h2 id="message-sender-title" className="text-lg font-bold">
              {t("messages.sender")}
            </h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div>
                <dt className="text-slate-600">{t("messages.name")}</dt>
                <dd className="break-words font-medium" data-testid="message-sender">
                  {message.name}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("messages.email")}</dt>
                <dd className="break-all">
                  <a href={`mailto:${message.email}`} className="text-brand-700 underline">
                    {message.email}
                  </a>
                </dd>
              </div>
              {message.company ? (
                <div>
                  <dt className="text-slate-600">{t("messages.company")}</dt>
                  <dd className="break-words">{message.company}</dd>
                </div>
              ) : null}
              <div>
                <dt className="text-slate-600">{t("messages.language")}</dt>
                <dd data-testid="message-language">{language}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("messages.received")}</dt>
                <dd>
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, locale)}</time>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("messages.statusLabel")}</dt>
                <dd>
                  <MessageStatusBadge status={message.status} />
                </dd>
              </div>
            </dl>
          </section>
          {done ? null : (
            <section className="rounded-2xl border border-slate-200 bg-surface p-5" aria-labelledby="message-close-title">
              <h2 id="message-close-title" className="text-lg font-bold">
                {t("messages.closeTitle")}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{t("messages.closeHint")}</p>
              <Form method="post" className="mt-3">
                <SubmitButton className="btn-secondary" name="intent" value="done">
                  {t("messages.markDone")}
                </SubmitButton>
              </Form>
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}

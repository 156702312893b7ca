/** The message's sender (name, address, company, language, when) and closing the message. */
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { MessageStatusBadge } from "~/components/messages/message-status";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDateTime } from "./format";
import type { MessageData } from "./route";
import { Section } from "~/components/section";

export function SenderPanel({ message, language }: Pick<MessageData, "message"> & { language: string }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const done = message.status === "done";
  return (
    <aside className="min-w-0 space-y-6">
      <Section id="message-sender-title" title={t("messages.sender")} box="card">
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
      </Section>
      {done ? null : (
        <Section id="message-close-title" title={t("messages.closeTitle")} box="card">
          <p className="mt-1 text-sm text-slate-600">{t("messages.closeHint")}</p>
          <Form method="post" className="mt-3">
            <SubmitButton className="btn-secondary" name="intent" value="done">
              {t("messages.markDone")}
            </SubmitButton>
          </Form>
        </Section>
      )}
    </aside>
  );
}

/**
 * The contact reply e-mail: an admin's answer to a message sent through the contact form, written
 * in the sender's language (`emails:contactReply.*`), with the reply's text and the original
 * message quoted below it. Only builds the message; the messages desk puts it in the outbox.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { formatDate } from "~/utils/dates";
import type { MailMessage } from "./mailer.server";
import { renderMail } from "./templates.server";

export interface ContactReplyMail {
  /** The sender's address and name, and the language they wrote in. */
  to: string;
  name: string;
  locale: string;
  /** What the admin wrote. */
  reply: string;
  /** The sender's message and when it arrived (ISO). */
  original: string;
  sentAt: string;
  /** Where an answer to this e-mail goes (the support address). */
  replyTo?: string;
}

/** The language a reply is written in: the sender's, when it is one the product speaks. */
export function replyLocale(locale: string): Locale {
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

export function contactReplyMail(input: ContactReplyMail): MailMessage {
  const locale = replyLocale(input.locale);
  const t = fixedT(locale, "emails");
  const lines = input.reply
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const parts = renderMail({
    locale,
    heading: t("contactReply.heading"),
    paragraphs: [t("contactReply.greeting", { name: input.name }), ...lines, t("contactReply.closing"), t("contactReply.signature")],
    quote: { label: t("contactReply.quoteLabel", { date: formatDate(input.sentAt, locale) }), text: input.original },
    footer: t("contactReply.footer"),
  });
  return { to: input.to, subject: t("contactReply.subject"), ...(input.replyTo ? { replyTo: input.replyTo } : {}), ...parts };
}

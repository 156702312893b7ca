/**
 * Contact messages: owns the `contact_messages` table and telling support about each message.
 * A message is stored first and then e-mailed to SUPPORT_EMAIL (reply-to the sender); a mail
 * failure is logged and leaves `emailed_at` empty, so no message is ever lost.
 */
import { randomUUID } from "node:crypto";
import { now, type Db } from "~/db/db.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import type { Mailer } from "~/mail/mailer.server";
import type { ContactInput } from "./contact-schema";

export { ContactSchema, type ContactInput } from "./contact-schema";

export interface ContactContext {
  locale: string;
  clientAddress: string;
  mailer: Mailer;
  supportEmail: string;
}

export async function submitContactMessage(db: Db, input: ContactInput, context: ContactContext) {
  const message = {
    id: randomUUID(),
    name: input.name,
    email: input.email,
    company: input.company ?? null,
    message: input.message,
    locale: context.locale,
    clientAddress: context.clientAddress,
    emailedAt: null,
    createdAt: now(),
  };
  await db.insertInto("contactMessages").values(message).execute();

  // Support reads English; the sender's own language is noted in the mail.
  const t = fixedT(DEFAULT_LOCALE, "emails");
  try {
    await context.mailer.send({
      to: context.supportEmail,
      replyTo: input.email,
      subject: t("contact.subject", { name: input.name }),
      text: t("contact.text", {
        name: input.name,
        email: input.email,
        company: input.company ?? "—",
        locale: context.locale,
        message: input.message,
        id: message.id,
      }),
    });
    await db.updateTable("contactMessages").set({ emailedAt: now() }).where("id", "=", message.id).execute();
  } catch (error) {
    console.error(`contact: message ${message.id} stored but not e-mailed`, error);
  }
  return { id: message.id };
}

export async function listContactMessages(db: Db, limit = 50) {
  return db.selectFrom("contactMessages").selectAll().orderBy("createdAt", "desc").limit(limit).execute();
}

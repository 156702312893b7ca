/**
 * E-mail delivery: owns sending a message through nodemailer. With `SMTP_URL` it speaks SMTP;
 * without it (the embedded default) each message is written as an `.eml` file to `data/outbox/`,
 * so a developer can read codes and links without a mail server. Callers build the message
 * (subject and bodies already translated, files as base64 attachments); this module only delivers.
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env, type MailTransport } from "~/config/env.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** A stable Message-ID (`<id@domain>`), so a receiver can tell a message it already has. */
  messageId?: string;
  /** Files sent with the message (kept as base64 so the message stays JSON in the outbox). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** The message as nodemailer takes it (attachments decoded from base64 by nodemailer). */
function toNodemailer(from: string, message: MailMessage): nodemailer.SendMailOptions {
  const { attachments, ...rest } = message;
  return {
    from,
    ...rest,
    ...(attachments?.length
      ? {
          attachments: attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.contentBase64,
            encoding: "base64",
          })),
        }
      : {}),
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export function createMailer(transport: MailTransport, from: string): Mailer {
  if (transport.kind === "smtp") {
    const transporter: Transporter = nodemailer.createTransport(transport.url);
    return {
      async send(message) {
        const info = await transporter.sendMail(toNodemailer(from, message));
        return { messageId: String(info.messageId) };
      },
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(from, message));
      await fs.mkdir(transport.directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(transport.directory, `${stamp}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // The embedded default has no mail server: say where the message went.
      console.log(`[mail] "${message.subject}" to ${message.to} written to ${file}`);
      return { messageId: String(info.messageId) };
    },
    close: () => transporter.close(),
  };
}

let shared: Mailer | undefined;

/** The app's mailer, configured from the environment on first use. */
export function mailer(): Mailer {
  shared ??= createMailer(env().mail, env().mailFrom);
  return shared;
}

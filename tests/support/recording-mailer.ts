/** A Mailer that keeps what it is asked to send (or fails on demand), for domain tests. */
import type { Mailer, MailMessage } from "~/mail/mailer.server";

export function recordingMailer(options: { fail?: boolean } = {}): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      if (options.fail) throw new Error("SMTP is down");
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
    close() {},
  };
}

/** The first URL in a text that contains `fragment`. */
export function linkIn(text: string, fragment: string): URL {
  const match = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(fragment));
  if (!match) throw new Error(`no link containing ${fragment} in: ${text}`);
  return new URL(match);
}

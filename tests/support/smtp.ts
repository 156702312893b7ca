/**
 * A local SMTP receiver (smtp-server) for tests: accepts every message and keeps it, parsed
 * enough to read a subject, the recipients and the text body (codes and links).
 */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
  receivedAt: string;
}

export interface SmtpReceiver {
  port: number;
  messages: ReceivedMail[];
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** Decodes the parts of a simple nodemailer message well enough for tests (quoted-printable). */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const [head = "", ...bodyParts] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subjectLine = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? "";
  const subject = subjectLine.replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replace(/_/g, " ")));
  const body = bodyParts.join("\n\n");
  const plain = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw)?.[1] ?? body;
  return {
    from: envelope.from,
    to: envelope.to,
    subject,
    text: decodeQuotedPrintable(plain),
    raw,
    receivedAt: new Date().toISOString(),
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

export async function startSmtpReceiver(options: { port?: number; onMessage?: (mail: ReceivedMail) => void } = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mailFrom = session.envelope.mailFrom;
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), {
          from: mailFrom ? mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        messages.push(mail);
        options.onMessage?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  // A sender that drops its connection (an app server killed mid-message) is not the receiver's
  // failure: smtp-server reports it as an 'error' event, which unheard would crash the test run.
  server.on("error", () => undefined);
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    port,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.filter(match);
          if (found.length) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error("No matching e-mail arrived in time"));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

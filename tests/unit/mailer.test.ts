/** The mailer speaks real SMTP (received here by smtp-server) and, without SMTP_URL, writes an outbox. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "~/mail/mailer.server";
import { mailAttachments } from "../support/mime";
import { startSmtpReceiver, type SmtpReceiver } from "../support/smtp";

describe("mailer", () => {
  let receiver: SmtpReceiver;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it("delivers over SMTP with the configured sender", async () => {
    const mailer = createMailer({ kind: "smtp", url: `smtp://127.0.0.1:${receiver.port}` }, "Cashwise <no-reply@cashwise.test>");
    await mailer.send({
      to: "mia@example.com",
      subject: "Your code",
      text: "Your code is 123456",
      html: "<p>Your code is <b>123456</b></p>",
    });
    mailer.close();
    const [message] = await receiver.waitFor((m) => m.to.includes("mia@example.com"));
    expect(message!.from).toBe("no-reply@cashwise.test");
    expect(message!.subject).toBe("Your code");
    expect(message!.text).toContain("Your code is 123456");
  });

  it("sends attachments over SMTP with their bytes, name and type intact", async () => {
    const mailer = createMailer({ kind: "smtp", url: `smtp://127.0.0.1:${receiver.port}` }, "Cashwise <no-reply@cashwise.test>");
    // Every byte value, twice, and an odd length: nothing may be lost to a text encoding.
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      Buffer.from("%PDF-1.7\n\u00e9\r\n"),
      Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i)),
      Buffer.from([0]),
    ]);
    await mailer.send({
      to: "ada@example.com",
      subject: "Your report",
      text: "The report is attached.",
      html: "<p>The report is attached.</p>",
      attachments: [
        { filename: "northwind-2026-10-01-2026-10-31.pdf", contentType: "application/pdf", contentBase64: bytes.toString("base64") },
        { filename: "notes.txt", contentType: "text/plain", contentBase64: Buffer.from("héllo").toString("base64") },
      ],
    });
    mailer.close();
    const [message] = await receiver.waitFor((m) => m.to.includes("ada@example.com"));
    expect(message!.subject).toBe("Your report");
    expect(message!.text).toContain("The report is attached.");
    const files = mailAttachments(message!.raw);
    expect(files.map((file) => [file.filename, file.contentType])).toEqual([
      ["northwind-2026-10-01-2026-10-31.pdf", "application/pdf"],
      ["notes.txt", "text/plain"],
    ]);
    expect(files[0]!.bytes.equals(bytes)).toBe(true);
    expect(files[1]!.bytes.toString("utf8")).toBe("héllo");
  });

  it("writes an .eml file to the outbox when no SMTP server is configured", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-outbox-"));
    const mailer = createMailer({ kind: "outbox", directory }, "Cashwise <no-reply@localhost>");
    await mailer.send({ to: "leo@example.com", subject: "Welcome", text: "Hello Leo" });
    const files = fs.readdirSync(directory);
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(directory, files[0]!), "utf8");
    expect(eml).toContain("To: leo@example.com");
    expect(eml).toContain("Subject: Welcome");
    expect(eml).toContain("Hello Leo");
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it("writes attachments into the outbox's .eml file too", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "cashwise-outbox-"));
    const mailer = createMailer({ kind: "outbox", directory }, "Cashwise <no-reply@localhost>");
    const bytes = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7) % 256));
    await mailer.send({
      to: "leo@example.com",
      subject: "Report",
      text: "Attached",
      attachments: [{ filename: "report.pdf", contentType: "application/pdf", contentBase64: bytes.toString("base64") }],
    });
    const [file] = fs.readdirSync(directory);
    const files = mailAttachments(fs.readFileSync(path.join(directory, file!), "latin1"));
    expect(files).toHaveLength(1);
    expect(files[0]!.filename).toBe("report.pdf");
    expect(files[0]!.bytes.equals(bytes)).toBe(true);
    fs.rmSync(directory, { recursive: true, force: true });
  });
});

/** The mailer speaks real SMTP (received here by smtp-server) and, without SMTP_URL, writes an outbox. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "~/mail/mailer.server";
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
    await mailer.send({ to: "mia@example.com", subject: "Your code", text: "Your code is 123456", html: "<p>Your code is <b>123456</b></p>" });
    mailer.close();
    const [message] = await receiver.waitFor((m) => m.to.includes("mia@example.com"));
    expect(message!.from).toBe("no-reply@cashwise.test");
    expect(message!.subject).toBe("Your code");
    expect(message!.text).toContain("Your code is 123456");
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
});

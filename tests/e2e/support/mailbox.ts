/** Reads the e-mails the app sent during end-to-end tests (received by the local SMTP server). */
import fs from "node:fs";
import path from "node:path";
import type { ReceivedMail } from "../../support/smtp";
import { MAILBOX_DIR } from "./paths";

export function readMailbox(): ReceivedMail[] {
  if (!fs.existsSync(MAILBOX_DIR)) return [];
  return fs
    .readdirSync(MAILBOX_DIR)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(MAILBOX_DIR, file), "utf8")) as ReceivedMail);
}

/**
 * Waits for the newest e-mail to `to` (optionally matching a predicate) and returns it. Mail leaves
 * through the outbox, so when an earlier matching e-mail exists, pass `atLeast` to wait for the later one.
 */
export async function waitForMail(
  to: string,
  match: (mail: ReceivedMail) => boolean = () => true,
  timeoutMs = 10_000,
  atLeast = 1,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readMailbox().filter((mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()) && match(mail));
    if (found.length >= atLeast) return found[found.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No e-mail to ${to} arrived within ${timeoutMs} ms`);
}

/** The account flows' wiring for the running app: mail through the outbox, the public URL, the secrets. */
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { outboxMailer } from "~/jobs/outbox.server";
import type { AccountContext } from "./accounts.server";

export function accountContext(): AccountContext {
  const config = env();
  return { mailer: outboxMailer(db()), mailerIn: (tx) => outboxMailer(tx), appUrl: config.appUrl, secrets: config.sessionSecrets };
}

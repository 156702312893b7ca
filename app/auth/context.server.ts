/** The account flows' wiring for the running app: the mailer, the public URL, the secrets. */
import { env } from "~/config/env.server";
import { mailer } from "~/mail/mailer.server";
import type { AccountContext } from "./accounts.server";

export function accountContext(): AccountContext {
  const config = env();
  return { mailer: mailer(), appUrl: config.appUrl, secrets: config.sessionSecrets };
}

/**
 * The message desk's actions (`/admin/messages/:id`), one handler per `intent`: reply (e-mailed to
 * the sender through the outbox, in their language), mark done, reopen. Each is one unit of work
 * with its audit row and answers with the notice the page shows next; a message that is gone is a 404.
 */
import { z } from "zod";
import type { Actor } from "~/audit/audit.server";
import { env } from "~/config/env.server";
import { markMessageDone, reopenMessage, replyToMessage, REPLY_MAX_LENGTH } from "~/contact/admin.server";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { notFound } from "~/utils/http.server";

export const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("reply"),
    body: z
      .string({ required_error: "admin:messages.errors.bodyRequired" })
      .trim()
      .min(1, "admin:messages.errors.bodyRequired")
      .max(REPLY_MAX_LENGTH, "admin:messages.errors.bodyTooLong"),
  }),
  z.object({ intent: z.literal("done") }),
  z.object({ intent: z.literal("reopen") }),
]);

/** The notice shown after an action. */
export interface MessageNotice {
  key: string;
  values?: Record<string, string>;
}

export async function reply(actor: Actor, messageId: string, body: string): Promise<MessageNotice> {
  const replyTo = env().supportEmail;
  const result = await unitOfWork(db(), (tx) => replyToMessage(tx, { actor, messageId, body, replyTo }));
  if (result.outcome === "notFound") throw notFound();
  return result.outcome === "replied"
    ? { key: "messages.notices.replied", values: { name: result.name } }
    : { key: "messages.notices.closed" };
}

export async function markDone(actor: Actor, messageId: string): Promise<MessageNotice> {
  const outcome = await unitOfWork(db(), (tx) => markMessageDone(tx, { actor, messageId }));
  if (outcome === "notFound") throw notFound();
  return { key: outcome === "done" ? "messages.notices.done" : "messages.notices.unchanged" };
}

export async function reopen(actor: Actor, messageId: string): Promise<MessageNotice> {
  const outcome = await unitOfWork(db(), (tx) => reopenMessage(tx, { actor, messageId }));
  if (outcome === "notFound") throw notFound();
  return { key: outcome === "reopened" ? "messages.notices.reopened" : "messages.notices.unchanged" };
}

/**
 * The messages desk: owns what the back office does with contact messages (their status and the
 * `contact_replies` table). A message arrives `new`; an admin opening it makes it `read`; a reply
 * (stored with who wrote it and when, and e-mailed to the sender in the sender's language through
 * the outbox) makes it `replied`; `done` closes it, and a done message can be reopened (back to
 * `read`). Each step is one unit of work with exactly one audit row naming the status before and
 * after; a step that changes nothing (opening a message already read, an unknown message) writes
 * nothing at all.
 */
import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { auditBy, type Actor } from "~/audit/audit.server";
import { dialectOf, now, type DbOrTx, type Tx } from "~/db/db.server";
import { likePattern } from "~/db/like";
import type { ContactMessagesTable, ContactStatus } from "~/db/schema";
import { enqueueMail } from "~/jobs/outbox.server";
import { contactReplyMail, replyLocale } from "~/mail/contact-reply.server";
import type { Page } from "~/db/paginate.server";
import { paginate } from "~/db/paginate.server";

export const MESSAGES_PAGE_SIZE = 25;
/** The longest reply an admin can send. */
export const REPLY_MAX_LENGTH = 5_000;
const EXCERPT_LENGTH = 140;

export interface DeskMessageRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  excerpt: string;
  locale: string;
  status: ContactStatus;
  createdAt: string;
}

export interface DeskReply {
  id: string;
  body: string;
  locale: string;
  createdAt: string;
  author: { id: string; name: string } | null;
}

/** A message on the desk, with its replies oldest first. */
export type DeskMessage = Pick<
  Selectable<ContactMessagesTable>,
  "id" | "name" | "email" | "company" | "message" | "locale" | "status" | "createdAt" | "readAt" | "repliedAt" | "doneAt"
> & { replies: DeskReply[] };

export interface MessageFilter {
  status?: ContactStatus;
  /** Part of the sender's name, e-mail address or company, or of the message. */
  query?: string;
  page?: number;
  pageSize?: number;
}

/** The desk's list, newest first, filtered and paged. */
export async function listMessages(db: DbOrTx, filter: MessageFilter = {}): Promise<Page<DeskMessageRow>> {
  const pageSize = filter.pageSize ?? MESSAGES_PAGE_SIZE;
  let base = db.selectFrom("contactMessages");
  if (filter.status) base = base.where("status", "=", filter.status);
  if (filter.query?.trim()) {
    const pattern = sql`${likePattern(filter.query)} escape '\\'`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, "like", pattern),
        eb(sql`lower(email)`, "like", pattern),
        eb(sql`lower(coalesce(company, ''))`, "like", pattern),
        eb(sql`lower(message)`, "like", pattern),
      ]),
    );
  }
  const found = await paginate(
    base,
    (query) =>
      query
        .select(["id", "name", "email", "company", "message", "locale", "status", "createdAt"])
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc"),
    { page: filter.page, pageSize },
  );
  return {
    ...found,
    items: found.items.map(({ message, ...row }) => ({
      ...row,
      excerpt: message.length > EXCERPT_LENGTH ? `${message.slice(0, EXCERPT_LENGTH).trimEnd()}…` : message,
    })),
  };
}

/** How many messages no admin has opened yet. */
export async function countNewMessages(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom("contactMessages")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One message with its replies (oldest first), or undefined. */
export async function getMessage(db: DbOrTx, id: string): Promise<DeskMessage | undefined> {
  const message = await db
    .selectFrom("contactMessages")
    .select(["id", "name", "email", "company", "message", "locale", "status", "createdAt", "readAt", "repliedAt", "doneAt"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!message) return undefined;
  const replies = await db
    .selectFrom("contactReplies")
    .leftJoin("users", "users.id", "contactReplies.authorId")
    .select([
      "contactReplies.id",
      "contactReplies.body",
      "contactReplies.locale",
      "contactReplies.createdAt",
      "users.id as authorId",
      "users.name as authorName",
    ])
    .where("contactReplies.messageId", "=", id)
    .orderBy("contactReplies.createdAt", "asc")
    .orderBy("contactReplies.id", "asc")
    .execute();
  return {
    ...message,
    replies: replies.map((reply) => ({
      id: reply.id,
      body: reply.body,
      locale: reply.locale,
      createdAt: reply.createdAt,
      author: reply.authorId ? { id: reply.authorId, name: reply.authorName ?? "" } : null,
    })),
  };
}

/** The message's row, locked for this transaction on PostgreSQL. */
async function lockMessage(tx: Tx, id: string) {
  let query = tx
    .selectFrom("contactMessages")
    .select(["id", "name", "email", "message", "locale", "status", "createdAt"])
    .where("id", "=", id);
  if (dialectOf(tx) === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

const subjectOf = (id: string) => `contact:${id}`;

/** Moves a message from `from` to `to` and writes the audit row; false when it was no longer `from`. */
async function move(
  tx: Tx,
  actor: Actor,
  input: {
    id: string;
    from: ContactStatus;
    to: ContactStatus;
    action: string;
    set: { readAt?: string; repliedAt?: string; doneAt?: string | null };
    details?: Record<string, unknown>;
  },
): Promise<boolean> {
  const updated = await tx
    .updateTable("contactMessages")
    .set({ status: input.to, ...input.set })
    .where("id", "=", input.id)
    .where("status", "=", input.from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await auditBy(tx, actor, {
    action: input.action,
    subject: subjectOf(input.id),
    before: { status: input.from },
    after: { status: input.to },
    details: input.details,
  });
  return true;
}

/** An admin opened the message: a new one becomes read. Anything else is left as it is. */
export async function openMessage(tx: Tx, input: { actor: Actor; messageId: string }): Promise<"notFound" | "read" | "unchanged"> {
  const message = await lockMessage(tx, input.messageId);
  if (!message) return "notFound";
  if (message.status !== "new") return "unchanged";
  const moved = await move(tx, input.actor, { id: message.id, from: "new", to: "read", action: "contact.read", set: { readAt: now() } });
  return moved ? "read" : "unchanged";
}

export type ReplyOutcome =
  { outcome: "notFound" } | { outcome: "done" } | { outcome: "replied"; replyId: string; locale: string; name: string };

/**
 * Answers a message: the reply is stored (who, when, what), e-mailed to the sender in the language
 * they wrote in (through the outbox, in this transaction), and the message becomes replied. A done
 * message is reopened first, by its own action: replying to it changes nothing.
 */
export async function replyToMessage(
  tx: Tx,
  input: { actor: Actor; messageId: string; body: string; replyTo?: string },
): Promise<ReplyOutcome> {
  const message = await lockMessage(tx, input.messageId);
  if (!message) return { outcome: "notFound" };
  if (message.status === "done") return { outcome: "done" };
  const timestamp = now();
  const replyId = randomUUID();
  const locale = replyLocale(message.locale);
  const moved = await move(tx, input.actor, {
    id: message.id,
    from: message.status,
    to: "replied",
    action: "contact.replied",
    set: message.status === "new" ? { repliedAt: timestamp, readAt: timestamp } : { repliedAt: timestamp },
    details: { replyId, to: message.email, locale },
  });
  if (!moved) return { outcome: "done" };
  await tx
    .insertInto("contactReplies")
    .values({ id: replyId, messageId: message.id, authorId: input.actor.id, body: input.body, locale, createdAt: timestamp })
    .execute();
  await enqueueMail(
    tx,
    contactReplyMail({
      to: message.email,
      name: message.name,
      locale,
      reply: input.body,
      original: message.message,
      sentAt: message.createdAt,
      replyTo: input.replyTo,
    }),
  );
  return { outcome: "replied", replyId, locale, name: message.name };
}

/** Closes a message (from new, read or replied). */
export async function markMessageDone(tx: Tx, input: { actor: Actor; messageId: string }): Promise<"notFound" | "done" | "unchanged"> {
  const message = await lockMessage(tx, input.messageId);
  if (!message) return "notFound";
  if (message.status === "done") return "unchanged";
  const moved = await move(tx, input.actor, {
    id: message.id,
    from: message.status,
    to: "done",
    action: "contact.done",
    set: { doneAt: now() },
  });
  return moved ? "done" : "unchanged";
}

/** Reopens a done message: it is read again, waiting for an answer; its replies stay. */
export async function reopenMessage(tx: Tx, input: { actor: Actor; messageId: string }): Promise<"notFound" | "reopened" | "unchanged"> {
  const message = await lockMessage(tx, input.messageId);
  if (!message) return "notFound";
  if (message.status !== "done") return "unchanged";
  const moved = await move(tx, input.actor, {
    id: message.id,
    from: "done",
    to: "read",
    action: "contact.reopened",
    set: { doneAt: null },
  });
  return moved ? "reopened" : "unchanged";
}

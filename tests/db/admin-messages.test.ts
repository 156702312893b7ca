/**
 * The messages desk (`/admin/messages`): a contact message arrives new, opening it makes it read, a
 * reply (stored, e-mailed to the sender in the sender's language through the outbox) makes it
 * replied, done closes it and reopen opens it again; each step one unit of work with exactly one
 * audit row (actor, client address, status before and after); steps that change nothing write
 * nothing, a reply to an unknown message included; members and visitors are refused by the routes.
 */
import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "admin-messages-test-secret-0123456789-0123456789";

import { env } from "~/config/env.server";
import {
  countNewMessages,
  getMessage,
  listMessages,
  markMessageDone,
  openMessage,
  reopenMessage,
  replyToMessage,
  REPLY_MAX_LENGTH,
} from "~/contact/admin.server";
import { submitContactMessage } from "~/contact/contact.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { LOCALES } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { outboxMailer } from "~/jobs/outbox.server";
import { contactReplyMail } from "~/mail/contact-reply.server";
import type { MailMessage } from "~/mail/mailer.server";
import { action as detailAction, loader as detailLoader } from "~/routes/($locale)._admin.admin.messages_.$id/route";
import { loader as listLoader } from "~/routes/($locale)._admin.admin.messages";
import { backOfficeRoutes } from "../support/app-database";
import { auditRowsOf } from "../support/audit";
import { describeEachDatabase } from "../support/databases";
import { answer } from "../support/route-answer";

const APP = "http://localhost:3000";
const ADMIN_ADDRESS = "203.0.113.7";

describeEachDatabase("the messages desk", (t) => {
  const { actor, get, post } = backOfficeRoutes(t, APP, ADMIN_ADDRESS);

  /** A message sent through the contact form's own function (it also e-mails support through the outbox). */
  async function send(overrides: { name?: string; email?: string; message?: string; locale?: string; company?: string } = {}) {
    const { locale = "en", ...fields } = overrides;
    const input = {
      name: "Grace Sender",
      email: `sender-${crypto.randomUUID()}@example.com`,
      message: "Where is my cashback from last week?",
      ...fields,
    };
    const { id } = await submitContactMessage(t.db, input, {
      locale,
      clientAddress: "198.51.100.1",
      mailer: outboxMailer(t.db),
      supportEmail: "support@cashwise.test",
    });
    return { id, ...input, locale };
  }

  const auditRows = (id: string) => auditRowsOf(t.db, `contact:${id}`);
  /** The actions of a message's audit rows, sorted (rows written in the same millisecond have no order). */
  const actionsOf = async (id: string) => (await auditRows(id)).map((row) => row.action).sort();
  const rowOf = async (id: string, action: string, before?: string) =>
    (await auditRows(id)).find((row) => row.action === action && (before === undefined || row.before?.status === before));
  const mailsTo = async (to: string) =>
    (await t.db.selectFrom("outbox").select("payload").execute())
      .map((row) => JSON.parse(row.payload) as MailMessage)
      .filter((mail) => mail.to === to);
  const status = async (id: string) => (await getMessage(t.db, id))?.status;
  const counts = async () => ({
    audit: (await t.db.selectFrom("auditLog").select("id").execute()).length,
    outbox: (await t.db.selectFrom("outbox").select("id").execute()).length,
    replies: (await t.db.selectFrom("contactReplies").select("id").execute()).length,
    statuses: (await t.db.selectFrom("contactMessages").select(["id", "status"]).orderBy("id").execute())
      .map((row) => `${row.id}:${row.status}`)
      .join(),
  });

  it("a message arrives new, is counted as new and found by search and status", async () => {
    const before = await countNewMessages(t.db);
    const message = await send({
      name: "Findable Person",
      company: "Acme Findable Ltd",
      message: "A question about payouts to my bank account.",
    });
    expect(await status(message.id)).toBe("new");
    expect(await countNewMessages(t.db)).toBe(before + 1);
    const ids = async (filter: Parameters<typeof listMessages>[1]) => (await listMessages(t.db, filter)).items.map((item) => item.id);
    expect(await ids({ query: "findable person" })).toEqual([message.id]);
    expect(await ids({ query: message.email.toUpperCase() })).toEqual([message.id]);
    expect(await ids({ query: "acme findable" })).toEqual([message.id]);
    expect(await ids({ query: "PAYOUTS TO MY BANK" })).toEqual([message.id]);
    expect(await ids({ query: "findable", status: "new" })).toEqual([message.id]);
    expect(await ids({ query: "findable", status: "read" })).toEqual([]);
    expect(await ids({ query: "100%_" })).toEqual([]);
    // Nothing is audited by a message arriving.
    expect(await auditRows(message.id)).toEqual([]);
  });

  it("pages the list, newest first, and shortens long messages", async () => {
    const tag = `paged${crypto.randomUUID().slice(0, 8)}`;
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(await send({ name: `Pager ${tag} ${i}`, message: `${tag} ${"long text ".repeat(40)}` }));
    const first = await listMessages(t.db, { query: tag, pageSize: 2 });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 3 });
    const second = await listMessages(t.db, { query: tag, page: 2, pageSize: 2 });
    expect([...first.items, ...second.items].map((item) => item.id).sort()).toEqual(sent.map((item) => item.id).sort());
    const createdAt = [...first.items, ...second.items].map((item) => item.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    expect(first.items[0]!.excerpt.length).toBeLessThanOrEqual(141);
    expect(first.items[0]!.excerpt.endsWith("…")).toBe(true);
  });

  it("opening a new message makes it read with one audit row; opening it again changes nothing", async () => {
    const message = await send();
    expect(await unitOfWork(t.db, (tx) => openMessage(tx, { actor, messageId: message.id }))).toBe("read");
    const opened = await getMessage(t.db, message.id);
    expect(opened).toMatchObject({ status: "read", repliedAt: null, doneAt: null });
    expect(opened?.readAt).not.toBeNull();
    expect(await unitOfWork(t.db, (tx) => openMessage(tx, { actor, messageId: message.id }))).toBe("unchanged");
    expect(await auditRows(message.id)).toEqual([
      {
        action: "contact.read",
        actorId: actor.id,
        clientAddress: ADMIN_ADDRESS,
        before: { status: "new" },
        after: { status: "read" },
        details: {},
      },
    ]);
  });

  it("a reply is stored, e-mailed to the sender in the sender's language through the outbox, and makes the message replied", async () => {
    const message = await send({ name: "Greta Schmidt", locale: "de", message: "Wo bleibt mein Cashback?\nBestellung 12345" });
    await unitOfWork(t.db, (tx) => openMessage(tx, { actor, messageId: message.id }));
    const result = await unitOfWork(t.db, (tx) =>
      replyToMessage(tx, {
        actor,
        messageId: message.id,
        body: "Ihr Cashback ist bestätigt.\nEs erscheint morgen.",
        replyTo: "support@cashwise.test",
      }),
    );
    expect(result).toMatchObject({ outcome: "replied", locale: "de", name: "Greta Schmidt" });

    const stored = await getMessage(t.db, message.id);
    expect(stored?.status).toBe("replied");
    expect(stored?.repliedAt).not.toBeNull();
    expect(stored?.replies).toHaveLength(1);
    expect(stored?.replies[0]).toMatchObject({
      body: "Ihr Cashback ist bestätigt.\nEs erscheint morgen.",
      locale: "de",
      author: { id: actor.id, name: "Ada Admin" },
    });

    const [mail, ...more] = await mailsTo(message.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: message.email, subject: "Re: Ihre Nachricht an Cashwise", replyTo: "support@cashwise.test" });
    expect(mail!.text).toContain("Guten Tag Greta Schmidt,");
    expect(mail!.text).toContain("Ihr Cashback ist bestätigt.");
    expect(mail!.text).toContain("Es erscheint morgen.");
    // The original message, quoted below the reply.
    expect(mail!.text).toContain("> Wo bleibt mein Cashback?\n> Bestellung 12345");
    expect(mail!.text).toMatch(/Am .+ schrieben Sie:/);
    expect(mail!.html).toContain('<html lang="de">');
    expect(mail!.html).toContain("Wo bleibt mein Cashback?");

    expect(await actionsOf(message.id)).toEqual(["contact.read", "contact.replied"]);
    const repliedRow = await rowOf(message.id, "contact.replied");
    expect(repliedRow).toMatchObject({
      actorId: actor.id,
      clientAddress: ADMIN_ADDRESS,
      before: { status: "read" },
      after: { status: "replied" },
    });
    expect(repliedRow!.details).toMatchObject({
      replyId: result.outcome === "replied" ? result.replyId : "",
      to: message.email,
      locale: "de",
    });

    // A second reply: another e-mail and another audit row, the message stays replied.
    await unitOfWork(t.db, (tx) => replyToMessage(tx, { actor, messageId: message.id, body: "Noch eine Ergänzung." }));
    expect((await getMessage(t.db, message.id))?.replies.map((reply) => reply.body)).toEqual([
      "Ihr Cashback ist bestätigt.\nEs erscheint morgen.",
      "Noch eine Ergänzung.",
    ]);
    expect(await mailsTo(message.email)).toHaveLength(2);
    expect(await actionsOf(message.id)).toEqual(["contact.read", "contact.replied", "contact.replied"]);
    expect(await rowOf(message.id, "contact.replied", "replied")).toMatchObject({ after: { status: "replied" }, actorId: actor.id });
  });

  it("a reply straight to a new message marks it replied (and read) with a single audit row", async () => {
    const message = await send({ locale: "fr", name: "Jeanne" });
    await unitOfWork(t.db, (tx) => replyToMessage(tx, { actor, messageId: message.id, body: "Bonjour, c'est réglé." }));
    const stored = await getMessage(t.db, message.id);
    expect(stored).toMatchObject({ status: "replied" });
    expect(stored?.readAt).not.toBeNull();
    expect((await mailsTo(message.email))[0]?.subject).toBe("Re : votre message à Cashwise");
    expect(await auditRows(message.id)).toEqual([
      expect.objectContaining({ action: "contact.replied", before: { status: "new" }, after: { status: "replied" } }),
    ]);
  });

  it("done closes a message and reopen opens it again, one audit row each; repeats and replies to a done message change nothing", async () => {
    const message = await send();
    await unitOfWork(t.db, (tx) => openMessage(tx, { actor, messageId: message.id }));
    expect(await unitOfWork(t.db, (tx) => markMessageDone(tx, { actor, messageId: message.id }))).toBe("done");
    expect((await getMessage(t.db, message.id))?.doneAt).not.toBeNull();
    const before = await counts();
    expect(await unitOfWork(t.db, (tx) => markMessageDone(tx, { actor, messageId: message.id }))).toBe("unchanged");
    expect(await unitOfWork(t.db, (tx) => replyToMessage(tx, { actor, messageId: message.id, body: "Too late" }))).toEqual({
      outcome: "done",
    });
    expect(await unitOfWork(t.db, (tx) => openMessage(tx, { actor, messageId: message.id }))).toBe("unchanged");
    expect(await counts()).toEqual(before);

    expect(await unitOfWork(t.db, (tx) => reopenMessage(tx, { actor, messageId: message.id }))).toBe("reopened");
    expect(await getMessage(t.db, message.id)).toMatchObject({ status: "read", doneAt: null });
    expect(await unitOfWork(t.db, (tx) => reopenMessage(tx, { actor, messageId: message.id }))).toBe("unchanged");
    expect(await actionsOf(message.id)).toEqual(["contact.done", "contact.read", "contact.reopened"]);
    expect(await rowOf(message.id, "contact.read")).toMatchObject({ before: { status: "new" }, after: { status: "read" } });
    expect(await rowOf(message.id, "contact.done")).toMatchObject({
      actorId: actor.id,
      clientAddress: ADMIN_ADDRESS,
      before: { status: "read" },
      after: { status: "done" },
    });
    expect(await rowOf(message.id, "contact.reopened")).toMatchObject({
      actorId: actor.id,
      clientAddress: ADMIN_ADDRESS,
      before: { status: "done" },
      after: { status: "read" },
    });
  });

  it("a reply to an unknown message changes nothing", async () => {
    await send();
    const before = await counts();
    expect(await unitOfWork(t.db, (tx) => replyToMessage(tx, { actor, messageId: "no-such-message", body: "Hello?" }))).toEqual({
      outcome: "notFound",
    });
    expect(await unitOfWork(t.db, (tx) => markMessageDone(tx, { actor, messageId: "no-such-message" }))).toBe("notFound");
    expect(await unitOfWork(t.db, (tx) => reopenMessage(tx, { actor, messageId: "no-such-message" }))).toBe("notFound");
    expect(await unitOfWork(t.db, (tx) => openMessage(tx, { actor, messageId: "no-such-message" }))).toBe("notFound");
    const routed = await answer(() =>
      detailAction({
        request: post("/en/admin/messages/no-such-message", "admin", { intent: "reply", body: "Hello?" }),
        params: { locale: "en", id: "no-such-message" },
        context: {},
      }),
    );
    expect(routed.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it("the reply e-mail is written in each of the five languages, with the original quoted", () => {
    const subjects = new Set<string>();
    for (const locale of LOCALES) {
      const mail = contactReplyMail({
        to: "x@example.com",
        name: "Sam",
        locale,
        reply: "Thanks!",
        original: "My question",
        sentAt: "2026-11-20T10:00:00.000Z",
      });
      const t = fixedT(locale, "emails");
      expect(mail.subject).toBe(t("contactReply.subject"));
      expect(mail.text).toContain(t("contactReply.greeting", { name: "Sam" }));
      expect(mail.text).toContain("> My question");
      expect(mail.text).not.toContain("contactReply.");
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(LOCALES.length);
    // A language the product does not speak falls back to English.
    expect(
      contactReplyMail({ to: "x@example.com", name: "Sam", locale: "xx", reply: "Hi", original: "Q", sentAt: "2026-11-20T10:00:00.000Z" })
        .subject,
    ).toBe("Re: your message to Cashwise");
  });

  describe("the routes", () => {
    it("refuse members (403), send visitors to the admin sign-in and admins without 2FA to set it up, changing nothing", async () => {
      const message = await send();
      const before = await counts();
      const path = `/en/admin/messages/${message.id}`;
      const params = { locale: "en", id: message.id };
      const member = [
        await answer(() => listLoader({ request: get("/en/admin/messages", "member"), params: { locale: "en" }, context: {} })),
        await answer(() => detailLoader({ request: get(path, "member"), params, context: {} })),
        await answer(() => detailAction({ request: post(path, "member", { intent: "reply", body: "Hi" }), params, context: {} })),
        await answer(() => detailAction({ request: post(path, "member", { intent: "done" }), params, context: {} })),
      ];
      expect(member.map((result) => result.status)).toEqual([403, 403, 403, 403]);
      const visitor = await answer(() => detailLoader({ request: get(path, "anonymous"), params, context: {} }));
      expect(visitor).toMatchObject({ status: 302, location: `/en/admin?redirectTo=${encodeURIComponent(path)}` });
      const visitorPost = await answer(() => detailAction({ request: post(path, "anonymous", { intent: "done" }), params, context: {} }));
      expect(visitorPost.status).toBe(302);
      const without2fa = await answer(() => detailLoader({ request: get(path, "adminWithout2fa"), params, context: {} }));
      expect(without2fa).toMatchObject({ status: 302, location: `/en/admin/two-factor?redirectTo=${encodeURIComponent(path)}` });
      expect(await counts()).toEqual(before);
    });

    it("opening, replying, closing and reopening through the page, each answered with a redirect and a notice", async () => {
      const message = await send({ name: "Route Sender", locale: "nl" });
      const path = `/en/admin/messages/${message.id}`;
      const params = { locale: "en", id: message.id };

      const list = await answer(() =>
        listLoader({ request: get("/en/admin/messages?status=new&q=route%20sender", "admin"), params: { locale: "en" }, context: {} }),
      );
      const listed = list.body as { status: string; query: string; newCount: number; messages: { items: Array<{ id: string }> } };
      expect(listed).toMatchObject({ status: "new", query: "route sender" });
      expect(listed.newCount).toBeGreaterThanOrEqual(1);
      expect(listed.messages.items.map((item) => item.id)).toEqual([message.id]);

      const opened = await answer(() => detailLoader({ request: get(path, "admin"), params, context: {} }));
      expect((opened.body as { message: { status: string; name: string; locale: string } }).message).toMatchObject({
        status: "read",
        name: "Route Sender",
        locale: "nl",
      });
      await answer(() => detailLoader({ request: get(path, "admin"), params, context: {} }));
      expect(await actionsOf(message.id)).toEqual(["contact.read"]);

      const empty = await answer(() =>
        detailAction({ request: post(path, "admin", { intent: "reply", body: "   " }), params, context: {} }),
      );
      expect(empty.status).toBe(400);
      expect((empty.body as { result: { error: Record<string, string[]> } }).result.error.body).toEqual([
        "admin:messages.errors.bodyRequired",
      ]);
      const long = "x".repeat(REPLY_MAX_LENGTH + 1);
      const tooLong = await answer(() =>
        detailAction({ request: post(path, "admin", { intent: "reply", body: long }), params, context: {} }),
      );
      expect(tooLong.status).toBe(400);
      const tooLongResult = (tooLong.body as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }).result;
      expect(tooLongResult.error.body).toEqual(["admin:messages.errors.bodyTooLong"]);
      expect(tooLongResult.initialValue).toMatchObject({ body: long });
      expect(await getMessage(t.db, message.id)).toMatchObject({ status: "read", replies: [] });

      const replied = await answer(() =>
        detailAction({ request: post(path, "admin", { intent: "reply", body: "Het is geregeld." }), params, context: {} }),
      );
      expect(replied).toMatchObject({ status: 302, location: path });
      expect(replied.headers.get("Set-Cookie")).toMatch(/^flash=/);
      expect((await mailsTo(message.email)).map((mail) => [mail.subject, mail.replyTo])).toEqual([
        ["Re: je bericht aan Cashwise", env().supportEmail],
      ]);

      const done = await answer(() => detailAction({ request: post(path, "admin", { intent: "done" }), params, context: {} }));
      expect(done).toMatchObject({ status: 302, location: path });
      expect(await status(message.id)).toBe("done");
      const reopened = await answer(() => detailAction({ request: post(path, "admin", { intent: "reopen" }), params, context: {} }));
      expect(reopened).toMatchObject({ status: 302, location: path });
      expect(await status(message.id)).toBe("read");

      const rows = await auditRows(message.id);
      expect(rows.map((row) => row.action).sort()).toEqual(["contact.done", "contact.read", "contact.reopened", "contact.replied"]);
      expect(await rowOf(message.id, "contact.replied")).toMatchObject({ before: { status: "read" }, after: { status: "replied" } });
      expect(await rowOf(message.id, "contact.done")).toMatchObject({ before: { status: "replied" }, after: { status: "done" } });
      expect(await rowOf(message.id, "contact.reopened")).toMatchObject({ before: { status: "done" }, after: { status: "read" } });
      for (const row of rows) expect(row).toMatchObject({ actorId: actor.id, clientAddress: ADMIN_ADDRESS });
      expect(
        (
          await answer(() =>
            detailLoader({ request: get("/en/admin/messages/nope", "admin"), params: { locale: "en", id: "nope" }, context: {} }),
          )
        ).status,
      ).toBe(404);
    });
  });
});

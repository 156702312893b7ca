/**
 * The public forms' rules, through the routes' own actions on each database: the contact form's
 * messages (in the English a visitor reads, with what was typed kept), its honeypot, its limit of
 * 5 messages an hour per address (429 with the minutes to wait), the newsletter form's messages
 * and honeypot, and every public action refusing a cross-site post (403) with nothing changed (the
 * second line behind the server guard, whose own 403 tests/e2e/public-site.spec.ts checks over
 * HTTP). The browser journeys that prove the pages show these messages are in public-site.spec.ts.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { expect, it } from "vitest";

process.env.SESSION_SECRET ??= "public-rules-test-secret-0123456789-0123456789";

import { listContactMessages } from "~/contact/contact.server";
import { action as homeAction } from "~/home/home-page.server";
import { fixedT } from "~/i18n/translator.server";
import { action as blogAction } from "~/routes/($locale)._public.blog._index";
import { action as contactAction } from "~/routes/($locale)._public.contact";
import { action as cookieAction } from "~/routes/($locale)._public.cookie-preferences";
import { action as confirmAction } from "~/routes/($locale)._public.newsletter.confirm";
import { action as unsubscribeAction } from "~/routes/($locale)._public.newsletter.unsubscribe";
import { PEER_ADDRESS_HEADER } from "~/security/client-address.server";
import { issueFormToken } from "~/security/honeypot.server";
import { addressSequence, useAppDatabase } from "../support/app-database";
import { describeEachDatabase } from "../support/databases";
import { answer, formMessages, typedValues, type RouteAnswer } from "../support/route-answer";
import { rowCounts } from "../support/row-counts";

const APP = "http://localhost:3000";
const params = { locale: "en" };
const t = fixedT("en", "common");

/** A client address of its own (the routes read the peer address the server guard records). */
const newAddress = addressSequence("203.0");

type Handler = (args: ActionFunctionArgs) => Promise<unknown>;
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${APP}${path}`, {
    method: "POST",
    headers: { Origin: APP, [PEER_ADDRESS_HEADER]: newAddress(), ...headers },
    body: new URLSearchParams(fields),
  });
const call = (handler: Handler, request: Request) => answer(() => handler({ request, params, context: {} }));

const messages = (reply: RouteAnswer) => formMessages(reply, t);
const typed = typedValues;
/** The fields a person's post from our page carries besides their own: an empty trap and a fresh token. */
const honeypot = () => ({ website: "", formToken: issueFormToken() });

describeEachDatabase("the public forms' rules", (context) => {
  useAppDatabase(context);

  const counts = () => rowCounts(context.db, ["contact_messages", "newsletter_subscriptions", "outbox"]);

  it("contact: bad input gets messages next to the fields and keeps what was typed; nothing is stored or sent", async () => {
    const before = await counts();
    const reply = await call(
      contactAction,
      post("/en/contact", { name: "Leo", email: "not-an-email", company: "Leo & Co", message: "Hi", ...honeypot() }),
    );
    expect(reply.status).toBe(400);
    expect(messages(reply)).toEqual({
      email: ["Please enter a valid email address."],
      message: ["Your message must be at least 10 characters long"],
    });
    expect(typed(reply)).toMatchObject({ name: "Leo", email: "not-an-email", company: "Leo & Co", message: "Hi" });
    const empty = await call(contactAction, post("/en/contact", honeypot()));
    expect(messages(empty)).toEqual({
      name: ["Full name is required"],
      email: ["Please type your email address."],
      message: ["Please write your message."],
    });
    expect(await counts()).toEqual(before);
  });

  it("contact: posts without the honeypot fields, or with the trap filled, are refused and not sent", async () => {
    const before = await counts();
    const base = { name: "Bot", email: "bot@example.com", message: "Buy cheap things now, click here" };
    const rejected = "Your message could not be sent. Please reload the page and try again.";
    const missing = await call(contactAction, post("/en/contact", base));
    expect(missing.status).toBe(400);
    expect(messages(missing)).toEqual({ "": [fixedT("en", "contact")("form.rejected")] });
    expect(messages(missing)[""]).toEqual([rejected]);
    const noToken = await call(contactAction, post("/en/contact", { ...base, website: "" }));
    expect(noToken.status).toBe(400);
    const trapped = await call(contactAction, post("/en/contact", { ...base, ...honeypot(), website: "http://spam.example" }));
    expect(trapped.status).toBe(400);
    expect(messages(trapped)).toEqual({ "": [rejected] });
    const forged = await call(contactAction, post("/en/contact", { ...base, website: "", formToken: `${Date.now()}.forged` }));
    expect(forged.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("contact: more than 5 messages an hour from one address get 429 and the minutes to wait, with what was typed kept", async () => {
    const address = newAddress();
    const send = (i: number) =>
      call(
        contactAction,
        post(
          "/en/contact",
          { name: `Sender ${i}`, email: `sender${i}@example.com`, message: `Message number ${i} for support`, ...honeypot() },
          { [PEER_ADDRESS_HEADER]: address },
        ),
      );
    for (let i = 1; i <= 5; i++) expect(await send(i), `message ${i}`).toMatchObject({ status: 302, location: "/en/contact" });
    const before = await counts();
    const sixth = await send(6);
    expect(sixth.status).toBe(429);
    expect(sixth.body.wait).toBe(60);
    expect(messages(sixth)).toEqual({ "": ["Too many attempts. Please try again in 60 minutes."] });
    expect(typed(sixth)).toMatchObject({ name: "Sender 6", email: "sender6@example.com", message: "Message number 6 for support" });
    expect(await counts()).toEqual(before);
    expect((await listContactMessages(context.db)).filter((message) => message.clientAddress === address)).toHaveLength(5);
    // Another address is not held back.
    const other = await call(
      contactAction,
      post("/en/contact", { name: "Someone Else", email: "else@example.com", message: "A message from elsewhere", ...honeypot() }),
    );
    expect(other.status).toBe(302);
  });

  it("newsletter: a bad address keeps the typed value and shows the message; a post without the honeypot is refused", async () => {
    const before = await counts();
    const bad = await call(blogAction, post("/en/blog", { email: "nope@", ...honeypot() }));
    expect(bad.status).toBe(400);
    expect(messages(bad)).toEqual({ email: ["Please enter a valid email address."] });
    expect(typed(bad)).toMatchObject({ email: "nope@" });
    const bot = await call(blogAction, post("/en/blog", { email: "bot@example.com" }));
    expect(bot.status).toBe(400);
    expect(messages(bot)).toEqual({ "": ["Your subscription could not be sent. Please reload the page and try again."] });
    expect(await counts()).toEqual(before);
  });

  it("every public action refuses a cross-site post with 403 and changes nothing", async () => {
    const before = await counts();
    const forms: Array<[string, Handler, Record<string, string>]> = [
      ["/en/contact", contactAction, { name: "Eve", email: "eve@example.com", message: "Forged from another site", ...honeypot() }],
      ["/en?index", homeAction as Handler, { intent: "dismiss-banner" }],
      ["/en/cookie-preferences", cookieAction, { intent: "all" }],
      ["/en/blog", blogAction, { email: "eve@example.com", ...honeypot() }],
      ["/en/newsletter/confirm", confirmAction, { token: "x" }],
      ["/en/newsletter/unsubscribe", unsubscribeAction, { token: "x" }],
    ];
    for (const [path, handler, fields] of forms) {
      for (const headers of [{ Origin: "https://evil.example" }, { Origin: "null" }]) {
        const refused = await call(handler, post(path, fields, headers));
        expect(refused.status, `${path} from ${headers.Origin}`).toBe(403);
        expect(refused.headers.getSetCookie(), path).toEqual([]);
      }
      // A browser that says the post is cross-site (without an Origin header).
      const request = new Request(`${APP}${path}`, {
        method: "POST",
        headers: { "Sec-Fetch-Site": "cross-site", [PEER_ADDRESS_HEADER]: newAddress() },
        body: new URLSearchParams(fields),
      });
      const marked = await call(handler, request);
      expect(marked.status, `${path} marked cross-site`).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });
});

/**
 * Newsletter: owns `newsletter_subscriptions` and its double opt-in. Subscribing e-mails a
 * confirmation link (a random token stored only as a hash, 48 hours); only confirming makes a
 * subscription active. Every mail carries an unsubscribe link (an HMAC of the subscription id, so
 * old mails keep working). Subscribing an address twice is not an error and reveals nothing:
 * the page says the same thing, and only the address's owner learns more, by e-mail.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { now, type Db } from "~/db/db.server";
import { fixedT } from "~/i18n/translator.server";
import { isLocale, DEFAULT_LOCALE } from "~/i18n/config";
import type { Mailer } from "~/mail/mailer.server";
import { localePath } from "~/utils/paths";

const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;

export interface NewsletterContext {
  mailer: Mailer;
  appUrl: URL;
  secret: string;
  secrets?: string[];
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function unsubscribeToken(subscriptionId: string, secret: string): string {
  const mac = createHmac("sha256", secret).update(`newsletter-unsubscribe:${subscriptionId}`).digest("base64url");
  return `${subscriptionId}.${mac}`;
}

function verifyUnsubscribeToken(token: string, secrets: string[]): string | null {
  const [id, mac] = token.split(".");
  if (!id || !mac) return null;
  for (const secret of secrets) {
    const expected = Buffer.from(unsubscribeToken(id, secret));
    const given = Buffer.from(token);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return id;
  }
  return null;
}

function link(appUrl: URL, locale: string, path: string, token: string): string {
  const url = new URL(localePath(isLocale(locale) ? locale : DEFAULT_LOCALE, path), appUrl);
  url.searchParams.set("token", token);
  return url.href;
}

async function findByEmail(db: Db, email: string) {
  return db
    .selectFrom("newsletterSubscriptions")
    .selectAll()
    .where(sql`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Starts (or restarts) a subscription and e-mails the owner. The caller always shows the same answer. */
export async function subscribe(db: Db, input: { email: string; locale: string }, context: NewsletterContext): Promise<void> {
  const timestamp = now();
  const existing = await findByEmail(db, input.email);
  const t = fixedT(isLocale(input.locale) ? input.locale : DEFAULT_LOCALE, "emails");

  if (existing?.status === "confirmed") {
    const unsubscribe = link(context.appUrl, existing.locale, "/newsletter/unsubscribe", unsubscribeToken(existing.id, context.secret));
    await context.mailer.send({
      to: existing.email,
      subject: t("newsletter.alreadySubject"),
      text: t("newsletter.alreadyText", { unsubscribe }),
      headers: { "List-Unsubscribe": `<${unsubscribe}>` },
    });
    return;
  }

  const token = randomBytes(32).toString("base64url");
  const pending = {
    status: "pending" as const,
    locale: input.locale,
    confirmTokenHash: hashToken(token),
    confirmExpiresAt: new Date(Date.now() + CONFIRM_TTL_MS).toISOString(),
    updatedAt: timestamp,
  };
  let id: string;
  if (existing) {
    id = existing.id;
    await db.updateTable("newsletterSubscriptions").set(pending).where("id", "=", id).execute();
  } else {
    id = randomUUID();
    await db
      .insertInto("newsletterSubscriptions")
      .values({ id, email: input.email.trim(), confirmedAt: null, unsubscribedAt: null, createdAt: timestamp, ...pending })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const confirm = link(context.appUrl, input.locale, "/newsletter/confirm", token);
  const unsubscribe = link(context.appUrl, input.locale, "/newsletter/unsubscribe", unsubscribeToken(id, context.secret));
  await context.mailer.send({
    to: input.email.trim(),
    subject: t("newsletter.confirmSubject"),
    text: t("newsletter.confirmText", { confirm, unsubscribe }),
    headers: { "List-Unsubscribe": `<${unsubscribe}>` },
  });
}

export type ConfirmOutcome = "confirmed" | "invalid";

export async function confirmSubscription(db: Db, token: string): Promise<ConfirmOutcome> {
  if (!token) return "invalid";
  const timestamp = now();
  const result = await db
    .updateTable("newsletterSubscriptions")
    .set({ status: "confirmed", confirmedAt: timestamp, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: timestamp })
    .where("confirmTokenHash", "=", hashToken(token))
    .where("status", "=", "pending")
    .where("confirmExpiresAt", ">", timestamp)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? "confirmed" : "invalid";
}

export async function unsubscribe(db: Db, token: string, secrets: string[]): Promise<"unsubscribed" | "invalid"> {
  const id = verifyUnsubscribeToken(token, secrets);
  if (!id) return "invalid";
  const timestamp = now();
  const result = await db
    .updateTable("newsletterSubscriptions")
    .set({ status: "unsubscribed", unsubscribedAt: timestamp, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: timestamp })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? "unsubscribed" : "invalid";
}

export async function getSubscriptionStatus(db: Db, email: string) {
  return (await findByEmail(db, email))?.status;
}

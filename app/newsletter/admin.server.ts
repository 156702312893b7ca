/**
 * The newsletter's back office: owns what an admin sees of `newsletter_subscriptions` (the list
 * with a status filter, pages and counts per status) and the export of the confirmed subscribers
 * as a CSV file (address, locale, confirmation time; csv-stringify with formula escaping). An
 * export hands personal data out, so it is audited: the read and its audit row are one unit of work.
 * Subscribing, confirming and unsubscribing are `newsletter.server.ts`.
 */
import { stringify } from "csv-stringify/sync";
import type { TFunction } from "i18next";
import { auditBy, type Actor } from "~/audit/audit.server";
import type { DbOrTx, Tx } from "~/db/db.server";
import type { NewsletterStatus } from "~/db/schema";

export { NEWSLETTER_STATUSES } from "~/db/schema";
import type { Page } from "~/db/paginate.server";
import { paginate } from "~/db/paginate.server";

export const SUBSCRIBERS_PAGE_SIZE = 50;

export interface SubscriberRow {
  id: string;
  email: string;
  locale: string;
  status: NewsletterStatus;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
}

export async function listSubscribers(
  db: DbOrTx,
  filter: { status?: NewsletterStatus; page?: number; pageSize?: number } = {},
): Promise<Page<SubscriberRow>> {
  const pageSize = filter.pageSize ?? SUBSCRIBERS_PAGE_SIZE;
  let base = db.selectFrom("newsletterSubscriptions");
  if (filter.status) base = base.where("status", "=", filter.status);
  const { items, page, pageCount, total } = await paginate(
    base,
    (query) =>
      query
        .select(["id", "email", "locale", "status", "confirmedAt", "unsubscribedAt", "createdAt"])
        .orderBy("createdAt", "desc")
        .orderBy("id"),
    { page: filter.page, pageSize },
  );
  return { items, page, pageCount, total };
}

/** How many subscriptions there are in each status. */
export async function countSubscribers(db: DbOrTx): Promise<Record<NewsletterStatus, number>> {
  const rows = await db
    .selectFrom("newsletterSubscriptions")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy("status")
    .execute();
  const counts: Record<NewsletterStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export interface ConfirmedSubscriber {
  email: string;
  locale: string;
  confirmedAt: string;
}

/** The confirmed subscribers, oldest confirmation first, and the export's audit row. */
export async function exportConfirmedSubscribers(tx: Tx, options: { actor: Actor }): Promise<ConfirmedSubscriber[]> {
  const rows = await tx
    .selectFrom("newsletterSubscriptions")
    .select(["email", "locale", "confirmedAt"])
    .where("status", "=", "confirmed")
    .orderBy("confirmedAt")
    .orderBy("email")
    .execute();
  const subscribers = rows.map((row) => ({ email: row.email, locale: row.locale, confirmedAt: row.confirmedAt ?? "" }));
  await auditBy(tx, options.actor, {
    action: "newsletter.exported",
    subject: "newsletter",
    before: null,
    after: null,
    details: { status: "confirmed", count: subscribers.length },
  });
  return subscribers;
}

export const SUBSCRIBERS_CSV_COLUMNS = ["email", "locale", "confirmedAt"] as const;

/**
 * The CSV file's text: a UTF-8 byte order mark, the translated header row, one row per subscriber.
 * An address is typed by a visitor, so cells that a spreadsheet would run as a formula are escaped.
 */
export function subscribersCsv(subscribers: readonly ConfirmedSubscriber[], t: TFunction): string {
  const csv = stringify(
    subscribers.map((subscriber) => [subscriber.email, subscriber.locale, subscriber.confirmedAt]),
    { header: true, columns: SUBSCRIBERS_CSV_COLUMNS.map((key) => t(`subscribers.csv.${key}`)), escape_formulas: true },
  );
  return `\uFEFF${csv}`;
}

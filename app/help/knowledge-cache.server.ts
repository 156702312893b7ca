/**
 * The assistant's knowledge cache: owns the built search indexes this process keeps (per database
 * and locale, see assistant/knowledge.server.ts) and forgetting them. Kept apart from the search so the
 * modules that change published content (the FAQ, the blog) can forget a locale's index once their
 * change commits without importing the search, which reads them.
 *
 * A database's indexes are keyed by what a Kysely instance and its transactions share (the query
 * adapter), so a domain function holding only its `tx` forgets the indexes of the database that
 * transaction belongs to. Forgetting reaches this process only: other processes (a second app
 * instance, the job runner) notice the change by the content stamp each question reads
 * (assistant/knowledge.server.ts) and rebuild their index then.
 */
import type { DbOrTx, Tx } from "~/db/db.server";
import { afterCommit } from "~/db/unit-of-work.server";
import { isLocale, type Locale } from "~/i18n/config";
import { publicContentChanged } from "~/utils/page-cache.server";

const cache = new WeakMap<object, Map<Locale, Promise<unknown>>>();

/** The key of the database a `Db` or one of its transactions reads. */
function databaseKey(db: DbOrTx): object {
  return db.getExecutor().adapter;
}

/** The database's built (or building) indexes by locale, for knowledge.server.ts. */
export function knowledgeIndexes(db: DbOrTx): Map<Locale, Promise<unknown>> {
  const key = databaseKey(db);
  let byLocale = cache.get(key);
  if (!byLocale) {
    byLocale = new Map();
    cache.set(key, byLocale);
  }
  return byLocale;
}

/**
 * Forgets the built indexes of a database (of one locale, or all): the next question rebuilds them
 * from what is published now. In this process only.
 */
export function forgetKnowledge(db: DbOrTx, locale?: Locale): void {
  const key = databaseKey(db);
  if (locale === undefined) cache.delete(key);
  else cache.get(key)?.delete(locale);
}

/**
 * For the modules that change published content: once `tx` commits (never when it rolls back), the
 * changed locale's index is forgotten, so the assistant finds the change at its next question.
 */
export function forgetKnowledgeAfterCommit(tx: Tx, locale: string): void {
  if (!isLocale(locale)) return;
  afterCommit(tx, () => forgetKnowledge(tx, locale));
}

/**
 * Published help content (an FAQ entry, an article) changed in `tx`: once it commits, the assistant
 * forgets the locale's index and the public pages are rendered afresh.
 */
export function helpContentChanged(tx: Tx, locale: string): void {
  forgetKnowledgeAfterCommit(tx, locale);
  publicContentChanged(tx);
}

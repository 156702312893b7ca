/**
 * The FAQ: owns the `faq_entries` table (per locale: a question and its answer in a category, a
 * position within the category, published or not). The public FAQ page reads the published
 * questions here; the back office lists every question of a locale, adds, edits, moves up and down,
 * publishes, unpublishes and deletes them. Every change takes the caller's unit of work and writes
 * exactly one audit row in it (what the entry was and became); a change that changes nothing writes
 * nothing. Once a change commits, the assistant forgets the locale's search index (it answers from
 * the published FAQ).
 */
import { randomUUID } from "node:crypto";
import { helpContentChanged } from "./knowledge-cache.server";
import { auditBy, changedFields, type Actor } from "~/audit/audit.server";
import { dialectOf, now, type DbOrTx, type Tx } from "~/db/db.server";
import type { FaqEntry } from "~/db/schema";
import { FAQ_CATEGORIES, type FaqCategoryId } from "./faq";
import type { FaqInput, NewFaqInput } from "./faq-form";

export interface FaqGroup {
  id: FaqCategoryId;
  entries: FaqEntry[];
}

/** A locale's questions grouped by category, in the categories' order and each category's positions. */
async function grouped(db: DbOrTx, locale: string, publishedOnly: boolean): Promise<FaqGroup[]> {
  let query = db.selectFrom("faqEntries").selectAll().where("locale", "=", locale);
  if (publishedOnly) query = query.where("published", "=", 1);
  const rows = await query.orderBy("category").orderBy("position").orderBy("createdAt").orderBy("id").execute();
  return FAQ_CATEGORIES.map((id) => ({ id, entries: rows.filter((row) => row.category === id) })).filter(
    (group) => group.entries.length > 0,
  );
}

/** The public FAQ of a locale: published questions only. */
export async function listPublishedFaq(
  db: DbOrTx,
  locale: string,
): Promise<Array<{ id: FaqCategoryId; questions: Array<{ question: string; answer: string }> }>> {
  return (await grouped(db, locale, true)).map((group) => ({
    id: group.id,
    questions: group.entries.map((entry) => ({ question: entry.question, answer: entry.answer })),
  }));
}

/** Every question of a locale for the back office, published or not. */
export async function listFaqForAdmin(db: DbOrTx, locale: string): Promise<FaqGroup[]> {
  return grouped(db, locale, false);
}

/** How many questions each locale has, and how many of them are hidden. */
export async function countFaq(db: DbOrTx): Promise<{ total: number; hidden: number; byLocale: Record<string, number> }> {
  const rows = await db
    .selectFrom("faqEntries")
    .select(["locale", "published", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy(["locale", "published"])
    .execute();
  const byLocale: Record<string, number> = {};
  let total = 0;
  let hidden = 0;
  for (const row of rows) {
    const count = Number(row.count);
    byLocale[row.locale] = (byLocale[row.locale] ?? 0) + count;
    total += count;
    if (Number(row.published) !== 1) hidden += count;
  }
  return { total, hidden, byLocale };
}

export async function getFaqEntry(db: DbOrTx, id: string): Promise<FaqEntry | undefined> {
  return db.selectFrom("faqEntries").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The entry, its row locked until the unit of work ends (on PostgreSQL; SQLite writers take turns). */
async function lockEntry(tx: Tx, id: string): Promise<FaqEntry | undefined> {
  let query = tx.selectFrom("faqEntries").selectAll().where("id", "=", id);
  if (dialectOf(tx) === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The position after the last question of a locale's category. */
async function nextPosition(tx: Tx, locale: string, category: string): Promise<number> {
  const row = await tx
    .selectFrom("faqEntries")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("locale", "=", locale)
    .where("category", "=", category)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** What an audit row says about an entry. */
const snapshot = (entry: Pick<FaqEntry, "locale" | "category" | "question" | "answer" | "position" | "published">) => ({
  locale: entry.locale,
  category: entry.category,
  question: entry.question,
  answer: entry.answer,
  position: entry.position,
  published: entry.published === 1,
});

/** Adds a question at the end of its category. */
export async function createFaqEntry(tx: Tx, options: { actor: Actor; input: NewFaqInput }): Promise<FaqEntry> {
  const { actor, input } = options;
  const timestamp = now();
  const entry = {
    id: randomUUID(),
    locale: input.locale,
    category: input.category,
    question: input.question,
    answer: input.answer,
    position: await nextPosition(tx, input.locale, input.category),
    published: input.published ? 1 : 0,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  await tx.insertInto("faqEntries").values(entry).execute();
  helpContentChanged(tx, entry.locale);
  await auditBy(tx, actor, {
    action: "faq.created",
    subject: `faq_entry:${entry.id}`,
    before: null,
    after: snapshot(entry),
    details: { locale: entry.locale },
  });
  return entry;
}

/**
 * Changes a question's category or texts (a new category puts it at that category's end), with one
 * audit row naming the changed fields. Nothing is written when nothing changed.
 */
export async function updateFaqEntry(
  tx: Tx,
  options: { actor: Actor; id: string; input: FaqInput },
): Promise<{ outcome: "updated" | "unchanged"; entry: FaqEntry } | { outcome: "notFound" }> {
  const { actor, input } = options;
  const before = await lockEntry(tx, options.id);
  if (!before) return { outcome: "notFound" };
  const next: Partial<FaqEntry> = { category: input.category, question: input.question, answer: input.answer };
  if (input.category !== before.category) next.position = await nextPosition(tx, before.locale, input.category);
  const changes = changedFields(before as unknown as Record<string, unknown>, next);
  if (!changes) return { outcome: "unchanged", entry: before };
  await tx
    .updateTable("faqEntries")
    .set({ ...next, updatedAt: now() })
    .where("id", "=", before.id)
    .execute();
  helpContentChanged(tx, before.locale);
  await auditBy(tx, actor, {
    action: "faq.updated",
    subject: `faq_entry:${before.id}`,
    ...changes,
    details: { locale: before.locale },
  });
  return { outcome: "updated", entry: (await getFaqEntry(tx, before.id))! };
}

export type MoveOutcome = "moved" | "unchanged" | "notFound";

/**
 * Moves a question one place up or down within its category (the category's positions are
 * renumbered 0, 1, 2… in their order, then the two neighbours swap). At the top or bottom already,
 * nothing changes. One audit row with the position before and after.
 */
export async function moveFaqEntry(tx: Tx, options: { actor: Actor; id: string; direction: "up" | "down" }): Promise<MoveOutcome> {
  const { actor } = options;
  const entry = await lockEntry(tx, options.id);
  if (!entry) return "notFound";
  let siblingsQuery = tx
    .selectFrom("faqEntries")
    .select(["id", "position"])
    .where("locale", "=", entry.locale)
    .where("category", "=", entry.category)
    .orderBy("position")
    .orderBy("createdAt")
    .orderBy("id");
  if (dialectOf(tx) === "postgres") siblingsQuery = siblingsQuery.forUpdate();
  const siblings = await siblingsQuery.execute();
  const index = siblings.findIndex((row) => row.id === entry.id);
  const target = options.direction === "up" ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= siblings.length) return "unchanged";
  const order = siblings.map((row) => row.id);
  [order[index], order[target]] = [order[target]!, order[index]!];
  const timestamp = now();
  for (const [position, id] of order.entries()) {
    const was = siblings.find((row) => row.id === id)!.position;
    if (was === position) continue;
    await tx
      .updateTable("faqEntries")
      .set(id === entry.id ? { position, updatedAt: timestamp } : { position })
      .where("id", "=", id)
      .execute();
  }
  helpContentChanged(tx, entry.locale);
  await auditBy(tx, actor, {
    action: "faq.moved",
    subject: `faq_entry:${entry.id}`,
    before: { position: entry.position },
    after: { position: target },
    details: { locale: entry.locale, category: entry.category, direction: options.direction, swappedWith: siblings[target]!.id },
  });
  return "moved";
}

export type VisibilityOutcome = "published" | "unpublished" | "unchanged" | "notFound";

/** Shows a question on the public FAQ again, or hides it there. Audited; no change, no row. */
export async function setFaqPublished(tx: Tx, options: { actor: Actor; id: string; published: boolean }): Promise<VisibilityOutcome> {
  const { actor } = options;
  const entry = await lockEntry(tx, options.id);
  if (!entry) return "notFound";
  const published = options.published ? 1 : 0;
  if (entry.published === published) return "unchanged";
  await tx.updateTable("faqEntries").set({ published, updatedAt: now() }).where("id", "=", entry.id).execute();
  helpContentChanged(tx, entry.locale);
  await auditBy(tx, actor, {
    action: options.published ? "faq.published" : "faq.unpublished",
    subject: `faq_entry:${entry.id}`,
    before: { published: entry.published === 1 },
    after: { published: options.published },
    details: { locale: entry.locale },
  });
  return options.published ? "published" : "unpublished";
}

/** Deletes a question for good; its audit row keeps the whole entry as it was. */
export async function deleteFaqEntry(tx: Tx, options: { actor: Actor; id: string }): Promise<"deleted" | "notFound"> {
  const { actor } = options;
  const entry = await lockEntry(tx, options.id);
  if (!entry) return "notFound";
  await tx.deleteFrom("faqEntries").where("id", "=", entry.id).execute();
  helpContentChanged(tx, entry.locale);
  await auditBy(tx, actor, {
    action: "faq.deleted",
    subject: `faq_entry:${entry.id}`,
    before: snapshot(entry),
    after: null,
    details: { locale: entry.locale },
  });
  return "deleted";
}

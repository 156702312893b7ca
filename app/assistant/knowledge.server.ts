/**
 * The assistant's knowledge: owns retrieval over what Cashwise publishes, per locale: the published
 * FAQ (`/faq`), the locale's published blog articles (`/blog/<slug>`) and the help texts (each ad
 * audit rule's "why it matters / how to fix", linked to `/ads/audit`, and the ad suite's intro
 * texts). One MiniSearch index per database and locale, built on first use and rebuilt once it is
 * five minutes old; search is fuzzy and by prefix, with MiniSearch's default term processing.
 * The FAQ and the blog forget the changed locale's index as soon as a change of theirs commits
 * (`forgetKnowledgeAfterCommit`, help/knowledge-cache.server.ts), which reaches this process only; so
 * every question also reads the locale's content stamp (`contentStamp`, one small query) and
 * rebuilds when it differs from the index's: a change made through another app server (or a
 * script) is found at the next question on every server, and an article scheduled for later at
 * the first question after its date. The help texts are translation files, read once per process:
 * they change with a deploy (a restart).
 * A hit is relevant only when it covers at least half of the weight of the question's telling words
 * (those not common to much of the index, rarer ones weighing more), so "how do I …" alone never
 * counts as an answer. Nothing here writes.
 */
import { sql } from "kysely";
import MiniSearch from "minisearch";
import type { DbOrTx } from "~/db/db.server";
import { listPublishedFaq } from "~/help/faq.server";
import type { Locale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { translationResources } from "~/i18n/resources.server";
import { forgetKnowledge, knowledgeIndexes } from "~/help/knowledge-cache.server";

export { forgetKnowledge };

export const KNOWLEDGE_TTL_MS = 5 * 60 * 1000;
const PASSAGE_MAX = 280;

export type KnowledgeKind = "faq" | "blog" | "help";

export interface KnowledgeDoc {
  id: string;
  kind: KnowledgeKind;
  title: string;
  text: string;
  /** A path without the locale, e.g. `/faq`, `/blog/<slug>`, `/ads/audit`. */
  link: string;
}

export interface Passage {
  kind: KnowledgeKind;
  title: string;
  /** The sentences of the document that match the question best (at most ~280 characters). */
  passage: string;
  link: string;
  score: number;
}

interface Built {
  index: MiniSearch<KnowledgeDoc>;
  builtAt: number;
  /** The content stamp the index was built from (`contentStamp`). */
  stamp: string;
  /** How many documents each indexed term occurs in (how common a word is). */
  documentFrequency: Map<string, number>;
}

/** The ad suite's intro texts that explain what a page does: [namespace, key, link]. */
const INTROS: Array<[string, string, string, string]> = [
  ["ads-audit", "title", "intro", "/ads/audit"],
  ["ads-tips", "title", "intro", "/ads/tips"],
  ["ads-alerts", "title", "intro", "/ads/alerts"],
  ["ads", "accounts.title", "accounts.intro", "/ads/accounts"],
  ["ads", "import.title", "import.intro", "/ads/import"],
];

function helpDocs(locale: Locale): KnowledgeDoc[] {
  const docs: KnowledgeDoc[] = [];
  const resources = translationResources()[locale] as Record<string, Record<string, unknown>> | undefined;
  const rules = (resources?.["ads-audit"]?.rules ?? {}) as Record<string, { title?: string; why?: string; fix?: string }>;
  for (const [id, rule] of Object.entries(rules)) {
    if (!rule.title) continue;
    docs.push({
      id: `help:rule:${id}`,
      kind: "help",
      title: rule.title,
      text: [rule.why, rule.fix].filter(Boolean).join(" "),
      link: "/ads/audit",
    });
  }
  const client = fixedT(locale, "assistant")("help.client");
  for (const [ns, titleKey, introKey, link] of INTROS) {
    const t = fixedT(locale, ns);
    const title = t(titleKey, { client });
    const text = t(introKey, { client });
    if (text && text !== introKey) docs.push({ id: `help:intro:${ns}:${introKey}`, kind: "help", title, text, link });
  }
  return docs;
}

/** Every document of a locale's index (published content only). */
export async function knowledgeDocs(db: DbOrTx, locale: Locale, nowIso = new Date().toISOString()): Promise<KnowledgeDoc[]> {
  const [faq, posts] = await Promise.all([
    listPublishedFaq(db, locale),
    db
      .selectFrom("blogPosts")
      .select(["id", "slug", "title", "excerpt", "body"])
      .where("locale", "=", locale)
      .where("status", "=", "published")
      .where("publishedAt", "<=", nowIso)
      .execute(),
  ]);
  const docs: KnowledgeDoc[] = [];
  faq.forEach((group) =>
    group.questions.forEach((entry, i) =>
      docs.push({ id: `faq:${group.id}:${i}`, kind: "faq", title: entry.question, text: entry.answer, link: "/faq" }),
    ),
  );
  for (const post of posts) {
    docs.push({
      id: `blog:${post.id}`,
      kind: "blog",
      title: post.title,
      text: `${post.excerpt}\n${plainText(post.body)}`,
      link: `/blog/${post.slug}`,
    });
  }
  return [...docs, ...helpDocs(locale)];
}

/** Markdown-ish article bodies as plain sentences. */
function plainText(body: string): string {
  return body
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * What a locale's index is built from, in brief: how many FAQ entries and blog articles the locale
 * has, when one last changed (every FAQ and blog change sets `updated_at`; a deletion changes the
 * count), and how many articles are public by now. Whichever process changes them changes the stamp.
 */
async function contentStamp(db: DbOrTx, locale: Locale, nowIso: string): Promise<string> {
  const [faq, blog] = await Promise.all([
    db
      .selectFrom("faqEntries")
      .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.max("updatedAt").as("changed")])
      .where("locale", "=", locale)
      .executeTakeFirst(),
    db
      .selectFrom("blogPosts")
      .select((eb) => [
        eb.fn.countAll<number | string>().as("count"),
        sql<string | null>`max(coalesce(${sql.ref("updatedAt")}, ${sql.ref("createdAt")}))`.as("changed"),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.and([eb("status", "=", "published"), eb("publishedAt", "<=", nowIso)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("public"),
      ])
      .where("locale", "=", locale)
      .executeTakeFirst(),
  ]);
  return JSON.stringify([
    Number(faq?.count ?? 0),
    faq?.changed ?? null,
    Number(blog?.count ?? 0),
    blog?.changed ?? null,
    Number(blog?.public ?? 0),
  ]);
}

async function build(db: DbOrTx, locale: Locale, stamp: string): Promise<Built> {
  const docs = await knowledgeDocs(db, locale);
  const index = new MiniSearch<KnowledgeDoc>({
    fields: ["title", "text"],
    storeFields: ["kind", "title", "text", "link"],
    searchOptions: { boost: { title: 2 }, fuzzy: 0.2, prefix: true },
  });
  index.addAll(docs);
  const documentFrequency = new Map<string, number>();
  const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];
  const processTerm = MiniSearch.getDefault("processTerm") as (term: string) => string | null;
  for (const doc of docs) {
    const terms = new Set(
      tokenize(`${doc.title} ${doc.text}`)
        .map((term) => processTerm(term))
        .filter((term): term is string => Boolean(term)),
    );
    for (const term of terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  return { index, builtAt: Date.now(), stamp, documentFrequency };
}

async function indexFor(db: DbOrTx, locale: Locale): Promise<Built> {
  const byLocale = knowledgeIndexes(db) as Map<Locale, Promise<Built>>;
  // Read before building: a change made while the index builds shows at the next question.
  const stamp = await contentStamp(db, locale, new Date().toISOString());
  const existing = byLocale.get(locale);
  if (existing) {
    const built = await existing.catch(() => null);
    if (built && built.stamp === stamp && Date.now() - built.builtAt < KNOWLEDGE_TTL_MS) return built;
  }
  const next = build(db, locale, stamp);
  byLocale.set(locale, next);
  next.catch(() => {
    if (byLocale.get(locale) === next) byLocale.delete(locale);
  });
  return next;
}

/** The question's words as the index sees them. */
export function questionTerms(question: string): string[] {
  const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];
  const processTerm = MiniSearch.getDefault("processTerm") as (term: string) => string | null;
  return [
    ...new Set(
      tokenize(question)
        .map((term) => processTerm(term))
        .filter((term): term is string => Boolean(term)),
    ),
  ];
}

/** The sentences of `text` that share the most words with the question, in their order, cut short. */
export function bestPassage(text: string, terms: readonly string[]): string {
  const split = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const sentences = split.length ? split : [text];
  const scored = sentences.map((sentence, position) => {
    const lower = sentence.toLowerCase();
    return {
      sentence,
      position,
      hits: terms.filter((term) => term.length >= 3 && lower.includes(term.slice(0, Math.max(3, term.length - 2)))).length,
    };
  });
  const best = scored.slice().sort((a, b) => b.hits - a.hits || a.position - b.position)[0]!;
  let passage = best.sentence;
  const after = scored[best.position + 1];
  if (after && passage.length + after.sentence.length + 1 <= PASSAGE_MAX) passage = `${passage} ${after.sentence}`;
  return passage.length > PASSAGE_MAX ? `${passage.slice(0, PASSAGE_MAX - 1).trimEnd()}…` : passage;
}

/**
 * The passages that answer the question best (at most `limit`), each with its title and link;
 * empty when nothing relevant is published in the locale.
 */
export async function searchKnowledge(db: DbOrTx, locale: Locale, question: string, limit = 3): Promise<Passage[]> {
  const built = await indexFor(db, locale);
  const total = built.index.documentCount;
  if (!total) return [];
  const terms = questionTerms(question);
  // A word that occurs in more than a third of the documents says little about any of them; the
  // question's other words (unknown ones too) are what a hit must cover at least half of.
  const common = Math.max(2, Math.ceil(total / 3));
  const informative = terms.filter((term) => term.length >= 3 && (built.documentFrequency.get(term) ?? 0) <= common);
  if (!informative.length) return [];
  // Rarer words weigh more (a word the index does not hold weighs most).
  const weight = (term: string) => Math.log((total + 1) / ((built.documentFrequency.get(term) ?? 0) + 1)) + 0.1;
  const needed = informative.reduce((sum, term) => sum + weight(term), 0) / 2;
  const passages: Passage[] = [];
  for (const result of built.index.search(question)) {
    const covered = informative.filter((term) => result.queryTerms.includes(term)).reduce((sum, term) => sum + weight(term), 0);
    if (covered < needed) continue;
    passages.push({
      kind: result.kind as KnowledgeKind,
      title: String(result.title),
      passage: bestPassage(String(result.text), [...informative, ...result.terms]),
      link: String(result.link),
      score: result.score,
    });
    if (passages.length === limit) break;
  }
  // Keep the hits that score near the best one: a weak tail is noise.
  const top = passages[0]?.score ?? 0;
  return passages.filter((passage) => passage.score >= top * 0.5);
}

/** The share of the question's words that the locale's index holds exactly (which language it is in). */
export async function knownShare(db: DbOrTx, locale: Locale, question: string): Promise<number> {
  const built = await indexFor(db, locale);
  const terms = questionTerms(question);
  if (!terms.length) return 0;
  return terms.filter((term) => built.documentFrequency.has(term)).length / terms.length;
}

/**
 * The blog's back office: owns an admin's changes to `blog_posts`. Listing articles for the desk
 * (locale and status filters, pages, counts), writing a new article (a draft), editing one,
 * publishing and unpublishing it. Every change takes the caller's unit of work and writes exactly
 * one audit row in it, with what the changed fields were and became; a change that changes
 * nothing writes nothing. The public pages' reading of the same table is `blog.server.ts`. Once a
 * change commits, the assistant forgets the locale's search index (it answers from published
 * articles).
 */
import { randomUUID } from "node:crypto";
import { helpContentChanged } from "~/help/knowledge-cache.server";
import { auditBy, changedFields, type Actor } from "~/audit/audit.server";
import { type DbOrTx, dialectOf, isUniqueViolation, now, type Tx } from "~/db/db.server";
import type { BlogPost, BlogPostStatus } from "~/db/schema";
import type { Page } from "~/db/paginate.server";
import { readingMinutes, type ArticleInput, type NewArticleInput } from "./article-form";
import { renderArticleBody } from "./blog.server";
import { paginate } from "~/db/paginate.server";
import { NamedError } from "~/utils/named-error";

export const ADMIN_POSTS_PAGE_SIZE = 20;

/** Another article of the same locale has this slug: the form says so on its field. */
export class ArticleSlugTakenError extends NamedError {
  constructor(readonly slug: string) {
    super(`the slug ${slug} is taken in this locale`);
  }
}

/** True for a taken slug, whether seen before writing or (two admins at once) by the unique constraint. */
export function isArticleSlugTaken(error: unknown): boolean {
  return error instanceof ArticleSlugTakenError || isUniqueViolation(error);
}

export interface AdminPostRow {
  id: string;
  locale: string;
  slug: string;
  title: string;
  author: string;
  status: BlogPostStatus;
  publishedAt: string;
  updatedAt: string;
}

export interface AdminPostFilter {
  locale?: string;
  status?: BlogPostStatus;
  page?: number;
  pageSize?: number;
}

export async function listPostsForAdmin(db: DbOrTx, filter: AdminPostFilter = {}): Promise<Page<AdminPostRow>> {
  const pageSize = filter.pageSize ?? ADMIN_POSTS_PAGE_SIZE;
  let base = db.selectFrom("blogPosts");
  if (filter.locale) base = base.where("locale", "=", filter.locale);
  if (filter.status) base = base.where("status", "=", filter.status);
  return paginate(
    base,
    (query) =>
      query
        .select(["id", "locale", "slug", "title", "author", "status", "publishedAt", "createdAt", "updatedAt"])
        // Drafts first (the work in progress), then the newest.
        .orderBy("status")
        .orderBy("publishedAt", "desc")
        .orderBy("locale")
        .orderBy("id"),
    { page: filter.page, pageSize },
    (row) => ({
      id: row.id,
      locale: row.locale,
      slug: row.slug,
      title: row.title,
      author: row.author,
      status: row.status,
      publishedAt: row.publishedAt,
      updatedAt: row.updatedAt ?? row.createdAt,
    }),
  );
}

/** How many articles there are, per status. */
export async function countPostsByStatus(db: DbOrTx): Promise<Record<BlogPostStatus, number>> {
  const rows = await db
    .selectFrom("blogPosts")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy("status")
    .execute();
  const counts: Record<BlogPostStatus, number> = { draft: 0, published: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** One article, draft or published, by its locale and slug. */
export async function getPostForAdmin(db: DbOrTx, locale: string, slug: string): Promise<BlogPost | undefined> {
  return db.selectFrom("blogPosts").selectAll().where("locale", "=", locale).where("slug", "=", slug).executeTakeFirst();
}

/** The article, its row locked until the unit of work ends (on PostgreSQL; SQLite writers take turns). */
async function lockPost(tx: Tx, id: string): Promise<BlogPost | undefined> {
  let query = tx.selectFrom("blogPosts").selectAll().where("id", "=", id);
  if (dialectOf(tx) === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

async function assertSlugFree(tx: Tx, locale: string, slug: string, exceptId?: string): Promise<void> {
  let query = tx.selectFrom("blogPosts").select("id").where("locale", "=", locale).where("slug", "=", slug);
  if (exceptId) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw new ArticleSlugTakenError(slug);
}

/** The columns of an article that the form writes. */
function columns(input: ArticleInput) {
  return {
    slug: input.slug,
    title: input.title,
    excerpt: input.excerpt,
    body: input.body,
    author: input.author,
    cover: input.cover,
    readingMinutes: readingMinutes(input.body),
  };
}

/** The article as the public page would show it (the form's Preview): nothing is saved. */
export function articlePreview(input: ArticleInput) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    author: input.author,
    cover: input.cover,
    readingMinutes: readingMinutes(input.body),
    html: renderArticleBody(input.body),
  };
}

/** Writes a new article as a draft (not on the public pages until published). Throws `ArticleSlugTakenError`. */
export async function createPost(tx: Tx, options: { actor: Actor; input: NewArticleInput }): Promise<BlogPost> {
  const { actor, input } = options;
  await assertSlugFree(tx, input.locale, input.slug);
  const timestamp = now();
  const id = randomUUID();
  const values = {
    id,
    locale: input.locale,
    ...columns(input),
    status: "draft" as const,
    publishedAt: timestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  await tx.insertInto("blogPosts").values(values).execute();
  helpContentChanged(tx, input.locale);
  const { id: _id, createdAt: _created, updatedAt: _updated, publishedAt: _published, ...after } = values;
  await auditBy(tx, actor, {
    action: "blog.created",
    subject: `blog_post:${id}`,
    before: null,
    after,
    details: { locale: input.locale, slug: input.slug },
  });
  return tx.selectFrom("blogPosts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/**
 * Changes an article's text (not its locale nor its status), with one audit row naming each changed
 * field as it was and became. Nothing is written when nothing changed. Throws `ArticleSlugTakenError`.
 */
export async function updatePost(
  tx: Tx,
  options: { actor: Actor; postId: string; input: ArticleInput },
): Promise<{ outcome: "updated" | "unchanged"; post: BlogPost } | { outcome: "notFound" }> {
  const { actor } = options;
  const before = await lockPost(tx, options.postId);
  if (!before) return { outcome: "notFound" };
  await assertSlugFree(tx, before.locale, options.input.slug, before.id);
  const next = columns(options.input);
  const changes = changedFields(before as unknown as Record<string, unknown>, next);
  if (!changes) return { outcome: "unchanged", post: before };
  await tx
    .updateTable("blogPosts")
    .set({ ...next, updatedAt: now() })
    .where("id", "=", before.id)
    .execute();
  helpContentChanged(tx, before.locale);
  await auditBy(tx, actor, {
    action: "blog.updated",
    subject: `blog_post:${before.id}`,
    ...changes,
    details: { locale: before.locale, slug: next.slug },
  });
  return { outcome: "updated", post: await tx.selectFrom("blogPosts").selectAll().where("id", "=", before.id).executeTakeFirstOrThrow() };
}

export type PublishOutcome = "published" | "unpublished" | "unchanged" | "notFound";

/**
 * Publishes an article (on the public list, its page and the sitemap from now on; its date is now)
 * or takes it back to a draft (its page answers 404 again). Audited; asking for the status it
 * already has changes nothing.
 */
export async function setPostStatus(tx: Tx, options: { actor: Actor; postId: string; status: BlogPostStatus }): Promise<PublishOutcome> {
  const { actor, status } = options;
  const post = await lockPost(tx, options.postId);
  if (!post) return "notFound";
  if (post.status === status) return "unchanged";
  const timestamp = now();
  const change = status === "published" ? { status, publishedAt: timestamp } : { status };
  await tx
    .updateTable("blogPosts")
    .set({ ...change, updatedAt: timestamp })
    .where("id", "=", post.id)
    .execute();
  helpContentChanged(tx, post.locale);
  const before = status === "published" ? { status: post.status, publishedAt: post.publishedAt } : { status: post.status };
  await auditBy(tx, actor, {
    action: status === "published" ? "blog.published" : "blog.unpublished",
    subject: `blog_post:${post.id}`,
    before,
    after: change,
    details: { locale: post.locale, slug: post.slug },
  });
  return status === "published" ? "published" : "unpublished";
}

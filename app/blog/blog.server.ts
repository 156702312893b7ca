/**
 * Blog: owns the `blog_posts` table: articles per locale (same slug across locales), listing with
 * search and pages, one article by slug, and turning an article's Markdown into HTML (raw HTML in
 * the Markdown is dropped, so only Markdown's own elements reach the page; links and images only to
 * http(s), mailto or relative URLs, others keep their text: `isSafeArticleUrl`). The public reads here
 * see published articles only (status `published`, publication time passed); drafts and the
 * admin's changes are `admin.server.ts`.
 */
import { sql } from "kysely";
import { Marked } from "marked";
import type { Db } from "~/db/db.server";
import type { BlogPost } from "~/db/schema";
import { likePattern } from "~/db/like";
import type { Page } from "~/db/paginate.server";
import { paginate } from "~/db/paginate.server";

export const BLOG_PAGE_SIZE = 6;

export type BlogPostSummary = Omit<BlogPost, "body" | "id" | "createdAt" | "status" | "updatedAt">;

const summaryColumns = ["slug", "locale", "title", "excerpt", "cover", "author", "readingMinutes", "publishedAt"] as const;

export async function listPosts(
  db: Db,
  options: { locale: string; query?: string; page?: number; pageSize?: number; now?: string },
): Promise<Page<BlogPostSummary>> {
  const pageSize = options.pageSize ?? BLOG_PAGE_SIZE;
  let base = db
    .selectFrom("blogPosts")
    .where("locale", "=", options.locale)
    .where("status", "=", "published")
    .where("publishedAt", "<=", options.now ?? new Date().toISOString());
  if (options.query?.trim()) {
    const pattern = likePattern(options.query);
    base = base.where((eb) =>
      eb.or([eb(sql`lower(title)`, "like", sql`${pattern} escape '\\'`), eb(sql`lower(excerpt)`, "like", sql`${pattern} escape '\\'`)]),
    );
  }
  const { items, page, pageCount, total } = await paginate(base, (query) => query.select(summaryColumns).orderBy("publishedAt", "desc"), {
    page: options.page,
    pageSize,
  });
  return { items, page, pageCount, total };
}

export async function getPost(db: Db, locale: string, slug: string): Promise<BlogPost | undefined> {
  return db
    .selectFrom("blogPosts")
    .selectAll()
    .where("locale", "=", locale)
    .where("slug", "=", slug)
    .where("status", "=", "published")
    .where("publishedAt", "<=", new Date().toISOString())
    .executeTakeFirst();
}

/** Every published (locale, slug) pair, for the sitemap. */
export async function listPublishedSlugs(db: Db): Promise<Array<{ locale: string; slug: string; publishedAt: string }>> {
  return db
    .selectFrom("blogPosts")
    .select(["locale", "slug", "publishedAt"])
    .where("status", "=", "published")
    .where("publishedAt", "<=", new Date().toISOString())
    .orderBy("slug")
    .execute();
}

/**
 * True for the link targets an article may carry: http(s) and mailto URLs, and relative ones. Judged
 * on the text as written, before the browser decodes entities in it: an absolute URL must start
 * exactly with one of those schemes, and a relative one may have no colon, ampersand, whitespace
 * or control character before its first `/`, `?` or `#` (so `javascript:`, `JaVaScRiPt:`, ` data:`,
 * `&#106;avascript:` and `javascript&colon;` are all refused).
 */
export function isSafeArticleUrl(href: string): boolean {
  if (/^(https?:\/\/|mailto:)/i.test(href)) return true;
  const head = /^[^/?#]*/.exec(href)![0];
  return !/[:&\s\u0000-\u001f\u007f-\u009f]/.test(head);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const markdown = new Marked({
  gfm: true,
  renderer: {
    html: () => "",
    // A link to anywhere else keeps its text and loses the link; an image keeps its description.
    // (`false` hands a safe one to marked's own renderer.)
    link(token) {
      return isSafeArticleUrl(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image(token) {
      return isSafeArticleUrl(token.href) ? false : escapeHtml(token.text);
    },
  },
});

export function renderArticleBody(body: string): string {
  return markdown.parse(body, { async: false });
}

/**
 * The admin's article form: owns what the fields of `/admin/content/blog/new` and of an article's
 * edit page accept (one zod schema, run by Conform in the browser and again in the action; each rule
 * reports on its field with a translation key) and the covers an article may use. Shared: no
 * database here.
 */
import { z } from "zod";
import { LOCALES } from "~/i18n/config";

/** The covers in `public/images/blog/` (the CSP allows only the site's own images). */
export const BLOG_COVERS = [
  "/images/blog/cashback.svg",
  "/images/blog/ads.svg",
  "/images/blog/keywords.svg",
  "/images/blog/referrals.svg",
  "/images/blog/reports.svg",
  "/images/blog/wallet.svg",
] as const;

/** A cover's name for the form's choices: `/images/blog/ads.svg` → `ads`. */
export const coverName = (cover: string) => cover.replace(/^.*\//, "").replace(/\.svg$/, "");

export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Paths of the back office that a slug must not take. */
const RESERVED_SLUGS = new Set(["new"]);

export const ARTICLE_LIMITS = { slug: 100, title: 200, excerpt: 500, author: 100, body: 30_000 } as const;

const ERR = (key: string) => `content:blog.errors.${key}`;

const text = (max: number, required: string, tooLong: string) =>
  z
    .string({ required_error: ERR(required) })
    .trim()
    .min(1, ERR(required))
    .max(max, ERR(tooLong));

const fields = {
  slug: z
    .string({ required_error: ERR("slugRequired") })
    .trim()
    .toLowerCase()
    .max(ARTICLE_LIMITS.slug, ERR("slugTooLong"))
    .regex(ARTICLE_SLUG_PATTERN, ERR("slugInvalid"))
    .refine((slug) => !RESERVED_SLUGS.has(slug), ERR("slugInvalid")),
  title: text(ARTICLE_LIMITS.title, "titleRequired", "titleTooLong"),
  excerpt: text(ARTICLE_LIMITS.excerpt, "excerptRequired", "excerptTooLong"),
  body: z
    .string({ required_error: ERR("bodyRequired") })
    .min(1, ERR("bodyRequired"))
    .max(ARTICLE_LIMITS.body, ERR("bodyTooLong"))
    .refine((body) => body.trim().length > 0, ERR("bodyRequired")),
  author: text(ARTICLE_LIMITS.author, "authorRequired", "authorTooLong"),
  cover: z
    .enum(BLOG_COVERS, { errorMap: () => ({ message: ERR("coverInvalid") }) })
    .optional()
    .transform((cover) => cover ?? null),
};

/** A new article: its locale is chosen once, here. */
export const NewArticleSchema = z.object({ locale: z.enum(LOCALES, { errorMap: () => ({ message: ERR("localeRequired") }) }), ...fields });
/** An existing article: everything but its locale. */
export const EditArticleSchema = z.object(fields);

export type ArticleInput = z.output<typeof EditArticleSchema>;
export type NewArticleInput = z.output<typeof NewArticleSchema>;

/** What the form's fields start with. */
export interface ArticleFormValues {
  locale?: string;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  author: string;
  cover: string;
}

/** Minutes to read a Markdown body, at about 200 words a minute (at least 1). */
export function readingMinutes(body: string): number {
  const words = body.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / 200));
}

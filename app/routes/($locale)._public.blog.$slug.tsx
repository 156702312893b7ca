/** One article in the page's locale. */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { getPost, renderArticleBody } from "~/blog/blog.server";
import { DetailPage, NotFoundPage } from "~/components/public-pages";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { fixedT } from "~/i18n/translator.server";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { localePath } from "~/utils/paths";
import { withNamespaces } from "~/i18n/client-loader";
import { notFoundPage } from "~/utils/http.server";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "blog"], pageCache: true };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const post = await getPost(db(), locale, params.slug ?? "");
  if (!post) return notFoundPage(params, { post: null, html: "" });
  return {
    post: { title: post.title, author: post.author, publishedAt: post.publishedAt, cover: post.cover, readingMinutes: post.readingMinutes },
    html: renderArticleBody(post.body),
    meta: { title: `${post.title} | ${fixedT(locale, "common")("brand.name")}`, description: post.excerpt },
  };
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function ArticlePage() {
  const { t, locale, loaderData } = usePage<typeof loader>("blog");
  const { post, html } = loaderData;
  if (!post) return <NotFoundPage />;
  return (
    <DetailPage backTo={localePath(locale, "/blog")} backLabel={t("back")}>
      <h1 className="mt-6 text-4xl font-bold tracking-tight">{post.title}</h1>
      <p className="mt-3 text-sm text-slate-600">
        {post.author} · <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, locale)}</time> ·{" "}
        {t("readingTime", { count: post.readingMinutes })}
      </p>
      {post.cover ? <img src={post.cover} alt="" className="mt-8 aspect-[16/9] w-full rounded-2xl bg-brand-50 object-cover" /> : null}
      {/* Markdown from our own articles, with raw HTML removed (blog.server.ts). */}
      <div className="article-body mt-8" dangerouslySetInnerHTML={{ __html: html }} />
    </DetailPage>
  );
}

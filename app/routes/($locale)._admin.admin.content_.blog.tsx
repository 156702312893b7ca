/**
 * The blog desk (`/admin/content/blog`): every article, drafts first, filtered by locale and status
 * (GET), in pages; each opens its edit page. "New article" writes a draft.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { AdminPage } from "~/components/admin/page-heading";
import { requireAdmin } from "~/auth/guards.server";
import { listPostsForAdmin } from "~/blog/admin.server";
import { ContentNav, StatusBadge } from "~/components/content/content-nav";
import { DataTable } from "~/components/data-table";
import { ListFilters, optionsOf, pickFilter } from "~/components/admin/list-filters";
import { db } from "~/db/db.server";
import { BLOG_POST_STATUSES } from "~/db/schema";
import { withNamespaces } from "~/i18n/client-loader";
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from "~/i18n/config";
import { formatDate } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "content"] };
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const language = search.get("language");
  const status = pickFilter(BLOG_POST_STATUSES, search.get("status"));
  const filter = { language: isLocale(language) ? language : "", status };
  const posts = await listPostsForAdmin(db(), {
    locale: filter.language || undefined,
    status: filter.status || undefined,
    page: pageFromSearch(search.get("page")),
  });
  return data({ meta: await pageMeta(params, "content", "blog.meta"), filter, posts });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function BlogDesk() {
  const { t, locale, loaderData } = usePage<typeof loader>("content");
  const { filter, posts } = loaderData;
  const filtered = Boolean(filter.language || filter.status);
  return (
    <AdminPage
      title={t("blog.title")}
      intro={t("blog.intro")}
      action={{ to: localePath(locale, "/admin/content/blog/new"), label: t("blog.new") }}
      nav={<ContentNav />}
    >
      <ListFilters
        fields={[
          {
            id: "blog-language",
            name: "language",
            label: t("blog.filters.language"),
            value: filter.language,
            any: t("blog.filters.allLanguages"),
            options: optionsOf(LOCALES, (code) => LOCALE_NAMES[code]),
          },
          {
            id: "blog-status",
            name: "status",
            label: t("blog.filters.status"),
            value: filter.status,
            any: t("blog.filters.allStatuses"),
            options: optionsOf(BLOG_POST_STATUSES, (value) => t(`blog.statuses.${value}`)),
          },
        ]}
        submit={t("blog.filters.apply")}
      />
      <DataTable
        className="mt-4"
        testId="articles-table"
        summary={{
          count: t("blog.count", { count: posts.total }),
          clear: filtered ? t("blog.filters.clear") : null,
        }}
        emptyState={t("blog.empty")}
        pagination={posts}
        rows={posts.items}
        rowKey={(post) => post.id}
        columns={[
          {
            key: "title",
            header: t("blog.columns.title"),
            primary: true,
            cell: (post) => (
              <>
                <Link
                  to={localePath(locale, `/admin/content/blog/${post.locale}/${post.slug}`)}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {post.title}
                </Link>
                <p className="break-all text-xs font-normal text-slate-600">{post.slug}</p>
              </>
            ),
          },
          { key: "language", header: t("blog.columns.language"), cell: (post) => LOCALE_NAMES[post.locale as Locale] ?? post.locale },
          {
            key: "status",
            header: t("blog.columns.status"),
            cell: (post) => <StatusBadge live={post.status === "published"} label={t(`blog.statuses.${post.status}`)} />,
          },
          {
            key: "published",
            header: t("blog.columns.published"),
            className: "text-slate-600",
            cell: (post) => (post.status === "published" ? formatDate(post.publishedAt, locale) : "–"),
          },
          {
            key: "updated",
            header: t("blog.columns.updated"),
            className: "text-slate-600",
            cell: (post) => formatDate(post.updatedAt, locale),
          },
        ]}
      />
    </AdminPage>
  );
}

/**
 * One article in the back office (`/admin/content/blog/:postLocale/:slug`): its form (Preview renders
 * the Markdown under the form and saves nothing; Save writes the changes in one unit of work with an
 * audit row naming each changed field) and its status: Publish puts it on the public blog (dated
 * now), Unpublish takes it back to a draft (its public page answers 404). Each is one audited unit.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guards.server";
import { articlePreview, getPostForAdmin, isArticleSlugTaken, setPostStatus, updatePost } from "~/blog/admin.server";
import { EditArticleSchema } from "~/blog/article-form";
import { ArticleForm, ArticlePreview } from "~/components/content/article-form";
import { ContentNav, StatusBadge } from "~/components/content/content-nav";
import { db } from "~/db/db.server";
import { unitOfWork } from "~/db/unit-of-work.server";
import { withNamespaces } from "~/i18n/client-loader";
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, type Locale } from "~/i18n/config";
import { requireSameOrigin } from "~/security/csrf.server";
import { formatDate } from "~/utils/dates";
import { readForm } from "~/utils/form-data.server";
import { takeNotice } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { localePath } from "~/utils/paths";
import { formIntent, invariantResponse, notFound, redirectWithFlash } from "~/utils/http.server";
import type { Actor } from "~/audit/audit.server";
import { LiveStatusSection } from "~/components/admin/live-status-section";
import { FlashNotice } from "~/components/flash-notice";
import { BackHeading } from "~/components/admin/back-heading";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "content", "blog"] };
export const clientLoader = withNamespaces(handle.i18n);

async function findPost(params: { postLocale?: string; slug?: string }) {
  const post = isLocale(params.postLocale) ? await getPostForAdmin(db(), params.postLocale, params.slug ?? "") : undefined;
  invariantResponse(post);
  return post;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const post = await findPost(params);
  const { notice, headers } = await takeNotice(request);
  const meta = await pageMeta(params, "content", "blog.editMeta");
  return data(
    {
      meta: { ...meta, title: `${post.title} · ${meta.title}` },
      notice,
      post: {
        id: post.id,
        locale: post.locale as Locale,
        slug: post.slug,
        title: post.title,
        status: post.status,
        publishedAt: post.publishedAt,
        updatedAt: post.updatedAt ?? post.createdAt,
      },
      values: { slug: post.slug, title: post.title, excerpt: post.excerpt, body: post.body, author: post.author, cover: post.cover ?? "" },
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { actor } = await requireAdmin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const post = await findPost(params);
  const formData = await readForm(request);
  const back: Back = async (slug, key) =>
    await redirectWithFlash(localePath(locale, `/admin/content/blog/${post.locale}/${slug}`), {
      kind: "notice",
      key,
      values: { title: post.title },
    });
  // Publish, Unpublish, Preview, or the form's Save (also a form sent with no intent).
  const intent = formIntent(formData, ["save", "preview", "publish", "unpublish"], "save");
  switch (intent) {
    case "publish":
    case "unpublish":
      return setStatus(actor, post, intent, back);
    case "preview":
    case "save":
      return edit(actor, post, formData, intent, back);
  }
}

type Back = (slug: string, key: string) => Promise<Response>;
type Post = Awaited<ReturnType<typeof findPost>>;

async function setStatus(actor: Actor, post: Post, intent: "publish" | "unpublish", back: Back): Promise<never> {
  const outcome = await unitOfWork(db(), (tx) =>
    setPostStatus(tx, { actor, postId: post.id, status: intent === "publish" ? "published" : "draft" }),
  );
  if (outcome === "notFound") throw notFound();
  throw await back(
    post.slug,
    outcome === "published" ? "blog.publishedNotice" : outcome === "unpublished" ? "blog.unpublishedNotice" : "blog.unchanged",
  );
}

/** Preview shows the article as it would read; Save stores it. */
async function edit(actor: Actor, post: Post, formData: FormData, intent: "preview" | "save", back: Back) {
  const submission = parseWithZod(formData, { schema: EditArticleSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), preview: null }, { status: 400 });
  const input = submission.value;
  if (intent === "preview") {
    return data({ result: submission.reply(), preview: articlePreview(input) });
  }
  let result: Awaited<ReturnType<typeof updatePost>>;
  try {
    result = await unitOfWork(db(), (tx) => updatePost(tx, { actor, postId: post.id, input }));
  } catch (error) {
    if (!isArticleSlugTaken(error)) throw error;
    return data({ result: submission.reply({ fieldErrors: { slug: ["content:blog.errors.slugTaken"] } }), preview: null }, { status: 409 });
  }
  if (result.outcome === "notFound") throw notFound();
  throw await back(result.post.slug, result.outcome === "updated" ? "blog.saved" : "blog.unchanged");
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function EditArticle() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("content");
  const { post, values, notice } = loaderData;
  const published = post.status === "published";
  return (
    <div className="container-page max-w-4xl py-10">
      <ContentNav />
      <BackHeading to={localePath(locale, "/admin/content/blog")} back={t("blog.back")} title={post.title} />
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <StatusBadge live={published} label={t(`blog.statuses.${post.status}`)} />
        <span>{LOCALE_NAMES[post.locale] ?? post.locale}</span>
        <span aria-hidden="true">·</span>
        <span>{t("blog.updatedOn", { date: formatDate(post.updatedAt, locale) })}</span>
      </p>
      <FlashNotice>{notice ? t(notice.key, notice.values) : null}</FlashNotice>

      <LiveStatusSection
        id="article-status-title"
        title={t("blog.statusTitle")}
        className="mt-6"
        live={published}
        text={published ? t("blog.publishedText", { date: formatDate(post.publishedAt, locale) }) : t("blog.draftText")}
        textTestId="article-status"
        on={{ intent: "publish", label: t("blog.publish") }}
        off={{ intent: "unpublish", label: t("blog.unpublish") }}
        pendingLabel={t("blog.form.saving")}
        view={{ to: localePath(post.locale, `/blog/${post.slug}`), label: t("blog.viewPublic") }}
      />

      <div className="mt-6">
        <ArticleForm mode="edit" key={`${post.id}-${post.updatedAt}`} lastResult={actionData?.result} defaultValue={values} />
      </div>
      {actionData?.preview ? <ArticlePreview preview={actionData.preview} locale={post.locale} /> : null}
    </div>
  );
}
